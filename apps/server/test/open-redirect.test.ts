/**
 * Open redirects through the redirect sign-in (issue 11). Every return path of the shared corpus
 * (packages/shared/src/open-redirect.corpus.ts) goes into GET /api/auth/{naver,kakao}?next=…,
 * through the provider's contract fake and back to the callback: the browser must end up on this
 * site, on our own page, with the refused path gone from the address (the login page would read it).
 */
import { OPEN_REDIRECT_CORPUS } from "@gyeol/shared/open-redirect.corpus";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type KakaoFake, startKakaoFake } from "./fakes/kakao-fake.ts";
import { type NaverFake, startNaverFake } from "./fakes/naver-fake.ts";
import { TEST_DATABASES } from "./helpers/databases.ts";
import { cookieFrom, redirectSignIn } from "./helpers/social.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

const SITE = "https://gyeol.app";
let naver: NaverFake;
let kakao: KakaoFake;

beforeAll(async () => {
  naver = await startNaverFake({ clientId: "naver-client", clientSecret: "naver-secret" });
  kakao = await startKakaoFake({ clientId: "kakao-rest-key" });
});
afterAll(async () => {
  await Promise.all([naver.close(), kakao.close()]);
});

/** A Location a browser resolves against our site: a path here, never "//host" or "/\host". */
function expectOnThisSite(location: string, next: string) {
  const context = `next=${JSON.stringify(next)} → Location ${JSON.stringify(location)}`;
  expect(location, context).toMatch(/^\/(?![/\\])/);
  expect(new URL(location, SITE).origin, context).toBe(SITE);
}

describe.each(TEST_DATABASES)("return paths through Naver and Kakao sign-in on $name", (database) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      database,
      env: {
        PUBLIC_ORIGIN: SITE,
        NAVER_CLIENT_ID: "naver-client",
        NAVER_CLIENT_SECRET: "naver-secret",
        NAVER_AUTH_BASE_URL: naver.baseUrl,
        NAVER_API_BASE_URL: naver.baseUrl,
        KAKAO_CLIENT_ID: "kakao-rest-key",
        KAKAO_AUTH_BASE_URL: kakao.baseUrl,
        KAKAO_API_BASE_URL: kakao.baseUrl,
      },
    });
    // One Naver account that exists already, so its next sign-ins are straight sign-ins.
    naver.nextDecision = "allow";
    naver.nextUser = { id: "nv-redirect", email: "redirect@naver.com", nickname: "r" };
    const first = await redirectSignIn(t.app, "naver");
    const done = await t.app.inject({
      method: "POST",
      url: "/api/auth/social/complete",
      headers: { cookie: cookieFrom(first, "gyeol_social_pending")! },
      payload: { ageConfirmed: true },
    });
    expect(done.statusCode).toBe(200);
  });
  afterAll(async () => {
    await t.close();
  });

  it("still returns to a page of this site, on both providers", async () => {
    expect((await redirectSignIn(t.app, "naver", "/en/upscale?x=1")).headers.location).toBe(
      "/en/upscale?x=1",
    );
    kakao.nextUser = { id: 4_300_000_000, nickname: "k", email: "keep@example.com" };
    expect((await redirectSignIn(t.app, "kakao", "/en/mypage")).headers.location).toBe(
      "/en/signup/social?next=%2Fen%2Fmypage",
    );
  });

  it("signs a returning user in and sends them home for every refused path", async () => {
    for (const next of OPEN_REDIRECT_CORPUS) {
      const response = await redirectSignIn(t.app, "naver", next);
      const location = String(response.headers.location);
      expectOnThisSite(location, next);
      expect(location, `next=${JSON.stringify(next)}`).toBe("/");
      expect(cookieFrom(response, "gyeol_session")).toBeDefined();
    }
  });

  it("sends a first sign-in to the age confirmation without the refused path", async () => {
    let id = 4_300_000_001;
    for (const next of OPEN_REDIRECT_CORPUS) {
      kakao.nextUser = { id: id++, nickname: "k", email: `k${id}@example.com` };
      const response = await redirectSignIn(t.app, "kakao", next);
      const location = String(response.headers.location);
      expectOnThisSite(location, next);
      expect(location, `next=${JSON.stringify(next)}`).toBe("/signup/social");
      const pending = await t.app.inject({
        method: "GET",
        url: "/api/auth/social/pending",
        headers: { cookie: cookieFrom(response, "gyeol_social_pending")! },
      });
      expect(pending.json().next).toBe("/");
    }
  });

  it("explains a cancel at the provider on the login page, without the refused path", async () => {
    naver.nextDecision = "deny";
    try {
      for (const next of OPEN_REDIRECT_CORPUS) {
        const location = String((await redirectSignIn(t.app, "naver", next)).headers.location);
        expectOnThisSite(location, next);
        expect(location, `next=${JSON.stringify(next)}`).toBe("/login?error=provider_error");
      }
    } finally {
      naver.nextDecision = "allow";
    }
  });

  it("sends the button of an unconfigured provider to the login page, without the refused path", async () => {
    const bare = await createTestApp({ database });
    try {
      for (const next of OPEN_REDIRECT_CORPUS) {
        for (const provider of ["naver", "kakao"]) {
          const response = await bare.app.inject({
            method: "GET",
            url: `/api/auth/${provider}?next=${encodeURIComponent(next)}`,
          });
          const location = String(response.headers.location);
          expectOnThisSite(location, next);
          expect(location).toBe("/login?error=provider_not_configured");
        }
      }
    } finally {
      await bare.close();
    }
  });
});
