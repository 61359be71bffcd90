import { join } from "node:path";
import type { BrowserContext, Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { admin, DESKTOP, launchBrowser, PHONE, shoot, uniqueEmail } from "./support/browser.ts";

/**
 * The fine-tuning controls of issue 24 on the real server and the built-in engine: set a control,
 * generate, then "Run again" from the history item puts the photo and every setting back, and
 * Generate sends the same job. Then the card and the history in both languages at 1280 and 390 px.
 */

const PORTRAIT = join(inject("repoRoot"), "packages/engine/fixtures/astronaut.jpg");
const CONTROLS = ["blemish_removal", "dark_circles", "shine_reduction", "wrinkle_softening", "tone_evening"];

let browser: Awaited<ReturnType<typeof launchBrowser>>;
let storageState: Awaited<ReturnType<BrowserContext["storageState"]>> | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const startRequest = (page: Page) =>
  page.waitForRequest(
    (request) => request.url().endsWith("/api/runpod-upscale") && request.method() === "POST",
  );
const inputOf = (request: Request) => (request.postDataJSON() as { input: Record<string, unknown> }).input;

describe("fine-tuning controls", () => {
  it("sends a moved control, stores it, and runs it again from history with the same settings", async () => {
    const email = uniqueEmail("controls");
    const context = await browser.newContext({
      viewport: DESKTOP,
      baseURL: inject("baseUrl"),
      locale: "en-US",
      timezoneId: "Asia/Seoul",
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (err) => errors.push(err.message));
    const registered = await context.request.post("/api/auth/register", {
      headers: { Origin: inject("baseUrl") },
      data: { name: "Fine Tune", email, password: "correct horse battery", ageConfirmed: true },
    });
    expect(registered.status()).toBe(200);
    await admin("credits:grant", "--email", email, "--amount", "1000", "--reason", "e2e");

    await page.goto("/en/upscale");
    await page.getByTestId("retouch-fine-tune-card").waitFor();
    // The defaults follow the style: glossy keeps its shine.
    await page.getByTestId("retouch-style").selectOption("glossy");
    expect(await page.getByTestId("retouch-control-shine_reduction-value").textContent()).toBe("0%");

    await page.getByTestId("retouch-file-input").setInputFiles(PORTRAIT);
    await page.getByTestId("retouch-preview").waitFor({ timeout: 30_000 });
    // The keyboard moves a slider in 5% steps.
    const blemish = page.getByTestId("retouch-control-blemish_removal");
    await blemish.focus();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    expect(await page.getByTestId("retouch-control-blemish_removal-value").textContent()).toBe("90%");
    await page.getByTestId("retouch-control-wrinkle_softening").fill("0.75");
    await page.getByTestId("retouch-filter-studio").click();
    await page.getByTestId("retouch-exclude-hair").click();

    const firstStart = startRequest(page);
    await page.getByTestId("retouch-generate").click();
    const first = inputOf(await firstStart);
    expect(first).toMatchObject({
      lora_index: 1,
      blemish_removal: 0.9,
      shine_reduction: 0,
      wrinkle_softening: 0.75,
    });
    for (const control of CONTROLS) expect(typeof first[control]).toBe("number");
    await page.getByTestId("retouch-result-completed").waitFor({ timeout: 120_000 });

    // A fresh page: the form is back at its defaults, the history item remembers the job.
    await page.reload();
    await page.getByTestId("retouch-fine-tune-card").waitFor();
    expect(await page.getByTestId("retouch-control-blemish_removal-value").textContent()).toBe("70%");
    const action = page.getByTestId("retouch-history-item-action").first();
    await action.waitFor({ timeout: 30_000 });
    expect(await action.textContent()).toBe("Run again");
    await action.click();
    await page.getByTestId("retouch-preview").waitFor({ timeout: 30_000 });
    expect(await page.getByTestId("retouch-style").inputValue()).toBe("glossy");
    expect(await page.getByTestId("retouch-control-blemish_removal-value").textContent()).toBe("90%");
    expect(await page.getByTestId("retouch-exclude-hair").getAttribute("aria-checked")).toBe("true");

    // The second start is answered here: what matters is what the page sends.
    await page.route("**/api/runpod-upscale", (route) =>
      route.fulfill({
        json: { success: true, jobId: "again-job", imageId: 0, status: "in-progress", cost: 80 },
      }),
    );
    const againStart = startRequest(page);
    await page.getByTestId("retouch-generate").click();
    const again = inputOf(await againStart);
    const { image: firstImage, ...firstRest } = first;
    const { image: againImage, ...againRest } = again;
    expect(againRest).toEqual(firstRest);
    // The same stored upload (its signed URL may differ).
    expect(String(againImage).split("?")[0]).toBe(String(firstImage).split("?")[0]);
    storageState = await context.storageState();
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("fine-tuning screenshots", () => {
  for (const viewport of [DESKTOP, PHONE]) {
    for (const lang of ["ko", "en"] as const) {
      it(`the card and the history at ${viewport.width}px in ${lang}`, async () => {
        expect(storageState).toBeDefined();
        const context = await browser.newContext({
          viewport,
          baseURL: inject("baseUrl"),
          locale: lang === "ko" ? "ko-KR" : "en-US",
          timezoneId: "Asia/Seoul",
          storageState,
        });
        const page = await context.newPage();
        await page.goto(lang === "en" ? "/en/upscale" : "/upscale");
        await page.getByTestId("retouch-fine-tune-card").waitFor();
        await page.getByTestId("retouch-history-item-action").first().waitFor({ timeout: 30_000 });
        await page.getByTestId("retouch-control-dark_circles").fill("0.85");
        await page.waitForLoadState("networkidle");
        // Every preview has loaded (none broken).
        await expect
          .poll(() =>
            page
              .getByTestId("retouch-fine-tune-card")
              .locator("img")
              .evaluateAll((images) => images.map((i) => (i as HTMLImageElement).naturalWidth > 0)),
          )
          .toEqual([true, true, true, true, true]);
        // Nothing wider than the screen at 390 px.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          viewport.width,
        );
        const history = page.getByTestId("retouch-history");
        await history.scrollIntoViewIfNeeded();
        await expect
          .poll(() =>
            history
              .locator("img")
              .first()
              .evaluate((i) => (i as HTMLImageElement).naturalWidth),
          )
          .toBeGreaterThan(0);
        const name = `${lang}-${viewport.width}-upscale-fine-tune`;
        await page
          .getByTestId("retouch-fine-tune-card")
          .screenshot({ path: join(inject("repoRoot"), "screenshots", `${name}-card.png`) });
        await history.screenshot({ path: join(inject("repoRoot"), "screenshots", `${name}-history.png`) });
        await shoot(page, name);
        await context.close();
      });
    }
  }
});
