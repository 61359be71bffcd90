import { fireEvent, screen, waitFor } from "@testing-library/react";
import toast from "react-hot-toast";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeUser } from "../../../lib/auth/test-users.ts";
import { jsonResponse, renderRoutes } from "../../../test/render-app.tsx";
import { ForgotPasswordPage } from "./forgot-password-page.tsx";
import { LoginPage } from "./login-page.tsx";
import { ResetPasswordPage } from "./reset-password-page.tsx";
import { SignupPage } from "./signup-page.tsx";
import { SocialSignupPage } from "./social-signup-page.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const routes = [
  { path: "/en/login", element: <LoginPage /> },
  { path: "/en/signup", element: <SignupPage /> },
  { path: "/en/signup/social", element: <SocialSignupPage /> },
  { path: "/en/forgot-password", element: <ForgotPasswordPage /> },
  { path: "/en/reset-password", element: <ResetPasswordPage /> },
  { path: "/", element: <p>home</p> },
  { path: "/en", element: <p>english home</p> },
  { path: "/en/upscale", element: <p>upscale page</p> },
];

describe("sign-in pages of issue 7", () => {
  it("explains why a redirect sign-in came back, and passes ?next to the provider routes", () => {
    renderRoutes(routes, { path: "/en/login?error=provider_not_configured&next=%2Fen%2Fmypage" });
    expect(screen.getByTestId("login-social-error").textContent).toContain("not configured on this server");
    expect(screen.getByTestId("login-naver").getAttribute("href")).toBe(
      "/api/auth/naver?next=%2Fen%2Fmypage",
    );
  });

  it("ignores an unknown ?error instead of echoing it", () => {
    renderRoutes(routes, { path: "/en/login?error=%3Cscript%3E" });
    expect(screen.queryByTestId("login-social-error")).toBeNull();
  });

  it("says Google is not configured when the build has no client id", async () => {
    const error = vi.spyOn(toast, "error");
    renderRoutes(routes, { path: "/en/login" });
    fireEvent.click(screen.getByTestId("login-google"));
    expect(error).toHaveBeenCalledWith("Google sign-in is not configured on this server yet.");
  });

  it("offers to restore an account inside its deletion window, then signs in", async () => {
    const user = makeUser({ id: 5 });
    const { router } = renderRoutes(routes, {
      path: "/en/login?next=%2Fen%2Fupscale",
      fetchImpl: async (input) => {
        const url = String(input);
        if (url === "/api/auth/login") {
          return jsonResponse(409, {
            success: false,
            code: "ACCOUNT_PENDING_DELETION",
            error: "scheduled",
            details: { purgeAt: "2026-03-15T00:00:00.000Z" },
          });
        }
        if (url === "/api/account/restore") {
          return jsonResponse(200, {
            success: true,
            id: 5,
            email: user.email,
            nickname: "M",
            credits: 0,
            user,
            next: "/",
          });
        }
        throw new TypeError("offline");
      },
    });
    fireEvent.change(screen.getByTestId("login-email"), { target: { value: user.email } });
    fireEvent.change(screen.getByTestId("login-password"), { target: { value: "pw" } });
    fireEvent.submit(screen.getByTestId("login-form"));
    const dialog = await screen.findByTestId("restore-dialog");
    expect(dialog.textContent).toMatch(/2026/);
    fireEvent.click(screen.getByTestId("restore-confirm"));
    await screen.findByText("upscale page");
    expect(router.state.location.pathname).toBe("/en/upscale");
  });

  it("opens the restore offer a Naver/Kakao sign-in left (?restore=1)", async () => {
    renderRoutes(routes, {
      path: "/en/login?restore=1",
      fetchImpl: async (input) =>
        String(input) === "/api/account/restore-offer"
          ? jsonResponse(200, { success: true, purgeAt: "2026-03-15T00:00:00.000Z" })
          : Promise.reject(new TypeError("offline")),
    });
    expect((await screen.findByTestId("restore-dialog")).textContent).toMatch(/It will be deleted on .*2026/);
  });

  it("requires the age checkbox on the signup form", () => {
    renderRoutes(routes, { path: "/en/signup" });
    const age = screen.getByTestId("signup-age") as HTMLInputElement;
    expect(age.type).toBe("checkbox");
    expect(age.required).toBe(true);
    expect(screen.getByLabelText(/I am 14 or older/)).toBe(age);
  });

  it("confirms the age of a first social sign-in before the account exists", async () => {
    const user = makeUser({ id: 9 });
    const { router, fetchMock } = renderRoutes(routes, {
      path: "/en/signup/social",
      fetchImpl: async (input) => {
        const url = String(input);
        if (url === "/api/auth/social/pending") {
          return jsonResponse(200, {
            success: true,
            provider: "kakao",
            email: null,
            name: "무이메일",
            next: "/en/upscale",
          });
        }
        if (url === "/api/auth/social/complete") {
          return jsonResponse(200, {
            success: true,
            id: 9,
            email: "",
            nickname: "무이메일",
            credits: 0,
            user,
            next: "/en/upscale",
          });
        }
        throw new TypeError("offline");
      },
    });
    const profile = await screen.findByTestId("social-signup-profile");
    expect(profile.textContent).toContain("Signing up with your Kakao account");
    expect(profile.textContent).toContain("did not share an e-mail");
    const submit = screen.getByTestId("social-signup-submit") as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.click(screen.getByTestId("social-signup-age"));
    fireEvent.submit(screen.getByTestId("social-signup-form"));
    await screen.findByText("upscale page");
    expect(router.state.location.pathname).toBe("/en/upscale");
    const call = fetchMock.mock.calls.find(([input]) => String(input) === "/api/auth/social/complete");
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ ageConfirmed: true });
  });

  it("says so when the pending social sign-up expired", async () => {
    renderRoutes(routes, {
      path: "/en/signup/social",
      fetchImpl: async () => jsonResponse(410, { success: false, code: "SIGNIN_EXPIRED", error: "expired" }),
    });
    expect((await screen.findByTestId("social-signup-expired")).textContent).toContain("has expired");
  });

  it("sends a reset link and answers the same for any address", async () => {
    const { fetchMock } = renderRoutes(routes, {
      path: "/en/forgot-password",
      fetchImpl: async () => jsonResponse(200, { success: true }),
    });
    fireEvent.change(screen.getByTestId("forgot-email"), { target: { value: "mina@example.com" } });
    fireEvent.submit(screen.getByTestId("forgot-form"));
    expect((await screen.findByTestId("forgot-sent")).textContent).toContain(
      "If mina@example.com has an account",
    );
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      email: "mina@example.com",
      locale: "en",
    });
  });

  it("explains a missing or used reset token", async () => {
    renderRoutes(routes, { path: "/en/reset-password" });
    expect(screen.getByTestId("reset-error").textContent).toContain("not valid");
    expect((screen.getByTestId("reset-submit") as HTMLButtonElement).disabled).toBe(true);
  });

  it("sets the new password and goes to login", async () => {
    const { router } = renderRoutes([...routes.slice(1), { path: "/en/login", element: <p>login page</p> }], {
      path: "/en/reset-password?token=abcdefghijklmnopqrstu",
      fetchImpl: async () => jsonResponse(200, { success: true }),
    });
    fireEvent.change(screen.getByTestId("reset-password"), { target: { value: "a new password" } });
    fireEvent.submit(screen.getByTestId("reset-form"));
    await waitFor(() => expect(router.state.location.pathname).toBe("/en/login"));
  });
});
