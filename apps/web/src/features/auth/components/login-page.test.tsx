import { fireEvent, screen, waitFor } from "@testing-library/react";
import toast from "react-hot-toast";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeUser } from "../../../lib/auth/test-users.ts";
import { jsonResponse, renderRoutes } from "../../../test/render-app.tsx";
import { LoginPage } from "./login-page.tsx";
import { SignupPage } from "./signup-page.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const routes = [
  { path: "/en/login", element: <LoginPage /> },
  { path: "/en/signup", element: <SignupPage /> },
  { path: "/login", element: <LoginPage /> },
  { path: "/signup", element: <SignupPage /> },
  { path: "/en", element: <p>english home</p> },
  { path: "/en/upscale", element: <p>upscale page</p> },
];

/** A fake server session: the auth check reports whoever last signed in. */
function fakeSession() {
  let signedIn: ReturnType<typeof makeUser> | null = null;
  return {
    signIn(user: ReturnType<typeof makeUser>) {
      signedIn = user;
    },
    checkAuth: async () =>
      signedIn
        ? { isAuthenticated: true as const, user: signedIn }
        : { isAuthenticated: false as const, user: null },
  };
}

function fillLogin(email: string, password: string) {
  fireEvent.change(screen.getByTestId("login-email"), { target: { value: email } });
  fireEvent.change(screen.getByTestId("login-password"), { target: { value: password } });
  fireEvent.submit(screen.getByTestId("login-form"));
}

describe("login page", () => {
  it("labels its fields for assistive tech and the password manager", () => {
    renderRoutes(routes, { path: "/en/login" });
    const email = screen.getByLabelText("E-mail") as HTMLInputElement;
    expect(email.type).toBe("email");
    expect(email.required).toBe(true);
    expect(email.autocomplete).toBe("email");
    expect((screen.getByLabelText("Password") as HTMLInputElement).autocomplete).toBe("current-password");
    // The English page asks to come back to the English home after the redirect sign-in.
    expect(screen.getByTestId("login-naver").getAttribute("href")).toBe("/api/auth/naver?next=%2Fen");
    expect(screen.getByTestId("login-kakao").getAttribute("href")).toBe("/api/auth/kakao?next=%2Fen");
  });

  it("shows the translated error for a wrong password, without the session-expired modal", async () => {
    renderRoutes(routes, {
      path: "/en/login",
      fetchImpl: async () =>
        jsonResponse(401, {
          success: false,
          code: "INVALID_CREDENTIALS",
          error: "Wrong e-mail or password.",
        }),
    });
    fillLogin("mina@example.com", "nope");
    expect((await screen.findByTestId("login-error")).textContent).toContain("Incorrect e-mail or password.");
    expect(screen.queryByTestId("session-expired-modal")).toBeNull();
  });

  it("shows a failure inline only, never also as a toast over the form, and focuses the field at fault (issue 30)", async () => {
    const error = vi.spyOn(toast, "error");
    renderRoutes(routes, {
      path: "/en/login",
      fetchImpl: async () =>
        jsonResponse(400, {
          success: false,
          code: "VALIDATION_ERROR",
          error: "Bad.",
          details: { issues: [{ path: "email", reason: "invalid_format" }] },
        }),
    });
    for (let i = 0; i < 3; i += 1) fillLogin("mina@example.com", "nope");
    const email = screen.getByTestId("login-email");
    await waitFor(() => expect(email.getAttribute("aria-invalid")).toBe("true"));
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(error).not.toHaveBeenCalled();
  });

  it("leads with Kakao and Naver on the Korean page and with Google on the English one (issue 30)", () => {
    const order = () =>
      [...screen.getByTestId("login-social").querySelectorAll("[data-testid]")].map((node) =>
        node.getAttribute("data-testid"),
      );
    window.localStorage.setItem("locale", "ko");
    const { unmount } = renderRoutes(routes, { path: "/login" });
    expect(order()).toEqual(["login-kakao", "login-naver", "login-google"]);
    unmount();
    renderRoutes(routes, { path: "/en/login" });
    expect(order()).toEqual(["login-google", "login-naver", "login-kakao"]);
  });

  it("says 'login failed' for a code it does not know, never the server's own sentence", async () => {
    renderRoutes(routes, {
      path: "/en/login",
      fetchImpl: async () =>
        jsonResponse(400, { success: false, code: "SOMETHING_NEW", error: "Try later." }),
    });
    fillLogin("mina@example.com", "pw");
    const error = await screen.findByTestId("login-error");
    expect(error.textContent).toContain("Login failed.");
    expect(error.textContent).not.toContain("Try later.");
  });

  it("stores the user and returns to the page in ?next", async () => {
    const user = makeUser({ credits: 300 });
    const session = fakeSession();
    const { router } = renderRoutes(routes, {
      path: "/en/login?next=%2Fen%2Fupscale",
      checkAuth: session.checkAuth,
      fetchImpl: async (input) => {
        if (String(input) !== "/api/auth/login") throw new TypeError("offline");
        session.signIn(user);
        return jsonResponse(200, {
          success: true,
          id: user.id,
          email: user.email,
          nickname: "Mina",
          credits: 300,
          user,
        });
      },
    });
    fillLogin(user.email, "correct horse");
    await screen.findByText("upscale page");
    expect(router.state.location.pathname).toBe("/en/upscale");
    expect(JSON.parse(window.localStorage.getItem("user")!)).toMatchObject({ id: user.id, credits: 300 });
  });

  it.each([
    "https://evil.example",
    "//evil.example",
    "/.//evil.example",
    "/\\evil.example",
    "/%2e%2e//evil.example",
    "/%2F/evil.example",
    "/\uFF0F/evil.example",
    "/api/auth/logout",
  ])("ignores a ?next of %j, which is not a page of this site", async (next) => {
    const user = makeUser();
    const { router } = renderRoutes(routes, {
      path: `/en/login?next=${encodeURIComponent(next)}`,
      fetchImpl: async () =>
        jsonResponse(200, {
          success: true,
          id: user.id,
          email: user.email,
          nickname: "Mina",
          credits: 1,
          user,
        }),
    });
    fillLogin(user.email, "pw");
    await waitFor(() => expect(router.state.location.pathname).toBe("/en"));
  });
});

describe("signup page", () => {
  it("asks for name, e-mail and an 8-character password", () => {
    renderRoutes(routes, { path: "/en/signup" });
    const password = screen.getByTestId("signup-password") as HTMLInputElement;
    expect(password.minLength).toBe(8);
    expect(password.autocomplete).toBe("new-password");
    expect(screen.getByText("Use at least 8 characters.")).toBeTruthy();
    expect((screen.getByTestId("signup-name") as HTMLInputElement).required).toBe(true);
  });

  it("offers Kakao and Naver sign-up too, first on the Korean page (issue 30)", () => {
    window.localStorage.setItem("locale", "ko");
    const { unmount } = renderRoutes(routes, { path: "/signup" });
    const ids = () =>
      [...screen.getByTestId("signup-social").querySelectorAll("[data-testid]")].map((node) =>
        node.getAttribute("data-testid"),
      );
    expect(ids()).toEqual(["signup-kakao", "signup-naver", "signup-google"]);
    expect(screen.getByTestId("signup-kakao").getAttribute("href")).toBe("/api/auth/kakao");
    unmount();
    renderRoutes(routes, { path: "/en/signup?next=%2Fen%2Fupscale" });
    expect(ids()).toEqual(["signup-google", "signup-naver", "signup-kakao"]);
    expect(screen.getByTestId("signup-naver").getAttribute("href")).toBe(
      "/api/auth/naver?next=%2Fen%2Fupscale",
    );
  });

  it("explains a taken e-mail next to the e-mail field", async () => {
    renderRoutes(routes, {
      path: "/en/signup",
      fetchImpl: async () => jsonResponse(409, { success: false, code: "EMAIL_TAKEN", error: "Taken." }),
    });
    fireEvent.change(screen.getByTestId("signup-name"), { target: { value: "Mina" } });
    fireEvent.change(screen.getByTestId("signup-email"), { target: { value: "mina@example.com" } });
    fireEvent.change(screen.getByTestId("signup-password"), { target: { value: "long enough" } });
    fireEvent.click(screen.getByTestId("signup-age"));
    fireEvent.submit(screen.getByTestId("signup-form"));
    const email = screen.getByTestId("signup-email");
    await waitFor(() => expect(email.getAttribute("aria-invalid")).toBe("true"));
    const described = document.getElementById(email.getAttribute("aria-describedby") ?? "");
    expect(described?.textContent).toBe("This e-mail is already registered.");
    expect(screen.queryByTestId("signup-error")).toBeNull();
  });

  it("signs the new user in and goes home", async () => {
    const user = makeUser({ id: 11 });
    const session = fakeSession();
    const { router, fetchMock } = renderRoutes(routes, {
      path: "/en/signup",
      checkAuth: session.checkAuth,
      fetchImpl: async (input) => {
        if (String(input) !== "/api/auth/register") throw new TypeError("offline");
        session.signIn(user);
        return jsonResponse(200, {
          success: true,
          id: 11,
          email: user.email,
          nickname: "Mina",
          credits: 0,
          user,
        });
      },
    });
    fireEvent.change(screen.getByTestId("signup-name"), { target: { value: " Mina " } });
    fireEvent.change(screen.getByTestId("signup-email"), { target: { value: user.email } });
    fireEvent.change(screen.getByTestId("signup-password"), { target: { value: "long enough" } });
    fireEvent.click(screen.getByTestId("signup-age"));
    fireEvent.submit(screen.getByTestId("signup-form"));
    await screen.findByText("english home");
    expect(router.state.location.pathname).toBe("/en");
    const registerCall = fetchMock.mock.calls.find(([input]) => String(input) === "/api/auth/register");
    expect(JSON.parse(String(registerCall?.[1]?.body))).toEqual({
      name: "Mina",
      email: user.email,
      password: "long enough",
      ageConfirmed: true,
    });
    expect(JSON.parse(window.localStorage.getItem("user")!).id).toBe(11);
  });
});
