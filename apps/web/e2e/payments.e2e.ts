import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { admin, DESKTOP, launchBrowser, newContext, PHONE, shoot, uniqueEmail } from "./support/browser.ts";

/**
 * The money flow in a real browser through the built-in sandbox checkout (spec 01 §2, §4;
 * spec 02 §2.5, §4.5): a pack, a subscription, an upgrade, a downgrade, cancel and resume.
 */

const SUCCESS_CARD = "4242 4242 4242 4242";
const DECLINE_CARD = "4000 0000 0000 0002";
const PASSWORD = "correct horse battery";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function text(page: Page, testId: string): Promise<string> {
  const el = page.getByTestId(testId);
  await el.waitFor({ state: "visible" });
  return (await el.textContent()) ?? "";
}

/** Fills the sandbox page's form (apps/server/src/drivers/payments/sandbox/sandbox-checkout.page.ts). */
async function payOnSandbox(page: Page, card: string) {
  await page.waitForURL((url) => url.pathname.startsWith("/sandbox/checkout/"));
  await page.locator("#card_number").fill(card);
  await page.locator("#expiry").fill("12/34");
  await page.locator("#cvc").fill("123");
  await page.locator("#name").fill("Kim Gyeol");
  await page.locator("form button[type=submit]").click();
}

async function signUp(page: Page, email: string) {
  await page.goto("/signup");
  await page.getByTestId("signup-name").fill("김결");
  await page.getByTestId("signup-email").fill(email);
  await page.getByTestId("signup-password").fill(PASSWORD);
  // The terms' age confirmation (spec 01 §5), where the form asks for it.
  const ageBox = page.getByTestId("signup-form").locator("input[type=checkbox]");
  if ((await ageBox.count()) > 0) await ageBox.first().check();
  await page.getByTestId("signup-submit").click();
  await page.getByTestId("header-credits").waitFor();
}

async function enabledButton(page: Page, testId: string) {
  const button = page.getByTestId(testId);
  await button.waitFor({ state: "visible" });
  await expect.poll(() => button.isEnabled()).toBe(true);
  return button;
}

describe("a free user's money journey through the sandbox checkout", () => {
  it("buys a pack, subscribes, upgrades, downgrades, cancels and resumes", async () => {
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (err) => errors.push(err.message));
    const email = uniqueEmail("payer");
    await signUp(page, email);

    // A free user buys the Starter pack and sees its credits on the success page.
    await page.goto("/pricing?tab=packs");
    await page.getByTestId("pricing-packs").waitFor();
    expect(await text(page, "pricing-summary-plan")).toBe("Free");
    await (await enabledButton(page, "pack-button-package1")).click();
    await payOnSandbox(page, SUCCESS_CARD);
    await page.waitForURL((url) => url.pathname === "/payment-success");
    await expect.poll(() => text(page, "payment-credits")).toMatch(/^1,500/);
    expect(await text(page, "payment-email")).toBe(email);
    await expect.poll(() => text(page, "header-credits")).toMatch(/1,500/);

    // A declined card lands on the failed page with its causes.
    await page.goto("/pricing?tab=packs");
    await (await enabledButton(page, "pack-button-package2")).click();
    await payOnSandbox(page, DECLINE_CARD);
    await page.waitForURL((url) => url.pathname === "/payment-failed");
    await page.getByTestId("payment-failed-causes").waitFor();
    expect(await text(page, "payment-credits")).toMatch(/^1,500/);

    // Subscribe to basic: a new checkout.
    await page.goto("/pricing");
    const basic = await enabledButton(page, "plan-button-basic");
    expect(await basic.textContent()).toBe("시작하기");
    await basic.click();
    await payOnSandbox(page, SUCCESS_CARD);
    await page.waitForURL((url) => url.pathname === "/payment-success");
    await expect.poll(() => text(page, "payment-plan")).toBe("Basic");
    await expect.poll(() => text(page, "payment-credits")).toMatch(/^6,000/);

    // Upgrade to deluxe on the English page: applies now, then My Page after 2 s.
    await page.goto("/en/pricing");
    expect(await text(page, "plan-button-basic")).toBe("Active");
    const upgrade = await enabledButton(page, "plan-button-deluxe");
    expect(await upgrade.textContent()).toBe("Upgrade");
    await upgrade.click();
    const dialog = page.getByTestId("plan-change-dialog");
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain("9,500 credits every month");
    expect(await text(page, "plan-change-timing")).toContain("takes effect right away");
    expect(await text(page, "plan-change-warning")).toContain("cannot be undone");
    await page.getByTestId("plan-change-dialog-confirm").click();
    await page.waitForURL((url) => url.pathname === "/en/mypage", { timeout: 10_000 });
    await page.waitForURL((url) => url.pathname === "/en/mypage" && !url.search.includes("refresh"));
    await expect.poll(() => text(page, "mypage-plan")).toBe("Deluxe");
    expect(await text(page, "mypage-subscription-status")).toBe("Active");

    // Downgrade to basic: scheduled for the next cycle, deluxe stays active.
    await page.goto("/pricing");
    const downgrade = await enabledButton(page, "plan-button-basic");
    expect(await downgrade.textContent()).toBe("다운그레이드");
    await downgrade.click();
    expect(await text(page, "plan-change-timing")).toContain("다음 결제 주기부터");
    await page.getByTestId("plan-change-dialog-confirm").click();
    await page.getByTestId("plan-change-dialog").waitFor({ state: "hidden" });
    await expect.poll(() => text(page, "plan-button-deluxe")).toBe("이용 중");
    // The waiting downgrade is said on the page, its plan's button cannot be pressed again, and a
    // mis-click can be undone in one click.
    await expect.poll(() => text(page, "scheduled-downgrade")).toContain("Deluxe에서 Basic");
    expect(await text(page, "plan-button-basic")).toBe("다음 결제일부터 적용");
    expect(await page.getByTestId("plan-button-basic").isDisabled()).toBe(true);
    await shoot(page, "ko-1280-pricing-downgrade-scheduled");
    await page.goto("/mypage");
    await expect.poll(() => text(page, "mypage-next-plan")).toContain("Basic");
    expect(await text(page, "mypage-next-plan")).toContain("예약됨");
    expect(await text(page, "mypage-plan")).toBe("Deluxe");
    await expect.poll(() => page.getByTestId("credit-line").count()).toBeGreaterThanOrEqual(3);
    await page.goto("/en/mypage");
    await expect.poll(() => text(page, "scheduled-downgrade")).toContain("from Deluxe to Basic");
    await shoot(page, "en-1280-mypage-downgrade-scheduled");
    await page.getByTestId("scheduled-downgrade-keep").click();
    await page.getByTestId("scheduled-downgrade").waitFor({ state: "detached" });
    expect(await page.getByTestId("mypage-next-plan").count()).toBe(0);
    expect(await text(page, "mypage-plan")).toBe("Deluxe");
    await page.goto("/mypage");
    await page.getByTestId("mypage-subscription-status").waitFor();

    // Cancel: scheduled to cancel; the plan buttons lock with the tooltip.
    await (await enabledButton(page, "mypage-cancel")).click();
    await page.getByTestId("cancel-dialog-confirm").click();
    await expect.poll(() => text(page, "mypage-subscription-status")).toBe("해지 예정");
    await page.getByTestId("mypage-resume").waitFor();
    expect(await page.getByTestId("mypage-cancel").count()).toBe(0);
    await page.goto("/pricing");
    for (const plan of ["basic", "deluxe", "premium"]) {
      await expect.poll(() => text(page, `plan-button-${plan}`)).toBe("구독 해지됨");
      expect(await page.getByTestId(`plan-button-${plan}`).isDisabled()).toBe(true);
    }
    await page.getByTestId("plan-tooltip-premium-trigger").hover();
    expect(await text(page, "plan-tooltip-premium")).toContain("해지를 먼저 취소");

    // Resume: active again, and the buttons come back.
    await page.goto("/mypage");
    await (await enabledButton(page, "mypage-resume")).click();
    await page.getByTestId("resume-dialog-confirm").click();
    await expect.poll(() => text(page, "mypage-subscription-status")).toBe("이용 중");
    await page.getByTestId("mypage-cancel").waitFor();
    await page.goto("/pricing");
    await expect.poll(() => text(page, "plan-button-deluxe")).toBe("이용 중");
    await expect.poll(() => text(page, "plan-button-premium")).toBe("업그레이드");

    expect(errors).toEqual([]);
    await context.close();
  });

  it("sends a visitor's plan choice to /login and a pack purchase home", async () => {
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    await page.goto("/pricing/en");
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe("en");
    await (await enabledButton(page, "plan-button-premium")).click();
    await page.waitForURL((url) => url.pathname === "/en/login");
    await page.goto("/pricing?tab=packs");
    await (await enabledButton(page, "pack-button-package3")).click();
    await page.waitForURL((url) => url.pathname === "/");
    await page.goto("/payment/basic?payment=cancelled");
    await page.waitForURL((url) => url.pathname === "/pricing");
    await context.close();
  });
});

/* ---------------- screenshots of every screen, both languages, desktop and phone ---------------- */

/** Signs up through the API (the journey above covers the form); the session cookie follows. */
async function apiSignUp(page: Page, email: string) {
  await page.goto("/notice");
  const status = await page.evaluate(
    async ([address, password]) => {
      const response = await fetch("/api/auth/register", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name: "Shots", email: address, password, ageConfirmed: true }),
      });
      return response.status;
    },
    [email, PASSWORD],
  );
  expect(status).toBeLessThan(300);
}

/** Subscribes through the sandbox without the UI (the journey above covers the UI). */
async function apiSubscribe(page: Page, plan: string) {
  await page.evaluate(
    async ([wanted, card]) => {
      const response = await fetch("/api/payment/checkout", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ plan: wanted }),
      });
      const { checkout_url: url } = (await response.json()) as { checkout_url: string };
      // The form's anti-CSRF token comes with the page (and its cookie with the page's answer).
      const page = await (await fetch(url)).text();
      const token = /name="csrf_token" value="([^"]+)"/.exec(page)?.[1] ?? "";
      const paid = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          card_number: card ?? "",
          expiry: "12/34",
          cvc: "123",
          lang: "ko",
          csrf_token: token,
        }),
      });
      if (!paid.ok) throw new Error(`sandbox payment refused: ${paid.status}`);
    },
    [plan, SUCCESS_CARD],
  );
}

/** What the window shows (a modal or a tooltip sits in the viewport, not on the full page). */
async function shootView(page: Page, name: string) {
  await page.screenshot({ path: join(inject("repoRoot"), "screenshots", `${name}.png`) });
}

async function settle(page: Page, lang: string) {
  await page.waitForLoadState("networkidle");
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(lang);
  await page.waitForTimeout(300);
}

describe("screenshots", () => {
  for (const viewport of [DESKTOP, PHONE]) {
    for (const prefix of ["", "/en"]) {
      const lang = prefix ? "en" : "ko";
      it(`pricing, payment results and My Page at ${viewport.width}px ${lang}`, async () => {
        const email = uniqueEmail(`shots-${lang}`);
        const context: BrowserContext = await newContext(browser, viewport);
        const page = await context.newPage();
        const name = (screen: string) => `${lang}-${viewport.width}-${screen}`;

        await page.goto(`${prefix}/pricing`);
        await settle(page, lang);
        await shoot(page, name("pricing-visitor"));

        await apiSignUp(page, email);
        await admin("credits:grant", "--email", email, "--amount", "1200", "--reason", "e2e");
        await page.goto(`${prefix}/pricing`);
        await page.getByTestId("pricing-summary").waitFor();
        await settle(page, lang);
        await shoot(page, name("pricing-monthly-free"));
        await shootView(page, name("pricing-top-view"));
        await page.goto(`${prefix}/pricing?tab=packs`);
        await page.getByTestId("pricing-packs").waitFor();
        await settle(page, lang);
        await shoot(page, name("pricing-packs"));
        await page.getByTestId("pack-button-package1").scrollIntoViewIfNeeded();
        await shootView(page, name("pricing-packs-view"));

        await page.goto(`${prefix}/mypage`);
        await page.getByTestId("credit-line").first().waitFor();
        await settle(page, lang);
        await shoot(page, name("mypage-free"));

        await page.goto(`${prefix}/payment-failed`);
        await page.getByTestId("payment-failed").waitFor();
        await settle(page, lang);
        await shoot(page, name("payment-failed"));

        await apiSubscribe(page, "basic");
        await page.goto(`${prefix}/payment-success`);
        await expect.poll(() => text(page, "payment-plan")).toBe("Basic");
        await page.waitForTimeout(300);
        await shoot(page, name("payment-success"));

        await page.goto(`${prefix}/mypage?payment=success`);
        await page.getByTestId("mypage-cancel").waitFor();
        await settle(page, lang);
        await shoot(page, name("mypage-subscribed"));

        await page.goto(`${prefix}/pricing`);
        await (await enabledButton(page, "plan-button-premium")).click();
        await page.getByTestId("plan-change-dialog").waitFor();
        await page.waitForTimeout(400);
        await shootView(page, name("plan-change-modal"));
        await page.getByTestId("plan-change-dialog-cancel").click();

        await page.goto(`${prefix}/mypage`);
        await (await enabledButton(page, "mypage-cancel")).click();
        await page.getByTestId("cancel-dialog").waitFor();
        await page.waitForTimeout(300);
        await shootView(page, name("mypage-cancel-dialog"));
        await page.getByTestId("cancel-dialog-confirm").click();
        await page.getByTestId("mypage-resume").waitFor();
        await settle(page, lang);
        await shoot(page, name("mypage-cancel-scheduled"));

        await page.goto(`${prefix}/pricing`);
        await page.getByTestId("plan-tooltip-premium-trigger").waitFor();
        await page.getByTestId("plan-tooltip-premium-trigger").hover();
        await page.getByTestId("plan-tooltip-premium").waitFor();
        await page.waitForTimeout(300);
        await shootView(page, name("pricing-cancelled-tooltip"));
        await shoot(page, name("pricing-cancelled"));
        await context.close();
      });
    }
  }
});
