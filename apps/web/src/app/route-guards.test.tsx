import { cleanup, screen, waitFor } from "@testing-library/react";
import toast from "react-hot-toast";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeUser } from "../lib/auth/test-users.ts";
import { renderRoutes } from "../test/render-app.tsx";
import { RequireUser } from "./route-guards.tsx";
import { expandRoutes } from "./route-table.ts";
import { buildAppRoutes } from "./router.tsx";

vi.mock("react-hot-toast", async (importOriginal) => {
  const actual = await importOriginal<typeof import("react-hot-toast")>();
  return { ...actual, default: Object.assign(vi.fn(), actual.default) };
});

afterEach(() => {
  cleanup();
  vi.mocked(toast).mockClear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function guarded(isLoginNoticed = false) {
  return [
    {
      path: "/en/mypage",
      element: (
        <RequireUser isLoginNoticed={isLoginNoticed}>
          <p>the page</p>
        </RequireUser>
      ),
    },
    { path: "/en/login", element: <p>login page</p> },
  ];
}

describe("the sign-in guard", () => {
  it("sends a visitor to /login with the page and its query as next, and shows nothing of the page", async () => {
    const { router } = renderRoutes(guarded(), { path: "/en/mypage?tab=history" });
    await screen.findByText("login page");
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent("/en/mypage?tab=history")}`);
    expect(screen.queryByText("the page")).toBeNull();
    expect(toast).not.toHaveBeenCalled();
  });

  it("says why with a toast where the route asks for one", async () => {
    renderRoutes(guarded(true), { path: "/en/mypage" });
    await screen.findByText("login page");
    await waitFor(() => expect(toast).toHaveBeenCalledWith("Please log in first.", { id: "login-required" }));
  });

  it("shows the page to a signed-in user", async () => {
    renderRoutes(guarded(), { path: "/en/mypage", user: makeUser() });
    expect(await screen.findByText("the page")).toBeTruthy();
  });
});

describe("the route table's access", () => {
  it("puts every page that needs a user behind the guard, in both languages", () => {
    const userOnly = expandRoutes().filter((route) => route.access === "user");
    // The pages that checked the sign-in themselves before the guard existed, and every tool after them.
    expect(userOnly.map((route) => route.path)).toEqual(
      expect.arrayContaining([
        "/mypage",
        "/en/mypage",
        "/upscale",
        "/en/upscale",
        "/payment-success",
        "/en/payment-success",
        "/payment-failed",
        "/en/payment-failed",
      ]),
    );
    expect(userOnly.map((route) => route.path)).not.toEqual(expect.arrayContaining(["/login"]));
    expect(expandRoutes().filter((route) => route.path === "/pricing" || route.path === "/")).toEqual(
      expect.not.arrayContaining([expect.objectContaining({ access: "user" })]),
    );
    const children = buildAppRoutes()[0]?.children?.[0]?.children ?? [];
    for (const route of children) {
      const isGuarded = (route.element as { type?: unknown } | undefined)?.type === RequireUser;
      const expected = userOnly.some((page) => page.path === route.path);
      expect(isGuarded, route.path).toBe(expected);
    }
  });
});
