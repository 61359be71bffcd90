import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { admin, DESKTOP, launchBrowser, newContext, PHONE, shoot, uniqueEmail } from "./support/browser.ts";

/**
 * Drafts survive (issue 26) on the real server: on image edit a user writes a prompt and adds a
 * tile; the session ends under them (logged out elsewhere, the cookie still in this browser) and
 * the page notices when the network comes back; "Log in again" leads to the sign-in page with this
 * page as `next`; after signing in the user is back on image edit with the prompt and the tile.
 * In Korean at 390 px and in English at 1280 px.
 */

const FIXTURES = join(inject("repoRoot"), "packages/engine/fixtures");
const PASSWORD = "correct horse battery";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function photo() {
  const buffer = await sharp(join(FIXTURES, "astronaut.jpg"))
    .resize(1280, 1280, { fit: "cover" })
    .jpeg({ quality: 88 })
    .toBuffer();
  return { name: "astronaut-1280.jpg", mimeType: "image/jpeg", buffer };
}

async function waitForReadyTile(page: Page): Promise<void> {
  await expect
    .poll(() => page.locator('[data-testid="image-edit-tile-0"][data-status="ready"]').count(), {
      timeout: 30_000,
    })
    .toBe(1);
}

const CASES = [
  {
    name: "ko-390",
    viewport: PHONE,
    locale: "ko-KR",
    prefix: "",
    prompt: "하늘을 노을빛으로 바꿔 주세요",
    loginAgain: "다시 로그인",
    restored: "작성하던 내용을 다시 불러왔어요.",
  },
  {
    name: "en-1280",
    viewport: DESKTOP,
    locale: "en-US",
    prefix: "/en",
    prompt: "Turn the sky into a sunset",
    loginAgain: "Log in again",
    restored: "Your unsent work is back where you left it.",
  },
] as const;

describe("drafts survive an expired session (issue 26)", () => {
  for (const journey of CASES) {
    it(`image edit, ${journey.name}: prompt and tile are back after 'Log in again' and signing in`, async () => {
      const email = uniqueEmail(`draft-${journey.name}`);
      await admin("user:create", "--email", email, "--password", PASSWORD, "--name", "Draft");
      const context = await newContext(browser, journey.viewport, { locale: journey.locale });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      const login = await page.request.post("/api/auth/login", {
        headers: { Origin: inject("baseUrl") },
        data: { email, password: PASSWORD },
      });
      expect(login.status()).toBe(200);

      const editPath = `${journey.prefix}/image-edit`;
      await page.goto(editPath);
      await page.getByTestId("image-edit-page").waitFor();
      await page.getByTestId("image-edit-prompt").fill(journey.prompt);
      await page.getByTestId("image-edit-file-input").setInputFiles(await photo());
      await waitForReadyTile(page);

      // The session ends on the server (signed out on another device); this browser keeps its cookie.
      const cookies = await context.cookies();
      const loggedOut = await page.evaluate(
        async () => (await fetch("/api/auth/logout", { method: "POST", credentials: "include" })).status,
      );
      expect(loggedOut).toBe(200);
      await context.addCookies(cookies);
      // The user's next step (a history search) meets the server's 401.
      await page.getByTestId("image-edit-history-search").fill("sunset");
      await page.getByTestId("image-edit-history-search").press("Enter");
      const modal = page.getByTestId("session-expired-modal");
      await modal.waitFor({ timeout: 15_000 });
      expect(await page.getByTestId("session-expired-login").textContent()).toBe(journey.loginAgain);
      await page.getByTestId("session-expired-login").click();
      await page.waitForURL(
        (url) => url.pathname === `${journey.prefix}/login` && url.searchParams.get("next") === editPath,
      );

      await page.getByTestId("login-email").fill(email);
      await page.getByTestId("login-password").fill(PASSWORD);
      await page.getByTestId("login-submit").click();
      await page.waitForURL((url) => url.pathname === editPath, { timeout: 15_000 });
      await page.getByTestId("image-edit-page").waitFor();
      await expect.poll(() => page.getByTestId("image-edit-prompt").inputValue()).toBe(journey.prompt);
      await waitForReadyTile(page);
      // The tile shows its picture again (the kept JPEG, not a broken link).
      await page.waitForFunction(() => {
        const img = document.querySelector<HTMLImageElement>('[data-testid="image-edit-tile-0"] img');
        return Boolean(img?.complete && img.naturalWidth > 0);
      });
      await page.getByText(journey.restored).first().waitFor();
      await shoot(page, `drafts-image-edit-${journey.name}-restored`);

      // A reload keeps it too.
      await page.reload();
      await expect.poll(() => page.getByTestId("image-edit-prompt").inputValue()).toBe(journey.prompt);
      await waitForReadyTile(page);
      expect(errors).toEqual([]);
      await context.close();
    }, 120_000);
  }
});
