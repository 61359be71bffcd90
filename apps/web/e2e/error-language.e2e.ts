/**
 * Issue 12 in the browser, against the real server: an error the server sends reads in the page's
 * language, next to the field it is about, and none of the server's English reaches a Korean page.
 * Also takes the screenshots of the sign-up form with field errors (ko and en, 1280 and 390 px).
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { admin, DESKTOP, launchBrowser, newContext, PHONE, shoot, uniqueEmail } from "./support/browser.ts";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The sentence tied to a field by aria-describedby, once the field is marked invalid. */
async function fieldError(page: Page, testId: string): Promise<string> {
  const field = page.getByTestId(testId);
  await expect.poll(() => field.getAttribute("aria-invalid"), { timeout: 15_000 }).toBe("true");
  const ids = ((await field.getAttribute("aria-describedby")) ?? "").split(" ").filter(Boolean);
  const errorId = ids.find((id) => id.endsWith("-error"));
  expect(errorId, `${testId} has no error tied to it`).toBeTruthy();
  return (await page.locator(`[id="${errorId}"]`).textContent()) ?? "";
}

/** Submits the sign-up form and returns the server's answer (its English `error` included). */
async function submitSignup(page: Page, fields: { name: string; email: string; password: string }) {
  await page.getByTestId("signup-name").fill(fields.name);
  await page.getByTestId("signup-email").fill(fields.email);
  await page.getByTestId("signup-password").fill(fields.password);
  await page.getByTestId("signup-age").check();
  const answer = page.waitForResponse((response) => response.url().endsWith("/api/auth/register"));
  await page.getByTestId("signup-submit").click();
  return (await (await answer).json()) as { code: string; error: string };
}

const HANGUL = /[\uac00-\ud7a3]/;

describe("server errors in the reader's language", () => {
  it("explains a taken e-mail on the Korean sign-up page in Korean, with no English from the server", async () => {
    const email = uniqueEmail("taken-ko");
    await admin("user:create", "--email", email, "--password", "right-password-1", "--name", "Taken");
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    await page.goto("/signup");
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe("ko");

    const answer = await submitSignup(page, { name: "김결", email, password: "correct horse battery" });
    expect(answer.code).toBe("EMAIL_TAKEN");
    expect(await fieldError(page, "signup-email")).toBe("이미 가입된 이메일입니다.");
    // Neither the server's sentence nor any other English sentence of an error is on the page.
    const text = ((await page.locator("body").textContent()) ?? "").replace(/\s+/g, " ");
    expect(text).not.toContain(answer.error);
    expect(text).not.toMatch(/already registered|Bad Request|Conflict/i);
    for (const toast of await page.locator("[role=status], [role=alert]").allInnerTexts()) {
      if (toast.trim()) expect(toast, toast).toMatch(HANGUL);
    }
    await context.close();
  });

  for (const viewport of [DESKTOP, PHONE]) {
    for (const lang of ["ko", "en"] as const) {
      it(`shows each refused sign-up field's reason next to it (${lang}, ${viewport.width} px)`, async () => {
        const context = await newContext(browser, viewport);
        const page = await context.newPage();
        await page.goto(lang === "ko" ? "/signup" : "/en/signup");
        await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(lang);

        // A name of spaces and a 200-character password pass the browser's checks; the server refuses them.
        const answer = await submitSignup(page, {
          name: "     ",
          email: uniqueEmail(`fields-${lang}`),
          password: "p".repeat(200),
        });
        expect(answer.code).toBe("VALIDATION_ERROR");
        const name = await fieldError(page, "signup-name");
        const password = await fieldError(page, "signup-password");
        if (lang === "ko") {
          expect(name).toBe("공백만으로는 입력할 수 없습니다.");
          expect(password).toBe("128자 이하로 입력해 주세요.");
        } else {
          expect(name).toBe("This can't be empty or only spaces.");
          expect(password).toBe("Use at most 128 characters.");
        }
        const text = (await page.locator("body").textContent()) ?? "";
        expect(text).not.toContain(answer.error);
        expect(await page.getByTestId("signup-error").count()).toBe(0);
        // The reasons stand under their fields; no toast covers them (issue 30).
        expect(
          await page
            .locator("[role=status]", { hasText: lang === "ko" ? "입력한 내용" : "check what you" })
            .count(),
        ).toBe(0);
        await shoot(page, `${lang}-${viewport.width}-signup-field-errors`);
        await context.close();
      });
    }
  }
});
