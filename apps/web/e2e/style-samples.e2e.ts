import { mkdirSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  DESKTOP,
  launchBrowser,
  newContext,
  PHONE,
  shoot,
  uniqueEmail,
  waitForHydration,
} from "./support/browser.ts";

/**
 * Issue 12: the landing picker says what its photos show and lets a visitor see the difference
 * (zoom on the skin); the retouch page's style picker shows a small engine-rendered before/after
 * per style, by mouse and keyboard, at desktop and phone widths, in both languages.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(`${inject("repoRoot")}/screenshots`, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

/** Every <img> inside the locator has loaded (a missing sample would show the placeholder). */
async function imagesLoaded(page: Page, selector: string): Promise<boolean> {
  return page.$$eval(selector, (images) =>
    images.every((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0),
  );
}

const LABELS = {
  ko: ["동양 여성 · 베이직", "동양 여성 · 메이크업", "서양 남성 · 베이직", "서양 여성 · 메이크업"],
  en: [
    "East Asian woman · basic",
    "East Asian woman · makeup",
    "Western man · basic",
    "Western woman · makeup",
  ],
};

describe("landing sample picker", () => {
  for (const locale of ["ko", "en"] as const) {
    for (const [device, viewport] of [
      ["desktop", DESKTOP],
      ["phone", PHONE],
    ] as const) {
      it(`labels each sample by its sitter and style and zooms on the skin (${locale}, ${device})`, async () => {
        const context = await newContext(browser, viewport);
        const page = await context.newPage();
        await page.goto(locale === "ko" ? "/" : "/en");
        const picker = page.getByTestId("sample-picker");
        await picker.waitFor();
        expect(await picker.locator("button").allTextContents()).toEqual(LABELS[locale]);
        await waitForHydration(page);
        for (const id of ["korean_makeup", "foreigner_man", "western_girl_makeup", "korean_basic"]) {
          await page.getByTestId(`sample-${id}`).click();
          await expect
            .poll(() => page.locator('[data-testid="compare-slider"] img').first().getAttribute("src"))
            .toBe(`/samples/${id}-before.jpg`);
          await expect.poll(() => imagesLoaded(page, '[data-testid="compare-slider"] img')).toBe(true);
        }
        await page.getByTestId("sample-korean_makeup").click();
        await page.getByTestId("compare-slider").evaluate((el) => el.scrollIntoView({ block: "center" }));
        await shoot(page, `landing-samples-${locale}-${device}`);
        await page.getByTestId("sample-zoom").click();
        expect(await page.getByTestId("sample-zoom").getAttribute("aria-pressed")).toBe("true");
        await expect
          .poll(() =>
            page
              .locator('[data-testid="compare-slider"] img')
              .first()
              // Tailwind's scale-* sets the CSS `scale` property; settled once the transition ends.
              .evaluate((img) => getComputedStyle(img).scale),
          )
          .toBe("2.2");
        await page.getByTestId("compare-slider").screenshot({
          path: `${inject("repoRoot")}/screenshots/landing-samples-zoom-${locale}-${device}.png`,
        });
        await context.close();
      });
    }
  }
});

describe("style picker previews", () => {
  for (const locale of ["ko", "en"] as const) {
    for (const [device, viewport] of [
      ["desktop", DESKTOP],
      ["phone", PHONE],
    ] as const) {
      it(`shows a before/after per style and picks by click and keyboard (${locale}, ${device})`, async () => {
        const context = await newContext(browser, viewport);
        const page = await context.newPage();
        const registered = await context.request.post("/api/auth/register", {
          headers: { Origin: inject("baseUrl") },
          data: {
            name: "Style",
            email: uniqueEmail("styles"),
            password: "correct horse battery",
            ageConfirmed: true,
          },
        });
        expect(registered.status()).toBe(200);
        await page.goto(locale === "ko" ? "/upscale" : "/en/upscale");
        const previews = page.getByTestId("retouch-style-previews");
        await previews.waitFor();
        const ids = await previews
          .locator("button")
          .evaluateAll((buttons) => buttons.map((b) => (b as HTMLElement).dataset.testid));
        expect(ids).toEqual([
          "retouch-style-preview-basic",
          "retouch-style-preview-makeup",
          "retouch-style-preview-matte_makeup",
          "retouch-style-preview-glossy",
          "retouch-style-preview-basic_chic",
        ]);
        await expect.poll(() => imagesLoaded(page, '[data-testid="retouch-style-previews"] img')).toBe(true);
        // A free plan sees the makeup previews but cannot pick them (the select agrees).
        expect(await page.getByTestId("retouch-style-preview-makeup").isDisabled()).toBe(true);
        await page.getByTestId("retouch-style-preview-glossy").click();
        expect(await page.getByTestId("retouch-style").inputValue()).toBe("glossy");
        expect(await page.getByTestId("retouch-style-preview-glossy").getAttribute("aria-pressed")).toBe(
          "true",
        );
        await page.getByTestId("retouch-style-preview-basic_chic").focus();
        await page.keyboard.press("Space");
        expect(await page.getByTestId("retouch-style").inputValue()).toBe("basic_chic");
        const card = page.getByTestId("retouch-style-card");
        // Centred, so the sticky header does not sit over it in the picture.
        await card.evaluate((el) => el.scrollIntoView({ block: "center" }));
        await card.screenshot({
          path: `${inject("repoRoot")}/screenshots/style-previews-${locale}-${device}.png`,
        });
        // Western women: three previews of a Western woman.
        await page.getByTestId("retouch-ethnicity").selectOption("western");
        await expect.poll(() => previews.locator("button").count()).toBe(3);
        expect(await previews.locator("img").first().getAttribute("src")).toBe(
          "/styles/female-western-basic.jpg",
        );
        await expect.poll(() => imagesLoaded(page, '[data-testid="retouch-style-previews"] img')).toBe(true);
        await context.close();
      });
    }
  }
});
