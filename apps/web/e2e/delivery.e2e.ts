import { resolve } from "node:path";
import { PUBLIC_PAGES } from "@gyeol/shared/seo";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
// @ts-expect-error: a plain .mjs build script without types
import { LANDING_CEILING_BYTES, measureLanding } from "../scripts/landing-budget.mjs";
import { DESKTOP, launchBrowser, newContext, uniqueEmail } from "./support/browser.ts";

/** Issue 17, Delivery: what the built app and the real server send a first-time visitor. */
const dist = resolve(inject("repoRoot"), process.env.WEB_DIST_DIR ?? "apps/web/dist");

describe("delivery of the built app", () => {
  it("keeps the landing's initial JavaScript under the ceiling, without zod or other pages' code", () => {
    const { total, forbidden, chunks } = measureLanding(dist) as {
      total: number;
      forbidden: string[];
      chunks: { file: string; sources: string[] }[];
    };
    expect(forbidden).toEqual([]);
    expect(
      chunks.flatMap((chunk) => chunk.sources).some((source) => source.includes("node_modules/zod/")),
    ).toBe(false);
    expect(total).toBeLessThanOrEqual(LANDING_CEILING_BYTES);
  });

  it("sends the landing and its scripts compressed, with Vary and the right caching", async () => {
    const baseUrl = inject("baseUrl");
    const page = await fetch(`${baseUrl}/`, { headers: { "accept-encoding": "br" } });
    expect(page.headers.get("content-encoding")).toBe("br");
    expect(page.headers.get("cache-control")).toBe("no-cache");
    const html = await page.text();
    const script = html.match(/<script type="module"[^>]* src="([^"]+)"/)?.[1];
    expect(script).toBeTruthy();
    const asset = await fetch(`${baseUrl}${script}`, { headers: { "accept-encoding": "gzip, br" } });
    expect(asset.headers.get("content-encoding")).toBe("br");
    expect(asset.headers.get("vary")).toMatch(/accept-encoding/i);
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const gz = await fetch(`${baseUrl}${script}`, { headers: { "accept-encoding": "gzip" } });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
  });
});

describe("public pages prerendered in both languages, then hydrated", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const pages = PUBLIC_PAGES.flatMap((page) =>
    (["ko", "en"] as const).map((locale) => ({
      id: page.id,
      locale,
      path: page.paths[locale],
      paths: page.paths,
    })),
  );

  it.each(pages)("$path arrives as real HTML with its own head", async ({ id, locale, path, paths }) => {
    const baseUrl = inject("baseUrl");
    const response = await fetch(`${baseUrl}${path}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(`<html lang="${locale}">`);
    expect(html).toMatch(/<title>[^<]{4,}<\/title>/);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toMatch(/<meta name="description" content="[^"]{10,}">/);
    expect(html).toContain(`<link rel="canonical" href="${baseUrl}${path}">`);
    expect(html).toContain(`<link rel="alternate" hreflang="ko" href="${baseUrl}${paths.ko}">`);
    expect(html).toContain(`<link rel="alternate" hreflang="en" href="${baseUrl}${paths.en}">`);
    expect(html).toContain('<meta property="og:image"');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    // The page itself, not an empty #root: the header's brand and the footer are in the HTML.
    const root = html.slice(html.indexOf('<div id="root">'));
    expect(root.length).toBeGreaterThan(5000);
    expect(root).toContain("<footer");
    if (id === "pricing") expect(html).toMatch(/"@type":"Product".*"@type":"Offer".*"priceCurrency":"USD"/);
    if (id === "landing") expect(html).toContain('"@type":"WebSite"');
  });

  it.each(pages.filter((page) => ["landing", "pricing", "noticeList", "terms"].includes(page.id)))(
    "$path hydrates without a mismatch and navigates in the app",
    async ({ path }) => {
      const context = await newContext(browser, DESKTOP);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      page.on("pageerror", (error) => errors.push(error.message));
      await page.goto(path);
      const header = page.locator("header").first();
      await header.waitFor();
      // Hydrated: React has attached to the prerendered DOM (its fiber keys are on the elements).
      await page.waitForFunction(
        () => {
          const element = document.querySelector("#root > div");
          return !!element && Object.keys(element).some((key) => key.startsWith("__react"));
        },
        undefined,
        { timeout: 20_000 },
      );
      const title = await page.title();
      expect(title.length).toBeGreaterThan(3);
      expect(errors.filter((text) => !/Failed to load resource/.test(text))).toEqual([]);
      await context.close();
    },
  );

  it("renders a prerendered page afresh for a signed-in user, with no mismatch", async () => {
    const context = await newContext(browser, DESKTOP);
    const response = await context.request.post("/api/auth/register", {
      headers: { Origin: inject("baseUrl") },
      data: {
        name: "김결",
        email: uniqueEmail("delivery"),
        password: "correct horse battery",
        ageConfirmed: true,
      },
    });
    expect(response.status()).toBe(200);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto("/notice");
    // The auth check stores the user; from now on every prerendered page differs from this visitor's.
    await expect.poll(() => page.evaluate(() => window.localStorage.getItem("user"))).not.toBeNull();
    for (const path of ["/", "/en/pricing", "/notice"]) {
      await page.goto(path);
      await page.locator("footer").first().waitFor();
      await expect
        .poll(() =>
          page.evaluate(() => {
            const element = document.querySelector("#root > div");
            return !!element && Object.keys(element).some((key) => key.startsWith("__react"));
          }),
        )
        .toBe(true);
      expect(await page.locator("#root > div").count()).toBe(1);
    }
    expect(errors.filter((text) => !/Failed to load resource/.test(text))).toEqual([]);
    await context.close();
  });

  it("sets Korean text in self-hosted Pretendard, only the subsets the page uses, with swap", async () => {
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    await page.goto("/");
    await page.locator("h1").first().waitFor();
    const fonts = await page.evaluate(async () => {
      await document.fonts.ready;
      const faces = [...document.fonts].filter(
        (face) => face.family.replaceAll('"', "") === "Pretendard Variable",
      );
      const h1 = document.querySelector("h1");
      return {
        faces: faces.length,
        loaded: faces.filter((face) => face.status === "loaded").length,
        swap: faces.every((face) => face.display === "swap"),
        family: h1 ? getComputedStyle(h1).fontFamily : "",
        hangul: document.fonts.check('700 16px "Pretendard Variable"', "결"),
        files: performance
          .getEntriesByType("resource")
          .map((entry) => new URL(entry.name))
          .filter((url) => url.pathname.endsWith(".woff2"))
          .map((url) => `${url.origin}${url.pathname}`),
      };
    });
    expect(fonts.faces).toBe(92);
    expect(fonts.swap).toBe(true);
    expect(fonts.family).toMatch(/^"Pretendard Variable"/);
    expect(fonts.hangul).toBe(true);
    expect(fonts.loaded).toBeGreaterThan(0);
    expect(fonts.loaded).toBeLessThan(40);
    expect(fonts.files.length).toBe(fonts.loaded);
    for (const file of fonts.files)
      expect(file.startsWith(`${inject("baseUrl")}/assets/PretendardVariable.subset.`)).toBe(true);
    await context.close();
  });
});
