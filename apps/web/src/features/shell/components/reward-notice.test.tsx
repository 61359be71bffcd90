import { act, screen, waitFor } from "@testing-library/react";
import toast from "react-hot-toast";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeUser } from "../../../lib/auth/test-users.ts";
import { jsonResponse, renderRoutes } from "../../../test/render-app.tsx";
import { AppToaster } from "./app-toaster.tsx";

afterEach(() => {
  act(() => toast.remove());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const routes = [{ path: "/en/upscale", element: <AppToaster /> }];

describe("the referral reward notice (issue 30)", () => {
  it("tells a signed-in sharer once about rewards that arrived, with a link to My Page", async () => {
    const acknowledged: number[] = [];
    let pending = [
      { id: 4, credits: 2250, created_at: "2025-08-01T00:00:00Z" },
      { id: 5, credits: 1500, created_at: "2025-08-02T00:00:00Z" },
    ];
    const user = makeUser({ bonus_credits: 3750 });
    const { runtime } = renderRoutes(routes, {
      path: "/en/upscale",
      user,
      fetchImpl: async (input) => {
        if (String(input) !== "/api/affiliate/rewards/acknowledge") throw new TypeError("offline");
        acknowledged.push(pending.length);
        const rewards = pending;
        pending = [];
        return jsonResponse(200, { success: true, rewards });
      },
    });
    const notice = await screen.findByTestId("reward-notice");
    expect(notice.textContent).toContain("2 invite rewards: 3,750 credits arrived!");
    expect(screen.getByTestId("reward-notice-view").getAttribute("href")).toBe("/en/mypage#invite");
    expect(acknowledged).toEqual([2]);

    // The next sync brings more bonus credits: asked again, one new reward, one new notice.
    pending = [{ id: 6, credits: 500, created_at: "2025-08-03T00:00:00Z" }];
    act(() => runtime.store.setUser({ ...user, bonus_credits: 4250 }));
    await waitFor(() => expect(screen.getByText("Invite reward: 500 credits arrived!")).toBeTruthy());
    // Spending bonus credits is no news.
    act(() => runtime.store.setUser({ ...user, bonus_credits: 100 }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(acknowledged).toEqual([2, 1]);
  });

  it("asks nothing for a user without bonus credits", async () => {
    const { fetchMock } = renderRoutes(routes, { path: "/en/upscale", user: makeUser({ bonus_credits: 0 }) });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetchMock.mock.calls.map(([input]) => String(input))).not.toContain(
      "/api/affiliate/rewards/acknowledge",
    );
    expect(screen.queryByTestId("reward-notice")).toBeNull();
  });
});
