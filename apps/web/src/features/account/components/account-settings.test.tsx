import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeUser } from "../../../lib/auth/test-users.ts";
import { jsonResponse, renderRoutes } from "../../../test/render-app.tsx";
import { AccountSettings } from "./account-settings.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function Harness() {
  return <AccountSettings user={makeUser({ id: 3 })} />;
}

describe("My Page account pieces", () => {
  it("lists the linked sign-in methods and deletes a social-only account with the typed word", async () => {
    const { fetchMock, router } = renderRoutes(
      [
        { path: "/en/mypage", element: <Harness /> },
        { path: "/en", element: <p>english home</p> },
      ],
      {
        path: "/en/mypage",
        user: makeUser({ id: 3 }),
        fetchImpl: async (input) => {
          const url = String(input);
          if (url === "/api/account/sign-in-methods") {
            return jsonResponse(200, {
              success: true,
              hasPassword: false,
              hasEmail: false,
              identities: [{ provider: "kakao", email: null, created_at: "2026-01-02T00:00:00.000Z" }],
            });
          }
          if (url === "/api/account/delete") {
            return jsonResponse(200, { success: true, purgeAt: "2026-01-16T00:00:00.000Z" });
          }
          return jsonResponse(200, { success: true });
        },
      },
    );
    expect((await screen.findByTestId("sign-in-method-kakao")).textContent).toContain("Linked");
    expect(screen.getByTestId("sign-in-method-password").textContent).toContain("Not linked");
    fireEvent.click(screen.getByTestId("delete-account-open"));
    expect(await screen.findByLabelText("Type DELETE to confirm")).toBeTruthy();
    fireEvent.change(screen.getByTestId("delete-account-secret"), { target: { value: "DELETE" } });
    fireEvent.click(screen.getByTestId("delete-account-submit"));
    await waitFor(() => expect(router.state.location.pathname).toBe("/en"));
    const call = fetchMock.mock.calls.find(([input]) => String(input) === "/api/account/delete");
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ confirmation: "DELETE" });
  });
});
