import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { auditPage } from "./support/axe.ts";
import { admin, DESKTOP, launchBrowser, newContext, PHONE, shoot, uniqueEmail } from "./support/browser.ts";

/**
 * Issue 17, Accessibility, signed out: axe-core on every page a visitor can open (the route table's
 * public routes, the sign-in guard's redirect, a notice, the 404) in Korean and English at 1280 and
 * 390 px, and on the shell's open states (AI tools menu, mobile menu, language switch, toast,
 * session-expired dialog). Zero serious or critical violations everywhere; on the four pages
 * Lighthouse scores (/, /en, /pricing, /en/pricing) zero of any impact. Keyboard checks: Tab reaches
 * the header's controls with a visible focus ring, Escape closes a menu and focus returns to its button.
 * Signed-in pages and the tools' own states are accessibility-signed-in.e2e.ts.
 */

const LANGUAGES = [
  { name: "ko", locale: "ko-KR", prefix: "" },
  { name: "en", locale: "en-US", prefix: "/en" },
] as const;
const WIDTHS = [
  { name: "1280", viewport: DESKTOP },
  { name: "390", viewport: PHONE },
] as const;

/** The four pages bench:web runs Lighthouse on: its accessibility score counts every impact. */
const LIGHTHOUSE_PATHS = new Set(["/", "/en", "/pricing", "/en/pricing"]);

let browser: Browser;
let noticeId: number;

/** Every route of the route table a signed-out visitor can open (`:id` filled with a real notice). */
function signedOutPaths(prefix: string): string[] {
  const bare = [
    "/",
    "/pricing",
    "/pricing/kr",
    "/pricing/en",
    "/login",
    "/signup",
    "/signup/social",
    "/forgot-password",
    "/reset-password?token=not-a-real-token",
    "/chat",
    "/notice",
    `/notice/${noticeId}`,
    "/notice/999999",
    "/notice/write",
    "/terms/kr",
    "/terms/en",
    "/privacy/kr",
    "/privacy/en",
    "/refund/kr",
    "/refund/en",
    // Signed-in pages send a visitor to /login (with a toast for the tools).
    "/upscale",
    "/mypage",
    "/payment-success",
    "/no-such-page",
  ];
  const paths = bare.map((path) => (prefix && path === "/" ? prefix : `${prefix}${path}`));
  if (prefix === "/en") paths.push("/en/terms", "/en/privacy", "/en/refund");
  return paths;
}

/** The page is React's (hydrated or rendered), its chunk and data are in, and no entrance animation runs. */
async function settle(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const root = document.querySelector("#root > div");
      if (!root || !Object.keys(root).some((key) => key.startsWith("__react"))) return false;
      // The auth check has answered: the header's tagline and account area are in.
      if (!document.querySelector('[data-testid="brand-title"][data-state="ready"]')) return false;
      if (document.querySelector("main [role=status]")) return false;
      if (document.querySelector("main .animate-pulse, header .animate-pulse")) return false;
      return document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== "running" ||
            animation.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY,
        );
    },
    undefined,
    { timeout: 30_000, polling: 100 },
  );
}

interface FocusStop {
  name: string;
  hasRing: boolean;
  isShown: boolean;
}

/**
 * What has focus now: a readable name, whether it draws a focus indicator, and whether it is on
 * screen and not hidden under the sticky header (WCAG 2.2 2.4.11, focus not obscured).
 */
async function focusStop(page: Page): Promise<FocusStop> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return { name: "body", hasRing: false, isShown: false };
    const style = getComputedStyle(element);
    // The before/after slider's handle root is as large as the slider: its ring is on the round button.
    const ringed = element.querySelector<HTMLElement>(".__rcs-handle-button") ?? element;
    const ring = getComputedStyle(ringed);
    const hasOutline = ring.outlineStyle !== "none" && Number.parseFloat(ring.outlineWidth) > 0;
    const hasShadow = style.boxShadow !== "none" && element.matches(":focus-visible");
    const box = element.getBoundingClientRect();
    const header = document.querySelector("header");
    const isUnderHeader =
      !!header && !header.contains(element) && box.bottom <= header.getBoundingClientRect().bottom;
    const label =
      element.dataset.testid ??
      element.getAttribute("aria-label") ??
      (element.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
    return {
      name: `${element.tagName.toLowerCase()} "${label}"`,
      hasRing: hasOutline || hasShadow,
      isShown: box.width > 0 && box.height > 0 && style.visibility !== "hidden" && !isUnderHeader,
    };
  });
}

/** Tabs from the top of the page through `count` stops (or until focus wraps), returning each. */
async function tabThrough(page: Page, count: number): Promise<FocusStop[]> {
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  const stops: FocusStop[] = [];
  for (let index = 0; index < count; index++) {
    await page.keyboard.press("Tab");
    const stop = await focusStop(page);
    // Past the last control focus leaves the page (body) or wraps to the first one.
    if (stop.name === "body" || stop.name === stops[0]?.name) break;
    stops.push(stop);
  }
  return stops;
}

async function activeTestId(page: Page): Promise<string | null> {
  return page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.testid ?? null);
}

/** Waits until the entrance animations of whatever just opened have finished. */
async function settleAnimations(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== "running" ||
            animation.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY,
        ),
    undefined,
    { timeout: 15_000, polling: 100 },
  );
}

async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await settle(page);
}

beforeAll(async () => {
  browser = await launchBrowser();
  // A notice to read: written by an administrator through the API (as notices-legal.e2e.ts does).
  const context = await newContext(browser, DESKTOP);
  const email = uniqueEmail("a11y-admin");
  await admin(
    "user:create",
    "--email",
    email,
    "--password",
    "admin-password-123",
    "--name",
    "운영자",
    "--admin",
  );
  const login = await context.request.post("/api/auth/login", {
    headers: { Origin: inject("baseUrl") },
    data: { email, password: "admin-password-123" },
  });
  expect(login.status()).toBe(200);
  const page = await context.newPage();
  await page.goto("/notice");
  noticeId = await page.evaluate(async () => {
    const form = new FormData();
    form.append("title", "서비스 점검 안내 / Scheduled maintenance");
    form.append(
      "content",
      "<p>점검 동안 <strong>잠시</strong> 이용할 수 없습니다. The service pauses briefly.</p>",
    );
    form.append("pinned", "1");
    const response = await fetch("/api/notices", { method: "POST", body: form });
    const body = await response.json();
    if (!response.ok) throw new Error(JSON.stringify(body));
    return body.id as number;
  });
  await context.close();
});

afterAll(async () => {
  await browser?.close();
});

for (const language of LANGUAGES) {
  for (const width of WIDTHS) {
    describe(`signed out, ${language.name} at ${width.name} px`, () => {
      let context: BrowserContext;
      let page: Page;
      beforeAll(async () => {
        context = await newContext(browser, width.viewport, { locale: language.locale });
        page = await context.newPage();
      });
      afterAll(async () => {
        await context?.close();
      });

      it("has no serious or critical violations on any page, and none at all on Lighthouse's", async () => {
        const found: Record<string, string[]> = {};
        for (const path of signedOutPaths(language.prefix)) {
          await open(page, path);
          const minImpact = LIGHTHOUSE_PATHS.has(path) ? "minor" : "serious";
          const violations = await auditPage(page, { minImpact });
          if (["/", "/en", "/pricing", "/en/pricing", "/login", "/en/login"].includes(path)) {
            const name = path.replace(/^\/(en\/?)?/, "") || "landing";
            await shoot(page, `a11y-${language.name}-${width.name}-${name}`);
          }
          if (violations.length > 0)
            found[`${path} (${page.url().replace(inject("baseUrl"), "")})`] = violations;
        }
        expect(found).toEqual({});
      }, 300_000);

      it("reaches every control of the landing, pricing, login and signup pages by Tab, each with a visible focus ring", async () => {
        const missing: string[] = [];
        // Reduced motion makes the focus scroll instant (no smooth scroll to wait out before measuring).
        await page.emulateMedia({ reducedMotion: "reduce" });
        for (const bare of ["/", "/pricing", "/login", "/signup"]) {
          const path = language.prefix ? `${language.prefix}${bare === "/" ? "" : bare}` : bare;
          await open(page, path);
          const stops = await tabThrough(page, 120);
          expect(stops.length).toBeGreaterThan(5);
          // Back up the page with Shift+Tab: a control scrolled in at the top must clear the sticky header.
          const backStops: FocusStop[] = [];
          for (let index = 0; index < stops.length - 1; index++) {
            await page.keyboard.press("Shift+Tab");
            backStops.push(await focusStop(page));
          }
          for (const stop of [...stops, ...backStops]) {
            if (!stop.hasRing || !stop.isShown)
              missing.push(`${path}: ${stop.name} ring=${stop.hasRing} shown=${stop.isShown}`);
          }
          if (bare === "/") {
            const names = stops.map((stop) => stop.name).join(" | ");
            expect(names).toContain("ai-suite-trigger");
            if (width.viewport === DESKTOP) {
              for (const id of ["nav-home", "nav-notice", "nav-pricing", "lang-ko", "lang-en", "nav-login"]) {
                expect(names).toContain(id);
              }
            } else {
              expect(names).toContain("hamburger");
            }
          }
        }
        await page.emulateMedia({ reducedMotion: null });
        expect(missing).toEqual([]);
      }, 300_000);

      it("opens the AI tools menu by keyboard with no violations; Escape closes it and focus returns", async () => {
        await open(page, language.prefix || "/");
        await page.getByTestId("ai-suite-trigger").focus();
        await page.keyboard.press("Enter");
        await page.getByTestId("ai-suite-menu").waitFor();
        await settleAnimations(page);
        expect(await auditPage(page)).toEqual([]);
        if (width.viewport === PHONE) {
          // A modal sheet on phones: focus goes in and Tab stays inside it.
          await expect
            .poll(() =>
              page.evaluate(() => !!document.activeElement?.closest('[data-testid="ai-suite-menu"]')),
            )
            .toBe(true);
          for (let index = 0; index < 8; index++) {
            await page.keyboard.press("Tab");
            expect(
              await page.evaluate(() => !!document.activeElement?.closest('[data-testid="ai-suite-menu"]')),
            ).toBe(true);
          }
        } else {
          await page.keyboard.press("Tab");
          expect(
            await page.evaluate(() => !!document.activeElement?.closest('[data-testid="ai-suite-menu"]')),
          ).toBe(true);
          expect((await focusStop(page)).hasRing).toBe(true);
        }
        await page.keyboard.press("Escape");
        await page.getByTestId("ai-suite-menu").waitFor({ state: "detached" });
        expect(await activeTestId(page)).toBe("ai-suite-trigger");
      }, 120_000);

      if (width.viewport === PHONE) {
        it("opens the mobile menu with no violations; Tab goes into it, not behind it; Escape closes it and focus returns", async () => {
          await open(page, language.prefix || "/");
          await page.getByTestId("hamburger").focus();
          await page.keyboard.press("Enter");
          await page.getByTestId("mobile-menu").waitFor();
          await settleAnimations(page);
          expect(await auditPage(page)).toEqual([]);
          await page.keyboard.press("Tab");
          expect(await activeTestId(page)).toBe("mobile-nav-home");
          for (let index = 0; index < 8; index++) {
            await page.keyboard.press("Tab");
            const isBehind = await page.evaluate(
              () => !!document.activeElement?.closest("#main, footer, [data-testid='community-home']"),
            );
            expect(isBehind).toBe(false);
          }
          await page.keyboard.press("Escape");
          await page.getByTestId("mobile-menu").waitFor({ state: "detached" });
          expect(await activeTestId(page)).toBe("hamburger");
        }, 120_000);
      }

      it("switches language with no violations on the other language's page", async () => {
        const other = language.name === "ko" ? "en" : "ko";
        await open(page, `${language.prefix}/notice`);
        if (width.viewport === PHONE) {
          await page.getByTestId("hamburger").click();
          await page.getByTestId(`mobile-lang-${other}`).click();
        } else {
          await page.getByTestId(`lang-${other}`).click();
        }
        await page.waitForURL((url) => url.pathname === (other === "en" ? "/en/notice" : "/notice"));
        await settle(page);
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(other);
        expect(await auditPage(page)).toEqual([]);
        // Back to this context's language for the next test (the choice is stored).
        await open(page, `${language.prefix}/notice`);
        await page.getByTestId(width.viewport === PHONE ? "hamburger" : `lang-${language.name}`).click();
        if (width.viewport === PHONE) await page.getByTestId(`mobile-lang-${language.name}`).click();
        await page.waitForURL((url) => url.pathname === `${language.prefix}/notice`);
      }, 120_000);

      it("shows the sign-in toast of a tool page with no violations", async () => {
        await page.goto(`${language.prefix}/upscale`);
        const toast = page.locator('[role="status"][aria-live]').filter({ hasText: /./ }).first();
        await toast.waitFor();
        await toast.hover();
        await settle(page);
        expect(await auditPage(page)).toEqual([]);
      }, 120_000);

      it("shows the session-expired dialog with no violations, focus inside it", async () => {
        const other = await newContext(browser, width.viewport, { locale: language.locale });
        const response = await other.request.post("/api/auth/register", {
          headers: { Origin: inject("baseUrl") },
          data: {
            name: "Expired",
            email: uniqueEmail("a11y-expired"),
            password: "password-123",
            ageConfirmed: true,
          },
        });
        expect(response.status()).toBe(200);
        const tab = await other.newPage();
        await open(tab, `${language.prefix}/notice`);
        // Another device logs this session out on the server; the cookie stays in this browser.
        const cookies = await other.cookies();
        await tab.evaluate(async () => {
          await fetch("/api/auth/logout", { method: "POST", credentials: "include" });
        });
        await other.addCookies(cookies);
        await tab.reload();
        await tab.getByTestId("session-expired-modal").waitFor();
        await settleAnimations(tab);
        expect(await auditPage(tab)).toEqual([]);
        expect(await activeTestId(tab)).toBe("session-expired-login");
        await other.close();
      }, 120_000);
    });
  }
}
