/**
 * Account deletion with the 14-day undo window (spec 01 §4): scheduling, restoring by signing in
 * inside the window, and the purge after it (personal data and files removed, ledger kept).
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DAY_MS } from "../src/lib/clock.ts";
import { type KakaoFake, startKakaoFake } from "./fakes/kakao-fake.ts";
import { TEST_DATABASES } from "./helpers/databases.ts";
import { createFakeClock, type FakeClock } from "./helpers/fake-clock.ts";
import { check, register, sessionCookieFrom, TEST_PASSWORD } from "./helpers/http.ts";
import { cookieFrom, redirectSignIn } from "./helpers/social.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

let kakao: KakaoFake;
beforeAll(async () => {
  kakao = await startKakaoFake({ clientId: "kakao-key" });
});
afterAll(() => kakao.close());

describe.each(TEST_DATABASES)("account lifecycle on $name", (database) => {
  let t: TestApp;
  let clock: FakeClock;

  beforeEach(async () => {
    clock = createFakeClock(new Date());
    t = await createTestApp({
      database,
      clock,
      env: {
        PUBLIC_ORIGIN: "http://localhost:3000",
        KAKAO_CLIENT_ID: "kakao-key",
        KAKAO_AUTH_BASE_URL: kakao.baseUrl,
        KAKAO_API_BASE_URL: kakao.baseUrl,
      },
    });
  });
  afterEach(async () => {
    await t.close();
  });

  /** A stored file and its uploads row, as an upload through the API leaves them. */
  async function storeUpload(userId: number): Promise<string> {
    const key = await t.services.storage.put({
      visibility: "private",
      folder: "uploads",
      extension: "png",
      contentType: "image/png",
      bytes: new Uint8Array([1, 2, 3]),
    });
    await t.db.kysely
      .insertInto("uploads")
      .values({
        key,
        user_id: userId,
        status: "ready",
        mime: "image/png",
        size: 3,
        checksum_sha256: null,
        width: 1,
        height: 1,
        overlay_key: null,
        faces_found: null,
        created_at: clock.now().toISOString(),
      })
      .execute();
    return key;
  }

  const deleteAccount = (cookie: string, payload: object) =>
    t.app.inject({ method: "POST", url: "/api/account/delete", headers: { cookie }, payload });
  const login = (email: string, password = TEST_PASSWORD) =>
    t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password } });

  it("schedules the deletion behind the password, signs out everywhere, and restores on sign-in", async () => {
    const { cookie, email } = await register(t.app);
    const other = sessionCookieFrom(await login(email));
    const wrong = await deleteAccount(cookie, { password: "not my password" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: "CONFIRMATION_MISMATCH" });

    const deleted = await deleteAccount(cookie, { password: TEST_PASSWORD });
    expect(deleted.statusCode).toBe(200);
    const purgeAt = new Date(clock.now().getTime() + 14 * DAY_MS).toISOString();
    expect(deleted.json()).toEqual({ success: true, purgeAt });
    expect((await check(t.app, cookie)).statusCode).toBe(401);
    expect((await check(t.app, other)).statusCode).toBe(401);

    clock.advance(13 * DAY_MS);
    const offered = await login(email);
    expect(offered.statusCode).toBe(409);
    expect(offered.json()).toMatchObject({ code: "ACCOUNT_PENDING_DELETION", details: { purgeAt } });
    expect(cookieFrom(offered, "gyeol_session")).toBeUndefined();
    const offer = cookieFrom(offered, "gyeol_restore")!;
    expect(offered.cookies.find((c) => c.name === "gyeol_restore")).toMatchObject({
      httpOnly: true,
      path: "/api/account",
    });
    const shown = await t.app.inject({
      method: "GET",
      url: "/api/account/restore-offer",
      headers: { cookie: offer },
    });
    expect(shown.json()).toEqual({ success: true, purgeAt });

    const restored = await t.app.inject({
      method: "POST",
      url: "/api/account/restore",
      headers: { cookie: offer },
    });
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ success: true, email, next: "/" });
    expect((await check(t.app, sessionCookieFrom(restored))).json().isAuthenticated).toBe(true);
    expect((await login(email)).statusCode).toBe(200);

    clock.advance(30 * DAY_MS);
    expect(await t.services.account.purgeDueAccounts()).toEqual({ purged: 0, failed: 0 });
  });

  it("refuses restore without a sign-in's offer, or after the window", async () => {
    expect((await t.app.inject({ method: "POST", url: "/api/account/restore" })).statusCode).toBe(410);
    const { cookie, email } = await register(t.app);
    await deleteAccount(cookie, { password: TEST_PASSWORD });
    const offer = cookieFrom(await login(email), "gyeol_restore")!;
    clock.advance(14 * DAY_MS + 1000);
    const late = await t.app.inject({
      method: "POST",
      url: "/api/account/restore",
      headers: { cookie: offer },
    });
    expect(late.statusCode).toBe(410);
  });

  it("asks a social-only account to type the confirmation word, and offers restore through Kakao", async () => {
    kakao.nextUser = { id: 7_000_001, nickname: "소셜", email: "social@kakao.com" };
    const first = await redirectSignIn(t.app, "kakao");
    const done = await t.app.inject({
      method: "POST",
      url: "/api/auth/social/complete",
      headers: { cookie: cookieFrom(first, "gyeol_social_pending")! },
      payload: { ageConfirmed: true },
    });
    const cookie = sessionCookieFrom(done);
    expect((await deleteAccount(cookie, { confirmation: "delete me" })).statusCode).toBe(400);
    expect((await deleteAccount(cookie, { confirmation: "DELETE" })).statusCode).toBe(200);

    clock.advance(DAY_MS);
    const back = await redirectSignIn(t.app, "kakao", "/en/mypage");
    expect(back.headers.location).toBe("/en/login?restore=1&next=%2Fen%2Fmypage");
    expect(cookieFrom(back, "gyeol_session")).toBeUndefined();
    const restored = await t.app.inject({
      method: "POST",
      url: "/api/account/restore",
      headers: { cookie: cookieFrom(back, "gyeol_restore")! },
    });
    expect(restored.json()).toMatchObject({ success: true, next: "/en/mypage" });
  });

  it("refuses deletion while a paid subscription renews", async () => {
    const { cookie, body } = await register(t.app);
    await t.db.kysely
      .updateTable("users")
      .set({ plan: "basic", subscription_id: "sub_1" })
      .where("id", "=", body.id)
      .execute();
    const response = await deleteAccount(cookie, { password: TEST_PASSWORD });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: "SUBSCRIPTION_ACTIVE" });
  });

  it("purges after 14 days: personal data, sign-ins and files go; the ledger stays", async () => {
    kakao.nextUser = { id: 7_000_002, nickname: "x", email: "gone@example.com" };
    const { cookie, email, body } = await register(t.app, { email: "gone@example.com", name: "Gone" });
    await redirectSignIn(t.app, "kakao"); // links Kakao (verified e-mail)
    await t.services.credits.grant(body.id, {
      bucket: "onetime",
      amount: 100,
      reason: "test",
      idempotencyKey: "g1",
    });
    const key = await storeUpload(body.id);
    await deleteAccount(cookie, { password: TEST_PASSWORD });

    clock.advance(14 * DAY_MS - 1000);
    expect(await t.services.account.purgeDueAccounts()).toEqual({ purged: 0, failed: 0 });
    clock.advance(2000);
    expect(await t.services.account.purgeDueAccounts()).toEqual({ purged: 1, failed: 0 });
    expect(await t.services.account.purgeDueAccounts()).toEqual({ purged: 0, failed: 0 });

    const row = await t.services.users.findById(body.id);
    expect(row).toMatchObject({ email: `deleted-${body.id}@deleted.invalid`, name: "", password_hash: null });
    expect(row?.deleted_at).not.toBeNull();
    expect(await t.services.users.findByEmail(email)).toBeUndefined();
    expect(await t.services.store.identities.listByUser(body.id)).toEqual([]);
    expect(await t.services.storage.get(key)).toBeNull();
    expect(
      await t.db.kysely.selectFrom("uploads").selectAll().where("user_id", "=", body.id).execute(),
    ).toEqual([]);
    const ledger = await t.db.kysely
      .selectFrom("credit_ledger")
      .selectAll()
      .where("user_id", "=", body.id)
      .execute();
    expect(ledger).toHaveLength(1);
    expect((await login(email)).statusCode).toBe(401);
    // The address is free again: the person may come back as a new account.
    expect((await register(t.app, { email })).body.id).not.toBe(body.id);
  });
  it("goes on past an account whose file will not delete, and purges it on a later run", async () => {
    const first = await register(t.app);
    const second = await register(t.app);
    const stuck = await storeUpload(first.body.id);
    const other = await storeUpload(second.body.id);
    await deleteAccount(first.cookie, { password: TEST_PASSWORD });
    await deleteAccount(second.cookie, { password: TEST_PASSWORD });
    clock.advance(15 * DAY_MS);

    const { storage } = t.services;
    const realDelete = storage.delete.bind(storage);
    storage.delete = async (key) => {
      if (key === stuck) throw new Error("storage refused");
      return realDelete(key);
    };
    expect(await t.services.account.purgeDueAccounts()).toEqual({ purged: 1, failed: 1 });
    expect(await storage.get(other)).toBeNull();
    expect((await t.services.users.findById(first.body.id))?.deleted_at).toBeNull();
    expect(await storage.get(stuck)).not.toBeNull();

    storage.delete = realDelete;
    expect(await t.services.account.purgeDueAccounts()).toEqual({ purged: 1, failed: 0 });
    expect(await storage.get(stuck)).toBeNull();
    expect((await t.services.users.findById(first.body.id))?.deleted_at).not.toBeNull();
  });
});
