import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { PUBLIC_PAGES } from "@gyeol/shared/seo";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
// @ts-expect-error: a plain .mjs build script without types
import { LANDING_CEILING_BYTES, measureLanding } from "../scripts/landing-budget.mjs";
import {
  DESKTOP,
  launchBrowser,
  newContext,
  PHONE,
  renderBelowFold,
  uniqueEmail,
  waitForHydration,
  writeNotice,
} from "./support/browser.ts";
import { pretendardWidths, readFallbackFaces } from "./support/fonts.ts";
import { E2E_OPERATOR } from "./support/operator.ts";

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
    // A prerendered page names the app's module entry on its boot script (prerender.mjs).
    const script = html.match(
      /<script defer src="\/assets\/prerendered-boot-[^"]+" data-start="intent" data-page="[^"]*" data-entry="([^"]+)"/,
    )?.[1];
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
    expect(html).toMatch(new RegExp(`<html lang="${locale}"[ >]`));
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
      await waitForHydration(page);
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
    await expect
      .poll(() => page.evaluate(() => window.localStorage.getItem("user")), { timeout: 30_000 })
      .not.toBeNull();
    for (const path of ["/", "/en/pricing", "/notice"]) {
      await page.goto(path);
      await page.locator("footer").first().waitFor();
      await waitForHydration(page);
      expect(await page.locator("#root > div").count()).toBe(1);
    }
    expect(errors.filter((text) => !/Failed to load resource/.test(text))).toEqual([]);
    await context.close();
  });

  it("sets the landing in its own Pretendard subset once it has painted, and no other font file", async () => {
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    await page.goto("/");
    await page.locator("h1").first().waitFor();
    // The app drops data-fonts="after-paint" after the first paint; then Pretendard loads.
    await page.waitForFunction(() => !document.documentElement.hasAttribute("data-fonts"), undefined, {
      timeout: 20_000,
    });
    const fonts = await page.evaluate(async () => {
      await document.fonts.ready;
      const subset = [...document.fonts].filter(
        (face) => face.family.replaceAll('"', "") === "Pretendard Subset",
      );
      const h1 = document.querySelector("h1");
      return {
        subsetFaces: subset.length,
        loaded: subset.filter((face) => face.status === "loaded").length,
        swap: subset.every((face) => face.display === "swap"),
        slices: [...document.fonts].filter(
          (face) => face.family.replaceAll('"', "") === "Pretendard Variable",
        ).length,
        family: h1 ? getComputedStyle(h1).fontFamily : "",
        hangul: document.fonts.check('700 16px "Pretendard Subset"', "결"),
        files: performance
          .getEntriesByType("resource")
          .map((entry) => new URL(entry.name))
          .filter((url) => url.pathname.endsWith(".woff2"))
          .map((url) => `${url.origin}${url.pathname}`),
      };
    });
    expect(fonts.subsetFaces).toBe(1);
    expect(fonts.loaded).toBe(1);
    expect(fonts.swap).toBe(true);
    // The 92 unicode-range slices stay declared for text the subset does not have.
    expect(fonts.slices).toBe(92);
    expect(fonts.family).toMatch(/^"Pretendard Subset", "Pretendard Variable"/);
    expect(fonts.hangul).toBe(true);
    // Every glyph the landing shows, the tagline that joins after the auth check included, is in it.
    expect(fonts.files).toHaveLength(1);
    expect(fonts.files[0]?.startsWith(`${inject("baseUrl")}/assets/pretendard-subset-`)).toBe(true);
    await context.close();
  });

  it.each(pages)(
    "$path has in its own font subset every glyph it shows once hydrated (no slice of the full font, no relayout)",
    async ({ id, path }) => {
      const context = await newContext(browser, PHONE);
      const page = await context.newPage();
      await page.goto(path);
      await waitForHydration(page);
      // What joins after hydrating: the tagline once the auth check settles; the pricing FAQ's
      // checkout question once the flags arrive; the notice board's rows or its empty state.
      await page.locator('[data-testid="brand-title"][data-state="ready"]').first().waitFor();
      if (id === "pricing") await page.getByTestId("faq-sandbox").waitFor();
      if (id === "noticeList")
        await page.locator('[data-testid="notice-empty"], [data-testid="notice-row"]').first().waitFor();
      const { text, ranges } = await page.evaluate(() => {
        // Notices' own titles, authors and the configured operator details are not known when the
        // page is built: their glyphs come from the full font's slices, by design.
        const rows = [...document.querySelectorAll<HTMLElement>('[data-testid="notice-row"]')];
        // biome-ignore lint/performance/useDomNodeTextContent: the text on screen, not hidden nodes' (menus, the drawer).
        let shown = document.body.innerText;
        // biome-ignore lint/performance/useDomNodeTextContent: the same rendering as the body's text above.
        for (const row of rows) shown = shown.replace(row.innerText, "");
        const face = [...document.fonts].find((f) => f.family.replaceAll('"', "") === "Pretendard Subset");
        return { text: shown, ranges: face?.unicodeRange ?? "" };
      });
      const runs = ranges.split(",").map((range) => {
        const [from = "", to = from] = range.trim().replace(/^U\+/i, "").split("-");
        return [Number.parseInt(from, 16), Number.parseInt(to, 16)] as const;
      });
      expect(ranges, "the page declares its Pretendard Subset").not.toBe("");
      let visible = text;
      for (const value of Object.values(E2E_OPERATOR)) visible = visible.replaceAll(value, "");
      const missing = [...new Set(visible)].filter((char) => {
        const code = char.codePointAt(0) ?? 0;
        return code > 0x20 && !runs.some(([from, to]) => code >= from && code <= to);
      });
      expect(missing.join(""), `${path} shows glyphs its subset lacks`).toBe("");
      await context.close();
    },
  );

  it.each(["/", "/en"])(
    "%s paints from its HTML alone: no stylesheet, app script or font is fetched before its hero image",
    async (path) => {
      const html = await (await fetch(`${inject("baseUrl")}${path}`)).text();
      const head = html.slice(0, html.indexOf("</head>"));
      expect(head).not.toMatch(/<link rel="stylesheet"/);
      expect(head).not.toMatch(/<script type="module"/);
      expect(head).toMatch(/<style>[^<]*@layer base\{/);
      expect(head).toContain('data-fonts="after-paint"');

      const context = await newContext(browser, PHONE);
      const page = await context.newPage();
      await page.goto(path);
      // Pretendard and the stylesheet are requested once the page has painted, and the app's scripts
      // too (fetched ahead; the app starts on the visitor's first sign of use: app-start.e2e.ts).
      // A resource's entry appears when its response has ended, so wait for all three kinds: the
      // stylesheet and font can be in before the scripts requested with them.
      await page.waitForFunction(
        () => {
          const paths = performance.getEntriesByType("resource").map((entry) => new URL(entry.name).pathname);
          return (
            paths.some((path) => path.endsWith(".woff2")) &&
            paths.some((path) => path.endsWith(".css")) &&
            paths.filter((path) => /^\/assets\/(?!prerendered-boot-).*\.js$/.test(path)).length > 3
          );
        },
        undefined,
        { timeout: 20_000 },
      );
      const timing = await page.evaluate(() => {
        // The hero images are the largest paint: they have arrived before anything else starts.
        const images = performance
          .getEntriesByType("resource")
          .filter((entry) => new URL(entry.name).pathname.startsWith("/samples/"))
          .map((entry) => (entry as PerformanceResourceTiming).responseEnd);
        const paint = images.length > 0 ? Math.max(...images) : Number.NaN;
        const starts = (pattern: RegExp) =>
          performance
            .getEntriesByType("resource")
            .filter((entry) => pattern.test(new URL(entry.name).pathname))
            .map((entry) => entry.startTime);
        return {
          paint,
          stylesheet: starts(/\.css$/),
          fonts: starts(/\.woff2$/),
          scripts: starts(/^\/assets\/(?!prerendered-boot-).*\.js$/),
        };
      });
      expect(timing.paint).toBeGreaterThan(0);
      expect(timing.stylesheet.length).toBe(1);
      expect(timing.fonts.length).toBeGreaterThan(0);
      expect(timing.scripts.length).toBeGreaterThan(3);
      for (const start of [...timing.stylesheet, ...timing.fonts, ...timing.scripts])
        expect(start).toBeGreaterThan(timing.paint);
      await context.close();
    },
  );

  it.each([
    ["/", DESKTOP],
    ["/", PHONE],
    ["/en", PHONE],
    ["/pricing", PHONE],
    // The board as the server fills it in: its rows' CSS is in the page too (prerender.mjs).
    ["/notice", DESKTOP],
    ["/en/notice", PHONE],
  ] as const)(
    "%s lays out the same with its inline CSS alone as with the whole stylesheet (%o)",
    async (path, viewport) => {
      if (path.endsWith("/notice")) await writeNotice(browser, "인라인 CSS 점검");
      const context = await newContext(browser, viewport);
      const page = await context.newPage();
      // The first view as it paints: HTML and inline CSS, no script, no stylesheet, no web font.
      await page.route(/\.(js|css|woff2)$/, (route) => route.abort());
      await page.goto(path);
      // The parts below the fold (content-visibility: auto) are laid out in both views: whether the
      // browser has rendered one yet is its own timing, and their content is what the check is about.
      await renderBelowFold(page);
      const layout = () =>
        page.evaluate(() =>
          [...document.querySelectorAll("#root *")].map((element) => {
            const box = element.getBoundingClientRect();
            const style = getComputedStyle(element);
            return `${element.tagName} ${Math.round(box.x)},${Math.round(box.y)} ${Math.round(box.width)}x${Math.round(box.height)} ${style.color} ${style.backgroundColor} ${style.display}`;
          }),
        );
      const first = await layout();
      if (path.endsWith("/notice")) expect(await page.getByTestId("notice-row").count()).toBeGreaterThan(0);
      await page.unroute(/\.(js|css|woff2)$/);
      // The whole stylesheet, as the boot script adds it (fonts stay on the fallback: same metrics).
      await page.evaluate(async () => {
        const href = document.querySelector<HTMLScriptElement>("script[data-css]")?.dataset.css ?? "";
        const link = document.createElement("link");
        link.rel = "stylesheet";
        link.href = href;
        await new Promise((resolve, reject) => {
          link.onload = resolve;
          link.onerror = reject;
          document.head.append(link);
        });
      });
      const whole = await layout();
      expect(first.length).toBeGreaterThan(150);
      const differences = first.flatMap((line, index) =>
        line === whole[index] ? [] : [`${line}  ->  ${whole[index]}`],
      );
      expect(differences).toEqual([]);
      await context.close();
    },
  );

  it.each([
    ["/", "ko-KR", "system"],
    ["/en", "en-US", "system"],
    ["/pricing", "ko-KR", "system"],
    ["/en/pricing", "en-US", "system"],
    // A device with no Korean font: Korean waits in blank boxes of Pretendard's width (the Hangul
    // placeholder face), not in narrow tofu that re-wraps when the font comes (CLS 0.095 on /).
    ["/", "ko-KR", "no-cjk"],
    ["/pricing", "ko-KR", "no-cjk"],
    // English there waits in DejaVu Sans or Liberation Sans sized to Pretendard's widths (styles.css
    // "Pretendard Fallback Arial" and "DejaVu"); unadjusted, DejaVu moved /en's hero (CLS 0.033).
    ["/en", "en-US", "no-cjk"],
    ["/en/pricing", "en-US", "no-cjk"],
    // A device whose Korean face no size in styles.css was measured on (UnDotum sets Hangul 8%
    // wider than Noto Sans CJK KR), as Apple SD Gothic Neo and Malgun Gothic are: fallback-faces.js
    // sizes it on the device, and Korean waits in it rather than in the placeholder.
    ["/", "ko-KR", "undotum"],
    ["/pricing", "ko-KR", "undotum"],
    ["/en", "en-US", "undotum"],
    ["/en/pricing", "en-US", "undotum"],
  ] as const)(
    "%s does not move when Pretendard arrives late on a phone (%s, %s fonts)",
    async (path, locale, fonts) => {
      const fontBrowser = fonts === "system" ? browser : await launchBrowser({ fonts });
      const context = await newContext(fontBrowser, { width: 412, height: 823 }, { locale });
      const page = await context.newPage();
      const refused: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error" && message.text().includes("Content Security Policy"))
          refused.push(message.text());
      });
      await page.addInitScript(() => {
        const win = window as unknown as { __shifts: number };
        win.__shifts = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
            if (!entry.hadRecentInput) win.__shifts += entry.value;
        }).observe({ type: "layout-shift", buffered: true });
      });
      // Fonts held back until the page has painted and hydrated: the swap happens on a laid-out page,
      // as on a slow connection.
      const held: (() => Promise<void>)[] = [];
      let isHolding = true;
      await page.route(/\.woff2$/, (route) => {
        if (isHolding) held.push(() => route.continue());
        else void route.continue();
      });
      await page.goto(path);
      await waitForHydration(page);
      await expect.poll(() => held.length, { timeout: 20_000 }).toBeGreaterThan(0);
      // Only the swap is measured: hydration runs as a transition and may still be finishing, so wait
      // until ten frames pass with no new shift, then count from zero.
      await page.evaluate(async () => {
        const win = window as unknown as { __shifts: number };
        const frames = (count: number) =>
          new Promise<void>((resolve) => {
            const step = (left: number) =>
              left === 0 ? resolve() : requestAnimationFrame(() => step(left - 1));
            step(count);
          });
        for (;;) {
          const before = win.__shifts;
          await frames(10);
          if (win.__shifts === before) break;
        }
        win.__shifts = 0;
      });
      // While Pretendard is held, Korean is set in a Korean face where the device has one, and in
      // the blank placeholder of Pretendard's width where it has none (never in tofu).
      const cdp = await context.newCDPSession(page);
      await cdp.send("DOM.enable");
      await cdp.send("CSS.enable");
      const { root } = await cdp.send("DOM.getDocument");
      const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector: "h1" });
      const heldFaces = (await cdp.send("CSS.getPlatformFontsForNode", { nodeId })).fonts.map(
        (f) => f.familyName,
      );
      if (locale === "ko-KR") expect(heldFaces.includes("Gyeol Hangul Placeholder")).toBe(fonts === "no-cjk");
      // The device's own Korean face: Noto Sans CJK KR in styles.css's sizes, measured on it; any
      // other the script knows sized on the device (fallback-faces.js).
      if (fonts === "system") expect(heldFaces).toContain("Noto Sans CJK KR");
      if (fonts === "undotum") expect(heldFaces).toContain("UnDotum");
      expect(await page.evaluate(() => document.documentElement.dataset.fallback)).toBe(
        fonts === "undotum" ? "device" : undefined,
      );
      expect(refused).toEqual([]);
      isHolding = false;
      for (const release of held) await release();
      await page.evaluate(async () => {
        await document.fonts.ready;
        // Two frames, so a shift from the swap has been recorded.
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      });
      const swapped = await page.evaluate(() =>
        [...document.fonts].some(
          (face) => face.family.replaceAll('"', "") === "Pretendard Subset" && face.status === "loaded",
        ),
      );
      expect(swapped).toBe(true);
      const shifts = await page.evaluate(() => (window as unknown as { __shifts: number }).__shifts);
      expect(shifts).toBeLessThan(0.01);
      await context.close();
      if (fontBrowser !== browser) await fontBrowser.close();
    },
  );
  it("keeps Korean in the device's own face when Pretendard never arrives (UnDotum)", async () => {
    const fontBrowser = await launchBrowser({ fonts: "undotum" });
    const context = await newContext(fontBrowser, PHONE);
    const page = await context.newPage();
    await page.route(/\.woff2$/, (route) => route.abort());
    await page.goto("/");
    await waitForHydration(page);
    // The first view is over (the boot script gives the font 1.5 s after the stylesheet).
    await page.waitForFunction(() => document.documentElement.dataset.fonts === undefined, undefined, {
      timeout: 20_000,
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send("DOM.enable");
    await cdp.send("CSS.enable");
    const { root } = await cdp.send("DOM.getDocument");
    const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector: "h1" });
    const faces = (await cdp.send("CSS.getPlatformFontsForNode", { nodeId })).fonts.map((f) => f.familyName);
    expect(faces).toContain("UnDotum");
    expect(faces).not.toContain("Gyeol Hangul Placeholder");
    await context.close();
    await fontBrowser.close();
  });

  it("sizes the device's Korean face by Pretendard's own widths (fallback-faces.js)", async () => {
    const source = readFileSync(resolve(inject("repoRoot"), "apps/web/scripts/fallback-faces.js"), "utf8");
    const pretendard = readFileSync(
      resolve(inject("repoRoot"), "node_modules/pretendard/dist/web/variable/woff2/PretendardVariable.woff2"),
    ).toString("base64");
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    await page.setContent('<html lang="ko"><body></body></html>');
    await page.evaluate(async (font) => {
      const bytes = Uint8Array.from(atob(font), (char) => char.charCodeAt(0));
      const face = new FontFace("Measured Pretendard", bytes.buffer, { weight: "45 920" });
      document.fonts.add(await face.load());
    }, pretendard);
    const measured = await page.evaluate(pretendardWidths, {
      samples: readFallbackFaces(source).samples,
      weights: [400, 500, 600, 700, 800],
    });
    // What the script holds is what Chromium lays out today (a new Pretendard would move it).
    const held = readFallbackFaces(source).pretendard;
    expect(Object.keys(held).sort()).toEqual(Object.keys(measured).sort());
    for (const [sample, widths] of Object.entries(measured))
      for (const [at, width] of widths.entries())
        expect(held[sample]?.[at], `${sample} at ${at}`).toBeCloseTo(width, 1);
    // The width by which it knows styles.css's own face resolved to Noto Sans CJK KR (new sizes
    // there would move it).
    await page.goto("/");
    const { probe } = readFallbackFaces(source);
    const width = await page.evaluate((text) => {
      const span = Object.assign(document.createElement("span"), { textContent: text });
      span.style.cssText =
        'font: 400 100px "Pretendard Fallback", monospace; white-space: pre; position: absolute';
      document.body.append(span);
      return span.getBoundingClientRect().width;
    }, probe.text);
    expect(width).toBeCloseTo(probe.width, 1);
    await context.close();
  });

  it.each(["/", "/en/pricing", "/notice"])(
    "%s keeps its header still at 1280 px while the app hydrates and the auth check answers",
    async (path) => {
      const context = await newContext(browser, DESKTOP);
      const page = await context.newPage();
      await page.addInitScript(() => {
        const win = window as unknown as { __headerShifts: string[] };
        win.__headerShifts = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as {
            sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
          }[])
            for (const source of entry.sources)
              if (source.node && document.querySelector("header")?.contains(source.node))
                win.__headerShifts.push(
                  `${source.node.nodeName} x ${source.previousRect.x} -> ${source.currentRect.x}`,
                );
        }).observe({ type: "layout-shift", buffered: true });
      });
      await page.goto(path);
      // The loading state (the brand without its tagline, a placeholder for the login button) gives
      // way to the signed-out header once the auth check answers.
      await page.locator('[data-testid="brand-title"][data-state="ready"]').waitFor({ timeout: 30_000 });
      await page.locator('[data-testid="nav-login"]').waitFor({ timeout: 30_000 });
      await page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
      );
      const shifts = await page.evaluate(
        () => (window as unknown as { __headerShifts: string[] }).__headerShifts,
      );
      expect(shifts).toEqual([]);
      await context.close();
    },
  );
});
