import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  admin,
  DESKTOP,
  launchBrowser,
  newContext,
  PHONE,
  shoot,
  uniqueEmail,
  waitForHydration,
} from "./support/browser.ts";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function visibleText(page: Page, testId: string): Promise<string> {
  const el = page.getByTestId(testId);
  await el.waitFor({ state: "visible" });
  return (await el.textContent()) ?? "";
}

describe("a new visitor", () => {
  it("switches language, signs up, stays signed in, logs out, and a second tab follows", async () => {
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (err) => errors.push(err.message));

    await page.goto("/");
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe("ko");
    await page.getByTestId("landing-start").waitFor();
    expect(await page.getByTestId("landing-start").getAttribute("href")).toBe("/upscale");
    await page.getByTestId("nav-login").waitFor();

    // KR|EN switch keeps the path and the query.
    await page.goto("/pricing?tab=packs");
    // A prerendered page: its buttons answer once React has hydrated it.
    await waitForHydration(page);
    await page.getByTestId("lang-en").click();
    await page.waitForURL((url) => url.pathname === "/en/pricing" && url.search === "?tab=packs");
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe("en");
    await page.getByTestId("lang-ko").click();
    await page.waitForURL((url) => url.pathname === "/pricing" && url.search === "?tab=packs");
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe("ko");

    // Sign up with e-mail.
    const email = uniqueEmail("visitor");
    await page.goto("/signup");
    await page.getByTestId("signup-name").fill("김결");
    await page.getByTestId("signup-email").fill(email);
    await page.getByTestId("signup-password").fill("correct horse battery");
    await page.getByTestId("signup-age").check();
    await page.getByTestId("signup-submit").click();
    await page.getByTestId("header-credits").waitFor();
    await page.getByTestId("nav-mypage").waitFor();

    // The operator grants credits; the header shows them after a reload (session kept).
    await admin("credits:grant", "--email", email, "--amount", "1234", "--reason", "e2e");
    await page.reload();
    await expect.poll(() => visibleText(page, "header-credits")).toMatch(/1,234/);
    expect(await page.getByTestId("nav-login").count()).toBe(0);

    // A second tab shares the session; logging out in the first signs the second out too.
    const second = await context.newPage();
    await second.goto("/notice");
    await second.getByTestId("header-credits").waitFor();
    await page.getByTestId("nav-logout").click();
    await page.getByTestId("nav-login").waitFor();
    await second.getByTestId("nav-login").waitFor({ timeout: 10_000 });
    expect(await second.getByTestId("header-credits").count()).toBe(0);

    // The server really ended the session: the check answers anonymous.
    const check = await page.evaluate(async () => (await fetch("/api/auth/check")).status);
    expect([200, 401]).toContain(check);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("sees a clear error for a wrong password and for a taken e-mail", async () => {
    const email = uniqueEmail("taken");
    await admin("user:create", "--email", email, "--password", "right-password-1", "--name", "Taken");
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    await page.goto("/en/login");
    await page.getByTestId("login-email").fill(email);
    await page.getByTestId("login-password").fill("wrong-password");
    await page.getByTestId("login-submit").click();
    await page
      .getByText(/incorrect/i)
      .first()
      .waitFor();
    expect(await page.getByTestId("session-expired-modal").count()).toBe(0);

    await page.goto("/en/signup");
    await page.getByTestId("signup-name").fill("Someone");
    await page.getByTestId("signup-email").fill(email);
    await page.getByTestId("signup-password").fill("another-password");
    await page.getByTestId("signup-age").check();
    await page.getByTestId("signup-submit").click();
    await page
      .getByText(/already registered/i)
      .first()
      .waitFor();
    await context.close();
  });

  it("opens the session-expired modal when the server ends the session", async () => {
    const email = uniqueEmail("expired");
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    await page.goto("/signup");
    await page.getByTestId("signup-name").fill("Expired");
    await page.getByTestId("signup-email").fill(email);
    await page.getByTestId("signup-password").fill("password-123");
    await page.getByTestId("signup-age").check();
    await page.getByTestId("signup-submit").click();
    await page.getByTestId("header-credits").waitFor();
    // Another device logs this session out on the server; the cookie stays in this browser.
    const cookies = await context.cookies();
    await page.evaluate(async () => {
      await fetch("/api/auth/logout", { method: "POST", credentials: "include" });
    });
    await context.addCookies(cookies);
    await page.reload();
    await page.getByTestId("session-expired-modal").waitFor();
    await page.getByTestId("session-expired-login").click();
    await page.waitForURL((url) => url.pathname === "/login");
    await context.close();
  });
});

describe("on a phone", () => {
  it("opens the hamburger menu and the AI tool dropdown with its backdrop", async () => {
    const context = await newContext(browser, PHONE, { hasTouch: true });
    const page = await context.newPage();
    await page.goto("/");
    await waitForHydration(page);
    await page.getByTestId("hamburger").click();
    await page.getByTestId("mobile-menu").waitFor();
    await shoot(page, "ko-390-menu");
    // Navigating closes the menu.
    await page.getByTestId("mobile-menu").getByRole("link", { name: /공지/ }).first().click();
    await page.waitForURL((url) => url.pathname === "/notice");
    await page.getByTestId("mobile-menu").waitFor({ state: "hidden" });

    await page.getByTestId("ai-suite-trigger").first().tap();
    await page.getByTestId("ai-suite-menu").waitFor();
    await page.getByTestId("ai-suite-backdrop").waitFor();
    const count = Number(await visibleText(page, "ai-suite-count"));
    expect(count).toBeGreaterThanOrEqual(3);
    await shoot(page, "ko-390-ai-suite");
    await page.getByTestId("ai-suite-backdrop").tap({ position: { x: 10, y: 700 } });
    await page.getByTestId("ai-suite-menu").waitFor({ state: "hidden" });

    // English mobile switch.
    await page.getByTestId("hamburger").click();
    await page.getByTestId("mobile-lang-en").click();
    await page.waitForURL((url) => url.pathname === "/en/notice");
    await context.close();
  });
});

describe("the community button on a phone", () => {
  it("steps aside while the page scrolls down and comes back on the way up", async () => {
    const context = await newContext(browser, PHONE, { hasTouch: true });
    const page = await context.newPage();
    // A long page whose right edge has no control where the button sits (it also steps aside from those).
    await page.goto("/privacy/kr");
    const button = page.getByTestId("community-button");
    await button.waitFor({ state: "visible" });
    await waitForHydration(page);
    const isHidden = () => button.evaluate((el) => el.hasAttribute("data-hidden"));
    await page.mouse.wheel(0, 900);
    await expect.poll(isHidden).toBe(true);
    await expect.poll(() => button.evaluate((el) => getComputedStyle(el).opacity)).toBe("0");
    await page.mouse.wheel(0, -300);
    await expect.poll(isHidden).toBe(false);
    await button.waitFor({ state: "visible" });
    await context.close();
  });
});

describe("screenshots", () => {
  for (const viewport of [DESKTOP, PHONE]) {
    for (const prefix of ["", "/en"]) {
      it(`landing, login and signup at ${viewport.width}px ${prefix || "/ko"}`, async () => {
        const context = await newContext(browser, viewport);
        const page = await context.newPage();
        const lang = prefix ? "en" : "ko";
        for (const [name, path] of [
          ["landing", "/"],
          ["login", "/login"],
          ["signup", "/signup"],
          ["coming-soon", "/upscale"],
          ["not-found", "/no-such-page"],
        ] as const) {
          const response = await page.goto(`${prefix}${path === "/" && prefix ? "" : path}`);
          if (name === "not-found") expect(response?.status()).toBe(404);
          else expect(response?.status()).toBe(200);
          await page.waitForLoadState("networkidle");
          await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(lang);
          await shoot(page, `${lang}-${viewport.width}-${name}`);
        }
        await context.close();
      });
    }
  }
});
