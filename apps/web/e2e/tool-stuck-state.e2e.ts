import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { admin, DESKTOP, launchBrowser, newContext, PHONE, shoot, uniqueEmail } from "./support/browser.ts";
import { sentence } from "./support/catalogue.ts";

/**
 * Every state has a way forward (issue 26), on face edit with the real server and the built-in
 * engine: a job reloaded mid-run is picked up again and, once done, offers the upload area again;
 * a history thumbnail opened before any upload does too; and the upload area it leads back to
 * takes a photo. In Korean at 390 px and in English at 1280 px.
 */

const FIXTURES = join(inject("repoRoot"), "packages/engine/fixtures");
const PORTRAIT = join(FIXTURES, "astronaut.jpg");
const PASSWORD = "correct horse battery";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function paint(page: Page, fx0: number, fx1: number, fy: number): Promise<void> {
  const box = await page.getByTestId("mask-editor-content").boundingBox();
  if (!box) throw new Error("the mask editor shows no picture");
  await page.mouse.move(box.x + box.width * fx0, box.y + box.height * fy);
  await page.mouse.down();
  for (let step = 1; step <= 8; step += 1)
    await page.mouse.move(box.x + box.width * (fx0 + ((fx1 - fx0) * step) / 8), box.y + box.height * fy);
  await page.mouse.up();
}

async function uploadPortrait(page: Page): Promise<void> {
  await page.getByTestId("face-edit-file-input").setInputFiles(PORTRAIT);
  await page.getByTestId("face-edit-preview").waitFor({ timeout: 30_000 });
}

async function drawAndSaveMask(page: Page): Promise<void> {
  await page.getByTestId("face-edit-mask").click();
  await page.getByTestId("mask-editor-content").waitFor({ timeout: 30_000 });
  await paint(page, 0.35, 0.65, 0.42);
  await paint(page, 0.35, 0.65, 0.5);
  await page.getByTestId("mask-editor-save").click();
  await page.getByTestId("mask-editor").waitFor({ state: "detached", timeout: 30_000 });
  await expect.poll(() => page.getByTestId("face-edit-mask-state").getAttribute("data-saved")).toBe("true");
}

/** Another user's 2× retouch holds the engine worker, so the face edit waits and the reload lands mid-job. */
async function queueBlockerJob(): Promise<void> {
  const email = uniqueEmail("stuck-blocker");
  const context = await browser.newContext({ baseURL: inject("baseUrl") });
  const headers = { Origin: inject("baseUrl") };
  await context.request.post("/api/auth/register", {
    headers,
    data: { name: "Blocker", email, password: PASSWORD, ageConfirmed: true },
  });
  await admin("credits:grant", "--email", email, "--amount", "1000", "--reason", "e2e");
  const upload = await context.request.post("/api/image/upload-s3", {
    headers,
    multipart: {
      image: {
        name: "grace-hopper.jpg",
        mimeType: "image/jpeg",
        buffer: readFileSync(join(FIXTURES, "grace-hopper.jpg")),
      },
    },
  });
  const { imageUrl } = (await upload.json()) as { imageUrl: string };
  const started = await context.request.post("/api/runpod-upscale", {
    headers,
    data: {
      input: {
        image: imageUrl,
        seed: 7,
        prompt: "portrait",
        output_format: "jpg",
        output_quality: 100,
        lora_index: 2,
        numImages: 1,
        width: 512,
        height: 600,
        scale_factor: 2,
        upper_lip: true,
        lower_lip: true,
        filter_strength: 0.5,
        filter_index: 0,
        filter_prompt: "studio",
        left_eyebrow: true,
        right_eyebrow: true,
        nose: false,
        hair: false,
      },
    },
  });
  expect(started.status()).toBe(200);
  await context.close();
}

/** The way back leads to an upload area that takes a photo. */
async function expectWayBackToUpload(page: Page, lang: "ko" | "en"): Promise<void> {
  const back = page.getByTestId("face-edit-back");
  expect((await back.textContent())?.trim()).toBe(sentence(lang, "faceEdit.result.uploadNew"));
  await back.click();
  await page.getByTestId("face-edit-dropzone").waitFor();
  await uploadPortrait(page);
  expect(await page.getByTestId("face-edit-result").count()).toBe(0);
}

const CASES = [
  { name: "ko-390", viewport: PHONE, locale: "ko-KR", lang: "ko", prefix: "" },
  { name: "en-1280", viewport: DESKTOP, locale: "en-US", lang: "en", prefix: "/en" },
] as const;

type TJourney = (typeof CASES)[number];

async function signIn(journey: TJourney, email: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, journey.viewport, { locale: journey.locale });
  const page = await context.newPage();
  const login = await page.request.post("/api/auth/login", {
    headers: { Origin: inject("baseUrl") },
    data: { email, password: PASSWORD },
  });
  expect(login.status()).toBe(200);
  return { context, page };
}

describe("face edit always has a way back to the upload area (issue 26)", () => {
  for (const journey of CASES) {
    // The user whose finished job the history step opens (the first step makes it).
    let email = "";

    it(`${journey.name}: a job reloaded mid-run is picked up, and once done leads back to the upload area`, async () => {
      email = uniqueEmail(`stuck-${journey.name}`);
      await admin("user:create", "--email", email, "--password", PASSWORD, "--name", "Stuck");
      await admin("credits:grant", "--email", email, "--amount", "1000", "--reason", "e2e");
      const { context, page } = await signIn(journey, email);
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));

      // A run, reloaded while it waits behind another user's job.
      await page.goto(`${journey.prefix}/face-edit`);
      await page.getByTestId("face-edit-page").waitFor();
      await uploadPortrait(page);
      await drawAndSaveMask(page);
      await queueBlockerJob();
      await page.getByTestId("face-edit-run").click();
      await page.getByTestId("face-edit-processing").waitFor({ timeout: 30_000 });
      await page.reload();
      await page.getByTestId("face-edit-page").waitFor();
      const processing = page.getByTestId("face-edit-processing");
      await processing.waitFor({ timeout: 30_000 });
      // Picked up again: it says so, and it can be cancelled.
      expect(await processing.textContent()).toContain(sentence(journey.lang, "faceEdit.result.resumed"));
      await page.getByTestId("face-edit-cancel").waitFor();
      await shoot(page, `stuck-face-edit-${journey.name}-resumed`);

      // Done (behind the other job, on a busy machine: minutes): the way back works.
      await page.getByTestId("face-edit-result").waitFor({ timeout: 360_000 });
      await shoot(page, `stuck-face-edit-${journey.name}-resumed-done`);
      await expectWayBackToUpload(page, journey.lang);
      expect(errors).toEqual([]);
      await context.close();
    }, 480_000);

    it(`${journey.name}: a history item opened before any upload leads back to the upload area`, async () => {
      expect(email, "the first step made the finished job").not.toBe("");
      const { context, page } = await signIn(journey, email);
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      await page.goto(`${journey.prefix}/face-edit`);
      await page.getByTestId("face-edit-dropzone").waitFor();
      const item = page.locator('[data-testid="face-edit-history-item"][data-status="completed"]').first();
      await item.waitFor({ timeout: 15_000 });
      await item.click();
      await page.getByTestId("face-edit-result").waitFor();
      await shoot(page, `stuck-face-edit-${journey.name}-history`);
      await expectWayBackToUpload(page, journey.lang);
      expect(errors).toEqual([]);
      await context.close();
    }, 120_000);
  }
});
