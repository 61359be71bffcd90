/**
 * Issue 30: every page of the route table has its own head in its language, a page without /en is
 * sent in the visitor's language from the first byte (stored choice, then Accept-Language; crawlers
 * get the default), bare legal paths redirect by language, and the operator's details (server
 * configuration) are filled into the pages.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Writable } from "node:stream";
import { LOCALE_COOKIE } from "@gyeol/shared/locale-negotiation";
import { OPERATOR_SCRIPT_ID, operatorToken, parseOperatorInfo } from "@gyeol/shared/operator";
import { APP_ROUTES, type TRouteId } from "@gyeol/shared/routes";
import {
  buildHead,
  HEAD_STRINGS_FILE,
  injectPage,
  isLanguageNegotiated,
  ORIGIN_TOKEN,
  PRERENDER_DIR,
  PUBLIC_PAGES,
  prerenderFileName,
  type THeadStrings,
  type TSeoLocale,
} from "@gyeol/shared/seo";
import { pino } from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import { register } from "./helpers/http.ts";
import { createTestApp, createTestContext, type TestApp, type TestContext } from "./helpers/test-app.ts";

const ORIGIN = "https://gyeol.example";
const TEMPLATE =
  '<!doctype html><html lang="ko"><head><meta charset="utf-8"><meta name="description" content="generic"><title>결 Gyeol</title></head><body><div id="root"></div></body></html>';

/** Each route's title and description, as apps/web/scripts/prerender.mjs writes them. */
const STRINGS: THeadStrings = {
  ko: Object.fromEntries(
    APP_ROUTES.map((r) => [r.id, { title: `${r.id} 제목`, description: `${r.id} 설명` }]),
  ),
  en: Object.fromEntries(
    APP_ROUTES.map((r) => [r.id, { title: `${r.id} title`, description: `${r.id} text` }]),
  ),
};

/** A footer as the app renders it: one marked line per detail, and a sentence naming the operator. */
function footer(): string {
  const line = (field: string) =>
    `<div data-operator-line="${field}"><dt>${field}</dt><dd>${operatorToken(field as "name")}</dd></div>`;
  return [
    '<footer><ul><li data-operator-line="supportEmail" class="min-w-0">',
    `<a href="mailto:${operatorToken("supportEmail")}">${operatorToken("supportEmail")}</a></li></ul>`,
    `<p data-testid="lead">${operatorToken("name")}(이하 &quot;회사&quot;)</p>`,
    '<div data-operator-block=""><h3>사업자 정보</h3><dl>',
    ["name", "representative", "businessNumber", "phone", "privacyOfficer"].map(line).join(""),
    "</dl></div></footer>",
  ].join("");
}

/** A built app: the template, every public page prerendered (and the English variants), the heads. */
function writeDist(dir: string): string {
  const dist = path.join(dir, "web-dist");
  mkdirSync(path.join(dist, PRERENDER_DIR), { recursive: true });
  writeFileSync(path.join(dist, "index.html"), TEMPLATE);
  const write = (
    file: string,
    id: TRouteId,
    locale: TSeoLocale,
    paths: Record<TSeoLocale, string>,
    where: string,
  ) => {
    const { title, description } = STRINGS[locale][id]!;
    const head = buildHead({ locale, title, description, paths, origin: ORIGIN_TOKEN });
    const body = `<h1>${title}</h1><p data-testid="rendered">${where} ${locale}</p>${footer()}`;
    writeFileSync(path.join(dist, PRERENDER_DIR, file), injectPage(TEMPLATE, { locale, head, body }));
  };
  for (const page of PUBLIC_PAGES) {
    write(prerenderFileName(page.paths.ko), page.id, "ko", page.paths, page.paths.ko);
    write(prerenderFileName(page.paths.en), page.id, "en", page.paths, page.paths.en);
    if (isLanguageNegotiated(page.paths.ko))
      write(prerenderFileName(page.paths.ko, "en"), page.id, "en", page.paths, page.paths.ko);
  }
  writeFileSync(path.join(dist, PRERENDER_DIR, HEAD_STRINGS_FILE), JSON.stringify(STRINGS));
  return dist;
}

async function appWithDist(env: Record<string, string> = {}): Promise<TestApp> {
  const base = await createTestApp();
  await base.close();
  return createTestApp({ env: { WEB_DIST_DIR: writeDist(base.dir), PUBLIC_ORIGIN: ORIGIN, ...env } });
}

/** The head a page was sent with. */
function headOf(html: string) {
  const attr = (re: RegExp) => re.exec(html)?.[1];
  return {
    lang: attr(/<html[^>]*\slang="([^"]*)"/),
    title: attr(/<title>([^<]*)<\/title>/),
    titles: html.match(/<title>/g)?.length ?? 0,
    description: attr(/<meta name="description" content="([^"]*)"/),
    descriptions: html.match(/<meta name="description"/g)?.length ?? 0,
    canonical: attr(/<link rel="canonical" href="([^"]*)"/),
    ko: attr(/<link rel="alternate" hreflang="ko" href="([^"]*)"/),
    en: attr(/<link rel="alternate" hreflang="en" href="([^"]*)"/),
    ogTitle: attr(/<meta property="og:title" content="([^"]*)"/),
    ogUrl: attr(/<meta property="og:url" content="([^"]*)"/),
    ogLocale: attr(/<meta property="og:locale" content="([^"]*)"/),
    ogImage: attr(/<meta property="og:image" content="([^"]*)"/),
  };
}

describe("every page of the route table has its own head in its language", () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it("gives each route, in Korean and under /en, its language, title, description, canonical, hreflang pair and Open Graph", async () => {
    t = await appWithDist();
    const { body } = await register(t.app);
    const noticeId = await t.services.notices.create(
      { title: "공지", content: "<p>본문</p>", pinned: false },
      [],
      body.user.id,
    );
    const PARAMS: Record<string, string> = { ":id": String(noticeId), ":plan": "basic" };
    const concrete = (pattern: string) => pattern.replace(/:\w+/g, (param) => PARAMS[param]!);
    let checked = 0;
    for (const route of APP_ROUTES) {
      const variants = [
        ...(route.englishOnly ? [] : [{ path: concrete(route.path), isEnglish: false }]),
        { path: concrete(route.path === "/" ? "/en" : `/en${route.path}`), isEnglish: true },
      ];
      for (const { path: url, isEnglish } of variants) {
        // A Korean browser: the unprefixed page is Korean unless its path names English.
        const response = await t.app.inject({ url, headers: { "accept-language": "ko-KR,ko;q=0.9" } });
        expect(response.statusCode, url).toBe(200);
        const head = headOf(response.body);
        const locale: TSeoLocale = isEnglish ? "en" : (route.fixedLocale ?? "ko");
        const page = PUBLIC_PAGES.find((candidate) => candidate.id === route.id);
        const bare = isEnglish ? url.slice(3) || "/" : url;
        const pair = page?.paths ?? { ko: bare, en: bare === "/" ? "/en" : `/en${bare}` };
        expect(head.lang, url).toBe(locale);
        expect(head.titles, url).toBe(1);
        expect(head.descriptions, url).toBe(1);
        if (route.id === "noticeDetail") expect(head.title, url).toContain("공지");
        else expect(head.title, url).toBe(STRINGS[locale][route.id]!.title);
        expect(head.description, url).toBeTruthy();
        expect(head.canonical, url).toBe(`${ORIGIN}${pair[locale]}`);
        expect(head.ko, url).toBe(`${ORIGIN}${pair.ko}`);
        expect(head.en, url).toBe(`${ORIGIN}${pair.en}`);
        expect(head.ogTitle, url).toBe(head.title);
        expect(head.ogUrl, url).toBe(head.canonical);
        expect(head.ogLocale, url).toBe(locale === "ko" ? "ko_KR" : "en_US");
        expect(head.ogImage, url).toMatch(/^https:\/\/gyeol\.example\//);
        expect(response.body, url).not.toContain(ORIGIN_TOKEN);
        checked += 1;
      }
    }
    expect(checked).toBe(APP_ROUTES.length * 2 - APP_ROUTES.filter((r) => r.englishOnly).length);
  });

  it("names the English legal and pricing pages' own address as canonical, whatever path shows them", async () => {
    t = await appWithDist();
    for (const [url, canonical] of [
      ["/en/terms/kr", "/en/terms"],
      ["/terms/en", "/en/terms"],
      ["/en/privacy/en", "/en/privacy"],
      ["/refund/en", "/en/refund"],
      ["/pricing/en", "/en/pricing"],
      ["/pricing/kr", "/pricing"],
    ] as const) {
      const head = headOf((await t.app.inject({ url })).body);
      expect(head.canonical, url).toBe(`${ORIGIN}${canonical}`);
      expect(head.lang, url).toBe(canonical.startsWith("/en") ? "en" : "ko");
    }
  });

  it("keeps signed-in pages out of search results", async () => {
    t = await appWithDist();
    expect((await t.app.inject({ url: "/mypage" })).body).toContain('<meta name="robots" content="noindex">');
    expect((await t.app.inject({ url: "/pricing" })).body).not.toContain("noindex");
    expect((await t.app.inject({ url: "/login" })).body).not.toContain("noindex");
  });
});

describe("the first frame in the visitor's language", () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const rendered = (html: string) => /<p data-testid="rendered">([^<]*)<\/p>/.exec(html)?.[1];

  it("sends / in English to an English browser and in Korean to a Korean one, with Vary", async () => {
    t = await appWithDist();
    const en = await t.app.inject({ url: "/", headers: { "accept-language": "en-US,en;q=0.9,ko;q=0.8" } });
    expect(en.statusCode).toBe(200);
    expect(rendered(en.body)).toBe("/ en");
    expect(headOf(en.body)).toMatchObject({ lang: "en", canonical: `${ORIGIN}/en`, title: "landing title" });
    expect(en.headers.vary).toMatch(/cookie/i);
    expect(en.headers.vary).toMatch(/accept-language/i);
    const ko = await t.app.inject({ url: "/", headers: { "accept-language": "ko-KR,ko;q=0.9,en;q=0.8" } });
    expect(rendered(ko.body)).toBe("/ ko");
    // Other languages read English (spec 01 §3: Korean gives ko, anything else en).
    const ja = await t.app.inject({ url: "/pricing", headers: { "accept-language": "ja-JP" } });
    expect(rendered(ja.body)).toBe("/pricing en");
    // q-values decide, not the order.
    const weighted = await t.app.inject({ url: "/notice", headers: { "accept-language": "en;q=0.5, ko" } });
    expect(rendered(weighted.body)).toBe("/notice ko");
  });

  it("lets the stored choice (its cookie) win over the browser's language, both ways", async () => {
    t = await appWithDist();
    const stayKorean = await t.app.inject({
      url: "/",
      headers: { "accept-language": "en-US", cookie: `${LOCALE_COOKIE}=ko` },
    });
    expect(rendered(stayKorean.body)).toBe("/ ko");
    const chosenEnglish = await t.app.inject({
      url: "/pricing",
      headers: { "accept-language": "ko-KR", cookie: `${LOCALE_COOKIE}=en` },
    });
    expect(rendered(chosenEnglish.body)).toBe("/pricing en");
    // A page the app renders itself gets its head in that language too.
    const login = await t.app.inject({ url: "/login", headers: { cookie: `${LOCALE_COOKIE}=en` } });
    expect(headOf(login.body)).toMatchObject({
      lang: "en",
      title: "login title",
      canonical: `${ORIGIN}/en/login`,
    });
    const bogus = await t.app.inject({
      url: "/",
      headers: { "accept-language": "en", cookie: `${LOCALE_COOKIE}=fr` },
    });
    expect(rendered(bogus.body)).toBe("/ en");
  });

  it("gives crawlers and requests without a language the Korean default, and never moves a page that names its language", async () => {
    t = await appWithDist();
    for (const userAgent of [
      "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
      "Mozilla/5.0 (compatible; Yeti/1.1; +https://naver.me/spd)",
      "facebookexternalhit/1.1",
      "Mozilla/5.0 (compatible; Daum/4.1; +http://cs.daum.net/faq/15/4118.html?faqId=28966) Daumoa",
    ]) {
      const bot = await t.app.inject({
        url: "/",
        headers: { "accept-language": "en-US", "user-agent": userAgent },
      });
      expect(rendered(bot.body), userAgent).toBe("/ ko");
    }
    expect(rendered((await t.app.inject({ url: "/" })).body)).toBe("/ ko");
    // /en and the fixed-language pages are what their path says, whatever the browser speaks.
    const en = await t.app.inject({ url: "/en", headers: { "accept-language": "ko-KR" } });
    expect(rendered(en.body)).toBe("/en en");
    expect(en.headers.vary).not.toMatch(/accept-language/i);
    const termsKo = await t.app.inject({ url: "/terms/kr", headers: { "accept-language": "en-US" } });
    expect(rendered(termsKo.body)).toBe("/terms/kr ko");
  });

  it("redirects bare /terms, /privacy and /refund to the document in the visitor's language", async () => {
    t = await appWithDist();
    for (const page of ["terms", "privacy", "refund"]) {
      const ko = await t.app.inject({ url: `/${page}`, headers: { "accept-language": "ko-KR" } });
      expect(ko.statusCode).toBe(302);
      expect(ko.headers.location).toBe(`/${page}/kr`);
      expect(ko.headers.vary).toMatch(/accept-language/i);
      const en = await t.app.inject({ url: `/${page}/?from=mail`, headers: { "accept-language": "en-GB" } });
      expect(en.statusCode).toBe(302);
      expect(en.headers.location).toBe(`/en/${page}?from=mail`);
      const chosen = await t.app.inject({
        url: `/${page}`,
        headers: { "accept-language": "en-GB", cookie: `${LOCALE_COOKIE}=ko` },
      });
      expect(chosen.headers.location).toBe(`/${page}/kr`);
    }
    expect((await t.app.inject({ url: "/en/terms" })).statusCode).toBe(200);
  });
});

describe("the operator's details from the server's configuration", () => {
  let t: TestApp | undefined;
  let context: TestContext | undefined;
  afterEach(async () => {
    await t?.close();
    await context?.close();
    t = undefined;
    context = undefined;
  });

  const FULL = {
    OPERATOR_NAME: "주식회사 결 <파트너스>",
    OPERATOR_NAME_EN: "Gyeol & Partners Inc.",
    OPERATOR_REPRESENTATIVE: "김결",
    OPERATOR_BUSINESS_NUMBER: "123-45-67890",
    OPERATOR_PHONE: "02-1234-5678",
    SUPPORT_EMAIL: "help@gyeol.example",
    PRIVACY_OFFICER: "박보호",
  };

  it("fills every prerendered page with them in its language and gives every page the JSON block", async () => {
    t = await appWithDist(FULL);
    const ko = (await t.app.inject({ url: "/terms/kr" })).body;
    expect(ko).not.toContain("%GYEOL_OPERATOR_");
    expect(ko).toContain("주식회사 결 &lt;파트너스&gt;(이하 &quot;회사&quot;)");
    expect(ko).toContain('<a href="mailto:help@gyeol.example">help@gyeol.example</a>');
    expect(ko).toContain("<dd>123-45-67890</dd>");
    expect(ko).toContain("<dd>박보호</dd>");
    const en = (await t.app.inject({ url: "/en/terms" })).body;
    expect(en).toContain("Gyeol &amp; Partners Inc.(이하");
    // The representative has no English twin: the Korean value stands on English pages too.
    expect(en).toContain("<dd>김결</dd>");
    for (const url of ["/", "/en/pricing", "/login", "/mypage", "/does-not-exist"]) {
      const html = (await t.app.inject({ url })).body;
      const json = new RegExp(
        `<script type="application/json" id="${OPERATOR_SCRIPT_ID}">([^<]*)</script>`,
      ).exec(html)?.[1];
      expect(json, url).toBeDefined();
      const info = parseOperatorInfo(json);
      expect(info.ko.name, url).toBe("주식회사 결 <파트너스>");
      expect(info.en.name, url).toBe("Gyeol & Partners Inc.");
      expect(json, url).not.toContain("<파트너스>");
    }
    expect((await t.app.inject({ url: "/api/site/operator" })).json()).toMatchObject({
      ko: { name: "주식회사 결 <파트너스>", businessNumber: "123-45-67890" },
      en: { name: "Gyeol & Partners Inc." },
    });
  });

  it("leaves out the lines of details that are not set, and a block with none, with no developer text", async () => {
    t = await appWithDist({ OPERATOR_PHONE: "02-1234-5678" });
    const html = (await t.app.inject({ url: "/terms/kr" })).body;
    expect(html).not.toContain("%GYEOL_OPERATOR_");
    expect(html).toContain('<div data-operator-line="phone"><dt>phone</dt><dd>02-1234-5678</dd></div>');
    for (const field of ["name", "representative", "businessNumber", "privacyOfficer", "supportEmail"])
      expect(html, field).not.toContain(`data-operator-line="${field}"`);
    expect(html).toContain("서비스 운영자(이하");
    expect(html).not.toMatch(/OPERATOR_|VITE_/);
    await t.close();
    t = await appWithDist();
    const bare = (await t.app.inject({ url: "/" })).body;
    expect(bare).not.toContain("data-operator-block");
    expect(bare).not.toContain("사업자 정보");
  });

  it("warns the operator at start, naming what is missing, and stays quiet when everything is set", async () => {
    const lines: Array<{ level: number; msg: string; missing?: string[] }> = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    context = await createTestContext({ env: { OPERATOR_NAME: "주식회사 결" } });
    const app = await buildApp({
      config: context.config,
      db: context.db,
      logger: pino({ level: "info" }, stream),
    });
    const warning = lines.find(
      (line) => line.level === 40 && line.msg.startsWith("Operator details not set"),
    );
    expect(warning?.msg).toContain("OPERATOR_BUSINESS_NUMBER");
    expect(warning?.missing).toContain("SUPPORT_EMAIL");
    expect(warning?.missing).not.toContain("OPERATOR_NAME");
    await app.close();
    await context.close();
    lines.length = 0;
    context = await createTestContext({
      env: { ...FULL, OPERATOR_MAIL_ORDER_NUMBER: "제2025-서울강남-01234호", OPERATOR_ADDRESS: "서울" },
    });
    const quiet = await buildApp({
      config: context.config,
      db: context.db,
      logger: pino({ level: "info" }, stream),
    });
    expect(lines.filter((line) => line.msg.startsWith("Operator details"))).toEqual([]);
    await quiet.close();
  });
});
