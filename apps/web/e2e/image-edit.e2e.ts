import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { admin, DESKTOP, launchBrowser, newContext, PHONE, shoot, uniqueEmail } from "./support/browser.ts";

/**
 * The image edit journey of issue 15 (spec 02 §2.2, §4.3, §8) on the real server, whose provider
 * is the Seedream contract fake (support/global-setup.ts; results are the first picture
 * recoloured): an administrator adds a sample; a user applies it, adds two more images, masks the
 * first with undo and zoom, runs two outputs with auto-prompt by Ctrl+Enter, sees results and
 * history, downloads, meets the error modal, sends a result to retouch and finds the run on My
 * Page. Screenshots in Korean and English at 1280 and 390 px.
 */

const FIXTURES = join(inject("repoRoot"), "packages/engine/fixtures");
const PASSWORD = "correct horse battery";

let browser: Browser;
let adminEmail: string;

beforeAll(async () => {
  browser = await launchBrowser();
  adminEmail = uniqueEmail("edit-admin");
  await admin("user:create", "--email", adminEmail, "--password", PASSWORD, "--name", "운영자", "--admin");
});
afterAll(async () => {
  await browser?.close();
});

/** A fixture enlarged past spec 02 §5's 921,600-pixel minimum, as a file for the file input. */
async function photo(name: string, width: number, height: number) {
  const buffer = await sharp(join(FIXTURES, name))
    .resize(width, height, { fit: "cover" })
    .jpeg({ quality: 88 })
    .toBuffer();
  return { name: name.replace(".jpg", `-${width}.jpg`), mimeType: "image/jpeg", buffer };
}

async function signIn(context: BrowserContext, email: string): Promise<Page> {
  const page = await context.newPage();
  const response = await page.request.post("/api/auth/login", {
    headers: { Origin: inject("baseUrl") },
    data: { email, password: PASSWORD },
  });
  expect(response.status()).toBe(200);
  return page;
}

async function credits(page: Page): Promise<number> {
  const text = (await page.getByTestId("header-credits").textContent()) ?? "";
  return Number(text.replace(/[^\d]/g, ""));
}

async function setOutcome(outcome: string): Promise<void> {
  const response = await fetch(`${inject("seedreamFakeUrl").replace(/\/api\/v3$/, "")}/__fake/outcome`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ outcome }),
  });
  expect(response.status).toBe(200);
}

async function waitForTiles(page: Page, count: number): Promise<void> {
  await expect
    .poll(() => page.locator('[data-testid^="image-edit-tile-"][data-status="ready"]').count(), {
      timeout: 30_000,
    })
    .toBe(count);
}

/** Paints one stroke across the picture, from (fx0, fy) to (fx1, fy) in fractions. */
async function paint(page: Page, fx0: number, fx1: number, fy: number): Promise<void> {
  const box = await page.getByTestId("mask-editor-content").boundingBox();
  if (!box) throw new Error("the mask editor shows no picture");
  await page.mouse.move(box.x + box.width * fx0, box.y + box.height * fy);
  await page.mouse.down();
  for (let step = 1; step <= 8; step += 1)
    await page.mouse.move(box.x + box.width * (fx0 + ((fx1 - fx0) * step) / 8), box.y + box.height * fy);
  await page.mouse.up();
}

describe("image edit journey", () => {
  let userState: Awaited<ReturnType<BrowserContext["storageState"]>>;

  it("an administrator adds a sample from the page", async () => {
    const context = await newContext(browser, DESKTOP);
    const page = await signIn(context, adminEmail);
    await page.goto("/image-edit");
    await page.getByTestId("image-edit-page").waitFor();
    await page.getByTestId("image-edit-file-input").setInputFiles(await photo("astronaut.jpg", 1280, 1280));
    await waitForTiles(page, 1);
    await page.getByTestId("image-edit-prompt").fill("우주복을 금빛으로 바꾸고 배경에 별을 더해 주세요");
    await page.getByTestId("image-edit-sample-add").click();
    await page
      .locator('[data-testid^="image-edit-sample-"]:not([data-testid$="-delete"]):not([data-testid$="-add"])')
      .first()
      .waitFor();
    await context.close();
  }, 60_000);

  it("sample, three images, a mask with undo and zoom, two outputs with auto-prompt, results, history, download, error modal, retouch, My Page", async () => {
    const email = uniqueEmail("edit");
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (err) => errors.push(err.message));

    // Visitors are sent to the login page first.
    await page.goto("/image-edit");
    await page.waitForURL((url) => url.pathname === "/login");
    const registered = await page.request.post("/api/auth/register", {
      headers: { Origin: inject("baseUrl") },
      data: { name: "결 편집", email, password: PASSWORD, ageConfirmed: true },
    });
    expect(registered.status()).toBe(200);
    await admin("credits:grant", "--email", email, "--amount", "1000", "--reason", "e2e");

    await page.goto("/image-edit");
    await page.getByTestId("image-edit-page").waitFor();
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("이미지 편집");
    await page.getByTestId("image-edit-test-provider").waitFor();
    await expect.poll(() => credits(page)).toBeGreaterThanOrEqual(1000);
    // Run is off while the prompt is empty, and says why.
    expect(await page.getByTestId("image-edit-run").isDisabled()).toBe(true);
    expect(await page.getByTestId("image-edit-run-held").textContent()).toBe("프롬프트를 입력해 주세요");
    await shoot(page, "image-edit-ko-1280-empty");

    // Too small a picture: the message states its size.
    await page.getByTestId("image-edit-file-input").setInputFiles(join(FIXTURES, "astronaut.jpg"));
    await page.getByTestId("image-edit-error").waitFor();
    expect(await page.getByTestId("image-edit-error").textContent()).toContain("512×512");
    await page.getByTestId("image-edit-error-ok").click();

    // Apply the administrator's sample: its prompt, settings and image.
    const sample = page.locator('[data-testid^="image-edit-sample-"]').first();
    await sample.click();
    await expect.poll(() => page.getByTestId("image-edit-prompt").inputValue()).toContain("금빛");
    await waitForTiles(page, 1);

    // Two more images, dropped in through the file input.
    await page
      .getByTestId("image-edit-file-input")
      .setInputFiles([await photo("grace-hopper.jpg", 1024, 1200), await photo("coffee.jpg", 1440, 960)]);
    await waitForTiles(page, 3);

    // The first tile's mask: a stroke, undone, zoomed in and fitted, painted again, saved.
    await page.getByTestId("image-edit-tile-0-mask").click();
    await page.getByTestId("mask-editor-content").waitFor({ timeout: 30_000 });
    const undo = page.getByTestId("mask-editor-undo");
    await paint(page, 0.3, 0.7, 0.3);
    await expect.poll(() => undo.isDisabled()).toBe(false);
    await page.keyboard.press("Control+z");
    await expect.poll(() => undo.isDisabled()).toBe(true);
    const zoomBefore = await page.getByTestId("mask-editor-zoom").textContent();
    await page.getByTestId("mask-editor-zoom-in").click();
    await expect.poll(() => page.getByTestId("mask-editor-zoom").textContent()).not.toBe(zoomBefore);
    await page.getByTestId("mask-editor-zoom-fit").click();
    await paint(page, 0.2, 0.8, 0.55);
    await paint(page, 0.2, 0.8, 0.65);
    await shoot(page, "image-edit-ko-1280-mask-editor");
    await page.getByTestId("mask-editor-save").click();
    await page.getByTestId("mask-editor").waitFor({ state: "detached", timeout: 30_000 });
    await expect.poll(() => page.getByTestId("image-edit-tile-0").getAttribute("data-masked")).toBe("true");

    // Two outputs with auto-prompt, run by Ctrl+Enter: 2 × 15 + 5 credits.
    await page.getByTestId("image-edit-count-2").click();
    await page.getByTestId("image-edit-auto-prompt").check();
    expect(await page.getByTestId("image-edit-run-cost").textContent()).toContain("35");
    const before = await credits(page);
    await page.getByRole("heading", { level: 1 }).click();
    await page.keyboard.press("Control+Enter");
    await page.locator('[data-testid="image-edit-result"][data-state="done"]').waitFor({ timeout: 90_000 });
    await expect.poll(() => page.locator('[data-testid^="image-edit-result-"]').count()).toBe(2);
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll<HTMLImageElement>('[data-testid^="image-edit-result-"]')).every(
        (img) => img.complete && img.naturalWidth > 0,
      ),
    );
    await expect.poll(() => credits(page)).toBe(before - 35);
    // The auto-prompt's answer replaced the prompt (the stand-in model's, which counts the images).
    expect(await page.getByTestId("image-edit-prompt").inputValue()).toContain("3 input image(s)");
    // History shows the run with both images.
    await expect
      .poll(() => page.locator('[data-testid="image-edit-history-items"] li').count(), { timeout: 15_000 })
      .toBeGreaterThanOrEqual(1);
    expect(
      await page.locator('[data-testid="image-edit-history-items"] li').first().locator("img").count(),
    ).toBe(2);
    await shoot(page, "image-edit-ko-1280-results");

    // Download the first result.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByTestId("image-edit-download-0").click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.jpe?g$/);

    // The zoom viewer.
    await page.getByTestId("image-edit-result-1").click();
    await page.getByTestId("image-edit-viewer").waitFor();
    await page.keyboard.press("Escape");
    await page.getByTestId("image-edit-viewer").waitFor({ state: "detached" });

    // The provider refuses the next run: the modal names the reason and the refund.
    await setOutcome("sensitive");
    try {
      await page.getByTestId("image-edit-auto-prompt").uncheck();
      const beforeFailure = await credits(page);
      await page.getByTestId("image-edit-run").click();
      await page.getByTestId("image-edit-error").waitFor({ timeout: 60_000 });
      expect(await page.getByTestId("image-edit-error-row").getAttribute("data-row")).toBe("sensitive");
      expect(await page.getByTestId("image-edit-error-refund").textContent()).toContain("환불");
      await shoot(page, "image-edit-ko-1280-error");
      await page.getByTestId("image-edit-error-ok").click();
      await expect.poll(() => credits(page)).toBe(beforeFailure);
    } finally {
      await setOutcome("ok");
    }

    // Send a result to retouch through the handoff record.
    await page.getByTestId("image-edit-retouch-0").click();
    await page.waitForURL((url) => url.pathname === "/upscale");

    // My Page's Image Edit tab lists the run.
    await page.goto("/mypage");
    await page.getByTestId("history-tab-imageEdit").click();
    await expect
      .poll(() => page.getByTestId("history-tile").count(), { timeout: 15_000 })
      .toBeGreaterThanOrEqual(1);
    await shoot(page, "image-edit-ko-1280-mypage");

    userState = await context.storageState();
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);

  it("looks right in both languages at 1280 and 390 px", async () => {
    for (const [viewport, width] of [
      [DESKTOP, 1280],
      [PHONE, 390],
    ] as const) {
      for (const locale of ["ko", "en"] as const) {
        const context = await browser.newContext({
          baseURL: inject("baseUrl"),
          viewport,
          storageState: userState,
          locale: "ko-KR",
          timezoneId: "Asia/Seoul",
        });
        const page = await context.newPage();
        await page.goto(locale === "en" ? "/en/image-edit" : "/image-edit");
        await page.getByTestId("image-edit-page").waitFor();
        await page
          .locator('[data-testid="image-edit-history-items"] li')
          .first()
          .waitFor({ timeout: 15_000 });
        // A history item opens as the result (the click debounce lets this first click through).
        await page.locator('[data-testid="image-edit-history-items"] li button').first().click();
        await page.locator('[data-testid="image-edit-result"][data-state="done"]').waitFor();
        await page.waitForFunction(() =>
          Array.from(document.querySelectorAll<HTMLImageElement>("img")).every((img) => img.complete),
        );
        expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(
          locale === "en" ? "Image edit" : "이미지 편집",
        );
        await shoot(page, `image-edit-${locale}-${width}`);
        await context.close();
      }
    }
  }, 120_000);
});
