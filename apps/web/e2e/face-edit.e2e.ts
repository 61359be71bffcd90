import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { admin, DESKTOP, launchBrowser, newContext, PHONE, shoot, uniqueEmail } from "./support/browser.ts";

/**
 * The face edit journey of issue 13 (spec 02 §2.4, §4.4) on the real server and the built-in
 * engine (issue 24: the page describes its reshape before the run): upload a portrait, draw a mask
 * with undo and zoom, save it, run, reload mid-job, compare and download. Then screenshots of the page's states in both languages at 1280 and 390 px.
 */

const PORTRAIT = join(inject("repoRoot"), "packages/engine/fixtures/astronaut.jpg");

let browser: Browser;
let storageState: Awaited<ReturnType<BrowserContext["storageState"]>> | undefined;
let finished: { imageUrl: string; originalImageUrl: string } | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function credits(page: Page): Promise<number> {
  const text = (await page.getByTestId("header-credits").textContent()) ?? "";
  return Number(text.replace(/[^\d]/g, ""));
}

async function uploadPortrait(page: Page): Promise<void> {
  await page.getByTestId("face-edit-file-input").setInputFiles(PORTRAIT);
  await page.getByTestId("face-edit-preview").waitFor({ timeout: 30_000 });
}

/** Paints one stroke across the middle of the picture, from (fx0, fy) to (fx1, fy) in fractions. */
async function paint(page: Page, fx0: number, fx1: number, fy: number): Promise<void> {
  const box = await page.getByTestId("mask-editor-content").boundingBox();
  if (!box) throw new Error("the mask editor shows no picture");
  await page.mouse.move(box.x + box.width * fx0, box.y + box.height * fy);
  await page.mouse.down();
  for (let step = 1; step <= 8; step += 1) {
    const fx = fx0 + ((fx1 - fx0) * step) / 8;
    await page.mouse.move(box.x + box.width * fx, box.y + box.height * fy);
  }
  await page.mouse.up();
}

/** Opens the editor, paints the cheeks and saves; the page then shows the mask as saved. */
async function drawAndSaveMask(page: Page): Promise<void> {
  await page.getByTestId("face-edit-mask").click();
  await page.getByTestId("mask-editor-content").waitFor({ timeout: 30_000 });
  await paint(page, 0.35, 0.65, 0.42);
  await page.getByTestId("mask-editor-save").click();
  await page.getByTestId("mask-editor").waitFor({ state: "detached", timeout: 30_000 });
  await expect.poll(() => page.getByTestId("face-edit-mask-state").getAttribute("data-saved")).toBe("true");
}

/** A second user's 2× retouch holds the engine worker, so the face edit waits and a reload lands mid-job. */
async function queueBlockerJob(): Promise<void> {
  const email = uniqueEmail("blocker");
  const context = await browser.newContext({ baseURL: inject("baseUrl") });
  const headers = { Origin: inject("baseUrl") };
  await context.request.post("/api/auth/register", {
    headers,
    data: { name: "Blocker", email, password: "correct horse battery", ageConfirmed: true },
  });
  await admin("credits:grant", "--email", email, "--amount", "1000", "--reason", "e2e");
  const upload = await context.request.post("/api/image/upload-s3", {
    headers,
    multipart: {
      image: {
        name: "grace-hopper.jpg",
        mimeType: "image/jpeg",
        buffer: readFileSync(join(inject("repoRoot"), "packages/engine/fixtures/grace-hopper.jpg")),
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

describe("face edit journey", () => {
  it("uploads, draws with undo and zoom, saves the mask, runs, resumes after a reload, compares and downloads", async () => {
    const email = uniqueEmail("face");
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (err) => errors.push(err.message));

    // Visitors are sent to the login page first.
    await page.goto("/face-edit");
    await page.waitForURL((url) => url.pathname === "/login");

    const registered = await context.request.post("/api/auth/register", {
      headers: { Origin: inject("baseUrl") },
      data: { name: "결 얼굴", email, password: "correct horse battery", ageConfirmed: true },
    });
    expect(registered.status()).toBe(200);
    await admin("credits:grant", "--email", email, "--amount", "1000", "--reason", "e2e");

    await page.goto("/face-edit");
    await page.getByTestId("face-edit-page").waitFor();
    await expect.poll(() => credits(page)).toBeGreaterThanOrEqual(1000);
    const before = await credits(page);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("얼굴 변경");

    // Run without a photo: the spec's alert.
    await page.getByTestId("face-edit-run").click();
    expect(await page.getByTestId("face-edit-alert").textContent()).toContain("이미지를 업로드해주세요");
    await page.getByTestId("face-edit-alert-ok").click();

    await uploadPortrait(page);
    // Run without a mask: the other alert.
    expect(await page.getByTestId("face-edit-run-held").textContent()).toBe("변경할 영역을 그려주세요!");
    await page.getByTestId("face-edit-run").click();
    expect(await page.getByTestId("face-edit-alert").textContent()).toContain("마스크를 지정하고 저장");
    await page.getByTestId("face-edit-alert-ok").click();

    // The mask editor: a stroke, undone, zoomed in, then painted again and saved.
    await page.getByTestId("face-edit-mask").click();
    await page.getByTestId("mask-editor-content").waitFor({ timeout: 30_000 });
    const undo = page.getByTestId("mask-editor-undo");
    expect(await undo.isDisabled()).toBe(true);
    await paint(page, 0.3, 0.7, 0.3);
    await expect.poll(() => undo.isDisabled()).toBe(false);
    await page.keyboard.press("Control+z");
    await expect.poll(() => undo.isDisabled()).toBe(true);
    const zoomBefore = await page.getByTestId("mask-editor-zoom").textContent();
    await page.getByTestId("mask-editor-zoom-in").click();
    await expect.poll(() => page.getByTestId("mask-editor-zoom").textContent()).not.toBe(zoomBefore);
    await page.getByTestId("mask-editor-zoom-fit").click();
    await paint(page, 0.35, 0.65, 0.42);
    await paint(page, 0.35, 0.65, 0.5);
    await shoot(page, "ko-1280-face-edit-mask-editor");
    await page.getByTestId("mask-editor-save").click();
    await page.getByTestId("mask-editor").waitFor({ state: "detached", timeout: 30_000 });
    await expect.poll(() => page.getByTestId("face-edit-mask-state").getAttribute("data-saved")).toBe("true");
    await page.getByTestId("face-edit-mask-overlay").waitFor();

    // Before any run the page says what the built-in engine will do, for the chosen gender.
    expect(await page.getByTestId("face-edit-engine-note").textContent()).toContain("턱선·눈·코·입술");
    expect(await page.getByTestId("face-edit-engine-direction").textContent()).toContain(
      "여성: 갸름한 V라인",
    );

    const costText = (await page.getByTestId("face-edit-run-cost").textContent()) ?? "";
    const cost = Number(costText.replace(/[^\d]/g, ""));
    expect(cost).toBeGreaterThanOrEqual(85);

    await queueBlockerJob();
    await page.getByTestId("face-edit-intensity").fill("0.7");
    await page.getByTestId("face-edit-run").click();
    await page.getByTestId("face-edit-processing").waitFor();
    await expect.poll(() => credits(page), { timeout: 10_000 }).toBe(before - cost);

    // Reload mid-job: the page picks the job up again.
    await page.reload();
    await page.getByTestId("face-edit-page").waitFor();
    const resumedOrDone = await Promise.race([
      page
        .getByTestId("face-edit-processing")
        .waitFor({ timeout: 30_000 })
        .then(() => "processing"),
      page
        .getByTestId("face-edit-compare")
        .waitFor({ timeout: 30_000 })
        .then(() => "completed"),
    ]);
    expect(resumedOrDone).toBe("processing");
    expect(await page.getByTestId("face-edit-processing").textContent()).toContain("앞서 시작한 작업");

    await page.getByTestId("face-edit-compare").waitFor({ timeout: 180_000 });
    const note = (await page.getByTestId("face-edit-engine-note").textContent()) ?? "";
    expect(note).toContain("칠한 부분 안에서 얼굴형을 다듬어요");
    expect(note).toContain("생성형 엔진을 연결해야");
    await expect.poll(() => credits(page)).toBe(before - cost);

    // The before/after slider moves with the keyboard.
    const slider = page.getByTestId("face-edit-compare").getByRole("slider");
    const startPos = await slider.getAttribute("aria-valuenow");
    await slider.focus();
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await expect.poll(() => slider.getAttribute("aria-valuenow")).not.toBe(startPos);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByTestId("face-edit-download").click(),
    ]);
    const bytes = readFileSync(await download.path());
    expect(bytes.length).toBeGreaterThan(10_000);
    expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);

    // The viewer downloads the original too.
    await page.getByTestId("face-edit-zoom").click();
    await page.getByTestId("face-edit-viewer").waitFor();
    const [original] = await Promise.all([
      page.waitForEvent("download"),
      page.getByTestId("face-edit-viewer-download-original").click(),
    ]);
    expect(readFileSync(await original.path()).length).toBeGreaterThan(10_000);
    await page.keyboard.press("Escape");

    const item = page.getByTestId("face-edit-history-item").first();
    await expect.poll(() => item.getAttribute("data-status")).toBe("completed");

    finished = await page.evaluate(async () => {
      const user = JSON.parse(localStorage.getItem("user") ?? "{}") as { id: number };
      const res = await fetch(`/api/image/history/${user.id}?source=face_edit&limit=1`);
      const body = (await res.json()) as { images: { image_url: string; original_image_url: string }[] };
      const first = body.images[0]!;
      return { imageUrl: first.image_url, originalImageUrl: first.original_image_url };
    });

    // My Page's Face Edit tab shows the result.
    await page.goto("/mypage");
    await page.getByTestId("history-tab-faceEdit").click();
    await expect
      .poll(() => page.locator('[data-testid="history-tile"][data-status="completed"]').count(), {
        timeout: 15_000,
      })
      .toBeGreaterThan(0);
    await shoot(page, "ko-1280-face-edit-mypage-tab");

    storageState = await context.storageState();
    expect(errors).toEqual([]);
    await context.close();
  });
});

type TShotState = "processing" | "completed" | "failed";

/** Fakes the start and the status so each state can be photographed on cue (no charge, no queue). */
async function fakeJob(page: Page, state: { current: TShotState }) {
  await page.route("**/api/runpod-face-edit", (route) =>
    route.fulfill({
      json: { success: true, jobId: "shot-job", imageId: 0, status: "in-progress", cost: 85 },
    }),
  );
  await page.route(/\/api\/image\/status\/shot-job/, (route) => {
    const base = {
      success: true,
      originalImageUrl: finished?.originalImageUrl ?? null,
      error: null,
      code: null,
    };
    if (state.current === "processing") {
      return route.fulfill({
        json: { ...base, status: "in-progress", imageUrl: null, queuePosition: 2, etaSeconds: 40 },
      });
    }
    if (state.current === "failed") {
      return route.fulfill({
        json: {
          ...base,
          status: "failed",
          imageUrl: null,
          queuePosition: null,
          etaSeconds: null,
          error: "failed",
          code: "FACE_EDIT_FAILED",
        },
      });
    }
    return route.fulfill({
      json: {
        ...base,
        status: "completed",
        imageUrl: finished?.imageUrl ?? null,
        images: finished ? [finished.imageUrl] : [],
        queuePosition: null,
        etaSeconds: null,
        engine: "builtin-reshape",
        facesFound: 1,
      },
    });
  });
}

describe("screenshots", () => {
  for (const viewport of [DESKTOP, PHONE]) {
    for (const lang of ["ko", "en"] as const) {
      it(`the page's states at ${viewport.width}px in ${lang}`, async () => {
        expect(storageState).toBeDefined();
        const context = await browser.newContext({
          viewport,
          baseURL: inject("baseUrl"),
          locale: lang === "ko" ? "ko-KR" : "en-US",
          timezoneId: "Asia/Seoul",
          storageState,
        });
        const page = await context.newPage();
        const state = { current: "processing" as TShotState };
        await fakeJob(page, state);
        const name = (what: string) => `${lang}-${viewport.width}-face-edit-${what}`;

        await page.goto(lang === "en" ? "/en/face-edit" : "/face-edit");
        await page.getByTestId("face-edit-dropzone").waitFor();
        await page.waitForLoadState("networkidle");
        await shoot(page, name("empty"));

        await uploadPortrait(page);
        await drawAndSaveMask(page);
        await page.waitForLoadState("networkidle");
        await shoot(page, name("masked"));

        await page.getByTestId("face-edit-run").click();
        await page.getByTestId("face-edit-processing").waitFor({ timeout: 10_000 });
        await shoot(page, name("processing"));

        state.current = "completed";
        await page.getByTestId("face-edit-compare").waitFor({ timeout: 30_000 });
        await page.waitForLoadState("networkidle");
        await shoot(page, name("completed"));

        await page.getByTestId("face-edit-back").click();
        state.current = "failed";
        await page.getByTestId("face-edit-run").click();
        await page.getByTestId("face-edit-error-modal").waitFor({ timeout: 30_000 });
        await shoot(page, name("failed"));
        await context.close();
      });
    }
  }
});
