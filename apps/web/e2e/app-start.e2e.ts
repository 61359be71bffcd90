import { THEME_COOKIE } from "@gyeol/shared/theme";
import type { Browser, Page, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { APP_READY_EVENT } from "../src/lib/app-ready.ts";
import {
  isHydrated,
  launchBrowser,
  newContext,
  PHONE,
  waitForHydration,
  writeNotice,
} from "./support/browser.ts";

/**
 * When a prerendered page's app starts (issue 29 item 4, scripts/prerendered-boot.js): a page that
 * is whole as HTML starts it on the visitor's first sign of use or after a few idle seconds, and a
 * click or a form's submission made before it is ready is held and made once it is, never lost.
 */
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Whether the boot script has applied the stylesheet and font: the first view is shown and settled. */
const isSettled = () => !document.documentElement.hasAttribute("data-fonts");

/** The app's entry and chunks as requested by this page (not the boot script, not a prefetch). */
async function appScriptsRequested(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      performance
        .getEntriesByType("resource")
        .filter(
          (entry) =>
            /^\/assets\/(?!prerendered-boot-).*\.js$/.test(new URL(entry.name).pathname) &&
            (entry as PerformanceResourceTiming).initiatorType !== "link",
        ).length,
  );
}

describe("the landing's app starts on the visitor's first sign of use", () => {
  it("stays unstarted while the page is read, its scripts fetched ahead, and starts on a touch", async () => {
    const context = await newContext(browser, PHONE, { hasTouch: true });
    const page = await context.newPage();
    await page.goto("/");
    await page.waitForFunction(isSettled, undefined, { timeout: 20_000 });
    // The stylesheet and font have applied; the app has not started, its scripts are in the cache.
    expect(await isHydrated(page)).toBe(false);
    expect(await page.locator("link[rel=modulepreload]").count()).toBe(0);
    expect(await page.locator("link[rel=prefetch]").count()).toBeGreaterThan(3);
    expect(await page.evaluate(() => document.documentElement.dataset.app)).toBeUndefined();
    // A touch anywhere (the start of a scroll) starts it.
    await page.touchscreen.tap(200, 600);
    await page.waitForFunction(() => document.documentElement.dataset.app === "ready", undefined, {
      timeout: 30_000,
    });
    expect(await isHydrated(page)).toBe(true);
    expect(await appScriptsRequested(page)).toBeGreaterThan(3);
    await context.close();
  });

  it("opens the phone menu tapped before the app was ready, once it is (the tap is not lost)", async () => {
    const context = await newContext(browser, PHONE, { hasTouch: true });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto("/");
    await page.waitForFunction(isSettled, undefined, { timeout: 20_000 });
    expect(await isHydrated(page)).toBe(false);
    const menu = page.getByTestId("hamburger");
    await menu.tap();
    await expect.poll(() => menu.getAttribute("aria-expanded"), { timeout: 30_000 }).toBe("true");
    // Made once: a second replay, in the same frame and task after the first, would close it again.
    await page.evaluate(
      () =>
        new Promise((resolve) =>
          requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0))),
        ),
    );
    expect(await menu.getAttribute("aria-expanded")).toBe("true");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("starts by itself once the page has been idle, with no input at all", async () => {
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    await page.goto("/en");
    await page.waitForFunction(() => document.documentElement.dataset.app === "ready", undefined, {
      timeout: 30_000,
    });
    expect(await isHydrated(page)).toBe(true);
    await context.close();
  });

  it("sends the notice board filled in: its app waits for use, starts from the served list and hydrates the rows as they are", async () => {
    // A notice, so the board has rows (other journeys write and delete theirs meanwhile).
    await writeNotice(browser, "보드 <점검> & 안내");

    const context = await newContext(browser, PHONE, { hasTouch: true });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(message.text());
    });
    const listRequests: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/notices") listRequests.push(request.url());
    });
    await page.goto("/notice");
    await page.waitForFunction(isSettled, undefined, { timeout: 20_000 });
    expect(await page.locator("script[data-start]").getAttribute("data-start")).toBe("intent");
    expect(await isHydrated(page)).toBe(false);
    // The rows are in the HTML, as many as the list the app will start from, the new one among them.
    const served = await page.evaluate(() => {
      const block = document.getElementById("gyeol-notice-list");
      const rows = [...document.querySelectorAll<HTMLElement>('[data-testid="notice-row"]')];
      // Marked, to tell after hydration whether React kept these elements or rendered new ones.
      for (const row of rows) (row as HTMLElement & { servedRow?: true }).servedRow = true;
      return {
        items: (JSON.parse(block?.textContent ?? "{}") as { items?: { title: string }[] }).items ?? [],
        // The title's own text (the link also holds the row's number, shown on phones).
        rows: rows.map(
          (row) => row.querySelector('[data-testid="notice-title"]')?.lastElementChild?.textContent ?? "",
        ),
      };
    });
    expect(served.rows.length).toBeGreaterThan(0);
    expect(served.rows).toEqual(served.items.map((item) => item.title));
    // A touch on the heading (at a fixed point a full board would put a row's link, which works as HTML).
    await page.getByRole("heading", { level: 1 }).tap();
    await page.waitForFunction(() => document.documentElement.dataset.app === "ready", undefined, {
      timeout: 30_000,
    });
    await page.waitForFunction(
      () => {
        const row = document.querySelector('[data-testid="notice-row"]');
        return !!row && Object.keys(row).some((key) => key.startsWith("__react"));
      },
      undefined,
      { timeout: 30_000 },
    );
    // Hydrated over the served rows (a mismatch would have rendered new ones and said so).
    const kept = await page.evaluate(() =>
      [...document.querySelectorAll('[data-testid="notice-row"]')].map(
        (row) => (row as HTMLElement & { servedRow?: true }).servedRow === true,
      ),
    );
    expect(kept).toEqual(served.rows.map(() => true));
    expect(problems).toEqual([]);
    // The app started from the served list: nothing asked for it again.
    expect(listRequests).toEqual([]);
    // And it is the app's board: a row opens its notice in place.
    await page.getByTestId("notice-title").first().tap();
    await page.getByTestId("notice-body").waitFor({ timeout: 30_000 });
    await context.close();
  });

  it("starts a later page of the notice board right after the paint: its rows wait for the app's data", async () => {
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    await page.goto("/notice?page=2");
    expect(await page.locator("script[data-start]").getAttribute("data-start")).toBe("paint");
    // The list leaves its loading state with no input (the idle start would come seconds later).
    await page.waitForFunction(() => document.documentElement.dataset.app === "ready", undefined, {
      timeout: 30_000,
    });
    await page.locator('[data-testid="notice-empty"], [data-testid="notice-row"]').first().waitFor();
    await context.close();
  });

  it("starts right after the paint for a visitor who chose a theme: the footer's switch must show it", async () => {
    const context = await newContext(browser, PHONE);
    await context.addCookies([{ name: THEME_COOKIE, value: "dark", url: inject("baseUrl") }]);
    const page = await context.newPage();
    await page.goto("/");
    await page.waitForFunction(isSettled, undefined, { timeout: 20_000 });
    // Started with the assets, not fetched ahead for later.
    expect(await page.locator("link[rel=modulepreload]").count()).toBeGreaterThan(3);
    expect(await page.locator("link[rel=prefetch]").count()).toBe(0);
    await expect
      .poll(() => page.getByTestId("footer-theme-dark").isChecked(), { timeout: 30_000 })
      .toBe(true);
    await context.close();
  });

  it.each(["/", "/pricing", "/en/terms"])(
    "%s: the page's own chunk and strings come ahead with the entry, so the app's start fetches no script anew",
    async (path) => {
      const context = await newContext(browser, PHONE, { hasTouch: true });
      const page = await context.newPage();
      await page.goto(path);
      const named = await page.evaluate(() => {
        const boot = document.querySelector<HTMLScriptElement>("script[data-entry]");
        return {
          entry: boot?.dataset.entry ?? "",
          page: (boot?.dataset.page ?? "").split(" ").filter(Boolean),
        };
      });
      // The page's own chunk and its language's core strings are named (prerender.mjs, page-chunks.mjs).
      const chunk = { "/": "landing-page-", "/pricing": "pricing-page-", "/en/terms": "legal-page-" }[path];
      expect(named.page.some((file) => file.includes(`/${chunk}`))).toBe(true);
      expect(
        named.page.some((file) => file.includes(path.startsWith("/en") ? "/en-core-" : "/ko-core-")),
      ).toBe(true);
      const scripts = [named.entry, ...named.page];
      // Prefetched (by a link, not the app's own import) once the first view is shown, the app unstarted.
      const fetchedAhead = (files: string[]) =>
        page.evaluate(
          (wanted) =>
            wanted.every((file) =>
              performance
                .getEntriesByType("resource")
                .some(
                  (entry) =>
                    new URL(entry.name).pathname === file &&
                    (entry as PerformanceResourceTiming).initiatorType === "link",
                ),
            ),
          files,
        );
      await expect.poll(() => fetchedAhead(scripts), { timeout: 30_000 }).toBe(true);
      expect(await page.locator("link[rel=modulepreload]").count()).toBe(0);
      const tappedAt = await page.evaluate(() => performance.now());
      await page.touchscreen.tap(200, 600);
      await page.waitForFunction(() => document.documentElement.dataset.app === "ready", undefined, {
        timeout: 30_000,
      });
      // Every load of these since the tap came from the HTTP cache: no round trip before the first render.
      const sinceTap = await page.evaluate(
        ({ files, since }) =>
          performance
            .getEntriesByType("resource")
            .filter((entry) => entry.startTime >= since && files.includes(new URL(entry.name).pathname))
            .map((entry) => ({
              file: new URL(entry.name).pathname,
              transferSize: (entry as PerformanceResourceTiming).transferSize,
            })),
        { files: scripts, since: tappedAt },
      );
      expect(sinceTap.length).toBeGreaterThan(0);
      expect(sinceTap.filter((entry) => entry.transferSize > 0)).toEqual([]);
      await context.close();
    },
  );

  it("waits for a sign of use on every other prerendered page", async () => {
    for (const path of [
      "/",
      "/en",
      "/pricing",
      "/en/pricing",
      "/notice",
      "/en/notice",
      "/terms/kr",
      "/en/privacy",
      "/en/refund",
    ]) {
      const html = await (await fetch(`${inject("baseUrl")}${path}`)).text();
      expect(html, path).toMatch(/<script defer src="\/assets\/prerendered-boot-[^"]+" data-start="intent"/);
    }
  });
});

/**
 * The boot script alone, on a page of the test's own: an "app" that counts the clicks and
 * submissions its handlers see, and sends the ready event when the test lets its module load.
 */
describe("prerendered-boot.js holds what needs the app", () => {
  async function bootPage(context: Awaited<ReturnType<typeof newContext>>) {
    const landing = await (await fetch(`${inject("baseUrl")}/`)).text();
    const boot = /<script defer src="(\/assets\/prerendered-boot-[^"]+)"/.exec(landing)?.[1];
    expect(boot).toBeDefined();
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let appRequests = 0;
    const page = await context.newPage();
    await page.route("**/boot-test/page", (route: Route) =>
      route.fulfill({
        contentType: "text/html; charset=utf-8",
        body: `<!doctype html><html lang="en" data-fonts="after-paint"><body>
          <button type="button" id="menu">Menu</button>
          <label><input type="checkbox" id="box"> Box</label>
          <a id="link" href="#read-on">Read on</a>
          <form id="form"><input name="q" id="q"><button name="choice" value="go" id="go">Go</button></form>
          <p id="read-on">Text</p>
          <script defer src="${boot}" data-start="intent" data-entry="/boot-test/app.js" data-preload="" data-css=""></script>
        </body></html>`,
      }),
    );
    await page.route("**/boot-test/app.js", async (route: Route) => {
      // The prefetch after the paint only fetches; the module's import is the app's start. (Routing
      // turns the HTTP cache off, so the import comes here too.)
      const isStart = route.request().resourceType() === "script";
      if (isStart) {
        appRequests += 1;
        await released;
      }
      await route.fulfill({
        contentType: "text/javascript",
        body: `
          window.seen = { clicks: 0, submits: [], order: [] };
          document.querySelector("#menu").addEventListener("click", () => {
            window.seen.clicks += 1;
            window.seen.order.push("menu");
          });
          document.querySelector("#box").addEventListener("click", (event) => {
            window.seen.order.push(event.target.checked ? "box on" : "box off");
          });
          document.querySelector("#form").addEventListener("submit", (event) => {
            event.preventDefault();
            window.seen.submits.push(new FormData(event.target, event.submitter).get("choice") ?? "none");
          });
          document.dispatchEvent(new Event(${JSON.stringify(APP_READY_EVENT)}));
        `,
      });
    });
    await page.goto(`${inject("baseUrl")}/boot-test/page`);
    await page.waitForFunction(isSettled, undefined, { timeout: 20_000 });
    return { page, release, appRequests: () => appRequests };
  }

  const seen = (page: Page) =>
    page.evaluate(
      () => (window as unknown as { seen?: { clicks: number; submits: string[]; order: string[] } }).seen,
    );

  it("makes each click on a control again once the app is ready, in order; a repeated tap counts once", async () => {
    const context = await newContext(browser, PHONE);
    const { page, release, appRequests } = await bootPage(context);
    expect(appRequests()).toBe(0);
    await page.click("#menu");
    await page.click("#menu");
    await page.click("label");
    // The first click started the app; its module is held back, so nothing has handled any, and
    // the box the label ticks stays as it was until the app sees the click.
    await expect.poll(appRequests, { timeout: 20_000 }).toBe(1);
    expect(await seen(page)).toBeUndefined();
    expect(await page.isChecked("#box")).toBe(false);
    // The wait shows: a bar across the top, outside the page's own markup, taking no clicks.
    const bar = page.locator("[data-boot-progress]");
    await bar.waitFor({ state: "attached", timeout: 20_000 });
    expect(await bar.evaluate((element) => getComputedStyle(element).pointerEvents)).toBe("none");
    expect(await bar.evaluate((element) => (element as HTMLElement).offsetHeight)).toBeGreaterThan(0);
    release();
    await expect.poll(async () => (await seen(page))?.order, { timeout: 20_000 }).toEqual(["menu", "box on"]);
    await bar.waitFor({ state: "detached", timeout: 20_000 });
    expect(await page.isChecked("#box")).toBe(true);
    expect((await seen(page))?.clicks).toBe(1);
    // Ready: a click now goes straight to the app.
    await page.click("#menu");
    await expect.poll(async () => (await seen(page))?.clicks, { timeout: 20_000 }).toBe(2);
    await context.close();
  });

  it("never sends a form as a plain GET before the app is ready: it is submitted once the app is", async () => {
    const context = await newContext(browser, PHONE);
    const { page, release } = await bootPage(context);
    await page.fill("#q", "hello");
    await page.press("#q", "Enter");
    await expect.poll(() => page.locator("#q").inputValue(), { timeout: 20_000 }).toBe("hello");
    // Still this page, with no query: the browser did not send the form.
    expect(new URL(page.url()).search).toBe("");
    await page.locator("[data-boot-progress]").waitFor({ state: "attached", timeout: 20_000 });
    release();
    await expect.poll(async () => (await seen(page))?.submits, { timeout: 20_000 }).toEqual(["go"]);
    await page.locator("[data-boot-progress]").waitFor({ state: "detached", timeout: 20_000 });
    expect(new URL(page.url()).search).toBe("");
    await context.close();
  });

  it("lets a link work as HTML before the app", async () => {
    const context = await newContext(browser, PHONE);
    const { page, appRequests } = await bootPage(context);
    await page.click("#link");
    await expect.poll(() => new URL(page.url()).hash, { timeout: 20_000 }).toBe("#read-on");
    // Nothing waits on a link: no bar.
    expect(await page.locator("[data-boot-progress]").count()).toBe(0);
    await context.close();
    // The click on the link was a sign of use: the app started (its module was asked for).
    expect(appRequests()).toBe(1);
  });
});

describe("waitForHydration", () => {
  it("hydrates a page that waits for a sign of use", async () => {
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    await page.goto("/pricing");
    await waitForHydration(page);
    expect(await isHydrated(page)).toBe(true);
    await context.close();
  });
});
