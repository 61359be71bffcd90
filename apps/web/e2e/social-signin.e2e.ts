/**
 * Sign-in with Naver and Kakao by full-page redirect (spec 01 §2 Login page), in Chromium, against
 * the contract fakes global-setup starts: consent at the provider, the callback, the age
 * confirmation of a first sign-in, and back to the page the user came from.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DESKTOP, launchBrowser, newContext, PHONE, shoot } from "./support/browser.ts";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Tells a provider fake who signs in next (its test-control route) and to show its consent page. */
async function nextProviderUser(provider: "naver" | "kakao", user: object) {
  const base = provider === "naver" ? inject("naverFakeUrl") : inject("kakaoFakeUrl");
  const response = await fetch(`${base}/__test/next-user`, {
    method: "POST",
    body: JSON.stringify({ user, isConsentPage: true }),
  });
  expect(response.ok).toBe(true);
}

async function consentAtProvider(page: Page, provider: "naver" | "kakao") {
  const fake = new URL(provider === "naver" ? inject("naverFakeUrl") : inject("kakaoFakeUrl"));
  await page.waitForURL((url) => url.host === fake.host);
  await page.locator("#consent").click();
}

describe("redirect sign-in", () => {
  it("signs up with Naver after the age confirmation and returns to the page it came from", async () => {
    await nextProviderUser("naver", {
      id: `nv-${Date.now()}`,
      email: `e2e${Date.now()}@naver.com`,
      nickname: "네이버결",
    });
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (err) => errors.push(err.message));

    await page.goto("/login?next=%2Fnotice");
    await page.getByTestId("login-naver").click();
    await consentAtProvider(page, "naver");
    await page.waitForURL(
      (url) => url.pathname === "/signup/social" && url.searchParams.get("next") === "/notice",
    );
    const profile = page.getByTestId("social-signup-profile");
    await profile.waitFor();
    expect(await profile.textContent()).toContain("네이버결");
    expect(await page.getByTestId("social-signup-submit").isDisabled()).toBe(true);
    await shoot(page, "social-age-ko-desktop");
    await page.getByTestId("social-signup-age").check();
    await page.getByTestId("social-signup-submit").click();
    await page.waitForURL((url) => url.pathname === "/notice");
    await page.getByTestId("nav-mypage").waitFor();

    // Signed out and back in: no age question the second time, straight back to the page.
    await page.evaluate(() => fetch("/api/auth/logout", { method: "POST", credentials: "include" }));
    await page.goto("/login?next=%2Fpricing");
    await page.getByTestId("login-naver").click();
    await consentAtProvider(page, "naver");
    await page.waitForURL((url) => url.pathname === "/pricing");
    await page.getByTestId("nav-mypage").waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("signs up with Kakao without an e-mail, in English, on a phone", async () => {
    await nextProviderUser("kakao", { id: Date.now(), nickname: "Kakao Gyeol" });
    const context = await newContext(browser, PHONE, { locale: "en-US", hasTouch: true });
    const page = await context.newPage();
    await page.goto("/en/login?next=%2Fen%2Fnotice");
    await shoot(page, "login-en-phone");
    await page.getByTestId("login-kakao").click();
    await consentAtProvider(page, "kakao");
    await page.waitForURL((url) => url.pathname === "/en/signup/social");
    const profile = page.getByTestId("social-signup-profile");
    await profile.waitFor();
    expect(await profile.textContent()).toContain("did not share an e-mail");
    await shoot(page, "social-age-en-phone");
    await page.getByTestId("social-signup-age").check();
    await page.getByTestId("social-signup-submit").click();
    await page.waitForURL((url) => url.pathname === "/en/notice");
    await context.close();
  });

  it("refuses a callback that this browser did not start, and explains it", async () => {
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    await page.goto("/api/auth/naver/callback?code=stolen&state=forged");
    await page.waitForURL(
      (url) => url.pathname === "/login" && url.searchParams.get("error") === "state_mismatch",
    );
    expect(await page.getByTestId("login-social-error").textContent()).toContain("다시 시도");
    // Signed out: the header offers sign-in (once the app has rendered the page).
    await page.getByTestId("nav-login").waitFor();
    expect(await page.getByTestId("nav-login").count()).toBe(1);
    await context.close();
  });

  it("never follows a return path off the site", async () => {
    await nextProviderUser("kakao", { id: Date.now() + 1, nickname: "r", email: `r${Date.now()}@kakao.com` });
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    await page.goto("/api/auth/kakao?next=https%3A%2F%2Fevil.example%2F");
    await consentAtProvider(page, "kakao");
    await page.waitForURL((url) => url.pathname === "/signup/social");
    await page.getByTestId("social-signup-age").check();
    await page.getByTestId("social-signup-submit").click();
    await page.waitForURL((url) => url.pathname === "/");
    expect(new URL(page.url()).origin).toBe(inject("baseUrl"));
    await context.close();
  });
});

describe("account pages", () => {
  it("shows the sign-in, sign-up, forgot and reset pages in both languages and sizes", async () => {
    for (const [viewport, size] of [
      [DESKTOP, "desktop"],
      [PHONE, "phone"],
    ] as const) {
      const context = await newContext(browser, viewport);
      const page = await context.newPage();
      for (const prefix of ["", "/en"]) {
        const lang = prefix ? "en" : "ko";
        await page.goto(`${prefix}/signup`);
        await page.getByTestId("signup-age").waitFor();
        await shoot(page, `signup-${lang}-${size}`);
        await page.goto(`${prefix}/login?error=provider_not_configured`);
        await page.getByTestId("login-social-error").waitFor();
        await shoot(page, `login-${lang}-${size}`);
        await page.goto(`${prefix}/forgot-password`);
        await page.getByTestId("forgot-email").fill("someone@example.com");
        await page.getByTestId("forgot-submit").click();
        await page.getByTestId("forgot-sent").waitFor();
        await shoot(page, `forgot-${lang}-${size}`);
        await page.goto(`${prefix}/reset-password?token=not-a-real-token-123`);
        await page.getByTestId("reset-password").fill("a new password");
        await page.getByTestId("reset-submit").click();
        await page.getByTestId("reset-error").waitFor();
        await shoot(page, `reset-${lang}-${size}`);
      }
      await context.close();
    }
  });
});
