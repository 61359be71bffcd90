import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DESKTOP, launchBrowser, newContext, PHONE, uniqueEmail } from "./support/browser.ts";

/**
 * Issue 24: a refused upload tells the user what happened and what they can do, in the page's
 * language, on desktop and phone. The server's answer is the one it gives a refused upload (400
 * NSFW_CONTENT_DETECTED, the refusal itself is covered by the server's upload-moderation test):
 * no explicit picture is committed to make the real classifier refuse one here.
 */

const PORTRAIT = join(inject("repoRoot"), "packages/engine/fixtures/astronaut.jpg");
const REFUSAL = {
  success: false,
  code: "NSFW_CONTENT_DETECTED",
  error:
    "This photo looks like it contains nudity or sexual content, which this service does not process. If it is an ordinary photo, try a crop that shows the whole face (face and shoulders), upload the colour original of a black-and-white photo, or contact support.",
};

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("a refused upload on the retouch page", () => {
  for (const lang of ["ko", "en"] as const) {
    for (const [device, viewport] of [
      ["desktop", DESKTOP],
      ["phone", PHONE],
    ] as const) {
      it(`says why and what to do (${lang}, ${device})`, async () => {
        const context = await newContext(browser, viewport, { locale: lang === "en" ? "en-US" : "ko-KR" });
        const page = await context.newPage();
        const registered = await context.request.post("/api/auth/register", {
          headers: { Origin: inject("baseUrl") },
          data: {
            name: "Refused",
            email: uniqueEmail("refused"),
            password: "correct horse battery",
            ageConfirmed: true,
          },
        });
        expect(registered.status()).toBe(200);
        await page.route("**/api/image/upload-s3", (route) =>
          route.fulfill({ status: 400, contentType: "application/json", body: JSON.stringify(REFUSAL) }),
        );
        await page.goto(lang === "en" ? "/en/upscale" : "/upscale");
        await page.getByTestId("retouch-page").waitFor();
        await page.getByTestId("retouch-file-input").setInputFiles(PORTRAIT);
        const toast = page.getByTestId("nsfw-refusal-toast");
        await toast.waitFor({ timeout: 30_000 });
        const text = (await toast.textContent()) ?? "";
        if (lang === "ko") {
          expect(text).toContain("얼굴 전체와 어깨가 나오게");
          expect(text).toContain("컬러 원본");
          expect(text).toContain("고객센터");
          expect(text).not.toMatch(/[a-z]{4,}/i);
        } else {
          expect(text).toContain("try a crop that shows the whole face (face and shoulders)");
          expect(text).toContain("colour original of a black-and-white photo");
          expect(text).toContain("Contact support");
        }
        expect(await toast.getByRole("link").getAttribute("href")).toMatch(/^mailto:.+@.+/);
        // Nothing was kept: the upload area is empty again, ready for another picture.
        expect(await page.getByTestId("retouch-preview").count()).toBe(0);
        // The toast slides in: shoot once it has stopped moving.
        let last = "";
        await expect
          .poll(async () => {
            const box = JSON.stringify(await toast.boundingBox());
            const still = box === last;
            last = box;
            return still;
          })
          .toBe(true);
        const shots = join(inject("repoRoot"), "screenshots");
        mkdirSync(shots, { recursive: true });
        await page.screenshot({ path: join(shots, `moderation-refusal-${lang}-${device}.png`) });
        await context.close();
      });
    }
  }
});
