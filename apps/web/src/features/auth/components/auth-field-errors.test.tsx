/**
 * Issue 12: a refused sign-up, login or password form says which field is wrong and why, next to
 * the field (aria-invalid, aria-describedby), in the page's language — not one generic sentence.
 */
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { en } from "../../../lib/i18n/en.ts";
import { i18n } from "../../../lib/i18n/i18n.ts";
import { ko } from "../../../lib/i18n/ko.ts";
import { jsonResponse, renderRoutes } from "../../../test/render-app.tsx";
import { ForgotPasswordPage } from "./forgot-password-page.tsx";
import { LoginPage } from "./login-page.tsx";
import { ResetPasswordPage } from "./reset-password-page.tsx";
import { SignupPage } from "./signup-page.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const routes = [
  { path: "/signup", element: <SignupPage /> },
  { path: "/en/signup", element: <SignupPage /> },
  { path: "/login", element: <LoginPage /> },
  { path: "/en/login", element: <LoginPage /> },
  { path: "/forgot-password", element: <ForgotPasswordPage /> },
  { path: "/reset-password", element: <ResetPasswordPage /> },
];

function issue(path: string, reason: string, limits: Record<string, unknown> = {}) {
  return { location: "body", path, message: `${path}: the server's English`, reason, ...limits };
}

function validationAnswer(...issues: ReturnType<typeof issue>[]) {
  return async () =>
    jsonResponse(400, {
      success: false,
      code: "VALIDATION_ERROR",
      error: issues[0]?.message ?? "x",
      details: { issues },
    });
}

/** The sentence tied to a field by aria-describedby (TextField puts the error there). */
function describedError(testId: string): string {
  const field = screen.getByTestId(testId);
  expect(field.getAttribute("aria-invalid"), testId).toBe("true");
  const ids = (field.getAttribute("aria-describedby") ?? "").split(" ");
  const error = ids.map((id) => document.getElementById(id)).find((node) => node?.id.endsWith("-error"));
  return error?.textContent ?? "";
}

function fillSignup() {
  fireEvent.change(screen.getByTestId("signup-name"), { target: { value: "    " } });
  fireEvent.change(screen.getByTestId("signup-email"), { target: { value: "mina@example.com" } });
  fireEvent.change(screen.getByTestId("signup-password"), { target: { value: "p".repeat(200) } });
  fireEvent.click(screen.getByTestId("signup-age"));
  fireEvent.submit(screen.getByTestId("signup-form"));
}

const SIGNUP_REFUSAL = validationAnswer(
  issue("name", "blank", { origin: "string", minimum: 1 }),
  issue("email", "invalid_format", { format: "email" }),
  issue("password", "too_big", { origin: "string", maximum: 128 }),
);

describe.each([
  { lng: "ko", prefix: "", strings: ko },
  { lng: "en", prefix: "/en", strings: en },
] as const)("sign-up field errors ($lng)", ({ lng, prefix, strings }) => {
  it("puts each of the server's reasons under its field, in the page's language", async () => {
    window.localStorage.setItem("locale", lng);
    await i18n.changeLanguage(lng);
    renderRoutes(routes, { path: `${prefix}/signup`, fetchImpl: SIGNUP_REFUSAL });
    fillSignup();
    await waitFor(() => expect(screen.getByTestId("signup-name").getAttribute("aria-invalid")).toBe("true"));
    expect(describedError("signup-name")).toBe(strings.errors.validation.blank);
    expect(describedError("signup-email")).toBe(strings.errors.validation.invalidEmail);
    expect(describedError("signup-password")).toBe(
      strings.errors.validation.tooBigText.replace("{{maximum}}", "128"),
    );
    // Every problem sits at its field: no generic "check what you entered" line, no server English.
    expect(screen.queryByTestId("signup-error")).toBeNull();
    expect(document.body.textContent).not.toContain("the server's English");
  });
});

describe("field errors of the other forms", () => {
  it("clears a field's error as soon as it is edited, keeping the others", async () => {
    renderRoutes(routes, { path: "/en/signup", fetchImpl: SIGNUP_REFUSAL });
    fillSignup();
    await waitFor(() => expect(screen.getByTestId("signup-name").getAttribute("aria-invalid")).toBe("true"));
    fireEvent.change(screen.getByTestId("signup-name"), { target: { value: "Mina" } });
    expect(screen.getByTestId("signup-name").getAttribute("aria-invalid")).toBeNull();
    expect(describedError("signup-password")).toBe("Use at most 128 characters.");
  });

  it("shows a 200-character password's reason under the login password", async () => {
    window.localStorage.setItem("locale", "ko");
    await i18n.changeLanguage("ko");
    renderRoutes(routes, {
      path: "/login",
      fetchImpl: validationAnswer(issue("password", "too_big", { origin: "string", maximum: 128 })),
    });
    fireEvent.change(screen.getByTestId("login-email"), { target: { value: "mina@example.com" } });
    fireEvent.change(screen.getByTestId("login-password"), { target: { value: "p".repeat(200) } });
    fireEvent.submit(screen.getByTestId("login-form"));
    await waitFor(() => expect(describedError("login-password")).toBe("128자 이하로 입력해 주세요."));
    expect(screen.queryByTestId("login-error")).toBeNull();
  });

  it("shows the e-mail's reason under the forgot-password field", async () => {
    renderRoutes(routes, {
      path: "/forgot-password",
      fetchImpl: validationAnswer(issue("email", "invalid_format", { format: "email" })),
    });
    fireEvent.change(screen.getByTestId("forgot-email"), { target: { value: "a@b" } });
    fireEvent.submit(screen.getByTestId("forgot-form"));
    await waitFor(() => expect(describedError("forgot-email")).toBe(en.errors.validation.invalidEmail));
  });

  it("shows a short new password's minimum under the reset field, and a bad link on the form line", async () => {
    renderRoutes(routes, {
      path: "/reset-password?token=abcdefghijklmnopqrstuvwxyz",
      fetchImpl: validationAnswer(
        issue("password", "too_small", { origin: "string", minimum: 8 }),
        issue("token", "too_small", { origin: "string", minimum: 16 }),
      ),
    });
    fireEvent.change(screen.getByTestId("reset-password"), { target: { value: "short" } });
    fireEvent.submit(screen.getByTestId("reset-form"));
    await waitFor(() => expect(describedError("reset-password")).toBe("Use at least 8 characters."));
    // The token is no field of this form: the form line says what that means for the reader.
    expect(screen.getByTestId("reset-error").textContent).toBe(en.errors.validation.fields.token);
  });
});
