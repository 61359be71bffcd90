import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { admin, DESKTOP, launchBrowser, newContext, PHONE, shoot, uniqueEmail } from "./support/browser.ts";

/**
 * "Run again" from history (issue 26) on the real server, on image edit (the Seedream contract
 * fake) and generation (the Kling contract fake): a run is made, the page is reloaded (the form
 * empty), and the history item's "run again" puts its prompt, seed, size or ratio, count and input
 * images back into the form without running; Run then runs it. On image edit the one result viewer
 * opens with its 100 % zoom and hold to compare; on generation a result becomes the next reference
 * ("edit this result again"). In Korean at 390 px (touch) and in English at 1280 px.
 */

const FIXTURES = join(inject("repoRoot"), "packages/engine/fixtures");
const PASSWORD = "run-again-password-1";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function photo(name: string, width: number, height: number) {
  const buffer = await sharp(join(FIXTURES, name))
    .resize(width, height, { fit: "cover" })
    .jpeg({ quality: 88 })
    .toBuffer();
  return { name: name.replace(".jpg", `-${width}.jpg`), mimeType: "image/jpeg", buffer };
}

/** The viewer is fixed to the window: a shot of the window, not of the whole page. */
async function shootWindow(page: Page, name: string): Promise<void> {
  mkdirSync(join(inject("repoRoot"), "screenshots"), { recursive: true });
  await page.screenshot({ path: join(inject("repoRoot"), "screenshots", `${name}.png`) });
}

async function credits(page: Page): Promise<number> {
  const answer = (await (await page.request.get("/api/auth/check")).json()) as { user: { credits: number } };
  return answer.user.credits;
}

const CASES = [
  {
    name: "ko-390",
    viewport: PHONE,
    locale: "ko-KR",
    prefix: "",
    hasTouch: true,
    editPrompt: "하늘을 노을빛으로 바꿔 주세요",
    genPrompt: "눈 속의 붉은 여우",
    runAgain: "다시 실행",
    loaded: "기록의 프롬프트와 설정, 입력 이미지를 불러왔어요.",
    hold: "누르고 있으면 원본",
  },
  {
    name: "en-1280",
    viewport: DESKTOP,
    locale: "en-US",
    prefix: "/en",
    hasTouch: false,
    editPrompt: "Turn the sky into a sunset",
    genPrompt: "A red fox in the snow",
    runAgain: "Run again",
    loaded: "Loaded the prompt, settings and input images from history.",
    hold: "Hold to compare",
  },
] as const;

async function signedInPage(journey: (typeof CASES)[number], prefix: string): Promise<Page> {
  const email = uniqueEmail(`${prefix}-${journey.name}`);
  await admin("user:create", "--email", email, "--password", PASSWORD, "--name", "Again");
  await admin("credits:grant", "--email", email, "--amount", "500", "--reason", "e2e");
  const context = await newContext(browser, journey.viewport, {
    locale: journey.locale,
    hasTouch: journey.hasTouch,
  });
  const page = await context.newPage();
  const login = await page.request.post("/api/auth/login", {
    headers: { Origin: inject("baseUrl") },
    data: { email, password: PASSWORD },
  });
  expect(login.status()).toBe(200);
  return page;
}

async function waitForTiles(page: Page, count: number): Promise<void> {
  await expect
    .poll(() => page.locator('[data-testid^="image-edit-tile-"][data-status="ready"]').count(), {
      timeout: 30_000,
    })
    .toBe(count);
}

async function imageEditRun(page: Page): Promise<void> {
  await page.getByTestId("image-edit-run").click();
  await page.locator('[data-testid="image-edit-result"][data-state="done"]').waitFor({ timeout: 90_000 });
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll<HTMLImageElement>('[data-testid^="image-edit-result-"]')).every(
      (img) => img.complete && img.naturalWidth > 0,
    ),
  );
}

describe("run again from history (issue 26)", () => {
  for (const journey of CASES) {
    it(`image edit, ${journey.name}: the prompt, seed, size, count and tiles come back; Run runs them`, async () => {
      const page = await signedInPage(journey, "again-edit");
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      await page.goto(`${journey.prefix}/image-edit`);
      await page.getByTestId("image-edit-page").waitFor();
      await page.getByTestId("image-edit-prompt").fill(journey.editPrompt);
      await page
        .getByTestId("image-edit-file-input")
        .setInputFiles([await photo("astronaut.jpg", 1280, 1280), await photo("coffee.jpg", 1440, 960)]);
      await waitForTiles(page, 2);
      await page.getByTestId("image-edit-count-2").click();
      await page.getByTestId("image-edit-seed").fill("424242");
      await page.getByTestId("image-edit-seed-lock").click();
      await imageEditRun(page);
      await expect.poll(() => page.locator('[data-testid^="image-edit-result-"]').count()).toBe(2);

      // The one viewer: the run's first input is the original; 100 % and hold to compare.
      await page.getByTestId("image-edit-result-0").click();
      const viewer = page.getByTestId("image-edit-viewer");
      await viewer.waitFor();
      const stage = page.getByTestId("image-edit-viewer-stage");
      await page.waitForFunction(() => {
        const img = document.querySelector<HTMLImageElement>('[data-testid="image-edit-viewer-stage"] img');
        return Boolean(img?.complete && img.naturalWidth > 0);
      });
      expect(await stage.getAttribute("data-showing")).toBe("after");
      await shootWindow(page, `run-again-image-edit-${journey.name}-viewer`);
      await page.getByTestId("image-edit-viewer-actual").click();
      await expect.poll(() => page.getByTestId("image-edit-viewer-zoom-level").textContent()).toBe("100%");
      const hold = page.getByTestId("image-edit-viewer-hold");
      expect(await hold.textContent()).toBe(journey.hold);
      const box = (await hold.boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await expect.poll(() => stage.getAttribute("data-showing")).toBe("before");
      await shootWindow(page, `run-again-image-edit-${journey.name}-viewer-hold`);
      await page.mouse.up();
      await expect.poll(() => stage.getAttribute("data-showing")).toBe("after");
      await page.keyboard.press("Escape");
      await viewer.waitFor({ state: "detached" });

      // A fresh page: the form is empty (the accepted run's draft is gone).
      await page.reload();
      await page.getByTestId("image-edit-page").waitFor();
      expect(await page.getByTestId("image-edit-prompt").inputValue()).toBe("");
      expect(await page.locator('[data-testid^="image-edit-tile-"][data-status]').count()).toBe(0);
      const item = page.locator('[data-testid="image-edit-history-items"] li').first();
      await item.waitFor({ timeout: 15_000 });
      const action = item.locator('[data-testid$="-action"]');
      expect(await action.textContent()).toBe(journey.runAgain);
      const before = await credits(page);
      await action.click();
      await page.getByText(journey.loaded).first().waitFor();
      await expect.poll(() => page.getByTestId("image-edit-prompt").inputValue()).toBe(journey.editPrompt);
      await waitForTiles(page, 2);
      expect(await page.getByTestId("image-edit-seed").inputValue()).toBe("424242");
      expect(await page.getByTestId("image-edit-seed-lock").getAttribute("aria-pressed")).toBe("true");
      expect(await page.getByTestId("image-edit-count-2").getAttribute("aria-pressed")).toBe("true");
      // Nothing ran: no charge, the result card still empty.
      expect(await page.getByTestId("image-edit-result").getAttribute("data-state")).toBe("empty");
      expect(await credits(page)).toBe(before);
      await shoot(page, `run-again-image-edit-${journey.name}-recalled`);

      await imageEditRun(page);
      await expect.poll(() => credits(page)).toBe(before - 30);
      expect(errors).toEqual([]);
      await page.context().close();
    }, 300_000);

    it(`generation, ${journey.name}: the prompt, ratio, count and reference come back; a result becomes the next reference`, async () => {
      const page = await signedInPage(journey, "again-gen");
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      await page.goto(`${journey.prefix}/image-generation`);
      await page.getByTestId("generation-page").waitFor();
      await page.getByTestId("generation-prompt").fill(journey.genPrompt);
      await page.getByTestId("generation-reference-input").setInputFiles(join(FIXTURES, "grace-hopper.jpg"));
      await page.getByTestId("generation-lock-dialog").waitFor();
      await page.getByTestId("generation-lock-ok").click();
      await page.getByTestId("generation-aspect").selectOption("3x4");
      await page.getByTestId("generation-count").selectOption("2");
      await page.getByTestId("generation-run").click();
      await expect
        .poll(() => page.getByTestId("generation-result-image").count(), { timeout: 60_000, interval: 500 })
        .toBe(2);
      await page.getByTestId("generation-waiting").waitFor({ state: "detached" });

      // A fresh page: the form is empty.
      await page.reload();
      await page.getByTestId("generation-page").waitFor();
      expect(await page.getByTestId("generation-prompt").inputValue()).toBe("");
      const item = page.locator('[data-testid="generation-history-items"] li').first();
      await item.waitFor({ timeout: 15_000 });
      const action = item.locator('[data-testid$="-action"]');
      expect(await action.textContent()).toBe(journey.runAgain);
      const before = await credits(page);
      await action.click();
      await page.getByText(journey.loaded).first().waitFor();
      await expect.poll(() => page.getByTestId("generation-prompt").inputValue()).toBe(journey.genPrompt);
      expect(await page.getByTestId("generation-aspect").inputValue()).toBe("3x4");
      expect(await page.getByTestId("generation-count").inputValue()).toBe("2");
      await page.getByTestId("generation-reference").locator("img").waitFor();
      // Nothing ran.
      expect(await page.getByTestId("generation-result-image").count()).toBe(0);
      expect(await credits(page)).toBe(before);
      await shoot(page, `run-again-generation-${journey.name}-recalled`);

      // Run runs the recalled form; then a result becomes the next run's reference.
      await page.getByTestId("generation-run").click();
      await expect
        .poll(() => page.getByTestId("generation-result-image").count(), { timeout: 60_000, interval: 500 })
        .toBe(2);
      await page.getByTestId("generation-waiting").waitFor({ state: "detached" });
      await expect.poll(() => credits(page)).toBeLessThan(before);
      const referenceBefore = await page
        .getByTestId("generation-reference")
        .locator("img")
        .getAttribute("src");
      await page.getByTestId("generation-edit-again").first().click();
      await page.getByTestId("generation-lock-dialog").waitFor();
      await page.getByTestId("generation-lock-ok").click();
      await expect
        .poll(() => page.getByTestId("generation-reference").locator("img").getAttribute("src"))
        .not.toBe(referenceBefore);
      expect(errors).toEqual([]);
      await page.context().close();
    }, 300_000);
  }
});
