import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import toast from "react-hot-toast";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RequireUser } from "../../../app/route-guards.tsx";
import { makeUser } from "../../../lib/auth/test-users.ts";
import { jsonResponse, renderRoutes } from "../../../test/render-app.tsx";
import { MyPage } from "./mypage-page.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const routes = [
  // As the route table serves it: behind the sign-in guard.
  {
    path: "/en/mypage",
    element: (
      <RequireUser>
        <MyPage />
      </RequireUser>
    ),
  },
  { path: "/en/login", element: <p>login page</p> },
  { path: "/en/pricing", element: <p>pricing page</p> },
];

type TStatusUser = {
  plan: "free" | "basic" | "deluxe" | "premium";
  cancelled_at: string | null;
  subscription_end_date: string | null;
  next_renewal_date: string | null;
  subscriptionId: string | null;
};

function statusAnswer(user: TStatusUser, nextPlan: string | null = user.plan, bonus = 0) {
  return {
    success: true,
    hasSubscription: user.plan !== "free",
    plan: user.plan,
    credits: 9500,
    onetime_credits: 0,
    subscription_credits: 9500,
    bonus_credits: bonus,
    nextPlan,
    subscription:
      user.plan === "free"
        ? null
        : {
            data: {
              id: "sub_1",
              attributes: {
                status: "active",
                plan: user.plan,
                current_period_start: "2025-07-01T00:00:00Z",
                current_period_end: "2099-01-01T00:00:00Z",
              },
              created_at: "2025-07-01T00:00:00Z",
              scheduled_change: null,
            },
          },
    user,
  };
}

const HISTORY = {
  success: true,
  items: [
    {
      id: 2,
      bucket: "subscription",
      delta: 9500,
      kind: "grant",
      reason: "deluxe plan",
      balance_after: 9500,
      job_id: null,
      created_at: "2025-07-31T16:30:00Z",
    },
    {
      id: 1,
      bucket: "onetime",
      delta: -80,
      kind: "spend",
      reason: "upscale",
      balance_after: 1420,
      job_id: "job_1",
      created_at: "2025-07-30T01:00:00Z",
    },
  ],
  total: 3,
  limit: 20,
  offset: 0,
};

function api(answers: Record<string, (init?: RequestInit, url?: string) => Response>) {
  return async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const answer = answers[url.split("?")[0] ?? ""];
    if (!answer) throw new TypeError(`no answer for ${url}`);
    return answer(init, url);
  };
}

const ACTIVE: TStatusUser = {
  plan: "deluxe",
  cancelled_at: null,
  subscription_end_date: null,
  next_renewal_date: "2099-01-01T00:00:00Z",
  subscriptionId: "sub_1",
};
const CANCELLED: TStatusUser = {
  ...ACTIVE,
  cancelled_at: "2025-07-15T00:00:00Z",
  subscription_end_date: "2099-01-01T00:00:00Z",
  next_renewal_date: null,
};

describe("My Page", () => {
  it("says when a downgrade is scheduled and keeps the current plan in one click", async () => {
    const posted: unknown[] = [];
    let nextPlan = "basic";
    renderRoutes(routes, {
      path: "/en/mypage",
      user: makeUser({ plan: "premium" }),
      fetchImpl: api({
        "/api/payment/subscription-status": () =>
          jsonResponse(200, statusAnswer({ ...ACTIVE, plan: "premium" }, nextPlan)),
        "/api/credits/history": () => jsonResponse(200, HISTORY),
        "/api/payment/change-plan": (init) => {
          posted.push(JSON.parse(String(init?.body)));
          nextPlan = "premium";
          return jsonResponse(200, {
            success: true,
            message: "You stay on the Premium plan.",
            plan: "premium",
            nextPlan: "premium",
            effective: "next_cycle",
            cancelScheduleRemoved: false,
          });
        },
        "/api/auth/check": () =>
          jsonResponse(200, { isAuthenticated: true, user: makeUser({ plan: "premium" }) }),
      }),
    });
    const notice = await screen.findByTestId("scheduled-downgrade");
    expect(notice.textContent).toContain("Your plan changes from Premium to Basic on");
    // Nothing is above Premium: no "upgrade" on My Page.
    expect(screen.queryByTestId("mypage-upgrade")).toBeNull();
    expect(screen.getByTestId("mypage-view-plans").textContent).toContain("View plans");
    fireEvent.click(within(notice).getByTestId("scheduled-downgrade-keep"));
    await waitFor(() => expect(posted).toEqual([{ plan: "premium" }]));
    await waitFor(() => expect(screen.queryByTestId("scheduled-downgrade")).toBeNull());
  });

  it("sends a visitor to /login", async () => {
    const { router } = renderRoutes(routes, { path: "/en/mypage" });
    await waitFor(() => expect(router.state.location.pathname).toBe("/en/login"));
  });

  it("shows the profile, the active subscription, the credit history and a free user's none", async () => {
    renderRoutes(routes, {
      path: "/en/mypage",
      user: makeUser({ email: "mina@example.com", plan: "deluxe" }),
      fetchImpl: api({
        "/api/payment/subscription-status": () => jsonResponse(200, statusAnswer(ACTIVE, "basic", 250)),
        "/api/credits/history": (_init, url) =>
          jsonResponse(
            200,
            url?.includes("offset=2")
              ? { ...HISTORY, items: [{ ...HISTORY.items[1], id: 0 }], offset: 2 }
              : HISTORY,
          ),
      }),
    });
    expect((await screen.findByTestId("mypage-avatar")).textContent).toBe("M");
    await waitFor(() => expect(screen.getByTestId("mypage-credits").textContent).toBe("9,500"));
    expect(screen.getByTestId("mypage-bonus-credits").textContent).toBe("250");
    expect(screen.getByTestId("mypage-plan").textContent).toBe("Deluxe");
    expect(screen.getByTestId("mypage-next-plan").textContent).toBe("BasicScheduled");
    expect(screen.getByTestId("mypage-subscription-status").textContent).toBe("Active");
    expect(screen.getByTestId("mypage-cancel")).toBeTruthy();
    expect(screen.queryByTestId("mypage-resume")).toBeNull();

    const lines = await screen.findAllByTestId("credit-line");
    expect(lines).toHaveLength(2);
    // 16:30 UTC is 01:30 the next day in Seoul.
    expect(lines[0]?.textContent).toContain("08/01/2025, 01:30");
    expect(within(lines[0]!).getByTestId("credit-line-delta").textContent).toBe("+9,500");
    expect(within(lines[1]!).getByTestId("credit-line-delta").textContent).toBe("−80");
    expect(lines[1]?.textContent).toContain("Used");
    fireEvent.click(screen.getByTestId("credit-history-more"));
    await waitFor(() => expect(screen.getAllByTestId("credit-line")).toHaveLength(3));
    expect(screen.queryByTestId("credit-history-more")).toBeNull();
  });

  it("shows no subscription and no cancel for a free user, and hides zero bonus credits", async () => {
    const free: TStatusUser = {
      plan: "free",
      cancelled_at: null,
      subscription_end_date: null,
      next_renewal_date: null,
      subscriptionId: null,
    };
    renderRoutes(routes, {
      path: "/en/mypage",
      user: makeUser({ plan: "free" }),
      fetchImpl: api({
        "/api/payment/subscription-status": () => jsonResponse(200, statusAnswer(free)),
        "/api/credits/history": () => jsonResponse(200, { ...HISTORY, items: [], total: 0 }),
      }),
    });
    await waitFor(() =>
      expect(screen.getByTestId("mypage-subscription-status").textContent).toBe("No subscription"),
    );
    expect(screen.queryByTestId("mypage-cancel")).toBeNull();
    expect(screen.queryByTestId("mypage-bonus-credits")).toBeNull();
    expect(await screen.findByTestId("credit-history-empty")).toBeTruthy();
    expect(screen.getByTestId("mypage-upgrade").getAttribute("href")).toBe("/en/pricing");
  });

  it("cancels after confirmation and says when it takes effect", async () => {
    const success = vi.spyOn(toast, "success");
    let current = ACTIVE;
    const cancel = vi.fn(() => {
      current = CANCELLED;
      return jsonResponse(200, {
        success: true,
        alreadyScheduled: false,
        scheduled: true,
        message: "ok",
        subscription_end_date: "2099-01-01T00:00:00Z",
      });
    });
    renderRoutes(routes, {
      path: "/en/mypage",
      user: makeUser({ plan: "deluxe" }),
      fetchImpl: api({
        "/api/payment/subscription-status": () => jsonResponse(200, statusAnswer(current)),
        "/api/credits/history": () => jsonResponse(200, HISTORY),
        "/api/payment/cancel-subscription": cancel,
      }),
    });
    fireEvent.click(await screen.findByTestId("mypage-cancel"));
    await screen.findByTestId("cancel-dialog");
    expect(cancel).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId("cancel-dialog-confirm"));
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith(expect.stringContaining("Your subscription ends on")),
    );
    await waitFor(() =>
      expect(screen.getByTestId("mypage-subscription-status").textContent).toBe("Scheduled to cancel"),
    );
    expect(screen.queryByTestId("mypage-cancel")).toBeNull();
    expect(screen.getByTestId("mypage-resume")).toBeTruthy();
  });

  it("resumes after confirmation, and reports a failure with the translation of its code", async () => {
    const error = vi.spyOn(toast, "error");
    renderRoutes(routes, {
      path: "/en/mypage",
      user: makeUser({ plan: "deluxe" }),
      fetchImpl: api({
        "/api/payment/subscription-status": () => jsonResponse(200, statusAnswer(CANCELLED)),
        "/api/credits/history": () => jsonResponse(200, HISTORY),
        "/api/payment/resume-subscription": () =>
          jsonResponse(409, { success: false, code: "NOT_CANCELLED", error: "Nothing to resume." }),
      }),
    });
    fireEvent.click(await screen.findByTestId("mypage-resume"));
    fireEvent.click(await screen.findByTestId("resume-dialog-confirm"));
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith("Resuming failed. Your subscription isn't scheduled to cancel."),
    );
  });

  it("shows the payment banner, and re-reads everything on ?refresh before dropping it", async () => {
    const statusCalls = vi.fn(() => jsonResponse(200, statusAnswer(ACTIVE)));
    const { router } = renderRoutes(routes, {
      path: "/en/mypage?payment=success&refresh=123",
      user: makeUser({ plan: "deluxe" }),
      fetchImpl: api({
        "/api/payment/subscription-status": statusCalls,
        "/api/credits/history": () => jsonResponse(200, HISTORY),
      }),
    });
    expect(await screen.findByTestId("mypage-payment-banner")).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe("?payment=success"));
    expect(statusCalls).toHaveBeenCalled();
    fireEvent.click(within(screen.getByTestId("mypage-payment-banner")).getByRole("button"));
    await waitFor(() => expect(screen.queryByTestId("mypage-payment-banner")).toBeNull());
    expect(router.state.location.search).toBe("");
  });

  it("marks the credits red when the lookup fails", async () => {
    renderRoutes(routes, {
      path: "/en/mypage",
      user: makeUser({ plan: "deluxe" }),
      fetchImpl: api({
        "/api/payment/subscription-status": () =>
          jsonResponse(500, { success: false, code: "X", error: "boom" }),
        "/api/credits/history": () => jsonResponse(200, HISTORY),
      }),
    });
    await waitFor(() => expect(screen.getByTestId("mypage-credits").textContent).toBe("Lookup failed"), {
      timeout: 4000,
    });
  });

  it("shows the sign-up name, and the invite link with copy and what it earned by masked name (issue 30)", async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } });
    const success = vi.spyOn(toast, "success");
    let code: string | null = null;
    renderRoutes(routes, {
      path: "/en/mypage",
      user: makeUser({ name: "김결", nickname: "김결", email: "gyeol@example.com", plan: "free" }),
      fetchImpl: api({
        "/api/payment/subscription-status": () =>
          jsonResponse(200, statusAnswer({ ...ACTIVE, plan: "free" })),
        "/api/credits/history": () => jsonResponse(200, HISTORY),
        "/api/affiliate/ensure-code": () => {
          code = "ABCD2345";
          return jsonResponse(200, { success: true, affiliate_code: code });
        },
        "/api/affiliate/earnings": () =>
          jsonResponse(200, {
            success: true,
            enabled: true,
            affiliate_code: code,
            clicks: 7,
            referred: 3,
            paid: 2,
            total_credits: 3750,
            reward_share: 0.5,
            earnings: code
              ? [
                  {
                    id: 2,
                    buyer: "김*수",
                    credits: 2250,
                    purchase_credits: 4500,
                    created_at: "2025-08-02T03:00:00Z",
                  },
                  {
                    id: 1,
                    buyer: null,
                    credits: 1500,
                    purchase_credits: null,
                    created_at: "2025-08-01T03:00:00Z",
                  },
                ]
              : [],
          }),
        "/api/auth/check": () =>
          jsonResponse(200, { isAuthenticated: true, user: makeUser({ name: "김결" }) }),
      }),
    });
    expect((await screen.findByTestId("mypage-name")).textContent).toBe("김결");
    expect(screen.getByTestId("mypage-email").textContent).toBe("gyeol@example.com");
    expect(screen.getByTestId("mypage-avatar").textContent).toBe("김");

    const link = (await screen.findByTestId("invite-link")) as HTMLInputElement;
    expect(link.value).toBe(`${window.location.origin}/?aff=ABCD2345`);
    const lines = await screen.findAllByTestId("invite-earning");
    expect(lines.map((line) => line.textContent)).toEqual([
      expect.stringContaining("Payment by 김*수"),
      expect.stringContaining("Payment by a member"),
    ]);
    expect(lines[0]?.textContent).toContain("Bought 4,500 credits");
    expect(screen.getAllByTestId("invite-earning-credits").map((node) => node.textContent)).toEqual([
      "+2,250credits",
      "+1,500credits",
    ]);
    expect(screen.getByTestId("invite-clicks").textContent).toBe("7");
    expect(screen.getByTestId("invite-earned").textContent).toBe("3,750");
    expect(screen.getByTestId("mypage-invite").textContent).not.toContain("@");

    fireEvent.click(screen.getByTestId("invite-copy"));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/?aff=ABCD2345`));
    expect(success).toHaveBeenCalledWith("Invite link copied.", expect.anything());
  });

  it("hides the invite card while the affiliate programme is off, and says when nothing was earned yet", async () => {
    const earnings = (enabled: boolean) => ({
      success: true,
      enabled,
      affiliate_code: "ABCD2345",
      clicks: 0,
      referred: 0,
      paid: 0,
      total_credits: 0,
      reward_share: 0.5,
      earnings: [],
    });
    const answers = (enabled: boolean) =>
      api({
        "/api/payment/subscription-status": () =>
          jsonResponse(200, statusAnswer({ ...ACTIVE, plan: "free" })),
        "/api/credits/history": () => jsonResponse(200, HISTORY),
        "/api/affiliate/earnings": () => jsonResponse(200, earnings(enabled)),
        "/api/auth/check": () => jsonResponse(200, { isAuthenticated: true, user: makeUser() }),
      });
    const { unmount } = renderRoutes(routes, {
      path: "/en/mypage",
      user: makeUser(),
      fetchImpl: answers(true),
    });
    expect((await screen.findByTestId("invite-earnings-empty")).textContent).toContain("No rewards yet");
    unmount();
    renderRoutes(routes, { path: "/en/mypage", user: makeUser(), fetchImpl: answers(false) });
    await screen.findByTestId("credit-history");
    await waitFor(() => expect(screen.queryByTestId("mypage-invite")).toBeNull());
  });
});
