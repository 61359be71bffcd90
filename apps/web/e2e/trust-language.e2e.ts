/**
 * Issue 30 in a real browser on the real build: who runs the service (the server's configuration)
 * in the footer and the legal pages; every route's own head; the first frame in the visitor's
 * language; the site's font on the sandbox checkout and in the notice editor; referrals a sharer can
 * see (invite link, the reward toast, the header's total, the earnings without e-mails); Korean
 * sign-in habits; quiet feedback; the 390 px layouts that used to overflow.
 */
import { APP_ROUTES } from "@gyeol/shared/routes";
import { PUBLIC_PAGES } from "@gyeol/shared/seo";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  admin,
  DESKTOP,
  isHydrated,
  launchBrowser,
  newContext,
  PHONE,
  renderBelowFold,
  shoot,
  uniqueEmail,
  waitForHydration,
} from "./support/browser.ts";
import { E2E_OPERATOR } from "./support/operator.ts";

const PASSWORD = "correct horse battery";
const HANGUL = /[\uac00-\ud7a3]/;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Console errors and uncaught exceptions of a page (a hydration mismatch is one). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && !/Failed to load resource/.test(message.text()))
      errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

async function register(context: BrowserContext, name: string, email = uniqueEmail("trust")) {
  const response = await context.request.post("/api/auth/register", {
    headers: { Origin: inject("baseUrl") },
    data: { name, email, password: PASSWORD, ageConfirmed: true },
  });
  expect(response.status()).toBe(200);
  return { email, user: (await response.json()).user as { id: number } };
}

/** The visible toasts (react-hot-toast's status elements) whose text matches. */
function toastCount(page: Page, text: RegExp): Promise<number> {
  return page.locator('[role="status"]').filter({ hasText: text }).count();
}

/** The sandbox checkout of a credit pack for the context's user, as the pricing page starts it. */
async function packCheckout(context: BrowserContext, pack = "package2"): Promise<string> {
  const response = await context.request.post("/api/payment/credit-checkout", {
    headers: { Origin: inject("baseUrl") },
    data: { package: pack },
  });
  expect(response.status()).toBe(200);
  return (await response.json()).checkout_url as string;
}

async function payOnSandbox(page: Page, url: string) {
  await page.goto(url);
  await page.locator("#card_number").fill("4242 4242 4242 4242");
  await page.locator("#expiry").fill("12/34");
  await page.locator("#cvc").fill("123");
  await page.locator("#name").fill("Kim");
  await page.locator("form button[type=submit]").click();
  await page.waitForURL((next) => next.pathname.endsWith("/payment-success"));
}

describe("every page of the route table has its own head, on the real build", () => {
  it("gives each route in Korean and under /en its language, title, description, canonical, hreflang pair and Open Graph", async () => {
    const baseUrl = inject("baseUrl");
    const email = uniqueEmail("head-admin");
    await admin("user:create", "--email", email, "--password", PASSWORD, "--name", "관리자", "--admin");
    const context = await newContext(browser, DESKTOP);
    const login = await context.request.post("/api/auth/login", {
      headers: { Origin: baseUrl },
      data: { email, password: PASSWORD },
    });
    expect(login.status()).toBe(200);
    const notice = await context.request.post("/api/notices", {
      headers: { Origin: baseUrl },
      multipart: {
        title: "머리말 점검 공지",
        content: "<p>모든 페이지에 제 머리말이 있습니다.</p>",
        pinned: "",
      },
    });
    expect(notice.status()).toBe(200);
    // Its own notice: the board's first row may be another journey's (pinned, or deleted meanwhile).
    const noticeId = String(((await notice.json()) as { id: number }).id);
    await context.close();

    const generic = /AI 인물 보정 · AI portrait retouch/;
    const problems: string[] = [];
    for (const route of APP_ROUTES) {
      const bare = route.path.replace(":id", noticeId).replace(":plan", "basic");
      const variants = [...(route.englishOnly ? [] : [bare]), bare === "/" ? "/en" : `/en${bare}`];
      for (const path of variants) {
        const isEnglish = path === "/en" || path.startsWith("/en/");
        const locale = isEnglish ? "en" : (route.fixedLocale ?? "ko");
        const response = await fetch(`${baseUrl}${path}`, {
          headers: { "accept-language": "ko-KR,ko;q=0.9" },
        });
        const html = await response.text();
        const attr = (re: RegExp) => re.exec(html)?.[1];
        const page = PUBLIC_PAGES.find((candidate) => candidate.id === route.id);
        const bareOfPath = isEnglish ? path.slice(3) || "/" : path;
        const pair = page?.paths ?? { ko: bareOfPath, en: bareOfPath === "/" ? "/en" : `/en${bareOfPath}` };
        const title = attr(/<title>([^<]*)<\/title>/) ?? "";
        const check = (ok: boolean, what: string) => ok || problems.push(`${path}: ${what}`);
        check(response.status === 200, `status ${response.status}`);
        check(attr(/<html[^>]*\slang="([^"]*)"/) === locale, `lang ${attr(/<html[^>]*\slang="([^"]*)"/)}`);
        check(
          html.match(/<title>/g)?.length === 1 && title.length > 3 && !generic.test(title),
          `title "${title}"`,
        );
        if (route.id !== "noticeDetail")
          check(
            HANGUL.test(title.replace("결 Gyeol", "")) === (locale === "ko"),
            `title language "${title}"`,
          );
        check((attr(/<meta name="description" content="([^"]*)"/) ?? "").length > 8, "description");
        check(attr(/<link rel="canonical" href="([^"]*)"/) === `${baseUrl}${pair[locale]}`, "canonical");
        check(
          attr(/<link rel="alternate" hreflang="ko" href="([^"]*)"/) === `${baseUrl}${pair.ko}`,
          "hreflang ko",
        );
        check(
          attr(/<link rel="alternate" hreflang="en" href="([^"]*)"/) === `${baseUrl}${pair.en}`,
          "hreflang en",
        );
        check(attr(/<meta property="og:title" content="([^"]*)"/) === title, "og:title");
        check(
          attr(/<meta property="og:locale" content="([^"]*)"/) === (locale === "ko" ? "ko_KR" : "en_US"),
          "og:locale",
        );
        check(html.includes('<meta property="og:image"'), "og:image");
      }
    }
    expect(problems).toEqual([]);
  });
});

describe("the first frame in the visitor's language", () => {
  it("sends / in English to an English browser, keeps the KR|EN choice, and leaves crawlers the default", async () => {
    const baseUrl = inject("baseUrl");
    const english = await fetch(baseUrl, { headers: { "accept-language": "en-US,en;q=0.9" } });
    const html = await english.text();
    expect(html).toMatch(/<html lang="en"/);
    expect(html).toContain(`<link rel="canonical" href="${baseUrl}/en">`);
    expect(english.headers.get("vary")).toMatch(/accept-language/i);
    const crawler = await fetch(baseUrl, {
      headers: { "accept-language": "en-US", "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1)" },
    });
    expect(await crawler.text()).toMatch(/<html lang="ko"/);

    const context = await newContext(browser, DESKTOP, { locale: "en-US" });
    const page = await context.newPage();
    const errors = collectErrors(page);
    // The HTML as it arrives, before any script: already English.
    const response = await page.goto("/");
    expect(await response?.text()).toMatch(/<html lang="en"[^>]*>[\s\S]*Gyeol/);
    await waitForHydration(page);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("en");
    expect(page.url()).toBe(`${baseUrl}/`);
    expect(await page.locator("h1").first().textContent()).not.toMatch(HANGUL);
    await shoot(page, "trust-first-frame-en-root");

    // The KR switch stores the choice; the server honours it on the next visit, whatever the browser says.
    await page.getByTestId("lang-ko").click();
    await page.waitForFunction(() => document.documentElement.lang === "ko");
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("ko");
    expect(await page.evaluate(() => document.cookie)).toContain("gyeol_locale=ko");
    await waitForHydration(page);
    expect(await page.locator("h1").first().textContent()).toMatch(HANGUL);

    // Bare legal paths go to the document in the visitor's language.
    await page.goto("/terms");
    expect(new URL(page.url()).pathname).toBe("/terms/kr");
    const englishOnly = await newContext(browser, DESKTOP, { locale: "en-GB" });
    const other = await englishOnly.newPage();
    await other.goto("/refund");
    expect(new URL(other.url()).pathname).toBe("/en/refund");
    await englishOnly.close();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("switches language from the header before the app has hydrated, and the server keeps the choice", async () => {
    // The app's module entry never arrives (a slow phone, held for good here): the page stays as
    // prerendered, so what answers the switch is the link and prerendered-boot.js, not React.
    const html = await (await fetch(`${inject("baseUrl")}/pricing`)).text();
    const entry = /data-entry="([^"]+)"/.exec(html)?.[1];
    expect(entry).toBeTruthy();
    const context = await newContext(browser, DESKTOP);
    await context.route(
      (url) => url.pathname === entry,
      () => undefined,
    );
    const page = await context.newPage();
    const storedLocale = async () => ({
      cookie: (await context.cookies()).find((cookie) => cookie.name === "gyeol_locale")?.value,
      storage: await page.evaluate(() => window.localStorage.getItem("locale")),
    });

    await page.goto("/pricing");
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("ko");
    // The language already shown: the choice is stored and the page stays (no reload, which
    // would drop this marker).
    await page.evaluate(() => {
      (window as Window & { stayed?: boolean }).stayed = true;
    });
    await page.getByTestId("lang-ko").click();
    await expect.poll(storedLocale).toEqual({ cookie: "ko", storage: "ko" });
    expect(await page.evaluate(() => (window as Window & { stayed?: boolean }).stayed)).toBe(true);
    expect(new URL(page.url()).pathname).toBe("/pricing");
    await page.getByTestId("lang-en").click();
    await page.waitForURL((url) => url.pathname === "/en/pricing");
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("en");
    expect(await storedLocale()).toEqual({ cookie: "en", storage: "en" });
    expect(await isHydrated(page)).toBe(false);

    // Back to Korean, keeping the query the prerendered links do not have. The cookie says English
    // until the switch stores Korean: the server would otherwise send /pricing in English again.
    await page.goto("/en/pricing?tab=packs");
    await page.getByTestId("lang-ko").click();
    await page.waitForURL((url) => url.pathname === "/pricing" && url.search === "?tab=packs");
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("ko");
    expect(await storedLocale()).toEqual({ cookie: "ko", storage: "ko" });
    expect(await page.locator("h1").first().textContent()).toMatch(HANGUL);
    expect(await isHydrated(page)).toBe(false);
    await context.close();
  });
});

describe("who runs the service", () => {
  it("shows the operator's details in the footer and the legal pages in both languages, and nothing for developers", async () => {
    for (const [viewport, device] of [
      [DESKTOP, "1280"],
      [PHONE, "390"],
    ] as const) {
      const context = await newContext(browser, viewport);
      const page = await context.newPage();
      const errors = collectErrors(page);
      for (const [path, expected] of [
        [
          "/",
          [
            "상호",
            "주식회사 결",
            "대표자",
            "123-45-67890",
            "제2025-서울강남-01234호",
            "02-1234-5678",
            "박보호",
          ],
        ],
        ["/en", ["Company", "Gyeol Inc.", "Gyeol Kim", "2025-Seoul Gangnam-01234", "4F, 123 Teheran-ro"]],
      ] as const) {
        await page.goto(path);
        await waitForHydration(page);
        const footer = (await page.getByTestId("footer-business").textContent()) ?? "";
        for (const text of expected) expect(footer, `${path} ${text}`).toContain(text);
        if (device === "390") {
          const restore = await renderBelowFold(page);
          await page.getByTestId("footer-business").scrollIntoViewIfNeeded();
          await page.screenshot({
            path: `${inject("repoRoot")}/screenshots/trust-footer${path.replace("/", "-")}-${device}.png`,
          });
          await restore();
        }
      }
      for (const [path, testId, expected] of [
        [
          "/terms/kr",
          "legal-operator-companyHeading",
          [E2E_OPERATOR.OPERATOR_ADDRESS, "통신판매업 신고번호"],
        ],
        ["/en/terms", "legal-operator-companyHeading", [E2E_OPERATOR.OPERATOR_ADDRESS_EN, "Gyeol Kim"]],
        ["/privacy/kr", "legal-operator-privacyHeading", ["박보호", "help@gyeol.example"]],
        ["/en/privacy", "legal-operator-privacyHeading", ["Boho Park"]],
        ["/refund/kr", "legal-operator-contactHeading", ["평일 09:00~18:00", "02-1234-5678"]],
        ["/en/refund", "legal-operator-contactHeading", ["Weekdays 09:00–18:00"]],
      ] as const) {
        await page.goto(path);
        await waitForHydration(page);
        const block = (await page.getByTestId(testId).textContent()) ?? "";
        for (const text of expected) expect(block, `${path} ${text}`).toContain(text);
        const body = (await page.locator("body").textContent()) ?? "";
        expect(body, path).not.toMatch(/VITE_|OPERATOR_|%GYEOL|예시 값|placeholder/);
        if (path.startsWith("/terms") || path === "/en/terms")
          expect(await page.getByTestId("legal-page").textContent()).toContain(
            path === "/terms/kr" ? "주식회사 결(이하" : "Gyeol Inc. (the",
          );
        await shoot(page, `trust-legal${path.replaceAll("/", "-")}-${device}`);
      }
      // The legal tabs all fit on a phone (the third used to be cut).
      await page.goto("/en/terms");
      const cut = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('[data-testid^="legal-tab-"]')]
          .filter(
            (tab) =>
              tab.scrollWidth > tab.clientWidth + 1 || tab.getBoundingClientRect().right > window.innerWidth,
          )
          .map((tab) => tab.textContent),
      );
      expect(cut).toEqual([]);
      // No hydration mismatch: the server's filling of the prerendered pages is what the app renders.
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});

describe("the site's font where it used to be missing", () => {
  it("sets the sandbox checkout and the notice editor in Pretendard", async () => {
    for (const locale of ["ko", "en"] as const) {
      const context = await newContext(browser, PHONE);
      await register(context, "폰트 확인");
      const url = await packCheckout(context);
      const page = await context.newPage();
      await page.goto(locale === "en" ? url.replace("lang=ko", "lang=en") : url);
      await page.evaluate(() => document.fonts.ready);
      const font = await page.evaluate(() => ({
        family: getComputedStyle(document.body).fontFamily,
        hangul: document.fonts.check('16px "Pretendard Variable"', "테스트 결제하기"),
        loaded: [...document.fonts].some(
          (face) => face.family.includes("Pretendard") && face.status === "loaded",
        ),
      }));
      expect(font.family.startsWith('"Pretendard Variable"')).toBe(true);
      expect(font.hangul).toBe(true);
      expect(font.loaded).toBe(true);
      await shoot(page, `trust-sandbox-checkout-${locale}-390`);
      await context.close();
    }

    const email = uniqueEmail("font-admin");
    await admin("user:create", "--email", email, "--password", PASSWORD, "--name", "관리자", "--admin");
    const context = await newContext(browser, DESKTOP);
    await context.request.post("/api/auth/login", {
      headers: { Origin: inject("baseUrl") },
      data: { email, password: PASSWORD },
    });
    const page = await context.newPage();
    await page.goto("/notice/write");
    const editor = page.getByTestId("notice-content-input");
    await editor.fill("<p>한글 공지 본문입니다.</p>");
    const family = await editor.evaluate((element) => getComputedStyle(element).fontFamily);
    expect(family).toContain("Pretendard");
    await page.evaluate(() => document.fonts.ready);
    expect(await page.evaluate(() => document.fonts.check('14px "Pretendard Variable"', "한글 공지"))).toBe(
      true,
    );
    await shoot(page, "trust-notice-editor-ko-1280");
    await context.close();
  });
});

describe("referrals a sharer can see", () => {
  it("gives the invite link on My Page, announces the reward once, counts it in the header and names no buyer's e-mail", async () => {
    const sharer = await newContext(browser, DESKTOP);
    await register(sharer, "이초대");
    const page = await sharer.newPage();
    const errors = collectErrors(page);
    await page.goto("/mypage");
    const link = page.getByTestId("invite-link");
    await expect.poll(() => link.inputValue(), { timeout: 15_000 }).toMatch(/\/\?aff=[A-Z0-9]{8}$/);
    const shareLink = await link.inputValue();
    expect(await page.getByTestId("mypage-name").textContent()).toBe("이초대");
    expect(await page.getByTestId("invite-earnings-empty").isVisible()).toBe(true);

    // A friend opens the link, signs up and buys a pack of 3,000 credits.
    const friend = await newContext(browser, DESKTOP);
    const friendPage = await friend.newPage();
    const clicked = friendPage.waitForResponse((response) => response.url().includes("/api/affiliate/click"));
    await friendPage.goto(new URL(shareLink).pathname + new URL(shareLink).search);
    await clicked;
    const { email: friendEmail } = await register(friend, "김철수");
    await friend.request.get("/api/auth/check");
    await payOnSandbox(friendPage, await packCheckout(friend, "package2"));
    await friend.close();

    // Back on the sharer's tab: the next session check brings the bonus credits and the notice.
    await page.reload();
    const notice = page.getByTestId("reward-notice");
    await notice.waitFor({ timeout: 20_000 });
    expect(await notice.textContent()).toContain("초대 보상 1,500 크레딧이 도착했어요!");
    expect(await page.getByTestId("header-credits").textContent()).toBe("1,500");
    await expect.poll(() => page.getByTestId("invite-earning").count()).toBe(1);
    const line = (await page.getByTestId("invite-earning").textContent()) ?? "";
    expect(line).toContain("김*수님 결제");
    expect(line).toContain("구매 3,000 크레딧");
    expect(await page.getByTestId("invite-paid").textContent()).toBe("1");
    expect(await page.getByTestId("invite-earned").textContent()).toBe("1,500");
    const body = (await page.locator("body").textContent()) ?? "";
    expect(body).not.toContain(friendEmail);
    expect(body).not.toContain("김철수");
    await shoot(page, "trust-mypage-invite-ko-1280");
    // Told once: another visit brings no second notice.
    await page.reload();
    await page.getByTestId("invite-earning").waitFor();
    await page.waitForTimeout(2500);
    expect(await page.getByTestId("reward-notice").count()).toBe(0);
    expect(errors).toEqual([]);

    // The same page in English and on a phone, with the name in the header menu.
    const state = await sharer.storageState();
    await sharer.close();
    for (const [viewport, device] of [
      [PHONE, "390"],
      [DESKTOP, "1280"],
    ] as const) {
      for (const prefix of ["", "/en"]) {
        if (device === "1280" && prefix === "") continue;
        const context = await browser.newContext({
          viewport,
          baseURL: inject("baseUrl"),
          locale: prefix ? "en-US" : "ko-KR",
          timezoneId: "Asia/Seoul",
          storageState: state,
        });
        const view = await context.newPage();
        await view.goto(`${prefix}/mypage`);
        await view.getByTestId("invite-earning").waitFor();
        if (prefix)
          expect(await view.getByTestId("invite-earning").textContent()).toContain("Payment by 김*수");
        if (device === "390") {
          // Header: the tagline keeps its line and the credits keep their unit.
          const header = await view.evaluate(() => {
            const tagline = document.querySelector<HTMLElement>(
              '[data-testid="brand-title"] > span:last-child',
            );
            const unit = document.querySelector<HTMLElement>('[data-testid="header-credits-unit"]');
            return {
              isTaglineWhole: !!tagline && tagline.scrollWidth <= tagline.clientWidth,
              unit: unit && unit.getBoundingClientRect().width > 0 ? unit.textContent : null,
            };
          });
          expect(header).toEqual({ isTaglineWhole: true, unit: prefix ? "credits" : "크레딧" });
          await shoot(view, `trust-mypage${prefix ? "-en" : "-ko"}-390`);
          await view.getByTestId("hamburger").click();
          expect(await view.getByTestId("mobile-account-name").textContent()).toBe("이초대");
          await view.screenshot({
            path: `${inject("repoRoot")}/screenshots/trust-menu${prefix ? "-en" : "-ko"}-390.png`,
          });
        } else await shoot(view, "trust-mypage-invite-en-1280");
        await context.close();
      }
    }
  });
});

describe("Korean sign-in habits and quiet feedback", () => {
  it("leads with Kakao and Naver in Korean and Google in English, on sign-in and sign-up, at both widths", async () => {
    for (const [viewport, device] of [
      [DESKTOP, "1280"],
      [PHONE, "390"],
    ] as const) {
      for (const prefix of ["", "/en"]) {
        const context = await newContext(browser, viewport, { locale: prefix ? "en-US" : "ko-KR" });
        const page = await context.newPage();
        for (const mode of ["login", "signup"] as const) {
          await page.goto(`${prefix}/${mode}`);
          const order = await page
            .getByTestId(`${mode}-social`)
            .evaluate((group) =>
              [...group.querySelectorAll("[data-testid]")].map((node) => node.getAttribute("data-testid")),
            );
          expect(order, `${prefix}/${mode}`).toEqual(
            prefix
              ? [`${mode}-google`, `${mode}-naver`, `${mode}-kakao`]
              : [`${mode}-kakao`, `${mode}-naver`, `${mode}-google`],
          );
          await shoot(page, `trust-${mode}${prefix ? "-en" : "-ko"}-${device}`);
        }
        await context.close();
      }
    }
  });

  it("shows a failed sign-in inline only, and collapses identical toasts into one", async () => {
    const context = await newContext(browser, PHONE, { locale: "en-US" });
    const page = await context.newPage();
    await page.goto("/en/login");
    await page.getByTestId("login-email").fill(uniqueEmail("nobody"));
    await page.getByTestId("login-password").fill("wrong-password");
    for (let i = 0; i < 6; i += 1) {
      await page.getByTestId("login-submit").click();
      await page.getByTestId("login-error").waitFor();
    }
    // The toaster mounts when the page is idle: wait for it, then count.
    await page.waitForFunction(() => document.querySelector("[data-rht-toaster]") !== null, undefined, {
      timeout: 10_000,
    });
    expect(await toastCount(page, /incorrect|failed/i)).toBe(0);
    // The Google stand-in (no client id here) says the same thing each time: one toast.
    for (let i = 0; i < 5; i += 1) await page.getByTestId("login-google").click();
    await expect.poll(() => toastCount(page, /Google/)).toBe(1);
    await shoot(page, "trust-login-quiet-en-390");
    await context.close();
  });
});
