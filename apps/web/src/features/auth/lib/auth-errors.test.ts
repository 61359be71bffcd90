import type { TFunction } from "i18next";
import { afterAll, describe, expect, it } from "vitest";
import { ApiError } from "../../../lib/api-client.ts";
import { i18n } from "../../../lib/i18n/i18n.ts";
import { describeAuthError } from "./auth-errors.ts";

const t = i18n.t.bind(i18n) as TFunction;
const languageBefore = i18n.language;
afterAll(() => i18n.changeLanguage(languageBefore));

const limited = (details: unknown) =>
  new ApiError(429, "RATE_LIMITED", "Too many wrong passwords for this account.", details);

describe("describeAuthError for the login limits (issue 11)", () => {
  it("says the account is paused, for how long, and what else works, in Korean and English", async () => {
    await i18n.changeLanguage("en");
    const en = describeAuthError(limited({ scope: "account", retryAfterSeconds: 8 }), t, "failed");
    expect(en).toContain("paused for 8 s");
    expect(en).toContain("reset your password by e-mail");
    expect(describeAuthError(limited({ scope: "account", retryAfterSeconds: 900 }), t, "x")).toContain(
      "paused for 15 min",
    );
    await i18n.changeLanguage("ko");
    const ko = describeAuthError(limited({ scope: "account", retryAfterSeconds: 90 }), t, "failed");
    expect(ko).toContain("2분 동안");
    expect(ko).toContain("비밀번호를 재설정");
  });

  it("says the network sent too many attempts", async () => {
    await i18n.changeLanguage("en");
    const en = describeAuthError(limited({ scope: "network", retryAfterSeconds: 42 }), t, "failed");
    expect(en).toBe(
      "Too many sign-in attempts from your network. Try again in 42 s, or sign in from a browser you have used before.",
    );
    await i18n.changeLanguage("ko");
    expect(describeAuthError(limited({ scope: "network", retryAfterSeconds: 42 }), t, "x")).toContain(
      "42초 후",
    );
  });

  it("falls back to the catalogue's sentence for a 429 without the limit's details", async () => {
    await i18n.changeLanguage("en");
    expect(describeAuthError(limited(undefined), t, "failed")).toBe(t("errors.codes.RATE_LIMITED"));
    expect(describeAuthError(limited({ scope: "moon", retryAfterSeconds: 1 }), t, "failed")).toBe(
      t("errors.codes.RATE_LIMITED"),
    );
  });
});
