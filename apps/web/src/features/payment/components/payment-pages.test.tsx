import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import toast from "react-hot-toast";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RequireUser } from "../../../app/route-guards.tsx";
import { makeUser } from "../../../lib/auth/test-users.ts";
import { setOperatorInfo } from "../../../lib/operator.ts";
import { renderRoutes } from "../../../test/render-app.tsx";
import { PaymentFailedPage } from "./payment-failed-page.tsx";
import { PaymentReturnPage } from "./payment-return-page.tsx";
import { PaymentSuccessPage } from "./payment-success-page.tsx";

afterEach(() => {
  setOperatorInfo({ ko: {}, en: {} });
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const routes = [
  // As the route table serves them: behind the sign-in guard.
  {
    path: "/en/payment-success",
    element: (
      <RequireUser>
        <PaymentSuccessPage />
      </RequireUser>
    ),
  },
  {
    path: "/en/payment-failed",
    element: (
      <RequireUser>
        <PaymentFailedPage />
      </RequireUser>
    ),
  },
  { path: "/en/payment/:plan", element: <PaymentReturnPage /> },
  { path: "/en/login", element: <p>login page</p> },
  { path: "/en", element: <p>english home</p> },
  { path: "/en/mypage", element: <p>my page</p> },
  { path: "/en/pricing", element: <p>pricing page</p> },
];

describe("the payment success page", () => {
  it("sends a visitor to /login", async () => {
    const { router } = renderRoutes(routes, { path: "/en/payment-success" });
    await waitFor(() => expect(router.state.location.pathname).toBe("/en/login"));
  });

  it("syncs the user, shows e-mail, credits and plan, then goes home after 5 s", async () => {
    const stored = makeUser({ credits: 100, plan: "free" });
    const synced = makeUser({ credits: 4600, plan: "basic" });
    const checkAuth = vi.fn(async () => ({ isAuthenticated: true as const, user: synced }));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { router } = renderRoutes(routes, { path: "/en/payment-success", user: stored, checkAuth });
    await waitFor(() => expect(screen.getByTestId("payment-credits").textContent).toBe("4,600 credits"));
    expect(screen.getByTestId("payment-email").textContent).toBe("mina@example.com");
    expect(screen.getByTestId("payment-plan").textContent).toBe("Basic");
    expect(screen.getByTestId("payment-countdown").textContent).toMatch(/in \d s/);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(6000);
    });
    await waitFor(() => expect(router.state.location.pathname).toBe("/en"));
  });
});

describe("the payment failed page", () => {
  it("lists the causes and support, then goes home after 10 s", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    // The operator's contact is the server's configuration (issue 30).
    setOperatorInfo({ ko: {}, en: { supportEmail: "help@gyeol.example", phone: "02-1234-5678" } });
    const { router } = renderRoutes(routes, { path: "/en/payment-failed", user: makeUser({ credits: 50 }) });
    expect((await screen.findByTestId("payment-credits")).textContent).toBe("50 credits");
    expect(screen.getByTestId("payment-failed-causes").querySelectorAll("li")).toHaveLength(4);
    expect(screen.getByTestId("payment-support").querySelector("a")?.getAttribute("href")).toBe(
      "mailto:help@gyeol.example",
    );
    expect(screen.getByTestId("payment-to-pricing").getAttribute("href")).toBe("/en/pricing");
    await act(async () => {
      await vi.advanceTimersByTimeAsync(9000);
    });
    expect(router.state.location.pathname).toBe("/en/payment-failed");
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2000);
    });
    await waitFor(() => expect(router.state.location.pathname).toBe("/en"));
  });

  it("gives the support phone when no e-mail is set, and no support line when neither is (issue 30)", async () => {
    setOperatorInfo({ ko: {}, en: { phone: "02-1234-5678" } });
    const { unmount } = renderRoutes(routes, { path: "/en/payment-failed", user: makeUser({ credits: 50 }) });
    const support = await screen.findByTestId("payment-support");
    expect(support.querySelector("a")?.getAttribute("href")).toBe("tel:02-1234-5678");
    expect(support.textContent).toContain("02-1234-5678");
    unmount();
    setOperatorInfo({ ko: {}, en: {} });
    renderRoutes(routes, { path: "/en/payment-failed", user: makeUser({ credits: 50 }) });
    await screen.findByTestId("payment-credits");
    expect(screen.queryByTestId("payment-support")).toBeNull();
    expect(document.body.textContent).not.toMatch(/undefined|\{\{/);
  });

  it("stays when the visitor asks to, announcing the countdown once rather than every second", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { router } = renderRoutes(routes, { path: "/en/payment-failed", user: makeUser({ credits: 50 }) });
    await screen.findByTestId("payment-credits");
    const status = () =>
      screen.getAllByRole("status").find((element) => element.textContent?.includes("home page"));
    await waitFor(() => expect(status()?.textContent).toBe("Going to the home page in 10 s"));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3000);
    });
    // The visible count ticks; what is announced does not.
    expect(screen.getByTestId("payment-countdown").textContent).toMatch(/in [67] s/);
    expect(status()?.textContent).toBe("Going to the home page in 10 s");
    expect(screen.getByTestId("payment-countdown").closest("[aria-live]")).toBeNull();
    fireEvent.click(screen.getByTestId("payment-countdown-stay"));
    expect(screen.getByTestId("payment-countdown-stopped").textContent).toBe(
      "The page stays here; nothing moves on by itself.",
    );
    await act(async () => {
      await vi.advanceTimersByTimeAsync(12_000);
    });
    expect(router.state.location.pathname).toBe("/en/payment-failed");
  });

  it("sends a visitor to /login", async () => {
    const { router } = renderRoutes(routes, { path: "/en/payment-failed" });
    await waitFor(() => expect(router.state.location.pathname).toBe("/en/login"));
  });
});

describe("the payment return page", () => {
  it("goes to My Page with the banner and a completion message", async () => {
    const success = vi.spyOn(toast, "success");
    const { router } = renderRoutes(routes, { path: "/en/payment/basic?payment=success" });
    await waitFor(() => expect(router.state.location.pathname).toBe("/en/mypage"));
    expect(router.state.location.search).toBe("?payment=success");
    expect(success).toHaveBeenCalledWith("Your payment is complete.");
  });

  it("goes to pricing after a cancellation, and home otherwise", async () => {
    const error = vi.spyOn(toast, "error");
    const first = renderRoutes(routes, { path: "/en/payment/deluxe?payment=cancelled" });
    await waitFor(() => expect(first.router.state.location.pathname).toBe("/en/pricing"));
    expect(error).toHaveBeenCalledWith("The payment was cancelled.");
    first.unmount();
    const second = renderRoutes(routes, { path: "/en/payment/deluxe" });
    await waitFor(() => expect(second.router.state.location.pathname).toBe("/en"));
  });
});
