import { join } from "node:path";
import { generationCost } from "@gyeol/shared/generation";
import { imageEditCost } from "@gyeol/shared/image-edit";
import type { Browser, BrowserContext, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { formatNumber } from "../src/lib/dates.ts";
import { admin, DESKTOP, launchBrowser, newContext, PHONE, shoot, uniqueEmail } from "./support/browser.ts";
import { sentence } from "./support/catalogue.ts";

/**
 * A way forward from a run (issue 26), on the real server with the vendors' contract fakes
 * (support/global-setup.ts): a run of image edit or generation is cancelled while the vendor holds
 * it, the credits come back (the header and the Run button show the balance again) and the inputs
 * are as they were; a finished run's result becomes the next run's input ("edit this result
 * again"). In Korean at 390 px and in English at 1280 px.
 */

const FIXTURES = join(inject("repoRoot"), "packages/engine/fixtures");
const PASSWORD = "correct horse battery";
const GRANT = 1000;

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

async function signedIn(journey: TJourney): Promise<{ context: BrowserContext; page: Page }> {
  const email = uniqueEmail(`cancel-${journey.name}`);
  await admin("user:create", "--email", email, "--password", PASSWORD, "--name", "Cancel");
  await admin("credits:grant", "--email", email, "--amount", String(GRANT), "--reason", "e2e");
  const context = await newContext(browser, journey.viewport, { locale: journey.locale });
  const page = await context.newPage();
  const login = await page.request.post("/api/auth/login", {
    headers: { Origin: inject("baseUrl") },
    data: { email, password: PASSWORD },
  });
  expect(login.status()).toBe(200);
  return { context, page };
}

/** The balance on the server. */
async function balance(page: Page): Promise<number> {
  const answer = (await (await page.request.get("/api/auth/check")).json()) as { user: { credits: number } };
  return answer.user.credits;
}

/** The balance the header shows. */
async function shown(page: Page): Promise<number> {
  return Number(((await page.getByTestId("header-credits").textContent()) ?? "").replace(/[^\d]/g, ""));
}

/** Steers a contract fake's next answers (its own control route, not the vendor's API). */
async function steer(url: string, body: Record<string, unknown>): Promise<void> {
  const response = await fetch(`${url}/__fake/outcome`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
}
const seedream = (body: Record<string, unknown>) =>
  steer(inject("seedreamFakeUrl").replace(/\/api\/v3$/, ""), body);
const kling = (body: Record<string, unknown>) => steer(inject("klingFakeUrl"), body);

async function photo(width: number, height: number) {
  const buffer = await sharp(join(FIXTURES, "astronaut.jpg"))
    .resize(width, height, { fit: "cover" })
    .jpeg({ quality: 88 })
    .toBuffer();
  return { name: `astronaut-${width}.jpg`, mimeType: "image/jpeg", buffer };
}

const readyTiles = (page: Page) => page.locator('[data-testid^="image-edit-tile-"][data-status="ready"]');

describe("cancel and edit again (issue 26)", () => {
  for (const journey of CASES) {
    const { lang } = journey;

    it(`image edit, ${journey.name}: a held run is cancelled and refunded with the form intact; a result is edited again`, async () => {
      const { context, page } = await signedIn(journey);
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      const prompt = lang === "ko" ? "하늘을 노을빛으로 바꿔 주세요" : "Turn the sky into a sunset";
      await page.goto(`${journey.prefix}/image-edit`);
      await page.getByTestId("image-edit-page").waitFor();
      await page.getByTestId("image-edit-prompt").fill(prompt);
      await page.getByTestId("image-edit-file-input").setInputFiles(await photo(1280, 1280));
      await expect.poll(() => readyTiles(page).count(), { timeout: 30_000 }).toBe(1);
      await page.getByTestId("image-edit-count-2").click();
      // A square output: the fake answers at most 1024 px a side, which stays over image edit's
      // 921,600-pixel input minimum only when square (a result must be a valid input again).
      await page.getByTestId("image-edit-width").fill("2000");
      await page.getByTestId("image-edit-height").fill("2000");
      const before = await balance(page);
      expect(before).toBe(GRANT);
      const cost = imageEditCost(2);

      await seedream({ hold: true });
      try {
        await page.getByTestId("image-edit-run").click();
        const cancel = page.getByTestId("image-edit-cancel");
        await cancel.waitFor({ timeout: 30_000 });
        await expect.poll(() => balance(page), { timeout: 15_000 }).toBe(before - cost);
        await expect.poll(() => shown(page), { timeout: 15_000 }).toBe(before - cost);
        await shoot(page, `cancel-image-edit-${journey.name}-running`);
        await cancel.click();
        await page
          .getByText(sentence(lang, "errors.codes.JOB_CANCELLED"))
          .first()
          .waitFor({ timeout: 30_000 });
      } finally {
        await seedream({ hold: false });
      }
      // The credits are back, on the server and on the page.
      await expect.poll(() => balance(page), { timeout: 15_000 }).toBe(before);
      await expect.poll(() => shown(page), { timeout: 15_000 }).toBe(before);
      await expect
        .poll(() => page.getByTestId("image-edit-run-held").textContent(), { timeout: 15_000 })
        .toBe(sentence(lang, "tool.run.held", { credits: formatNumber(before, lang) }));
      // The form is as it was.
      expect(await page.getByTestId("image-edit-result").getAttribute("data-state")).toBe("empty");
      expect(await page.getByTestId("image-edit-prompt").inputValue()).toBe(prompt);
      expect(await readyTiles(page).count()).toBe(1);
      expect(await page.getByTestId("image-edit-count-2").getAttribute("aria-pressed")).toBe("true");
      expect(await page.getByTestId("image-edit-width").inputValue()).toBe("2000");
      expect(await page.getByTestId("image-edit-height").inputValue()).toBe("2000");
      expect(await page.getByTestId("image-edit-run").isDisabled()).toBe(false);
      await shoot(page, `cancel-image-edit-${journey.name}-cancelled`);

      // A run that finishes; its second result becomes the next run's second input.
      await page.getByTestId("image-edit-run").click();
      await page.locator('[data-testid="image-edit-result"][data-state="done"]').waitFor({ timeout: 90_000 });
      await expect.poll(() => page.locator('[data-testid^="image-edit-result-"]').count()).toBe(2);
      await expect.poll(() => balance(page)).toBe(before - cost);
      await page.getByTestId("image-edit-edit-again-1").click();
      const added = page.getByText(sentence(lang, "toolFlow.editAgainAdded")).first();
      const refused = page.getByTestId("image-edit-error");
      await added.or(refused).first().waitFor({ timeout: 30_000 });
      if (await refused.isVisible()) {
        await shoot(page, `edit-again-image-edit-${journey.name}-refused`);
        throw new Error(`edit again was refused: ${await refused.textContent()}`);
      }
      await expect.poll(() => readyTiles(page).count(), { timeout: 30_000 }).toBe(2);
      await page.waitForFunction(() => {
        const img = document.querySelector<HTMLImageElement>('[data-testid="image-edit-tile-1"] img');
        return Boolean(img?.complete && img.naturalWidth > 0);
      });
      expect(await page.getByTestId("image-edit-prompt").inputValue()).toBe(prompt);
      expect(await page.getByTestId("image-edit-run").isDisabled()).toBe(false);
      await shoot(page, `edit-again-image-edit-${journey.name}`);
      expect(errors).toEqual([]);
      await context.close();
    }, 240_000);

    it(`generation, ${journey.name}: a held run is cancelled and refunded with the form intact; a result is edited again`, async () => {
      const { context, page } = await signedIn(journey);
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      const prompt = lang === "ko" ? "눈 속의 붉은 여우" : "A red fox in the snow";
      await page.goto(`${journey.prefix}/image-generation`);
      await page.getByTestId("generation-page").waitFor();
      await page.getByTestId("generation-prompt").fill(prompt);
      await page.getByTestId("generation-aspect").selectOption("3x4");
      await page.getByTestId("generation-count").selectOption("2");
      const before = await balance(page);
      expect(before).toBe(GRANT);
      const cost = generationCost(2);

      await kling({ outcome: "hang" });
      try {
        await page.getByTestId("generation-run").click();
        const cancel = page.getByTestId("generation-cancel");
        await cancel.waitFor({ timeout: 30_000 });
        await expect.poll(() => balance(page), { timeout: 15_000 }).toBe(before - cost);
        await expect.poll(() => shown(page), { timeout: 15_000 }).toBe(before - cost);
        await shoot(page, `cancel-generation-${journey.name}-running`);
        await cancel.click();
        await page
          .getByText(sentence(lang, "errors.codes.JOB_CANCELLED"))
          .first()
          .waitFor({ timeout: 30_000 });
      } finally {
        await kling({ outcome: "ok" });
      }
      await expect.poll(() => balance(page), { timeout: 15_000 }).toBe(before);
      await expect.poll(() => shown(page), { timeout: 15_000 }).toBe(before);
      await page.getByTestId("generation-waiting").waitFor({ state: "detached" });
      expect(await page.getByTestId("generation-prompt").inputValue()).toBe(prompt);
      expect(await page.getByTestId("generation-aspect").inputValue()).toBe("3x4");
      expect(await page.getByTestId("generation-count").inputValue()).toBe("2");
      expect(await page.getByTestId("generation-result-image").count()).toBe(0);
      // The history says the run was cancelled (it used to say "Failed").
      await expect
        .poll(() => page.getByTestId("generation-history-item").first().textContent(), { timeout: 15_000 })
        .toContain(sentence(lang, "tool.history.cancelled"));
      await shoot(page, `cancel-generation-${journey.name}-cancelled`);

      // A run that finishes; its first result becomes the reference of the next run.
      await page.getByTestId("generation-run").click();
      await expect
        .poll(() => page.getByTestId("generation-result-image").count(), { timeout: 60_000 })
        .toBe(2);
      await page.getByTestId("generation-waiting").waitFor({ state: "detached" });
      await expect.poll(() => balance(page)).toBe(before - cost);
      expect(await page.getByTestId("generation-reference").count()).toBe(0);
      await page.getByTestId("generation-edit-again").first().click();
      await page
        .getByText(sentence(lang, "toolFlow.editAgainReference"))
        .first()
        .waitFor({ timeout: 30_000 });
      await page.getByTestId("generation-lock-ok").click();
      await page.waitForFunction(() => {
        const img = document.querySelector<HTMLImageElement>('[data-testid="generation-reference"] img');
        return Boolean(img?.complete && img.naturalWidth > 0);
      });
      // The prompt stays as typed (now locked to the reference), ready for the next run.
      expect(await page.getByTestId("generation-prompt").inputValue()).toBe(prompt);
      expect(await page.getByTestId("generation-run").isDisabled()).toBe(false);
      await shoot(page, `edit-again-generation-${journey.name}`);
      expect(errors).toEqual([]);
      await context.close();
    }, 240_000);
  }
});
