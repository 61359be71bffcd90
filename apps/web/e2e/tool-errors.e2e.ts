import { join } from "node:path";
import { estimateFaceEditCost, FACE_EDIT_DEFAULT_RESIZE_FACTOR } from "@gyeol/shared/face-edit";
import { generationCost } from "@gyeol/shared/generation";
import {
  IMAGE_EDIT_INPUT_RATIO_TEXT,
  IMAGE_EDIT_MIN_OUTPUT_PIXELS,
  imageEditCost,
} from "@gyeol/shared/image-edit";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { formatNumber } from "../src/lib/dates.ts";
import { admin, DESKTOP, launchBrowser, newContext, PHONE, shoot, uniqueEmail } from "./support/browser.ts";
import { sentence } from "./support/catalogue.ts";

/**
 * Errors name the real cause (issue 26), on the real server, each checked against the app's own
 * sentence in the page's language: a GIF named .jpg is refused for what it is, titled as a failed
 * upload; too few credits says so, with the way to top up, on face edit, image edit, generation
 * and retouch; an image-edit tile outside 1:3–3:1 and an output under 921,600 pixels are named with
 * their limit, before any charge. In Korean at 390 px and in English at 1280 px.
 */

const FIXTURES = join(inject("repoRoot"), "packages/engine/fixtures");
const PASSWORD = "correct horse battery";
/** Fewer than any tool's cheapest run (15 credits). */
const FEW_CREDITS = 10;

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const CASES = [
  { name: "ko-390", viewport: PHONE, locale: "ko-KR", lang: "ko", prefix: "" },
  { name: "en-1280", viewport: DESKTOP, locale: "en-US", lang: "en", prefix: "/en" },
] as const;
type TJourney = (typeof CASES)[number];

async function signedIn(
  journey: TJourney,
  credits: number,
): Promise<{ context: BrowserContext; page: Page }> {
  const email = uniqueEmail(`errors-${journey.name}`);
  await admin("user:create", "--email", email, "--password", PASSWORD, "--name", "Errors");
  await admin("credits:grant", "--email", email, "--amount", String(credits), "--reason", "e2e");
  const context = await newContext(browser, journey.viewport, { locale: journey.locale });
  const page = await context.newPage();
  const login = await page.request.post("/api/auth/login", {
    headers: { Origin: inject("baseUrl") },
    data: { email, password: PASSWORD },
  });
  expect(login.status()).toBe(200);
  const check = (await (await page.request.get("/api/auth/check")).json()) as { user: { credits: number } };
  expect(check.user.credits).toBe(credits);
  return { context, page };
}

async function photo(width: number, height: number, name = `photo-${width}x${height}.jpg`) {
  const buffer = await sharp(join(FIXTURES, "astronaut.jpg"))
    .resize(width, height, { fit: "cover" })
    .jpeg({ quality: 88 })
    .toBuffer();
  return { name, mimeType: "image/jpeg", buffer };
}

async function text(locator: Locator): Promise<string> {
  return ((await locator.textContent()) ?? "").replace(/\s+/g, " ").trim();
}

/** The credits-short note under a Run button: its sentence and its top-up link. */
async function expectCreditsShort(page: Page, journey: TJourney, testId: string, cost: number) {
  const note = page.getByTestId(testId);
  await note.waitFor();
  const { lang } = journey;
  expect(await text(note)).toContain(
    sentence(lang, "toolLimits.creditsShort", {
      cost: formatNumber(cost, lang),
      credits: formatNumber(FEW_CREDITS, lang),
    }),
  );
  const topUp = page.getByTestId(`${testId}-top-up`);
  expect(await text(topUp)).toBe(sentence(lang, "toolLimits.topUp"));
  expect(await topUp.getAttribute("href")).toBe(`${journey.prefix}/pricing`);
}

/** The toast a Run click gets with too few credits: the sentence and the way to top up. */
async function expectCreditsToast(page: Page, journey: TJourney) {
  const toast = page.getByTestId("insufficient-credits-toast").first();
  await toast.waitFor({ timeout: 15_000 });
  expect(await text(toast)).toBe(
    `${sentence(journey.lang, "tool.toast.insufficient")}${sentence(journey.lang, "tool.toast.topUp")}`,
  );
  expect(await toast.getByRole("link").getAttribute("href")).toBe(`${journey.prefix}/pricing`);
}

async function waitForReadyTiles(page: Page, count: number): Promise<void> {
  await expect
    .poll(() => page.locator('[data-testid^="image-edit-tile-"][data-status="ready"]').count(), {
      timeout: 30_000,
    })
    .toBe(count);
}

describe("errors name the real cause (issue 26)", () => {
  for (const journey of CASES) {
    const { lang } = journey;

    it(`${journey.name}: a GIF named .jpg is refused as an upload failure with its sentence`, async () => {
      const { context, page } = await signedIn(journey, 1000);
      const gif = await sharp(join(FIXTURES, "astronaut.jpg")).resize(400, 400).gif().toBuffer();
      expect(gif.subarray(0, 3).toString("latin1")).toBe("GIF");
      await page.goto(`${journey.prefix}/face-edit`);
      await page.getByTestId("face-edit-page").waitFor();
      const refused = page.waitForResponse(
        (response) => response.url().includes("/api/image/") && response.request().method() === "POST",
      );
      await page
        .getByTestId("face-edit-file-input")
        .setInputFiles({ name: "portrait.jpg", mimeType: "image/jpeg", buffer: gif });
      const answer = await refused;
      expect(answer.status()).toBe(400);
      expect(((await answer.json()) as { code: string }).code).toBe("UNSUPPORTED_IMAGE_TYPE");
      const expected = sentence(lang, "toolLimits.titled", {
        title: sentence(lang, "toolLimits.errorTitles.upload"),
        reason: sentence(lang, "errors.codes.UNSUPPORTED_IMAGE_TYPE"),
      });
      await page.getByText(expected, { exact: true }).waitFor({ timeout: 15_000 });
      expect(await page.getByText(sentence(lang, "tool.upload.failed")).count()).toBe(0);
      // Nothing was taken: the upload area is still there.
      await page.getByTestId("face-edit-dropzone").waitFor();
      await shoot(page, `errors-${journey.name}-gif-as-jpg`);
      await context.close();
    }, 120_000);

    it(`${journey.name}: too few credits says so, with a top-up link, on every tool`, async () => {
      const { context, page } = await signedIn(journey, FEW_CREDITS);

      // Face edit: before any upload, the Run hint is the credits, not "draw the area".
      await page.goto(`${journey.prefix}/face-edit`);
      await page.getByTestId("face-edit-page").waitFor();
      expect(await text(page.getByTestId("face-edit-run-held"))).toBe(
        sentence(lang, "faceEdit.run.notEnough"),
      );
      expect(await page.getByTestId("face-edit-run").isDisabled()).toBe(true);
      await expectCreditsShort(
        page,
        journey,
        "face-edit-credits-short",
        estimateFaceEditCost(1, 1, FACE_EDIT_DEFAULT_RESIZE_FACTOR),
      );
      await shoot(page, `errors-${journey.name}-credits-face-edit`);

      // Image edit: a prompt and a picture, then Run says too few credits; the click offers a top-up.
      await page.goto(`${journey.prefix}/image-edit`);
      await page.getByTestId("image-edit-page").waitFor();
      await page.getByTestId("image-edit-prompt").fill("sky at sunset");
      await page.getByTestId("image-edit-file-input").setInputFiles(await photo(1280, 1280));
      await waitForReadyTiles(page, 1);
      await expect
        .poll(() => text(page.getByTestId("image-edit-run-held")))
        .toBe(sentence(lang, "imageEdit.run.notEnough"));
      await expectCreditsShort(page, journey, "image-edit-credits-short", imageEditCost(1));
      await page.getByTestId("image-edit-run").click();
      await expectCreditsToast(page, journey);
      expect(await page.getByTestId("image-edit-result").getAttribute("data-state")).toBe("empty");
      await shoot(page, `errors-${journey.name}-credits-image-edit`);

      // Generation: the note, and a click answered with the top-up toast (nothing started).
      await page.goto(`${journey.prefix}/image-generation`);
      await page.getByTestId("generation-page").waitFor();
      await expectCreditsShort(page, journey, "generation-credits-short", generationCost(1));
      await page.getByTestId("generation-prompt").fill("a red fox in the snow");
      await page.getByTestId("generation-run").click();
      await expectCreditsToast(page, journey);
      expect(await page.getByTestId("generation-waiting").count()).toBe(0);
      await shoot(page, `errors-${journey.name}-credits-generation`);

      // Retouch: once a photo is in, the Run hint and the note, with the photo's own price.
      await page.goto(`${journey.prefix}/upscale`);
      await page.getByTestId("retouch-file-input").setInputFiles(await photo(1024, 1024));
      await page.getByTestId("retouch-credits-short").waitFor({ timeout: 30_000 });
      const retouchCost = Number(
        (await text(page.getByTestId("retouch-generate-cost").first())).replace(/[^\d]/g, ""),
      );
      expect(retouchCost).toBeGreaterThan(FEW_CREDITS);
      expect(await text(page.getByTestId("retouch-generate-held").first())).toBe(
        sentence(lang, "tool.run.notEnough"),
      );
      await expectCreditsShort(page, journey, "retouch-credits-short", retouchCost);
      await shoot(page, `errors-${journey.name}-credits-retouch`);

      // The link leads to the prices.
      await page.getByTestId("retouch-credits-short-top-up").click();
      await page.waitForURL((url) => url.pathname === `${journey.prefix}/pricing`);
      await context.close();
    }, 180_000);

    it(`${journey.name}: image edit names a tile outside 1:3–3:1 and an output under the minimum, before any charge`, async () => {
      const { context, page } = await signedIn(journey, 1000);
      const charged: string[] = [];
      page.on("request", (request) => {
        if (request.method() === "POST" && /\/api\/(seedream\/generate|credit\/use)/.test(request.url()))
          charged.push(request.url());
      });
      await page.goto(`${journey.prefix}/image-edit`);
      await page.getByTestId("image-edit-page").waitFor();
      await page.getByTestId("image-edit-prompt").fill("sky at sunset");

      // A 5:1 picture (enough pixels, too long): refused as an upload, its size and the limit said.
      await page.getByTestId("image-edit-file-input").setInputFiles(await photo(2500, 500));
      const dialog = page.getByTestId("image-edit-error");
      await dialog.waitFor({ timeout: 30_000 });
      expect(await text(dialog.locator("h2"))).toBe(sentence(lang, "toolLimits.errorTitles.upload"));
      expect(await text(dialog.locator("p").first())).toBe(
        sentence(lang, "toolLimits.editTileRatio", {
          width: 2500,
          height: 500,
          ...IMAGE_EDIT_INPUT_RATIO_TEXT,
        }),
      );
      await shoot(page, `errors-${journey.name}-image-edit-ratio`);
      await page.getByTestId("image-edit-error-ok").click();
      await dialog.waitFor({ state: "detached" });
      expect(await page.locator('[data-testid^="image-edit-tile-"][data-status]').count()).toBe(0);

      // A picture that fits, then an 800×800 output: Run is off before the click, and says why.
      await page.getByTestId("image-edit-file-input").setInputFiles(await photo(1280, 1280));
      await waitForReadyTiles(page, 1);
      expect(await page.getByTestId("image-edit-run").isDisabled()).toBe(false);
      await page.getByTestId("image-edit-width").fill("800");
      await page.getByTestId("image-edit-height").fill("800");
      const minPixels = formatNumber(IMAGE_EDIT_MIN_OUTPUT_PIXELS, lang);
      const tooSmall = page.getByTestId("image-edit-output-too-small");
      await tooSmall.waitFor();
      expect(await text(tooSmall)).toBe(
        sentence(lang, "toolLimits.editOutputTooSmall", {
          width: 800,
          height: 800,
          pixels: formatNumber(800 * 800, lang),
          minPixels,
        }),
      );
      expect(await text(page.getByTestId("image-edit-run-held"))).toBe(
        sentence(lang, "toolLimits.editOutputTooSmallHint", { minPixels }),
      );
      expect(await page.getByTestId("image-edit-run").isDisabled()).toBe(true);
      await page.getByTestId("image-edit-run").click({ force: true });
      await shoot(page, `errors-${journey.name}-image-edit-output-too-small`);
      expect(charged).toEqual([]);
      expect(await page.getByTestId("image-edit-result").getAttribute("data-state")).toBe("empty");
      await context.close();
    }, 120_000);
  }
});
