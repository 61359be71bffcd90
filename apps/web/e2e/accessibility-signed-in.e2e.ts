import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { auditPage } from "./support/axe.ts";
import { admin, DESKTOP, launchBrowser, PHONE, uniqueEmail } from "./support/browser.ts";

/**
 * Accessibility of the signed-in product (issue 17): axe finds no serious or critical violation on
 * any signed-in route, in Korean and English, at 1280 and 390 px, nor on the open states (the
 * plan-change modal, confirm dialogs, the mask editor with a picture, a tool with a result, the
 * share dialog, upload errors, a toast, chat with a message). Dialogs close on Esc and give focus
 * back to the control that opened them; the mask editor's brush size moves with the arrow keys.
 *
 * One administrator with a Basic subscription and credits walks everything (an administrator sees
 * every control a user sees, plus the notice editor and the sample buttons).
 */

const FIXTURES = join(inject("repoRoot"), "packages/engine/fixtures");
const PORTRAIT = join(FIXTURES, "astronaut.jpg");
const PASSWORD = "correct horse battery";

let browser: Browser;
let email: string;
let noticeId: number;
let userState: Awaited<ReturnType<BrowserContext["storageState"]>>;

/** Subscribes through the sandbox checkout without the UI (payments.e2e.ts covers the UI). */
async function subscribe(page: Page, plan: string): Promise<void> {
  await page.evaluate(async (wanted) => {
    const response = await fetch("/api/payment/checkout", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ plan: wanted }),
    });
    const { checkout_url: url } = (await response.json()) as { checkout_url: string };
    const form = await (await fetch(url)).text();
    const token = /name="csrf_token" value="([^"]+)"/.exec(form)?.[1] ?? "";
    const paid = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        card_number: "4242 4242 4242 4242",
        expiry: "12/34",
        cvc: "123",
        lang: "ko",
        csrf_token: token,
      }),
    });
    if (!paid.ok) throw new Error(`sandbox payment refused: ${paid.status}`);
  }, plan);
}

async function createNotice(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const form = new FormData();
    form.append("title", "접근성 점검 공지");
    form.append("content", "모든 화면을 키보드와 화면 낭독기로 쓸 수 있어요.");
    form.append("pinned", "");
    const response = await fetch("/api/notices", { method: "POST", body: form });
    const body = (await response.json()) as { id: number };
    if (!response.ok) throw new Error(JSON.stringify(body));
    return body.id;
  });
}

beforeAll(async () => {
  browser = await launchBrowser();
  email = uniqueEmail("a11y");
  await admin("user:create", "--email", email, "--password", PASSWORD, "--name", "접근성", "--admin");
  await admin("credits:grant", "--email", email, "--amount", "5000", "--reason", "e2e");
  const context = await browser.newContext({ baseURL: inject("baseUrl") });
  const page = await context.newPage();
  const response = await page.request.post("/api/auth/login", {
    headers: { Origin: inject("baseUrl") },
    data: { email, password: PASSWORD },
  });
  expect(response.status()).toBe(200);
  await page.goto("/notice");
  await subscribe(page, "basic");
  noticeId = await createNotice(page);
  userState = await context.storageState();
  await context.close();
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

async function signedInContext(viewport = DESKTOP): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport,
    baseURL: inject("baseUrl"),
    locale: "ko-KR",
    timezoneId: "Asia/Seoul",
    storageState: userState,
  });
  // The share link (spec 02 §3) is offered while the affiliate programme runs; here it does.
  await context.route("**/api/affiliate/enabled", (route) => route.fulfill({ json: { enabled: true } }));
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  return context;
}

/** Waits for the network and for every finite animation (a dialog's fade, a toast's entrance) to end. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle");
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  // Entrances (a dialog's fade, a toast) end within a second or two; a spinner loops and a
  // countdown bar runs for seconds on purpose, so neither is waited for.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => {
      if (animation.playState !== "running") return true;
      const timing = animation.effect?.getComputedTiming();
      return timing?.iterations === Infinity || Number(timing?.endTime ?? 0) > 2_000;
    }),
  );
}

/**
 * The payment pages count down 5 and 10 s and then go home (spec 01 §2): on a busy machine that
 * can come before the audit ends. On the page that audits them, a 1 s interval ticks once a minute.
 */
async function slowCountdowns(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const setIntervalAsIs = window.setInterval.bind(window);
    window.setInterval = ((handler: TimerHandler, timeout?: number, ...rest: unknown[]) =>
      setIntervalAsIs(handler, timeout === 1000 ? 60_000 : timeout, ...rest)) as typeof window.setInterval;
  });
}

const found: Record<string, string[]> = {};
let reportName = "routes";
function forgetFindings(name: string): void {
  for (const key of Object.keys(found)) delete found[key];
  reportName = name;
}

/** Audits the page as it is now and records what axe finds under `where` (asserted at the end). */
/**
 * An open modal is audited on its own (`DIALOG`): the page under its overlay is hidden from
 * assistive technology and dimmed on purpose, and each page is audited without it above.
 */
const DIALOG = '[role="dialog"], [role="alertdialog"]';

async function audit(page: Page, where: string, include?: string): Promise<void> {
  await settle(page);
  const options = include ? { include } : {};
  let lines = await auditPage(page, options);
  if (lines.length > 0) {
    // Something that arrived after the page settled (a toast, a card popping in) can be caught
    // mid-fade at a fraction of its colour. The page settles again and what is found then counts:
    // a real violation is found again, a fade is not.
    await settle(page);
    lines = await auditPage(page, options);
  }
  if (lines.length > 0) found[where] = lines;
  // Kept beside the screenshots (git-ignored) so a failing run can be read rule by rule.
  mkdirSync(join(inject("repoRoot"), "screenshots"), { recursive: true });
  writeFileSync(
    join(inject("repoRoot"), "screenshots", `accessibility-signed-in-${reportName}.json`),
    JSON.stringify(found, null, 1),
  );
}

async function focusedTestId(page: Page): Promise<string | null> {
  return page.evaluate(() => document.activeElement?.getAttribute("data-testid") ?? null);
}

/** Esc closes what is open and focus goes back to the control that opened it. */
async function escapeReturnsFocus(page: Page, opener: string, open: string): Promise<void> {
  await page.keyboard.press("Escape");
  await page.getByTestId(open).waitFor({ state: "hidden" });
  await expect.poll(() => focusedTestId(page)).toBe(opener);
}

/** A fixture enlarged past image edit's minimum picture size. */
async function photo(name: string, width: number, height: number) {
  const buffer = await sharp(join(FIXTURES, name))
    .resize(width, height, { fit: "cover" })
    .jpeg({ quality: 85 })
    .toBuffer();
  return { name: name.replace(".jpg", `-${width}.jpg`), mimeType: "image/jpeg", buffer };
}

/**
 * Retouch's start and status answered here (upscale.e2e.ts runs the real engine): queued with an
 * ETA, then done with the uploaded picture as the result, so both states are audited without a wait.
 */
async function fakeRetouchJob(page: Page, imageUrl: string, state: { isDone: boolean }): Promise<void> {
  await page.route("**/api/runpod-upscale", (route) =>
    route.fulfill({
      json: { success: true, jobId: "a11y-job", imageId: 0, status: "in-progress", cost: 80 },
    }),
  );
  await page.route("**/api/image/status/a11y-job", (route) =>
    route.fulfill({
      json: {
        success: true,
        originalImageUrl: imageUrl,
        error: null,
        code: null,
        ...(state.isDone
          ? {
              status: "completed",
              imageUrl,
              queuePosition: null,
              etaSeconds: null,
              identityScore: 0.93,
              facesFound: 1,
              engine: "builtin",
            }
          : { status: "in-progress", imageUrl: null, queuePosition: 2, etaSeconds: 40 }),
      },
    }),
  );
}

const ROUTES: [path: string, ready: string][] = [
  ["/mypage", "mypage-history"],
  ["/upscale", "retouch-page"],
  ["/image-edit", "image-edit-page"],
  ["/face-edit", "face-edit-page"],
  ["/image-generation", "generation-page"],
  ["/consistency", "generation-page"],
  ["/chat", "chat-page"],
  ["/pricing", "pricing-page"],
  ["/payment-success", "payment-success"],
  ["/payment-failed", "payment-failed"],
  ["/notice", "notice-page"],
  ["/notice/write", "notice-title-input"],
];

describe("signed in, axe finds nothing serious", () => {
  it("on every signed-in route in Korean and English at 1280 and 390 px", async () => {
    forgetFindings("routes");
    const routes = [
      ...ROUTES,
      [`/notice/${noticeId}`, "notice-detail-title"],
      [`/notice/${noticeId}/edit`, "notice-title-input"],
    ] as const;
    for (const viewport of [DESKTOP, PHONE]) {
      const context = await signedInContext(viewport);
      const toolPage = await context.newPage();
      const paymentPage = await context.newPage();
      await slowCountdowns(paymentPage);
      for (const prefix of ["", "/en"]) {
        for (const [path, ready] of routes) {
          const page = path.startsWith("/payment-") ? paymentPage : toolPage;
          await page.goto(`${prefix}${path}`);
          await page.getByTestId(ready).first().waitFor({ timeout: 30_000 });
          await expect
            .poll(() => page.evaluate(() => document.documentElement.lang))
            .toBe(prefix ? "en" : "ko");
          await audit(page, `${prefix}${path} @${viewport.width}`);
          // Still the page that was audited (/consistency is a redirect to generation).
          const shown = path === "/consistency" ? "/image-generation" : path;
          expect(new URL(page.url()).pathname).toBe(`${prefix}${shown}`);
        }
      }
      await context.close();
    }
    expect(found).toEqual({});
  }, 600_000);
});

describe("signed in, the open states", () => {
  for (const [viewport, prefix] of [
    [DESKTOP, ""],
    [PHONE, "/en"],
  ] as const) {
    const at = (what: string) => `${prefix || "/ko"} ${what} @${viewport.width}`;

    it(`dialogs, the mask editor, a tool's result, errors, a toast and chat (${prefix || "ko"}, ${viewport.width} px)`, async () => {
      forgetFindings(`states-${viewport.width}`);
      const context = await signedInContext(viewport);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));

      // The plan-change modal: Basic's holder upgrades to Deluxe.
      await page.goto(`${prefix}/pricing`);
      const upgrade = page.getByTestId("plan-button-deluxe");
      await upgrade.waitFor();
      await expect.poll(() => upgrade.isEnabled()).toBe(true);
      await upgrade.click();
      await page.getByTestId("plan-change-dialog").waitFor();
      await audit(page, at("plan-change modal"), DIALOG);
      await escapeReturnsFocus(page, "plan-button-deluxe", "plan-change-dialog");

      // My Page's cancel-subscription confirmation.
      await page.goto(`${prefix}/mypage`);
      const cancel = page.getByTestId("mypage-cancel");
      await cancel.waitFor();
      await cancel.click();
      await page.getByTestId("cancel-dialog").waitFor();
      await audit(page, at("cancel-subscription dialog"), DIALOG);
      await escapeReturnsFocus(page, "mypage-cancel", "cancel-dialog");

      // Retouch: a picture, the job waiting in the queue, then its result and the fullscreen compare.
      await page.goto(`${prefix}/upscale`);
      await page.getByTestId("retouch-page").waitFor();
      const uploaded = page.waitForResponse((response) => response.url().includes("/api/image/upload"));
      await page.getByTestId("retouch-file-input").setInputFiles(PORTRAIT);
      const { imageUrl } = (await (await uploaded).json()) as { imageUrl: string };
      await page.getByTestId("retouch-regions-overlay").waitFor({ timeout: 30_000 });
      await audit(page, at("retouch with a picture"));
      const job = { isDone: false };
      await fakeRetouchJob(page, imageUrl, job);
      await page.getByTestId("retouch-generate").click();
      await page.getByTestId("retouch-queue").waitFor({ timeout: 15_000 });
      await audit(page, at("retouch waiting"));
      job.isDone = true;
      await page.getByTestId("retouch-result-completed").waitFor({ timeout: 30_000 });
      await audit(page, at("retouch result"));
      await page.getByTestId("retouch-zoom").click();
      await page.getByTestId("retouch-fullscreen").waitFor();
      await audit(page, at("retouch fullscreen compare"), DIALOG);
      await escapeReturnsFocus(page, "retouch-zoom", "retouch-fullscreen");

      // Image edit: a picture too small is refused in a dialog.
      await page.goto(`${prefix}/image-edit`);
      await page.getByTestId("image-edit-page").waitFor();
      await page.getByTestId("image-edit-file-input").setInputFiles(PORTRAIT);
      await page.getByTestId("image-edit-error").waitFor();
      await audit(page, at("image edit upload error"), DIALOG);
      await page.getByTestId("image-edit-error-ok").click();
      await page.getByTestId("image-edit-error").waitFor({ state: "hidden" });
      await page
        .getByTestId("image-edit-file-input")
        .setInputFiles(await photo("grace-hopper.jpg", 1024, 1200));
      await expect
        .poll(() => page.locator('[data-testid^="image-edit-tile-"][data-status="ready"]').count(), {
          timeout: 30_000,
        })
        .toBe(1);
      await audit(page, at("image edit with a picture"));

      // Face edit: the alert without a photo, then the mask editor open on a picture.
      await page.goto(`${prefix}/face-edit`);
      await page.getByTestId("face-edit-page").waitFor();
      await page.getByTestId("face-edit-run").click();
      await page.getByTestId("face-edit-alert").waitFor();
      await audit(page, at("face edit alert"), DIALOG);
      await page.getByTestId("face-edit-alert-ok").click();
      await page.getByTestId("face-edit-file-input").setInputFiles(PORTRAIT);
      await page.getByTestId("face-edit-preview").waitFor({ timeout: 30_000 });
      await audit(page, at("face edit with a picture"));
      await page.getByTestId("face-edit-mask").click();
      await page.getByTestId("mask-editor-content").waitFor({ timeout: 30_000 });
      await audit(page, at("mask editor"), DIALOG);
      // The brush size is a slider reached with Tab that moves with the arrow keys and says its size.
      const brush = page.getByTestId("mask-editor-brush");
      for (
        let presses = 0;
        presses < 30 && (await focusedTestId(page)) !== "mask-editor-brush";
        presses += 1
      ) {
        await page.keyboard.press("Tab");
      }
      expect(await focusedTestId(page)).toBe("mask-editor-brush");
      const sizeBefore = await brush.inputValue();
      await page.keyboard.press("ArrowRight");
      await expect.poll(() => brush.inputValue()).not.toBe(sizeBefore);
      expect(await brush.getAttribute("aria-valuetext")).toMatch(/\d+\s?px/);
      // Esc closes the untouched editor and focus goes back to the button that opened it.
      await page.keyboard.press("Escape");
      await page.getByTestId("mask-editor").waitFor({ state: "detached", timeout: 30_000 });
      await expect.poll(() => focusedTestId(page)).toBe("face-edit-mask");

      // Generation: one image made, the result shown, then the share dialog and the zoom.
      await page.goto(`${prefix}/image-generation`);
      await page.getByTestId("generation-page").waitFor();
      await page.getByTestId("generation-prompt").fill("a fox in the snow, soft light");
      await page.getByTestId("generation-count").selectOption("1");
      await page.getByTestId("generation-run").click();
      await page.getByTestId("generation-waiting").waitFor();
      await audit(page, at("generation waiting"));
      await page.getByTestId("generation-result-image").first().waitFor({ timeout: 60_000 });
      await page.getByTestId("generation-waiting").waitFor({ state: "detached" });
      await audit(page, at("generation result"));
      await page.getByTestId("generation-share").first().click();
      const shareDialog = page.getByRole("dialog");
      await shareDialog.waitFor();
      await audit(page, at("share dialog"), DIALOG);
      await page.keyboard.press("Escape");
      await shareDialog.waitFor({ state: "hidden" });
      await expect.poll(() => focusedTestId(page)).toBe("generation-share");
      await page.getByTestId("generation-zoom").first().click();
      await page.getByTestId("generation-zoom-dialog").waitFor();
      await audit(page, at("generation zoom"), DIALOG);
      await escapeReturnsFocus(page, "generation-zoom", "generation-zoom-dialog");

      // My Page's history with the run, and its viewer.
      await page.goto(`${prefix}/mypage`);
      await page.getByTestId("history-tab-generate").click();
      await page.getByTestId("history-tile").first().waitFor({ timeout: 30_000 });
      await audit(page, at("mypage history"));
      await page.getByTestId("history-tile").first().getByRole("button").first().click();
      const viewer = page.getByRole("dialog");
      await viewer.waitFor();
      await audit(page, at("history viewer"), DIALOG);
      await page.keyboard.press("Escape");
      await viewer.waitFor({ state: "hidden" });

      // Chat: a toast for an empty message, then a message and its reply, then the delete dialog.
      await page.goto(`${prefix}/chat`);
      await page.getByTestId("chat-page").waitFor();
      await page.getByTestId("chat-input").press("Enter");
      await page.locator('[role="status"]').first().waitFor();
      await audit(page, at("chat toast"));
      await page.getByTestId("chat-input").fill("창가에 앉은 여성, 오후 햇살");
      await page.getByTestId("chat-input").press("Enter");
      await page
        .locator('[data-testid="chat-message-assistant"][data-status="done"]')
        .waitFor({ timeout: 30_000 });
      await audit(page, at("chat with a message"));
      await page.getByTestId("chat-delete-thread").first().click();
      await page.getByTestId("chat-delete-dialog").waitFor();
      await audit(page, at("chat delete dialog"), DIALOG);
      await escapeReturnsFocus(page, "chat-delete-thread", "chat-delete-dialog");

      expect(found).toEqual({});
      expect(errors).toEqual([]);
      await context.close();
    }, 300_000);
  }
});
