import { encodeRgbPng } from "@gyeol/shared/test-support/png";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { XSS_CORPUS } from "../../server/test/fixtures/xss-corpus.ts";
import { admin, DESKTOP, launchBrowser, newContext, PHONE, shoot, uniqueEmail } from "./support/browser.ts";

/** A real PNG: a rose-to-ivory gradient, made here so the journey needs no fixture files. */
function makePng(width: number, height: number): Buffer {
  const rows: number[] = [];
  for (let y = 0; y < height; y++) {
    rows.push(0);
    for (let x = 0; x < width; x++) {
      const t = (x + y) / (width + height);
      rows.push(Math.round(166 + 84 * t), Math.round(63 + 184 * t), Math.round(98 + 146 * t));
    }
  }
  return encodeRgbPng(width, height, Buffer.from(rows));
}

const PNG = makePng(240, 160);
const BANNER = makePng(320, 120);
const PNG_BASE64 = PNG.toString("base64");
const ADMIN_PASSWORD = "admin-password-123";

let browser: Browser;
let adminEmail: string;

beforeAll(async () => {
  browser = await launchBrowser();
  adminEmail = uniqueEmail("notice-admin");
  await admin(
    "user:create",
    "--email",
    adminEmail,
    "--password",
    ADMIN_PASSWORD,
    "--name",
    "운영자",
    "--admin",
  );
});
afterAll(async () => {
  await browser?.close();
});

async function signIn(context: BrowserContext, email: string, password: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto("/login");
  await page.getByTestId("login-email").fill(email);
  await page.getByTestId("login-password").fill(password);
  await page.getByTestId("login-submit").click();
  await page.getByTestId("header-credits").waitFor();
  return page;
}

/** Creates a notice through the API from the signed-in page (fast setup for paging and XSS). */
async function createViaApi(page: Page, title: string, content: string, pinned = false): Promise<number> {
  return page.evaluate(
    async ({ title, content, pinned }) => {
      const form = new FormData();
      form.append("title", title);
      form.append("content", content);
      form.append("pinned", pinned ? "1" : "");
      const response = await fetch("/api/notices", { method: "POST", body: form });
      const body = await response.json();
      if (!response.ok) throw new Error(JSON.stringify(body));
      return body.id as number;
    },
    { title, content, pinned },
  );
}

async function texts(page: Page, testId: string): Promise<string[]> {
  return page.getByTestId(testId).allTextContents();
}

describe("the notice board", () => {
  it("lets the administrator write with a pasted image and attachments, pin, edit and delete; a visitor pages and reads", async () => {
    const context = await newContext(browser, DESKTOP);
    const page = await signIn(context, adminEmail, ADMIN_PASSWORD);
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));

    await page.goto("/notice");
    // The board starts empty: the journeys share one server, and the accessibility journeys write a
    // notice of their own, which would shift this one's numbering and paging.
    await page.evaluate(async () => {
      for (;;) {
        const { items } = (await (await fetch("/api/notices?page=1")).json()) as { items: { id: number }[] };
        if (items.length === 0) return;
        for (const { id } of items) {
          const response = await fetch(`/api/notices/${id}`, { method: "DELETE" });
          if (!response.ok) throw new Error(`deleting notice ${id}: ${response.status}`);
        }
      }
    });
    await page.reload();
    await page.getByTestId("notice-empty").waitFor();
    await shoot(page, "notices-list-empty-ko-desktop");

    // Eleven ordinary notices so the list has two pages; one more to delete later.
    for (let i = 1; i <= 11; i++) await createViaApi(page, `업데이트 소식 ${i}`, `<p>소식 ${i}</p>`);
    const doomedId = await createViaApi(page, "삭제할 공지", "<p>곧 지워집니다</p>");

    // Write a notice: title, text, a pasted image, two attachments, pinned.
    await page.goto("/notice");
    await page.getByTestId("notice-new").click();
    await page.waitForURL("**/notice/write");
    await page.getByTestId("notice-title-input").fill("결 정식 출시 안내");
    const content = page.getByTestId("notice-content-input");
    await content.fill("<h2>새로운 리터치 엔진</h2>\n<p>피부결을 살리는 보정이 더 빨라졌습니다.</p>\n");
    await content.evaluate((textarea: HTMLTextAreaElement) =>
      textarea.setSelectionRange(textarea.value.length, textarea.value.length),
    );
    await content.evaluate(async (textarea: HTMLTextAreaElement, base64: string) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const data = new DataTransfer();
      data.items.add(new File([bytes], "image.png", { type: "image/png" }));
      textarea.dispatchEvent(
        new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }),
      );
    }, PNG_BASE64);
    // The upload is classified by the NSFW model, which the server may still be loading just after it starts.
    await expect
      .poll(() => content.inputValue(), { timeout: 10_000 })
      .toMatch(/<img src="\/files\/public\/editor\/[a-f0-9]{32}\.png" alt="pasted-\d+">/);

    await page.getByTestId("notice-file-input").setInputFiles([
      { name: "포스터.png", mimeType: "image/png", buffer: PNG },
      { name: "banner.png", mimeType: "image/png", buffer: BANNER },
    ]);
    await expect.poll(() => texts(page, "notice-attachment-name")).toEqual(["포스터.png", "banner.png"]);
    const kb = (bytes: Buffer) => `${(bytes.length / 1024).toFixed(1)} KB`;
    expect(await texts(page, "notice-attachment-size")).toEqual([kb(PNG), kb(BANNER)]);
    // A text file is refused with a message in red next to the attachments, and the two images stay.
    await page
      .getByTestId("notice-file-input")
      .setInputFiles([{ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hi") }]);
    expect(await page.getByTestId("notice-files-error").textContent()).toMatch(/이미지/);
    expect(await page.getByTestId("notice-attachment").count()).toBe(2);
    await page.getByTestId("notice-pinned").check();
    await shoot(page, "notices-editor-ko-desktop");
    await page.getByTestId("notice-submit").click();

    await page.waitForURL(/\/notice\/\d+$/);
    const pinnedUrl = page.url();
    expect(await page.getByTestId("notice-detail-title").textContent()).toBe("결 정식 출시 안내");
    expect(await page.getByTestId("notice-detail-author").textContent()).toBe("운영자");
    expect(await texts(page, "notice-file")).toEqual([
      expect.stringContaining("포스터.png"),
      expect.stringContaining("banner.png"),
    ]);
    const image = page.getByTestId("notice-body").locator("img");
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(240);
    await shoot(page, "notices-detail-admin-ko-desktop");

    // Edit the title.
    await page.getByTestId("notice-edit").click();
    await page.waitForURL(/\/notice\/\d+\/edit$/);
    expect(await page.getByTestId("notice-submit").textContent()).toBe("수정 완료");
    await page.getByTestId("notice-title-input").fill("결 정식 출시 안내 (업데이트)");
    await page.getByTestId("notice-submit").click();
    await page.waitForURL(pinnedUrl);
    await expect
      .poll(() => page.getByTestId("notice-detail-title").textContent())
      .toBe("결 정식 출시 안내 (업데이트)");

    // Delete another notice, through the cannot-be-undone confirmation.
    await page.goto(`/notice/${doomedId}`);
    await page.getByTestId("notice-delete").click();
    const dialog = page.getByTestId("notice-delete-dialog");
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain("되돌릴 수 없습니다");
    await shoot(page, "notices-delete-confirm-ko-desktop");
    await page.getByTestId("notice-delete-confirm").click();
    await page.waitForURL("**/notice");
    const gone = await page.evaluate(async (id) => (await fetch(`/api/notices/${id}`)).status, doomedId);
    expect(gone).toBe(404);
    expect(errors).toEqual([]);
    await context.close();

    // A visitor pages through the list and reads the pinned notice.
    const visitor = await newContext(browser, DESKTOP);
    const list = await visitor.newPage();
    await list.goto("/notice");
    await list.getByTestId("notice-row").first().waitFor();
    expect(await list.getByTestId("notice-new").count()).toBe(0);
    expect(await list.getByTestId("notice-row").first().getAttribute("data-pinned")).toBe("true");
    expect(await list.getByTestId("notice-title").first().textContent()).toBe("결 정식 출시 안내 (업데이트)");
    const numbers = await texts(list, "notice-number");
    expect(numbers[0]).toBe("");
    expect(numbers.slice(1, 3)).toEqual(["2", "3"]);
    expect(await list.getByTestId("notice-author").first().textContent()).toBe("운영자");
    expect(await list.getByTestId("notice-prev").isDisabled()).toBe(true);
    await shoot(list, "notices-list-ko-desktop");
    await list.getByTestId("notice-next").click();
    await list.waitForURL("**/notice?page=2");
    await expect.poll(() => texts(list, "notice-number")).toEqual(expect.arrayContaining(["11"]));
    expect((await texts(list, "notice-number"))[0]).toBe("11");
    if ((await list.getByTestId("notice-page").textContent())?.startsWith("2 / 2")) {
      expect(await list.getByTestId("notice-next").isDisabled()).toBe(true);
    }
    await list.getByTestId("notice-prev").click();
    await list.waitForURL((url) => url.pathname === "/notice" && url.search === "");
    await list.getByTestId("notice-title").first().click();
    await list.waitForURL(pinnedUrl);
    await list.getByTestId("notice-body").waitFor();
    expect(await list.getByTestId("notice-edit").count()).toBe(0);
    expect(await list.getByTestId("notice-delete").count()).toBe(0);

    // A missing notice says so on the page.
    await list.goto("/notice/999999");
    expect(await list.getByTestId("notice-error").textContent()).toBe("공지사항을 찾을 수 없습니다.");
    await list.goto("/en/notice/999999");
    await expect.poll(() => list.getByTestId("notice-error").textContent()).toBe("Notice not found.");

    // The editor tells a visitor it is for administrators only.
    await list.goto("/notice/write");
    await list.getByTestId("notice-admin-only").waitFor();
    await list.getByTestId("notice-title-input").fill("나도 써볼래");
    await list.getByTestId("notice-content-input").fill("내용");
    await list.getByTestId("notice-submit").click();
    expect(await list.getByTestId("notice-form-error").textContent()).toContain("권한이 없습니다");
    await shoot(list, "notices-editor-visitor-ko-desktop");
    await visitor.close();

    // Phones, in both languages.
    const phone = await newContext(browser, PHONE, { hasTouch: true });
    const small = await phone.newPage();
    await small.goto("/notice");
    await small.getByTestId("notice-row").first().waitFor();
    await shoot(small, "notices-list-ko-phone");
    await small.goto("/en/notice");
    await small.getByTestId("notice-row").first().waitFor();
    await shoot(small, "notices-list-en-phone");
    await small.goto(pinnedUrl.replace(/^https?:\/\/[^/]+/, "/en"));
    await small.getByTestId("notice-body").waitFor();
    await shoot(small, "notices-detail-en-phone");
    await phone.close();
  });

  it("runs none of the stored-XSS corpus when the notices are shown in Chromium", async () => {
    const context = await newContext(browser, DESKTOP);
    const page = await signIn(context, adminEmail, ADMIN_PASSWORD);
    const ids: number[] = [];
    for (const [index, payload] of XSS_CORPUS.entries())
      ids.push(await createViaApi(page, `XSS ${index}`, payload));
    await context.close();

    const visitor = await newContext(browser, DESKTOP);
    const hits: string[] = [];
    await visitor.exposeFunction("__reportXss", (value: string) => hits.push(value));
    await visitor.addInitScript(() => {
      const report = (value: unknown) =>
        (window as unknown as { __reportXss: (v: string) => void }).__reportXss(String(value));
      (window as unknown as { __xss: (n: unknown) => void }).__xss = report;
      window.alert = report;
      // The CSP blocks inline handlers as a second line; an attempt it blocks counts as a hit too.
      document.addEventListener("securitypolicyviolation", (event) =>
        report(`csp:${event.violatedDirective}`),
      );
    });
    const reader = await visitor.newPage();
    reader.on("dialog", (dialog) => {
      hits.push(`dialog:${dialog.message()}`);
      void dialog.dismiss();
    });
    for (const id of ids) {
      await reader.goto(`/notice/${id}`);
      const body = reader.getByTestId("notice-body");
      await body.waitFor();
      // Give any handler its chance: hover the body, then fire the usual events at every element
      // (link navigation is cancelled so the reader stays on the page; inline handlers still run).
      await body.hover().catch(() => {});
      await body.evaluate((root) => {
        document.addEventListener("click", (event) => event.preventDefault(), { capture: true });
        for (const element of root.querySelectorAll("*")) {
          for (const type of ["mouseover", "mouseenter", "focus", "click", "toggle", "animationstart"]) {
            element.dispatchEvent(new Event(type, { bubbles: true }));
          }
        }
      });
      const html = await body.innerHTML();
      expect(html).not.toMatch(/<(script|iframe|svg|form|object|embed)\b|\son[a-z]+=|javascript:/i);
    }
    await reader.waitForTimeout(300);
    expect(hits).toEqual([]);
    // Controls: the detector hears a payload that runs, and one that only tries (blocked by the CSP).
    await reader.evaluate(() => (window as unknown as { __xss: (n: unknown) => void }).__xss("control"));
    await reader.evaluate(() => {
      const probe = document.createElement("div");
      probe.innerHTML = `<img src="/nope" onerror="window.__xss('inline')">`;
      document.body.append(probe);
    });
    await expect.poll(() => hits).toEqual(["control", expect.stringMatching(/^csp:script-src/)]);
    await visitor.close();
  });
});

const LEGAL_VISITS: Array<{
  path: string;
  page: string;
  locale: "ko" | "en";
  title: string;
  facts: string[];
}> = [
  {
    path: "/terms/kr",
    page: "terms",
    locale: "ko",
    title: "이용약관",
    facts: [
      "2025년 7월 12일",
      "서울중앙지방법원",
      "24시간",
      "만 14세",
      "제11조 (금지 콘텐츠와 자동 검수)",
      "100 미국 달러",
    ],
  },
  {
    path: "/terms/en",
    page: "terms",
    locale: "en",
    title: "Terms of Service",
    facts: ["July 12, 2025", "Seoul Central District Court", "24 hours", "USD 100", "no expiry date"],
  },
  {
    path: "/en/terms",
    page: "terms",
    locale: "en",
    title: "Terms of Service",
    facts: ["Article 18 (Governing Law and Jurisdiction)"],
  },
  {
    path: "/privacy/kr",
    page: "privacy",
    locale: "ko",
    title: "개인정보처리방침",
    facts: ["35일", "30일 이내", "5년", "12개월", "꺼져 있으며"],
  },
  {
    path: "/privacy/en",
    page: "privacy",
    locale: "en",
    title: "Privacy Policy",
    facts: ["35-day cycle", "within 30 days", "off by default"],
  },
  {
    path: "/en/privacy",
    page: "privacy",
    locale: "en",
    title: "Privacy Policy",
    facts: ["Cloud hosting provider"],
  },
  {
    path: "/refund/kr",
    page: "refund",
    locale: "ko",
    title: "환불 정책",
    facts: ["1영업일", "3~10일", "09:00~18:00", "80~100"],
  },
  {
    path: "/refund/en",
    page: "refund",
    locale: "en",
    title: "Refund Policy",
    facts: ["1 business day", "3 to 10 days", "09:00–18:00"],
  },
  { path: "/en/refund", page: "refund", locale: "en", title: "Refund Policy", facts: ["cash refund"] },
];

describe("the legal pages", () => {
  it("the table of contents lands on each article's heading, on a desktop and a phone (a content-visibility: auto on the articles made the first jump land 400 px off)", async () => {
    for (const [viewport, device] of [
      [DESKTOP, "desktop"],
      [PHONE, "phone"],
    ] as const) {
      const context = await newContext(browser, viewport, { hasTouch: device === "phone" });
      const page = await context.newPage();
      await page.goto("/terms/kr");
      await page.getByTestId("legal-document").waitFor();
      const articles = page.getByTestId("legal-article");
      expect(await articles.count()).toBe(18);
      for (const index of [11, 17, 3]) {
        const id = await articles.nth(index).getAttribute("id");
        // The phone keeps the contents in a disclosure above the document; the desktop beside it.
        const toc = device === "phone" ? page.getByTestId("legal-toc-mobile") : page.locator("aside nav");
        if (device === "phone") {
          await page.evaluate(() => window.scrollTo(0, 0));
          const details = page.getByTestId("legal-toc-mobile");
          if ((await details.getAttribute("open")) === null) await details.locator("summary").click();
        }
        await toc.locator(`a[href="#${id}"]`).click();
        await page.waitForURL(`**#${id}`);
        // Its heading ends up at the top of the screen (under the sticky header), not above or far below.
        await expect
          .poll(
            () =>
              page.evaluate((articleId) => {
                const heading = document.getElementById(articleId)?.querySelector("h2");
                const top = heading?.getBoundingClientRect().top ?? Number.NaN;
                return top >= 0 && top < window.innerHeight / 3;
              }, id),
            { timeout: 10_000 },
          )
          .toBe(true);
      }
      await context.close();
    }
  });

  it("show every document in both languages at every route, with the language selector", async () => {
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    for (const visit of LEGAL_VISITS) {
      await page.goto(visit.path);
      const root = page.getByTestId("legal-page");
      await root.waitFor();
      expect(await root.getAttribute("data-page")).toBe(visit.page);
      expect(await root.getAttribute("data-locale")).toBe(visit.locale);
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(visit.locale);
      expect(await page.getByTestId("legal-title").textContent()).toBe(visit.title);
      const text = (await page.getByTestId("legal-document").textContent()) ?? "";
      for (const fact of visit.facts) expect(text, `${visit.path}: ${fact}`).toContain(fact);
      if (visit.page === "terms") expect(await page.getByTestId("legal-article").count()).toBe(18);
      if (visit.page === "privacy")
        expect(await page.getByTestId("legal-table").count()).toBeGreaterThanOrEqual(3);
    }

    await page.goto("/terms/kr");
    await page.getByTestId("legal-lang-en").click();
    // The English document's own address (its canonical, issue 30).
    await page.waitForURL("**/en/terms");
    await expect.poll(() => page.getByTestId("legal-title").textContent()).toBe("Terms of Service");
    await page.getByTestId("legal-lang-ko").click();
    await page.waitForURL("**/terms/kr");
    await expect.poll(() => page.getByTestId("legal-title").textContent()).toBe("이용약관");
    await page.getByTestId("legal-tab-privacy").click();
    await page.waitForURL("**/privacy/kr");
    await context.close();

    for (const [viewport, device] of [
      [DESKTOP, "desktop"],
      [PHONE, "phone"],
    ] as const) {
      const shots = await newContext(browser, viewport, { hasTouch: device === "phone" });
      const shotPage = await shots.newPage();
      for (const path of [
        "/terms/kr",
        "/en/terms",
        "/privacy/kr",
        "/privacy/en",
        "/refund/kr",
        "/en/refund",
      ]) {
        await shotPage.goto(path);
        await shotPage.getByTestId("legal-document").waitFor();
        await shoot(shotPage, `legal${path.replaceAll("/", "-")}-${device}`);
      }
      await shots.close();
    }
  });
});
