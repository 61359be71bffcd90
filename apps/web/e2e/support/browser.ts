import { execFile } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { inject } from "vitest";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./chromium.ts";
import { fontconfigFor, type TFontSet } from "./fonts.ts";

/**
 * Debian's Chromium, with the flags this machine needs (chromium.ts). `fonts: "no-cjk"` hides every
 * CJK font from it, `fonts: "undotum"` every Korean face but UnDotum (support/fonts.ts).
 */
export async function launchBrowser(options: { fonts?: TFontSet } = {}): Promise<Browser> {
  const fonts = options.fonts ?? "system";
  return chromium.launch({
    ...(fonts === "system" ? {} : { env: { ...process.env, FONTCONFIG_FILE: fontconfigFor(fonts) } }),
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_FLAGS,
  });
}

export const DESKTOP = { width: 1280, height: 860 };
export const PHONE = { width: 390, height: 844 };

export async function newContext(
  browser: Browser,
  viewport = DESKTOP,
  options: { locale?: string; hasTouch?: boolean } = {},
): Promise<BrowserContext> {
  return browser.newContext({
    viewport,
    baseURL: inject("baseUrl"),
    locale: options.locale ?? "ko-KR",
    hasTouch: options.hasTouch ?? false,
    isMobile: options.hasTouch ?? false,
    timezoneId: "Asia/Seoul",
  });
}

const shotDir = join(inject("repoRoot"), "screenshots");

/** Full-page screenshot kept under ./screenshots (git-ignored) for people to look at. */
export async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(shotDir, { recursive: true });
  const restore = await renderBelowFold(page);
  await page.screenshot({ path: join(shotDir, `${name}.png`), fullPage: true });
  await restore();
}

/**
 * Parts of a long page marked `below-fold` (content-visibility: auto) are not rendered until they
 * near the viewport, which a full-page screenshot or an audit never scrolls to: this renders them
 * all, as a reader scrolling down sees them, and returns a function that puts them back.
 * (Set through each element's style, which the CSP allows; no <style> tag.)
 */
export async function renderBelowFold(page: Page): Promise<() => Promise<void>> {
  const count = await page.evaluate(() => {
    const parts = [...document.querySelectorAll<HTMLElement>("*")].filter(
      (element) => getComputedStyle(element).contentVisibility === "auto",
    );
    for (const part of parts) {
      part.style.contentVisibility = "visible";
      part.dataset.e2eBelowFold = "";
    }
    return parts.length;
  });
  return async () => {
    if (count === 0 || page.isClosed()) return;
    await page.evaluate(() => {
      for (const part of document.querySelectorAll<HTMLElement>("[data-e2e-below-fold]")) {
        part.style.contentVisibility = "";
        delete part.dataset.e2eBelowFold;
      }
    });
  };
}

const run = promisify(execFile);

/** The operator CLI against the journey's database (the same services the API uses). */
export async function admin(...args: string[]): Promise<string> {
  const { stdout } = await run(
    process.execPath,
    ["--import", "tsx", "apps/server/src/cli/admin.ts", ...args],
    { cwd: inject("repoRoot"), env: { ...process.env, DATA_DIR: inject("dataDir"), DATABASE_URL: "" } },
  );
  return stdout;
}

/**
 * Writes a notice as a new administrator, through the API from a page of the app (a journey that
 * needs the board to have rows; other journeys write and delete notices meanwhile, so it checks for
 * rows, not for this one).
 */
export async function writeNotice(browser: Browser, title: string, pinned = false): Promise<void> {
  const email = uniqueEmail("board-admin");
  const password = "board-password-123";
  await admin("user:create", "--email", email, "--password", password, "--name", "운영자", "--admin");
  const context = await browser.newContext({ baseURL: inject("baseUrl") });
  const page = await context.newPage();
  await page.goto("/login");
  await page.evaluate(
    async ({ email, password, title, pinned }) => {
      const signIn = await fetch("/api/auth/login", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email, password }),
      });
      if (!signIn.ok) throw new Error(`signing in: ${signIn.status}`);
      const form = new FormData();
      form.append("title", title);
      form.append("content", "<p>점검 시간 동안 보정과 결제가 잠시 멈춥니다.</p>");
      form.append("pinned", pinned ? "1" : "");
      const created = await fetch("/api/notices", { method: "POST", body: form });
      if (!created.ok) throw new Error(`writing the notice: ${created.status}`);
    },
    { email, password, title, pinned },
  );
  await context.close();
}

let counter = 0;
export function uniqueEmail(prefix = "user"): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`;
}

/**
 * A prerendered public page is on screen before its app runs (apps/web/scripts/prerendered-boot.js
 * starts it on the visitor's first sign of use, data-start="intent", or right after the first view
 * is shown): its controls answer once React has hydrated the page. Journeys that scroll or read
 * state on such a page right after loading it wait for this first; it gives the page that sign, as
 * a visitor would: the mouse moves onto its top corner, where nothing reacts to it.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.mouse.move(1, 1);
  await page.waitForFunction(isHydratedInPage, undefined, { timeout: 30_000 });
}

/** Whether React has hydrated the page (its root element carries React's own keys); runs in the page. */
function isHydratedInPage(): boolean {
  const element = document.querySelector("#root > div");
  return !!element && Object.keys(element).some((key) => key.startsWith("__react"));
}

/** Whether React has hydrated the page now, without waiting. */
export function isHydrated(page: Page): Promise<boolean> {
  return page.evaluate(isHydratedInPage);
}
