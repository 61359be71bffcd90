import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { admin, DESKTOP, launchBrowser, newContext, PHONE, shoot, uniqueEmail } from "./support/browser.ts";

/**
 * The retouch journey of issue 4 (spec 02 §2.1, §4.1) on the real server and the built-in engine:
 * sign up, get credits, upload a real portrait, pick options, generate, reload mid-job, see the
 * before/after, download the file. Then screenshots of every result state in both languages.
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
  await page.getByTestId("retouch-file-input").setInputFiles(PORTRAIT);
  await page.getByTestId("retouch-preview").waitFor({ timeout: 30_000 });
  await page.getByTestId("retouch-regions-overlay").waitFor({ timeout: 30_000 });
  await page.getByTestId("retouch-regions-toggle").waitFor();
}

/** A second user starts a 2× job on another portrait through the API (the worker runs one at a time). */
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

describe("retouch journey", () => {
  it("uploads a portrait, generates, resumes after a reload, compares and downloads", async () => {
    const email = uniqueEmail("retouch");
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (err) => errors.push(err.message));

    // Visitors are sent to the login page first.
    await page.goto("/upscale");
    await page.waitForURL((url) => url.pathname === "/login");

    // Sign up through the API in this browser's own cookie jar: this journey is about retouching;
    // the sign-up form itself (with its age confirmation) is the shell-accounts journey's.
    const baseUrl = inject("baseUrl");
    const registered = await context.request.post("/api/auth/register", {
      headers: { Origin: baseUrl },
      data: { name: "결 리터치", email, password: "correct horse battery", ageConfirmed: true },
    });
    expect(registered.status()).toBe(200);
    await admin("credits:grant", "--email", email, "--amount", "1000", "--reason", "e2e");

    await page.goto("/upscale");
    await page.getByTestId("retouch-page").waitFor();
    await expect.poll(() => credits(page)).toBeGreaterThanOrEqual(1000);
    const before = await credits(page);
    await page.getByTestId("retouch-result-sample").waitFor();

    await uploadPortrait(page);
    expect(await page.getByTestId("retouch-regions-status").textContent()).toMatch(/얼굴 \d+개/);

    // Options: East Asian female glossy retouch (makeup styles are Deluxe+; this user is free),
    // studio filter at 0.4, background kept as it is, scale 1.
    expect(await page.locator('[data-testid="retouch-style"] option[value="makeup"]').isDisabled()).toBe(
      true,
    );
    await page.getByTestId("retouch-style").selectOption("glossy");
    await page.getByTestId("retouch-filter-studio").click();
    await page.getByTestId("retouch-strength").fill("0.4");
    await page.getByTestId("retouch-exclude-background").click();
    expect(await page.getByTestId("retouch-exclude-background").getAttribute("aria-checked")).toBe("true");
    expect(await page.getByTestId("retouch-scale-value").textContent()).toBe("1.0×");
    const costText = (await page.getByTestId("retouch-generate-cost").textContent()) ?? "";
    const cost = Number(costText.replace(/[^\d]/g, ""));
    expect(cost).toBeGreaterThanOrEqual(80);

    // Another user's larger job holds the single worker, so this one waits in the queue and the
    // reload below lands mid-job however fast the engine is.
    await queueBlockerJob();
    await page.getByTestId("retouch-generate").click();
    await page.getByTestId("retouch-result-processing").waitFor();
    // Generate sits below the options; the result card (top of the other column) comes into view.
    await expect
      .poll(() =>
        page.getByTestId("retouch-result-processing").evaluate((el) => {
          const { top, bottom } = el.getBoundingClientRect();
          return top >= 0 && bottom <= window.innerHeight + 1 ? "in view" : `top ${top}`;
        }),
      )
      .toBe("in view");
    await expect
      .poll(() => page.getByTestId("retouch-queue").textContent())
      .toMatch(/대기 \d+번째|지금 처리 중/);
    // The header shows the charge (forced sync after the start).
    await expect.poll(() => credits(page), { timeout: 10_000 }).toBe(before - cost);

    // Reload mid-job: the history item in processing resumes polling.
    await page.reload();
    await page.getByTestId("retouch-page").waitFor();
    const resumedOrDone = await Promise.race([
      page
        .getByTestId("retouch-result-processing")
        .waitFor({ timeout: 30_000 })
        .then(() => "processing"),
      page
        .getByTestId("retouch-result-completed")
        .waitFor({ timeout: 30_000 })
        .then(() => "completed"),
    ]);
    expect(resumedOrDone).toBe("processing");
    await page.getByText("진행 중이던 작업을 이어서 확인하고 있어요").waitFor();

    await page.getByTestId("retouch-result-completed").waitFor({ timeout: 120_000 });
    await page.getByTestId("retouch-compare").waitFor();
    expect(await page.getByTestId("retouch-engine-badge").textContent()).toContain("내장 엔진");
    expect(await page.getByTestId("retouch-identity").textContent()).toMatch(/얼굴 유사도 \d+% 유지/);
    await expect.poll(() => credits(page)).toBe(before - cost);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByTestId("retouch-download").click(),
    ]);
    const bytes = readFileSync(await download.path());
    expect(bytes.length).toBeGreaterThan(10_000);
    expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect(download.suggestedFilename()).toMatch(/\.jpe?g$/);

    // The history card shows the finished job; opening it shows the result again.
    const item = page.getByTestId("retouch-history-item").first();
    await expect.poll(() => item.getAttribute("data-status")).toBe("completed");

    finished = await page.evaluate(async () => {
      const user = JSON.parse(localStorage.getItem("user") ?? "{}") as { id: number };
      const res = await fetch(`/api/image/history/${user.id}?source=upscale&limit=1`);
      const body = (await res.json()) as { images: { image_url: string; original_image_url: string }[] };
      const first = body.images[0]!;
      return { imageUrl: first.image_url, originalImageUrl: first.original_image_url };
    });
    storageState = await context.storageState();
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("the wait", () => {
  it("shows the result the moment it is ready by live events, and cancels a waiting job with a refund", async () => {
    const email = uniqueEmail("live");
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    const registered = await context.request.post("/api/auth/register", {
      headers: { Origin: inject("baseUrl") },
      data: { name: "결 라이브", email, password: "correct horse battery", ageConfirmed: true },
    });
    expect(registered.status()).toBe(200);
    await admin("credits:grant", "--email", email, "--amount", "1000", "--reason", "e2e");
    // Every poll of the status route says "still working": only the pushed events can tell the
    // page that the job is done.
    await page.route(/\/api\/image\/status\/[0-9a-f-]+$/, (route) =>
      route.fulfill({
        json: {
          success: true,
          status: "in-progress",
          imageUrl: null,
          originalImageUrl: null,
          queuePosition: 0,
          etaSeconds: null,
          error: null,
          code: null,
        },
      }),
    );
    await page.goto("/upscale");
    await page.getByTestId("retouch-page").waitFor();
    await expect.poll(() => credits(page)).toBeGreaterThanOrEqual(1000);
    await uploadPortrait(page);
    await page.getByTestId("retouch-generate").click();
    await page.getByTestId("retouch-result-processing").waitFor();
    await page.getByTestId("retouch-result-completed").waitFor({ timeout: 120_000 });
    const afterFirst = await credits(page);

    // A second job waits behind another user's: cancel it, and its credits come back.
    await queueBlockerJob();
    await page.getByTestId("retouch-generate").click();
    await page.getByTestId("retouch-result-processing").waitFor();
    await expect.poll(() => credits(page), { timeout: 10_000 }).toBeLessThan(afterFirst);
    await page.getByTestId("retouch-cancel").click();
    await page.getByTestId("retouch-result-failed").waitFor();
    expect(await page.getByTestId("retouch-result-failed").textContent()).toContain("작업을 취소했어요");
    expect(await page.getByTestId("retouch-failed-reason").textContent()).toBe(
      "작업을 취소했습니다. 사용한 크레딧은 환불되었습니다.",
    );
    await expect.poll(() => credits(page), { timeout: 10_000 }).toBe(afterFirst);
    await shoot(page, "ko-1280-upscale-cancelled");
    await context.close();
  });
});

type TShotState = "processing" | "completed" | "failed";

/** Fakes the start and the status so each result state can be photographed on cue. */
async function fakeJob(page: Page, state: { current: TShotState }) {
  await page.route("**/api/runpod-upscale", (route) =>
    route.fulfill({
      json: { success: true, jobId: "shot-job", imageId: 0, status: "in-progress", cost: 80 },
    }),
  );
  await page.route("**/api/image/status/shot-job", (route) => {
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
          error: "The engine could not read this image.",
          code: "ENGINE_FAILED",
        },
      });
    }
    return route.fulfill({
      json: {
        ...base,
        status: "completed",
        imageUrl: finished?.imageUrl ?? null,
        queuePosition: null,
        etaSeconds: null,
        identityScore: 0.93,
        facesFound: 1,
        engine: "builtin",
      },
    });
  });
}

describe("screenshots", () => {
  for (const viewport of [DESKTOP, PHONE]) {
    for (const lang of ["ko", "en"] as const) {
      it(`every result state at ${viewport.width}px in ${lang}`, async () => {
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
        const name = (what: string) => `${lang}-${viewport.width}-upscale-${what}`;

        await page.goto(lang === "en" ? "/en/upscale" : "/upscale");
        await page.getByTestId("retouch-result-sample").waitFor();
        await page.waitForLoadState("networkidle");
        await shoot(page, name("empty"));

        await uploadPortrait(page);
        await page.waitForLoadState("networkidle");
        await shoot(page, name("uploaded"));

        await page.getByTestId("retouch-generate").click();
        await page.getByTestId("retouch-queue").waitFor({ timeout: 10_000 });
        await shoot(page, name("processing"));

        state.current = "completed";
        await page.getByTestId("retouch-result-completed").waitFor({ timeout: 15_000 });
        await page.getByTestId("retouch-identity-hint").waitFor();
        await page.waitForLoadState("networkidle");
        await shoot(page, name("completed"));

        await page.getByTestId("retouch-zoom").click();
        await page.getByTestId("retouch-fullscreen").waitFor();
        await page.waitForTimeout(300);
        await page.screenshot({ path: join(inject("repoRoot"), "screenshots", `${name("fullscreen")}.png`) });
        await page.keyboard.press("Escape");

        state.current = "failed";
        await page.getByTestId("retouch-generate").click();
        await page.getByTestId("retouch-result-failed").waitFor({ timeout: 15_000 });
        await shoot(page, name("failed"));
        await page.getByTestId("retouch-try-again").click();
        await page.getByTestId("retouch-result-empty").waitFor();
        await context.close();
      });
    }
  }
});
