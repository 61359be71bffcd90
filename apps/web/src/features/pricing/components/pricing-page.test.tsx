import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import toast from "react-hot-toast";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeUser } from "../../../lib/auth/test-users.ts";
import { i18n } from "../../../lib/i18n/i18n.ts";
import { jsonResponse, renderRoutes } from "../../../test/render-app.tsx";
import { leaveForCheckout } from "../lib/leave-for-checkout.ts";
import { PricingPage } from "./pricing-page.tsx";

vi.mock("../lib/leave-for-checkout.ts", () => ({ leaveForCheckout: vi.fn() }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.mocked(leaveForCheckout).mockReset();
});

const routes = [
  { path: "/en/pricing", element: <PricingPage /> },
  { path: "/pricing", element: <PricingPage /> },
  { path: "/en/login", element: <p>login page</p> },
  { path: "/en", element: <p>english home</p> },
  { path: "/en/mypage", element: <p>my page</p> },
];

function statusAnswer(plan: "basic" | "deluxe" | "premium") {
  return {
    success: true,
    hasSubscription: true,
    plan,
    credits: 9500,
    onetime_credits: 0,
    subscription_credits: 9500,
    bonus_credits: 0,
    nextPlan: plan,
    subscription: {
      data: {
        id: "sub_1",
        attributes: { status: "active", plan, current_period_start: null, current_period_end: null },
        created_at: "2025-07-01T00:00:00Z",
        scheduled_change: null,
      },
    },
    user: {
      plan,
      cancelled_at: null as string | null,
      subscription_end_date: null as string | null,
      next_renewal_date: "2099-01-01T00:00:00Z",
      subscriptionId: "sub_1",
    },
  };
}

const FREE_STATUS = {
  ...statusAnswer("basic"),
  hasSubscription: false,
  plan: "free",
  nextPlan: null,
  subscription: null,
  user: {
    plan: "free",
    cancelled_at: null,
    subscription_end_date: null,
    next_renewal_date: null,
    subscriptionId: null,
  },
};

/** A fake API answering by path. */
function api(answers: Record<string, (init?: RequestInit) => Response>) {
  return async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input).split("?")[0] ?? "";
    const answer = answers[path];
    if (!answer) throw new TypeError(`no answer for ${path}`);
    return answer(init);
  };
}

describe("the pricing page", () => {
  it("shows three plans from the catalog, and five packs on tab=packs", async () => {
    const { router } = renderRoutes(routes, { path: "/en/pricing" });
    const monthly = await screen.findByTestId("pricing-monthly");
    expect(within(monthly).getAllByRole("article")).toHaveLength(3);
    expect(screen.getByTestId("pricing-plan-basic-credits").textContent).toContain("4,500");
    expect(screen.getByTestId("pricing-plan-premium-credits").textContent).toContain("14,500");
    fireEvent.mouseDown(screen.getByTestId("pricing-tab-packs"));
    await waitFor(() => expect(router.state.location.search).toBe("?tab=packs"));
    const packs = await screen.findByTestId("pricing-packs");
    expect(within(packs).getAllByRole("article")).toHaveLength(5);
  });

  it("opens on the packs tab from ?tab=packs", async () => {
    renderRoutes(routes, { path: "/en/pricing?tab=packs" });
    expect(await screen.findByTestId("pack-button-package5")).toBeTruthy();
  });

  it("keeps one FAQ entry open at a time, the first one at the start", async () => {
    renderRoutes(routes, { path: "/en/pricing" });
    const faq = await screen.findByTestId("pricing-faq");
    const items = within(faq).getAllByRole("button");
    expect(items).toHaveLength(10);
    const expanded = () => items.filter((item) => item.getAttribute("aria-expanded") === "true");
    expect(expanded()).toEqual([items[0]]);
    fireEvent.click(items[3]!);
    expect(expanded()).toEqual([items[3]]);
    fireEvent.click(within(screen.getByTestId("faq-makeup")).getByRole("button"));
    expect(expanded()).toHaveLength(1);
    expect(screen.getByTestId("faq-makeup").textContent).toContain("on the Deluxe · Premium plans");
  });

  it("names each FAQ answer by its question and moves between questions with the arrow keys", async () => {
    renderRoutes(routes, { path: "/en/pricing" });
    const faq = await screen.findByTestId("pricing-faq");
    const items = within(faq).getAllByRole("button");
    const answer = within(faq).getByRole("region");
    expect(answer.getAttribute("aria-labelledby")).toBe(items[0]!.id);
    expect(items[0]!.getAttribute("aria-controls")).toBe(answer.id);
    items[0]!.focus();
    fireEvent.keyDown(items[0]!, { key: "ArrowUp" });
    expect(document.activeElement).toBe(items[9]);
    fireEvent.keyDown(items[9]!, { key: "ArrowDown" });
    expect(document.activeElement).toBe(items[0]);
    fireEvent.keyDown(items[0]!, { key: "End" });
    expect(document.activeElement).toBe(items[9]);
    fireEvent.keyDown(items[9]!, { key: "Home" });
    expect(document.activeElement).toBe(items[0]);
    fireEvent.click(items[0]!);
    expect(within(faq).queryByRole("region")).toBeNull();
  });

  it("sends a visitor choosing a plan to /login", async () => {
    const { router } = renderRoutes(routes, { path: "/en/pricing" });
    const button = await screen.findByTestId("plan-button-deluxe");
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    expect(button.textContent).toBe("Get started");
    fireEvent.click(button);
    await waitFor(() => expect(router.state.location.pathname).toBe("/en/login"));
  });

  it("tells a visitor buying a pack that login is required and goes home", async () => {
    const error = vi.spyOn(toast, "error");
    const { router } = renderRoutes(routes, { path: "/en/pricing?tab=packs" });
    const button = await screen.findByTestId("pack-button-package1");
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    await waitFor(() => expect(router.state.location.pathname).toBe("/en"));
    expect(error).toHaveBeenCalledWith("Please log in to buy credits.");
  });

  it("sends a free user to the checkout URL and keeps the buttons locked while the page leaves", async () => {
    renderRoutes(routes, {
      path: "/en/pricing",
      user: makeUser({ plan: "free" }),
      fetchImpl: api({
        "/api/payment/subscription-status": () => jsonResponse(200, FREE_STATUS),
        "/api/payment/checkout": () =>
          jsonResponse(200, { success: true, checkout_url: "/sandbox/checkout/chk_1" }),
      }),
    });
    const button = await screen.findByTestId("plan-button-basic");
    expect(button.textContent).toBe("Get started");
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    await waitFor(() => expect(leaveForCheckout).toHaveBeenCalledWith("/sandbox/checkout/chk_1"));
    expect((screen.getByTestId("plan-button-premium") as HTMLButtonElement).disabled).toBe(true);
  });

  it("says so when no checkout URL comes back", async () => {
    const error = vi.spyOn(toast, "error");
    renderRoutes(routes, {
      path: "/en/pricing",
      user: makeUser({ plan: "free" }),
      fetchImpl: api({
        "/api/payment/subscription-status": () => jsonResponse(200, FREE_STATUS),
        "/api/payment/checkout": () => jsonResponse(200, { success: true }),
      }),
    });
    const button = await screen.findByTestId("plan-button-premium");
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith("We did not receive the checkout URL. Please try again shortly."),
    );
    expect(leaveForCheckout).not.toHaveBeenCalled();
  });

  it("shows checkout failed with the translation of the server's code", async () => {
    const error = vi.spyOn(toast, "error");
    renderRoutes(routes, {
      path: "/en/pricing?tab=packs",
      user: makeUser({ plan: "free" }),
      fetchImpl: api({
        "/api/payment/subscription-status": () => jsonResponse(200, FREE_STATUS),
        "/api/payment/credit-checkout": () =>
          jsonResponse(502, { success: false, code: "PAYMENT_PROVIDER_ERROR", error: "Provider down." }),
      }),
    });
    const button = await screen.findByTestId("pack-button-package2");
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith(
        "Checkout failed. The payment service couldn't be reached. Please try again shortly.",
      ),
    );
  });

  it("says in Korean why a checkout did not start on the Korean page, with no English from the server", async () => {
    window.localStorage.setItem("locale", "ko");
    await i18n.changeLanguage("ko");
    const error = vi.spyOn(toast, "error");
    renderRoutes(routes, {
      path: "/pricing?tab=packs",
      user: makeUser({ plan: "free" }),
      fetchImpl: api({
        "/api/payment/subscription-status": () => jsonResponse(200, FREE_STATUS),
        "/api/payment/credit-checkout": () =>
          jsonResponse(409, {
            success: false,
            code: "ALREADY_SUBSCRIBED",
            error: "You already have a subscription; change the plan instead.",
          }),
      }),
    });
    const button = await screen.findByTestId("pack-button-package2");
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith(
        "결제를 시작하지 못했습니다. 이미 구독 중입니다. 요금제 변경으로 진행해 주세요.",
      ),
    );
  });

  it("says 'temporarily unavailable' for a proxy's 502 page, never 'Bad Gateway'", async () => {
    const error = vi.spyOn(toast, "error");
    renderRoutes(routes, {
      path: "/en/pricing?tab=packs",
      user: makeUser({ plan: "free" }),
      fetchImpl: api({
        "/api/payment/subscription-status": () => jsonResponse(200, FREE_STATUS),
        "/api/payment/credit-checkout": () =>
          new Response("<html><h1>502 Bad Gateway</h1></html>", {
            status: 502,
            statusText: "Bad Gateway",
            headers: { "content-type": "text/html" },
          }),
      }),
    });
    const button = await screen.findByTestId("pack-button-package2");
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith(
        "Checkout failed. The service is temporarily unavailable. Please try again shortly.",
      ),
    );
  });

  it("confirms an upgrade, shows the server message, re-syncs, and goes to My Page after 2 s", async () => {
    const success = vi.spyOn(toast, "success");
    const changePlan = vi.fn(() =>
      jsonResponse(200, {
        success: true,
        message: "Your plan is now Premium.",
        plan: "premium",
        nextPlan: "premium",
        effective: "immediately",
        cancelScheduleRemoved: false,
      }),
    );
    const user = makeUser({
      plan: "deluxe",
      subscriptionId: "sub_1",
      next_renewal_date: "2099-01-01T00:00:00Z",
    });
    const { router } = renderRoutes(routes, {
      path: "/en/pricing",
      user,
      fetchImpl: api({
        "/api/payment/subscription-status": () => jsonResponse(200, statusAnswer("deluxe")),
        "/api/payment/change-plan": changePlan,
      }),
    });
    expect((await screen.findByTestId("plan-button-deluxe")).textContent).toBe("Active");
    expect(screen.getByTestId("plan-button-basic").textContent).toBe("Downgrade");
    const upgrade = screen.getByTestId("plan-button-premium");
    await waitFor(() => expect((upgrade as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(upgrade);

    const dialog = await screen.findByTestId("plan-change-dialog");
    expect(dialog.textContent).toContain("Deluxe");
    expect(dialog.textContent).toContain("Premium");
    expect(dialog.textContent).toContain("14,500 credits every month");
    expect(screen.getByTestId("plan-change-timing").textContent).toContain("takes effect right away");
    expect(screen.getByTestId("plan-change-warning").textContent).toContain("cannot be undone");
    expect(screen.queryByTestId("plan-change-cancel-release")).toBeNull();

    fireEvent.click(screen.getByTestId("plan-change-dialog-confirm"));
    await waitFor(() => expect(success).toHaveBeenCalledWith("Your plan is now Premium."));
    expect(changePlan).toHaveBeenCalledOnce();
    await waitFor(() => expect(router.state.location.pathname).toBe("/en/mypage"), { timeout: 3500 });
    expect(router.state.location.search).toMatch(/^\?refresh=\d+$/);
  });

  it("shows the downgrade text in the confirmation", async () => {
    const user = makeUser({
      plan: "deluxe",
      subscriptionId: "sub_1",
      next_renewal_date: "2099-01-01T00:00:00Z",
    });
    renderRoutes(routes, {
      path: "/en/pricing",
      user,
      fetchImpl: api({ "/api/payment/subscription-status": () => jsonResponse(200, statusAnswer("deluxe")) }),
    });
    const downgrade = await screen.findByTestId("plan-button-basic");
    await waitFor(() => expect((downgrade as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(downgrade);
    expect((await screen.findByTestId("plan-change-timing")).textContent).toContain(
      "from the next billing cycle",
    );
  });

  it("shows plan change failed with a generic reason for a code it does not know, not the server's words", async () => {
    const error = vi.spyOn(toast, "error");
    const user = makeUser({
      plan: "basic",
      subscriptionId: "sub_1",
      next_renewal_date: "2099-01-01T00:00:00Z",
    });
    renderRoutes(routes, {
      path: "/en/pricing",
      user,
      fetchImpl: api({
        "/api/payment/subscription-status": () => jsonResponse(200, statusAnswer("basic")),
        "/api/payment/change-plan": () =>
          jsonResponse(400, { success: false, code: "SOMETHING", error: "Nope, not today." }),
      }),
    });
    const upgrade = await screen.findByTestId("plan-button-deluxe");
    await waitFor(() => expect((upgrade as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(upgrade);
    fireEvent.click(await screen.findByTestId("plan-change-dialog-confirm"));
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith(
        "Plan change failed. Something went wrong. Please try again shortly.",
      ),
    );
  });

  it("reads the subscription status for the buttons, not the possibly stale stored user", async () => {
    const stale = makeUser({
      plan: "deluxe",
      subscriptionId: "sub_1",
      next_renewal_date: "2099-01-01T00:00:00Z",
    });
    const cancelled = statusAnswer("deluxe");
    cancelled.user = {
      ...cancelled.user,
      cancelled_at: "2025-01-01T00:00:00Z",
      subscription_end_date: "2099-01-01T00:00:00Z",
    };
    renderRoutes(routes, {
      path: "/en/pricing",
      user: stale,
      fetchImpl: api({ "/api/payment/subscription-status": () => jsonResponse(200, cancelled) }),
    });
    await waitFor(() =>
      expect(screen.getByTestId("plan-button-premium").textContent).toBe("Subscription cancelled"),
    );
  });

  it("locks the plan buttons of a cancelled subscription that still runs", async () => {
    const user = makeUser({
      plan: "deluxe",
      subscriptionId: "sub_1",
      cancelled_at: "2025-01-01T00:00:00Z",
      subscription_end_date: "2099-01-01T00:00:00Z",
    });
    renderRoutes(routes, { path: "/en/pricing", user });
    const buttons = await Promise.all(
      (["basic", "deluxe", "premium"] as const).map((plan) => screen.findByTestId(`plan-button-${plan}`)),
    );
    for (const button of buttons) {
      expect(button.textContent).toBe("Subscription cancelled");
      expect((button as HTMLButtonElement).disabled).toBe(true);
    }
    expect(screen.getByTestId("plan-tooltip-premium-trigger")).toBeTruthy();
  });
});
