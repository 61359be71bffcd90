import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DESKTOP, launchBrowser, newContext, PHONE, shoot, uniqueEmail } from "./support/browser.ts";

/**
 * The prompt chat journey of issue 14 (spec 02 §2.6, §4.6) on the real server, whose language
 * model is the contract fake of /v1/chat/completions (support/global-setup.ts): a new thread,
 * text and then an image, the reply streaming in, the prompt handed to image edit, the thread
 * deleted. Screenshots in Korean and English at 1280 and 390 px, and of the page with no model.
 */

const PHOTO = join(inject("repoRoot"), "packages/engine/fixtures/grace-hopper.jpg");

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function signUp(page: Page): Promise<void> {
  const response = await page.request.post("/api/auth/register", {
    headers: { Origin: inject("baseUrl") },
    data: { name: "Chat", email: uniqueEmail("chat"), password: "correct horse battery", ageConfirmed: true },
  });
  expect(response.status()).toBe(200);
}

async function lastReplyText(page: Page): Promise<string> {
  return (await page.getByTestId("chat-message-assistant").last().textContent()) ?? "";
}

describe("prompt chat", () => {
  it("new thread, text and an image, a streamed reply, the prompt to image edit, delete", async () => {
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    await signUp(page);
    await page.goto("/chat");
    await page.getByTestId("chat-search").waitFor();
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("AI 프롬프트 채팅");
    await page.getByTestId("chat-test-provider").waitFor();
    expect(await page.getByTestId("chat-charge").textContent()).toContain("무료");

    // Enter with nothing typed: the spec's message, nothing sent.
    await page.getByTestId("chat-input").press("Enter");
    await page.getByText("메시지나 이미지를 입력하세요").waitFor();

    // Shift+Enter adds a line; Enter sends.
    const input = page.getByTestId("chat-input");
    await input.fill("창가에 앉은 여성");
    await input.press("Shift+Enter");
    await input.pressSequentially("부드러운 오후 햇살");
    expect(await input.inputValue()).toBe("창가에 앉은 여성\n부드러운 오후 햇살");
    await input.press("Enter");

    // The reply streams: part of it shows, with the stop button, before the whole is there.
    await page.getByTestId("chat-stop").waitFor();
    await page.waitForFunction(() => {
      const reply = document.querySelector('[data-testid="chat-message-assistant"][data-status="streaming"]');
      return (reply?.textContent ?? "").length > 5;
    });
    const partial = await lastReplyText(page);
    await page.getByTestId("chat-send").waitFor({ timeout: 30_000 });
    await page.locator('[data-testid="chat-message-assistant"][data-status="done"]').waitFor();
    const whole = await lastReplyText(page);
    expect(whole.length).toBeGreaterThan(partial.length);
    expect(whole).toContain("창가에 앉은 여성");
    await expect.poll(() => new URL(page.url()).searchParams.get("thread")).toBeTruthy();
    expect(await page.getByTestId("chat-thread").count()).toBe(1);
    expect(await page.getByTestId("chat-thread").first().textContent()).toContain("창가에 앉은 여성");

    // A non-image file is refused before sending; an image goes with the next message.
    await page.getByTestId("chat-file-input").setInputFiles({
      name: "notes.txt",
      mimeType: "text/plain",
      buffer: Buffer.from("hello"),
    });
    // The upload layer's sentence (issue 26): the types the chat takes, and this file's type.
    await page.getByText(/파일만 올릴 수 있어요 \(이 파일: /).waitFor();
    await page.getByTestId("chat-file-input").setInputFiles(PHOTO);
    await input.fill("이 사진처럼");
    await page.getByTestId("chat-send").click();
    await page
      .locator('[data-testid="chat-message-assistant"][data-status="done"]')
      .nth(1)
      .waitFor({ timeout: 30_000 });
    expect(await lastReplyText(page)).toContain("I looked at 1 image");
    await page.getByTestId("chat-message-image").first().waitFor();
    // The stored picture (a signed URL of ours) loads after the reply replaced the local preview.
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('[data-testid="chat-message-image"]');
      return Boolean(img?.complete && img.naturalWidth > 0 && !img.src.startsWith("blob:"));
    });
    await shoot(page, "chat-ko-1280-image");

    // The prompt goes to image edit through the handoff record.
    const prompt = (await page.getByTestId("chat-prompt").last().locator("p").textContent()) ?? "";
    expect(prompt).toContain("portrait photo");
    await page.getByTestId("chat-use-image-edit").last().click();
    await page.waitForURL(/\/image-edit$/);
    const handoff = await page.evaluate(() => localStorage.getItem("imageHandoff"));
    expect(JSON.parse(handoff ?? "{}")).toMatchObject({ target: "image-edit", prompt, source: "chat" });

    // Back to the thread; delete it with the confirmation.
    await page.goBack();
    await page.getByTestId("chat-thread").first().waitFor();
    await page.getByTestId("chat-delete-thread").first().click();
    await page.getByTestId("chat-delete-dialog-confirm").click();
    await expect.poll(() => page.getByTestId("chat-thread").count()).toBe(0);
    await page.getByText("아직 대화가 없어요.").waitFor();
    await context.close();
  }, 120_000);

  it("behaves like a chat (issue 27): shown once, listed at once, cut off and continued, regenerate, edit, rename, search, pictures", async () => {
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    await signUp(page);
    await page.goto("/chat");
    await page.getByTestId("chat-search").waitFor(); // signed in, as the page knows
    const input = page.getByTestId("chat-input");

    // While the first reply streams: the message shows once and the thread is already listed,
    // its markdown title as plain text.
    await input.fill("**굵은** 창가 인물, snake_case_name 그대로");
    await input.press("Enter");
    await page.locator('[data-testid="chat-message-assistant"][data-status="streaming"]').waitFor();
    // Some of the reply has arrived (the server has the message by now).
    await page.waitForFunction(() => {
      const reply = document.querySelector('[data-testid="chat-message-assistant"][data-status="streaming"]');
      return (reply?.textContent ?? "").includes("Here is");
    });
    expect(await page.getByTestId("chat-message-user").count()).toBe(1);
    await expect.poll(() => page.getByTestId("chat-thread").count()).toBe(1);
    expect(await page.getByTestId("chat-message-user").count()).toBe(1);
    expect(await page.getByTestId("chat-thread").first().textContent()).toBe(
      "굵은 창가 인물, snake_case_name 그대로",
    );
    await page
      .locator('[data-testid="chat-message-assistant"][data-status="done"]')
      .waitFor({ timeout: 30_000 });
    expect(await page.getByTestId("chat-message-user").count()).toBe(1);
    // Underscores inside a word are letters, not italics.
    const reply = page.getByTestId("chat-message-assistant").last();
    expect(await reply.textContent()).toContain("snake_case_name");
    expect(await reply.locator("em").count()).toBe(0);

    // A reply cut off on the way keeps its text, says so, and offers to continue.
    await input.fill("[[fake:broken]] 노을 진 바닷가");
    await input.press("Enter");
    const cut = page.locator('[data-testid="chat-message-assistant"][data-status="failed"]');
    await cut.getByTestId("chat-message-cut-off").waitFor({ timeout: 30_000 });
    const arrived = (await cut.getByTestId("chat-assistant-text").textContent()) ?? "";
    expect(arrived).toContain("Here is a prompt");
    expect(await page.getByTestId("chat-message-user").count()).toBe(2);
    await shoot(page, "chat-cut-off-ko-1280");
    await page.getByTestId("chat-continue").click();
    await page
      .locator('[data-testid="chat-message-assistant"][data-status="done"]')
      .nth(1)
      .waitFor({ timeout: 30_000 });
    expect(await page.getByTestId("chat-message-assistant").count()).toBe(2);
    const continued = (await page.getByTestId("chat-message-assistant").last().textContent()) ?? "";
    expect(continued.length).toBeGreaterThan(arrived.length);

    // Regenerate the last reply: still two replies, the last one new.
    await page.getByTestId("chat-regenerate").click();
    await page.locator('[data-testid="chat-message-assistant"][data-status="streaming"]').waitFor();
    await page.getByTestId("chat-send").waitFor({ timeout: 30_000 });
    expect(await page.getByTestId("chat-message-assistant").count()).toBe(2);
    expect(await page.getByTestId("chat-message-assistant").last().textContent()).toContain("노을 진 바닷가");

    // Edit the first message and send it again: what came after it is replaced.
    await page.getByTestId("chat-message-user").first().hover();
    await page.getByTestId("chat-edit-message").first().click();
    await page.getByTestId("chat-edit-input").fill("수정한 질문: 비 오는 골목");
    await page.getByTestId("chat-edit-input").press("Enter");
    await page.getByTestId("chat-send").waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId("chat-message-user").count()).toBe(1);
    expect(await page.getByTestId("chat-message-user").first().textContent()).toContain(
      "수정한 질문: 비 오는 골목",
    );
    expect(await page.getByTestId("chat-message-assistant").last().textContent()).toContain("비 오는 골목");

    // Two pictures with one message.
    await page.getByTestId("chat-file-input").setInputFiles([PHOTO, PHOTO]);
    await expect.poll(() => page.getByTestId("chat-attachment").count()).toBe(2);
    await input.fill("이 두 사진처럼");
    await input.press("Enter");
    await page.getByTestId("chat-send").waitFor({ timeout: 30_000 });
    expect(await page.getByTestId("chat-message-assistant").last().textContent()).toContain(
      "I looked at 2 images",
    );
    await expect
      .poll(() => page.getByTestId("chat-message-user").last().getByTestId("chat-message-image").count())
      .toBe(2);

    // Rename in place, then search.
    await page.getByTestId("chat-rename-thread").first().click();
    await page.getByTestId("chat-rename-input").fill("골목 프롬프트");
    await page.getByTestId("chat-rename-input").press("Enter");
    await expect.poll(() => page.getByTestId("chat-thread").first().textContent()).toBe("골목 프롬프트");
    await page.getByTestId("chat-new-thread").click();
    await input.fill("두 번째 대화: 숲속 오두막");
    await input.press("Enter");
    await page
      .locator('[data-testid="chat-message-assistant"][data-status="done"]')
      .waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId("chat-thread").count()).toBe(2);
    await page.getByTestId("chat-search").fill("골목");
    await expect.poll(() => page.getByTestId("chat-thread").count()).toBe(1);
    expect(await page.getByTestId("chat-thread").first().textContent()).toBe("골목 프롬프트");
    await page.getByTestId("chat-search").fill("없는 말");
    await page.getByTestId("chat-no-threads").waitFor();
    expect(await page.getByTestId("chat-no-threads").textContent()).toContain("없는 말");
    await page.getByTestId("chat-search").fill("");
    await expect.poll(() => page.getByTestId("chat-thread").count()).toBe(2);
    await context.close();
  }, 180_000);

  it("a cut-off reply in English on a phone: retry gives a whole answer", async () => {
    const context = await newContext(browser, PHONE, { locale: "en-US" });
    const page = await context.newPage();
    await signUp(page);
    await page.goto("/en/chat");
    await page.getByTestId("chat-search").waitFor();
    const input = page.getByTestId("chat-input");
    await input.fill("[[fake:broken]] a lighthouse at dusk");
    await input.press("Enter");
    const note = page.getByTestId("chat-message-cut-off");
    await note.waitFor({ timeout: 30_000 });
    expect(await note.textContent()).toBe("The answer was cut off. What arrived is kept.");
    await shoot(page, "chat-cut-off-en-390");
    await page.getByTestId("chat-regenerate").click();
    await page
      .locator('[data-testid="chat-message-assistant"][data-status="done"]')
      .waitFor({ timeout: 30_000 });
    expect(await page.getByTestId("chat-message-cut-off").count()).toBe(0);
    expect(await page.getByTestId("chat-message-user").count()).toBe(1);
    await context.close();
  }, 90_000);

  it("looks right in both languages at 1280 and 390 px", async () => {
    for (const [viewport, width] of [
      [DESKTOP, 1280],
      [PHONE, 390],
    ] as const) {
      for (const locale of ["ko", "en"] as const) {
        const context = await newContext(browser, viewport, { locale: locale === "en" ? "en-US" : "ko-KR" });
        const page = await context.newPage();
        await signUp(page);
        await page.goto(locale === "en" ? "/en/chat" : "/chat");
        await page.getByTestId("chat-search").waitFor();
        await page
          .getByTestId("chat-input")
          .fill(locale === "en" ? "a woman by the window, film look" : "바닷가 노을 인물 사진");
        await page.getByTestId("chat-input").press("Enter");
        await page
          .locator('[data-testid="chat-message-assistant"][data-status="done"]')
          .waitFor({ timeout: 30_000 });
        if (locale === "en")
          expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("AI prompt chat");
        await shoot(page, `chat-${locale}-${width}`);
        await context.close();
      }
    }
  }, 120_000);

  it("without a model, and for a visitor, the page explains instead of offering dead buttons", async () => {
    for (const locale of ["ko", "en"] as const) {
      const context = await newContext(browser, DESKTOP);
      const page = await context.newPage();
      await page.route("**/api/feature/flags", async (route) => {
        const response = await route.fetch();
        const flags = await response.json();
        await route.fulfill({ response, json: { ...flags, llmEnabled: false, llmTestProvider: false } });
      });
      await signUp(page);
      await page.goto(locale === "en" ? "/en/chat" : "/chat");
      await page.getByTestId("chat-not-configured").waitFor();
      expect(await page.getByTestId("chat-send").isDisabled()).toBe(true);
      expect(await page.getByTestId("chat-input").isDisabled()).toBe(true);
      await shoot(page, `chat-unconfigured-${locale}-1280`);
      await context.close();
    }
    const visitor = await newContext(browser, PHONE);
    const page = await visitor.newPage();
    await page.goto("/en/chat");
    await page.getByTestId("chat-login-required").waitFor();
    await page.getByTestId("chat-input").fill("hello");
    await page.getByTestId("chat-input").press("Enter");
    await page.getByText("Login required").first().waitFor();
    await shoot(page, "chat-visitor-en-390");
    await visitor.close();
  }, 60_000);
});
