import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { auditPage } from "./support/axe.ts";
import { admin, DESKTOP, launchBrowser, PHONE, uniqueEmail } from "./support/browser.ts";

/**
 * The dark theme (issue 17: "colour contrast meets WCAG 2.2 AA in both themes"): axe finds no
 * serious or critical violation, contrast included, on a representative set of pages in dark, signed
 * out and signed in, Korean and English, at 1280 and 390 px, nor with the AI menu, the mobile menu
 * or a dialog open. The System/Light/Dark switch is remembered across a reload with the first
 * byte of the page already carrying it (no flash), and "system" follows the OS.
 */

const PASSWORD = "correct horse battery";
const FIXTURES = join(inject("repoRoot"), "packages/engine/fixtures");
/** The dark canvas and the light one (styles.css), as getComputedStyle reports them. */
const DARK_CANVAS = "rgb(26, 21, 23)";
const LIGHT_CANVAS = "rgb(250, 247, 244)";

let browser: Browser;
let userState: Awaited<ReturnType<BrowserContext["storageState"]>>;

beforeAll(async () => {
  browser = await launchBrowser();
  const email = uniqueEmail("dark");
  await admin("user:create", "--email", email, "--password", PASSWORD, "--name", "다크");
  await admin("credits:grant", "--email", email, "--amount", "500", "--reason", "e2e");
  const context = await browser.newContext({ baseURL: inject("baseUrl") });
  const response = await context.request.post("/api/auth/login", {
    headers: { Origin: inject("baseUrl") },
    data: { email, password: PASSWORD },
  });
  expect(response.status()).toBe(200);
  userState = await context.storageState();
  await context.close();
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

async function darkContext(viewport = DESKTOP, signedIn = false): Promise<BrowserContext> {
  return browser.newContext({
    viewport,
    baseURL: inject("baseUrl"),
    locale: "ko-KR",
    timezoneId: "Asia/Seoul",
    colorScheme: "dark",
    ...(signedIn ? { storageState: userState } : {}),
  });
}

/** Waits for the network, the fonts and every finite animation (a menu's fade) to end. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle");
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== "running" || animation.effect?.getComputedTiming().iterations === Infinity,
      ),
  );
}

function canvasColour(page: Page): Promise<string> {
  return page.evaluate(() => getComputedStyle(document.body).backgroundColor);
}

/** Opens `path`, checks the page really is dark, and returns axe's serious and critical findings. */
async function auditDark(page: Page, path: string, ready: string): Promise<string[]> {
  await page.goto(path);
  await page.getByTestId(ready).first().waitFor({ timeout: 30_000 });
  await settle(page);
  expect(await canvasColour(page), path).toBe(DARK_CANVAS);
  return (await auditPage(page)).map((line) => `${path}: ${line}`);
}

const SIGNED_OUT: [path: string, ready: string][] = [
  ["/", "landing-start"],
  ["/pricing", "footer"],
  ["/login", "footer"],
  ["/notice", "footer"],
  ["/signup", "footer"],
  ["/terms/kr", "footer"],
];
const SIGNED_IN: [path: string, ready: string][] = [
  ["/mypage", "mypage-appearance"],
  ["/upscale", "footer"],
  ["/image-edit", "footer"],
  ["/chat", "footer"],
  ["/face-edit", "footer"],
  ["/image-generation", "footer"],
];

describe("the dark theme", () => {
  for (const [label, viewport] of [
    ["1280", DESKTOP],
    ["390", PHONE],
  ] as const) {
    it(`has no serious or critical axe finding on the public pages in dark, ko and en, at ${label} px`, async () => {
      const context = await darkContext(viewport);
      const page = await context.newPage();
      const found: string[] = [];
      for (const [path, ready] of SIGNED_OUT) {
        found.push(...(await auditDark(page, path, ready)));
        found.push(...(await auditDark(page, `/en${path === "/" ? "" : path}`, ready)));
      }
      // Open states: the AI menu on a wide screen, the mobile menu on a phone.
      if (viewport === DESKTOP) {
        await page.getByTestId("ai-suite-trigger").click();
        await page.getByTestId("ai-suite-item-upscale").waitFor();
        await settle(page);
        found.push(...(await auditPage(page)).map((line) => `AI menu: ${line}`));
      } else {
        await page.getByTestId("hamburger").click();
        await page.getByTestId("mobile-menu").waitFor();
        await settle(page);
        found.push(...(await auditPage(page)).map((line) => `mobile menu: ${line}`));
      }
      expect(found).toEqual([]);
      await context.close();
    }, 300_000);

    it(`has no serious or critical axe finding signed in, in dark, ko and en, at ${label} px, a dialog open included`, async () => {
      const context = await darkContext(viewport, true);
      const page = await context.newPage();
      const found: string[] = [];
      for (const [path, ready] of SIGNED_IN) {
        found.push(...(await auditDark(page, path, ready)));
        found.push(...(await auditDark(page, `/en${path}`, ready)));
      }
      await page.goto("/en/mypage");
      await page.getByTestId("delete-account-open").click();
      await page.getByTestId("delete-account-dialog").waitFor();
      await settle(page);
      found.push(...(await auditPage(page)).map((line) => `delete dialog: ${line}`));
      expect(found).toEqual([]);
      await context.close();
    }, 300_000);
  }

  it("has no serious or critical axe finding in dark on a tool with a picture, the mask editor and a toast", async () => {
    const context = await darkContext(DESKTOP, true);
    const page = await context.newPage();
    const found: string[] = [];
    const audit = async (label: string) => {
      await settle(page);
      found.push(...(await auditPage(page)).map((line) => `${label}: ${line}`));
    };

    await page.goto("/image-edit");
    await page.getByTestId("image-edit-page").waitFor({ timeout: 30_000 });
    const picture = await sharp(join(FIXTURES, "grace-hopper.jpg"))
      .resize(1024, 1200, { fit: "cover" })
      .jpeg({ quality: 85 })
      .toBuffer();
    await page
      .getByTestId("image-edit-file-input")
      .setInputFiles({ name: "grace-hopper-1024.jpg", mimeType: "image/jpeg", buffer: picture });
    await expect
      .poll(() => page.locator('[data-testid^="image-edit-tile-"][data-status="ready"]').count(), {
        timeout: 30_000,
      })
      .toBe(1);
    await audit("image edit with a picture");

    await page.goto("/en/face-edit");
    await page.getByTestId("face-edit-page").waitFor({ timeout: 30_000 });
    await page.getByTestId("face-edit-file-input").setInputFiles(join(FIXTURES, "astronaut.jpg"));
    await page.getByTestId("face-edit-preview").waitFor({ timeout: 30_000 });
    await audit("face edit with a picture");
    await page.getByTestId("face-edit-mask").click();
    await page.getByTestId("mask-editor-content").waitFor({ timeout: 30_000 });
    await audit("mask editor");
    await page.keyboard.press("Escape");
    await page.getByTestId("mask-editor").waitFor({ state: "detached", timeout: 30_000 });

    await page.goto("/chat");
    await page.getByTestId("chat-page").waitFor({ timeout: 30_000 });
    await page.getByTestId("chat-input").press("Enter");
    await page.locator('[role="status"]').first().waitFor();
    await audit("chat toast");
    expect(found).toEqual([]);
    await context.close();
  }, 300_000);

  it("remembers Dark across a reload with the first byte of the page already dark, and System follows the OS", async () => {
    const context = await browser.newContext({
      viewport: DESKTOP,
      baseURL: inject("baseUrl"),
      locale: "ko-KR",
      colorScheme: "light",
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto("/");
    await page.getByTestId("footer-theme-system").waitFor({ state: "attached" });
    await settle(page);
    expect(await canvasColour(page)).toBe(LIGHT_CANVAS);

    // By keyboard: the radio group moves with the arrow keys (System → Light → Dark). The focus is
    // the page's first sign of use, so the app is still starting: both moves are held and made
    // once it is ready, in order (prerendered-boot.js), ending on Dark.
    await page.getByTestId("footer-theme-system").focus();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect
      .poll(() => page.evaluate(() => document.documentElement.dataset.theme), { timeout: 30_000 })
      .toBe("dark");
    expect(await page.getByTestId("footer-theme-dark").isChecked()).toBe(true);
    expect(await canvasColour(page)).toBe(DARK_CANVAS);

    // Reload: the HTML the server sends already says dark, before any script runs, and the
    // prerendered page hydrates without a mismatch while its switch shows the choice.
    const reloaded = await page.reload();
    const darkHtml = (await reloaded?.text()) ?? "";
    expect(darkHtml).toMatch(/<html[^>]* data-theme="dark"/);
    // The browser bar is dark too, whatever the OS says.
    expect(darkHtml).toContain('<meta name="theme-color" content="#1a1517"');
    await page.getByTestId("landing-start").waitFor();
    await settle(page);
    expect(await canvasColour(page)).toBe(DARK_CANVAS);
    await expect.poll(() => page.getByTestId("footer-theme-dark").isChecked()).toBe(true);
    const colorScheme = await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme);
    expect(colorScheme).toBe("dark");

    // Light wins over a dark OS.
    await page.emulateMedia({ colorScheme: "dark" });
    await page.getByTestId("footer-theme-light").focus();
    await page.keyboard.press("Space");
    await expect.poll(() => canvasColour(page)).toBe(LIGHT_CANVAS);
    expect(await (await page.reload())?.text()).toMatch(/<html[^>]* data-theme="light"/);
    await settle(page);
    expect(await canvasColour(page)).toBe(LIGHT_CANVAS);

    // System: no attribute, no cookie; the page follows the OS as it changes.
    await page.getByTestId("footer-theme-system").focus();
    await page.keyboard.press("Space");
    await expect
      .poll(() => page.evaluate(() => document.documentElement.hasAttribute("data-theme")))
      .toBe(false);
    expect((await context.cookies()).some((cookie) => cookie.name === "gyeol_theme")).toBe(false);
    await expect.poll(() => canvasColour(page)).toBe(DARK_CANVAS);
    await page.emulateMedia({ colorScheme: "light" });
    await expect.poll(() => canvasColour(page)).toBe(LIGHT_CANVAS);
    expect(await (await page.reload())?.text()).not.toMatch(/<html[^>]* data-theme=/);
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);

  it("offers the same choice on My Page", async () => {
    const context = await browser.newContext({
      viewport: PHONE,
      baseURL: inject("baseUrl"),
      locale: "ko-KR",
      colorScheme: "light",
      storageState: userState,
    });
    const page = await context.newPage();
    await page.goto("/mypage");
    await page.getByTestId("mypage-appearance").waitFor();
    await page.getByTestId("mypage-theme-dark").focus();
    await page.keyboard.press("Space");
    await expect.poll(() => canvasColour(page)).toBe(DARK_CANVAS);
    expect(await page.getByTestId("footer-theme-dark").isChecked()).toBe(true);
    await page.goto("/en/pricing");
    await page.getByTestId("footer").waitFor();
    expect(await canvasColour(page)).toBe(DARK_CANVAS);
    await context.close();
  }, 120_000);
});
