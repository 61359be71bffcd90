/**
 * Sign-in with Google, Naver and Kakao against contract fakes of their endpoints: the redirect
 * flow with state (and PKCE for Kakao), Google ID-token checks, the linking rules, the age
 * confirmation of a first sign-in and open-redirect defences.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type GoogleFake, startGoogleFake } from "./fakes/google-fake.ts";
import { type KakaoFake, startKakaoFake } from "./fakes/kakao-fake.ts";
import { type NaverFake, startNaverFake } from "./fakes/naver-fake.ts";
import { TEST_DATABASES } from "./helpers/databases.ts";
import { check, register, sessionCookieFrom } from "./helpers/http.ts";
import { beginRedirect, callback, cookieFrom, redirectSignIn } from "./helpers/social.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

const GOOGLE_CLIENT_ID = "1234-gyeol.apps.googleusercontent.com";
let naver: NaverFake;
let kakao: KakaoFake;
let google: GoogleFake;

beforeAll(async () => {
  naver = await startNaverFake({ clientId: "naver-client", clientSecret: "naver-secret" });
  kakao = await startKakaoFake({ clientId: "kakao-rest-key", clientSecret: "kakao-secret" });
  google = await startGoogleFake({ clientId: GOOGLE_CLIENT_ID });
});
afterAll(async () => {
  await Promise.all([naver.close(), kakao.close(), google.close()]);
});

/** The site's public origin: the callbacks are built from it (never from a request's Host). */
const SITE = "http://localhost:3000";

function providerEnv(): Record<string, string> {
  return {
    PUBLIC_ORIGIN: SITE,
    NAVER_CLIENT_ID: "naver-client",
    NAVER_CLIENT_SECRET: "naver-secret",
    NAVER_AUTH_BASE_URL: naver.baseUrl,
    NAVER_API_BASE_URL: naver.baseUrl,
    KAKAO_CLIENT_ID: "kakao-rest-key",
    KAKAO_CLIENT_SECRET: "kakao-secret",
    KAKAO_AUTH_BASE_URL: kakao.baseUrl,
    KAKAO_API_BASE_URL: kakao.baseUrl,
    GOOGLE_CLIENT_ID,
    GOOGLE_CERTS_URL: google.certsUrl,
  };
}

async function completeAge(t: TestApp, pendingCookie: string) {
  return t.app.inject({
    method: "POST",
    url: "/api/auth/social/complete",
    headers: { cookie: pendingCookie },
    payload: { ageConfirmed: true },
  });
}

describe.each(TEST_DATABASES)("social sign-in on $name", (database) => {
  let t: TestApp;

  beforeEach(async () => {
    t = await createTestApp({ database, env: providerEnv() });
    naver.nextDecision = "allow";
  });
  afterEach(async () => {
    await t.close();
  });

  it("signs up with Naver after the age confirmation, then signs straight in next time", async () => {
    naver.nextUser = { id: "nv-100", email: "mina@naver.com", nickname: "미나" };
    const run = await beginRedirect(t.app, "naver", "/en/upscale?x=1");
    const authorize = new URL(String(run.start.headers.location));
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${naver.baseUrl}/oauth2.0/authorize`);
    expect(authorize.searchParams.get("client_id")).toBe("naver-client");
    expect(authorize.searchParams.get("state")).toMatch(/^[\w-]{20,}$/);
    expect(authorize.searchParams.get("redirect_uri")).toBe(`${SITE}/api/auth/naver/callback`);
    const stateCookie = run.start.cookies.find((c) => c.name === "gyeol_oauth");
    expect(stateCookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/api/auth" });

    const first = await callback(t.app, run);
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe("/en/signup/social?next=%2Fen%2Fupscale%3Fx%3D1");
    expect(cookieFrom(first, "gyeol_session")).toBeUndefined();
    expect(naver.tokenRequests.at(-1)?.get("client_secret")).toBe("naver-secret");
    const pending = cookieFrom(first, "gyeol_social_pending")!;

    const shown = await t.app.inject({
      method: "GET",
      url: "/api/auth/social/pending",
      headers: { cookie: pending },
    });
    expect(shown.json()).toEqual({
      success: true,
      provider: "naver",
      email: "mina@naver.com",
      name: "미나",
      next: "/en/upscale?x=1",
    });
    const refused = await t.app.inject({
      method: "POST",
      url: "/api/auth/social/complete",
      headers: { cookie: pending },
      payload: { ageConfirmed: false },
    });
    expect(refused.statusCode).toBe(400);

    const done = await completeAge(t, pending);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      success: true,
      email: "mina@naver.com",
      nickname: "미나",
      next: "/en/upscale?x=1",
    });
    const user = await t.services.users.findByEmail("mina@naver.com");
    expect(user?.age_confirmed_at).not.toBeNull();
    expect(user?.password_hash).toBeNull();

    const again = await redirectSignIn(t.app, "naver", "/mypage");
    expect(again.statusCode).toBe(302);
    expect(again.headers.location).toBe("/mypage");
    const session = sessionCookieFrom(again);
    expect((await check(t.app, session)).json()).toMatchObject({
      isAuthenticated: true,
      user: { id: user!.id },
    });

    const methods = await t.app.inject({
      method: "GET",
      url: "/api/account/sign-in-methods",
      headers: { cookie: session },
    });
    expect(methods.json()).toMatchObject({
      hasPassword: false,
      hasEmail: true,
      identities: [{ provider: "naver", email: "mina@naver.com" }],
    });
  });

  it("keeps a provider's name without control characters, and takes an e-mail holding one as none", async () => {
    // What the provider sends is text we did not ask for: NUL made PostgreSQL refuse the insert.
    naver.nextUser = { id: "nv-nul", email: "mina\u0000@naver.com", nickname: "미\u0000나\u0085" };
    const run = await beginRedirect(t.app, "naver", "/");
    const first = await callback(t.app, run);
    expect(first.statusCode, first.body).toBe(302);
    const done = await completeAge(t, cookieFrom(first, "gyeol_social_pending")!);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ nickname: "미나", email: "" });
    // Without an e-mail the account is keyed by Naver's id, like one whose e-mail was withheld.
    const user = await t.services.users.findById(done.json().id);
    expect(user?.email).toMatch(/^naver\.nv-nul@/);
  });

  it("runs Kakao with PKCE S256 and keys an account without e-mail by Kakao's id", async () => {
    kakao.nextUser = { id: 4_200_000_777, nickname: "무이메일" };
    const run = await beginRedirect(t.app, "kakao");
    const authorize = new URL(String(run.start.headers.location));
    expect(authorize.pathname).toBe("/oauth/authorize");
    expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorize.searchParams.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    const first = await callback(t.app, run);
    expect(first.headers.location).toBe("/signup/social");
    const token = kakao.tokenRequests.at(-1)!;
    expect(token.get("code_verifier")).toMatch(/^[\w-]{43,}$/);
    expect(token.get("client_secret")).toBe("kakao-secret");
    expect(token.get("redirect_uri")).toBe(`${SITE}/api/auth/kakao/callback`);

    const done = await completeAge(t, cookieFrom(first, "gyeol_social_pending")!);
    expect(done.json()).toMatchObject({ success: true, email: "", nickname: "무이메일", next: "/" });
    const again = await redirectSignIn(t.app, "kakao");
    expect(again.headers.location).toBe("/");
    expect(cookieFrom(again, "gyeol_session")).toBeDefined();
    expect((await t.services.users.list()).filter((u) => u.name === "무이메일")).toHaveLength(1);
  });

  describe("linking rules", () => {
    it("links Kakao to an existing account when Kakao marks the e-mail verified", async () => {
      const existing = await register(t.app, { email: "jun@example.com" });
      kakao.nextUser = { id: 4_200_000_001, nickname: "준", email: "jun@example.com" };
      const signedIn = await redirectSignIn(t.app, "kakao", "/upscale");
      expect(signedIn.headers.location).toBe("/upscale");
      const session = sessionCookieFrom(signedIn);
      expect((await check(t.app, session)).json().user.id).toBe(existing.body.id);
      const methods = await t.app.inject({
        method: "GET",
        url: "/api/account/sign-in-methods",
        headers: { cookie: session },
      });
      expect(methods.json()).toMatchObject({ hasPassword: true, identities: [{ provider: "kakao" }] });
    });

    it("does not link when Kakao says the e-mail is unverified or invalid", async () => {
      await register(t.app, { email: "victim@example.com" });
      for (const flags of [{ isEmailVerified: false }, { isEmailValid: false }]) {
        kakao.nextUser = { id: 4_200_000_002, nickname: "x", email: "victim@example.com", ...flags };
        const refused = await redirectSignIn(t.app, "kakao", "/mypage");
        expect(refused.headers.location).toBe("/login?error=link_requires_signin&next=%2Fmypage");
        expect(cookieFrom(refused, "gyeol_session")).toBeUndefined();
      }
      expect(await t.services.store.identities.find("kakao", "4200000002")).toBeUndefined();
    });

    it("links Naver only for Naver's own addresses, which Naver vouches for", async () => {
      await register(t.app, { email: "other@gmail.com" });
      naver.nextUser = { id: "nv-200", email: "other@gmail.com", nickname: "o" };
      expect((await redirectSignIn(t.app, "naver")).headers.location).toBe(
        "/login?error=link_requires_signin",
      );
      const owner = await register(t.app, { email: "owner@naver.com" });
      naver.nextUser = { id: "nv-201", email: "owner@naver.com", nickname: "o" };
      const linked = await redirectSignIn(t.app, "naver");
      expect((await check(t.app, sessionCookieFrom(linked))).json().user.id).toBe(owner.body.id);
    });

    it("links Google by its verified e-mail and keeps one account across providers", async () => {
      const existing = await register(t.app, { email: "hana@gmail.com" });
      const credential = google.mintIdToken({ sub: "g-1", email: "hana@gmail.com", name: "Hana" });
      const response = await t.app.inject({
        method: "POST",
        url: "/api/auth/google",
        payload: { credential },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ success: true, id: existing.body.id, email: "hana@gmail.com" });
      kakao.nextUser = { id: 4_200_000_003, nickname: "하나", email: "hana@gmail.com" };
      const viaKakao = await redirectSignIn(t.app, "kakao");
      expect((await check(t.app, sessionCookieFrom(viaKakao))).json().user.id).toBe(existing.body.id);
      expect(await t.services.store.identities.listByUser(existing.body.id)).toHaveLength(2);
      expect(await t.services.users.list()).toHaveLength(1);
    });
  });

  describe("Google ID tokens", () => {
    it("asks a new Google user for the age confirmation, then creates the account", async () => {
      const credential = google.mintIdToken({ sub: "g-new", email: "new@gmail.com", name: "New" });
      const first = await t.app.inject({ method: "POST", url: "/api/auth/google", payload: { credential } });
      expect(first.statusCode).toBe(403);
      expect(first.json()).toMatchObject({ success: false, code: "AGE_CONFIRMATION_REQUIRED" });
      const done = await completeAge(t, cookieFrom(first, "gyeol_social_pending")!);
      expect(done.json()).toMatchObject({ success: true, email: "new@gmail.com", nickname: "New" });
      const again = await t.app.inject({ method: "POST", url: "/api/auth/google", payload: { credential } });
      expect(again.statusCode).toBe(200);
    });

    it.each([
      ["forged", () => google.forgeIdToken({ sub: "g-2", email: "a@gmail.com" })],
      [
        "expired",
        () =>
          google.mintIdToken({ sub: "g-2", email: "a@gmail.com", iat: 1_600_000_000, exp: 1_600_003_600 }),
      ],
      [
        "for another app",
        () =>
          google.mintIdToken({
            sub: "g-2",
            email: "a@gmail.com",
            aud: "someone-else.apps.googleusercontent.com",
          }),
      ],
      [
        "from another issuer",
        () => google.mintIdToken({ sub: "g-2", email: "a@gmail.com", iss: "https://evil.example" }),
      ],
      [
        "with an unverified e-mail",
        () => google.mintIdToken({ sub: "g-2", email: "a@gmail.com", email_verified: false }),
      ],
      ["not a JWT", () => "not.a.jwt"],
    ])("refuses a %s token with 401 and the spec's error/details", async (_name, make) => {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/auth/google",
        payload: { credential: make() },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({
        success: false,
        code: "INVALID_GOOGLE_TOKEN",
        error: "Google login failed.",
        details: expect.any(String),
      });
      expect(response.cookies.find((c) => c.name === "gyeol_session")).toBeUndefined();
    });
  });

  describe("state and return path", () => {
    it("refuses a callback whose state does not match the one this browser started", async () => {
      const run = await beginRedirect(t.app, "naver", "/mypage");
      const tampered = new URL(run.callbackUrl);
      tampered.searchParams.set("state", "attacker-state");
      const response = await t.app.inject({
        method: "GET",
        url: `${tampered.pathname}${tampered.search}`,
        headers: { cookie: run.stateCookie },
      });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe("/login?error=state_mismatch&next=%2Fmypage");
      expect(cookieFrom(response, "gyeol_session")).toBeUndefined();
      expect(naver.tokenRequests.some((form) => form.get("state") === "attacker-state")).toBe(false);
    });

    it("refuses a callback without the state cookie (login CSRF) or with another provider's", async () => {
      const run = await beginRedirect(t.app, "kakao");
      const noCookie = await callback(t.app, run, "");
      expect(noCookie.headers.location).toBe("/login?error=state_mismatch");
      const naverRun = await beginRedirect(t.app, "naver");
      const crossed = await t.app.inject({
        method: "GET",
        url: `/api/auth/kakao/callback${run.callbackUrl.search}`,
        headers: { cookie: naverRun.stateCookie },
      });
      expect(crossed.headers.location).toBe("/login?error=state_mismatch");
    });

    it("ends the attempt at the callback: the cookie is cleared and a replayed code gets no session", async () => {
      naver.nextUser = { id: "nv-300", email: "once@naver.com", nickname: "once" };
      const run = await beginRedirect(t.app, "naver");
      const first = await callback(t.app, run);
      expect(first.cookies.find((c) => c.name === "gyeol_oauth")?.value).toBe("");
      expect((await callback(t.app, run, "")).headers.location).toBe("/login?error=state_mismatch");
      const replay = await callback(t.app, run);
      expect(replay.headers.location).toBe("/login?error=provider_error");
      expect(cookieFrom(replay, "gyeol_session")).toBeUndefined();
    });

    it("explains a cancel at the provider", async () => {
      naver.nextDecision = "deny";
      const response = await redirectSignIn(t.app, "naver", "/en/mypage");
      expect(response.headers.location).toBe("/en/login?error=provider_error&next=%2Fen%2Fmypage");
    });

    it.each([
      "https://evil.example/",
      "//evil.example/x",
      "/\\evil.example",
      "/%5Cevil.example",
      "javascript:alert(1)",
      "/\tevil",
      "/api/auth/logout",
      "http:evil.example",
    ])("refuses %s as a return path and goes home instead", async (next) => {
      kakao.nextUser = { id: 4_200_000_555, nickname: "r", email: "redirect@kakao.com" };
      await t.services.users.create({ name: "r", email: "redirect@kakao.com", password: null });
      const response = await redirectSignIn(t.app, "kakao", next);
      expect(response.statusCode).toBe(302);
      const location = String(response.headers.location);
      expect(location.startsWith("/")).toBe(true);
      expect(location.startsWith("//")).toBe(false);
      expect(new URL(location, "http://gyeol.invalid").origin).toBe("http://gyeol.invalid");
      expect(["/", "/%5Cevil.example"]).toContain(location);
    });

    it("sends the button of an unconfigured provider back to the login page to explain", async () => {
      const bare = await createTestApp({ database });
      try {
        const response = await bare.app.inject({
          method: "GET",
          url: "/api/auth/kakao?next=%2Fen%2Fupscale",
        });
        expect(response.statusCode).toBe(302);
        expect(response.headers.location).toBe(
          "/en/login?error=provider_not_configured&next=%2Fen%2Fupscale",
        );
        const googleOff = await bare.app.inject({
          method: "POST",
          url: "/api/auth/google",
          payload: { credential: "x" },
        });
        expect(googleOff.json()).toMatchObject({ code: "PROVIDER_NOT_CONFIGURED" });
      } finally {
        await bare.close();
      }
    });
  });
  describe("callback address (issue 28)", () => {
    const forged = { host: "evil.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" };

    it("builds the callback from PUBLIC_ORIGIN, never from a forged Host, at the start and at the token exchange", async () => {
      kakao.nextUser = { id: 4_200_000_901, nickname: "호스트" };
      const start = await t.app.inject({ method: "GET", url: "/api/auth/kakao", headers: forged });
      expect(start.statusCode).toBe(302);
      const authorize = new URL(String(start.headers.location));
      expect(authorize.searchParams.get("redirect_uri")).toBe(`${SITE}/api/auth/kakao/callback`);
      const consent = await fetch(authorize, { redirect: "manual" });
      const back = new URL(String(consent.headers.get("location")));
      const done = await t.app.inject({
        method: "GET",
        url: `${back.pathname}${back.search}`,
        headers: { ...forged, cookie: cookieFrom(start, "gyeol_oauth")! },
      });
      expect(done.statusCode).toBe(302);
      expect(done.headers.location).toBe("/signup/social");
      expect(kakao.tokenRequests.at(-1)!.get("redirect_uri")).toBe(`${SITE}/api/auth/kakao/callback`);
    });

    it("prefers OAUTH_REDIRECT_BASE, and without it or PUBLIC_ORIGIN offers no redirect sign-in", async () => {
      const based = await createTestApp({
        database,
        env: { ...providerEnv(), OAUTH_REDIRECT_BASE: "https://auth.gyeol.test" },
      });
      const { PUBLIC_ORIGIN: _dropped, ...noOrigin } = providerEnv();
      const bare = await createTestApp({ database, env: noOrigin });
      try {
        const start = await based.app.inject({ method: "GET", url: "/api/auth/naver", headers: forged });
        expect(new URL(String(start.headers.location)).searchParams.get("redirect_uri")).toBe(
          "https://auth.gyeol.test/api/auth/naver/callback",
        );
        const refused = await bare.app.inject({
          method: "GET",
          url: "/api/auth/naver?next=%2Fen",
          headers: forged,
        });
        expect(refused.statusCode).toBe(302);
        expect(refused.headers.location).toBe("/en/login?error=provider_not_configured&next=%2Fen");
      } finally {
        await based.close();
        await bare.close();
      }
    });
  });
});
