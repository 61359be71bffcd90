/**
 * The money flow on the sandbox driver, through HTTP (spec 01 §3 subscription status, §4 plan
 * change / cancel / resume / spending order, §7 payment calls): checkout page, test cards,
 * signed events into the one webhook handler, renewal and cancellation at the period end.
 */
import { afterEach, describe, expect, it } from "vitest";
import { DAY_MS } from "../src/lib/clock.ts";
import { TEST_DATABASES } from "./helpers/databases.ts";
import { createFakeClock, type FakeClock } from "./helpers/fake-clock.ts";
import { register } from "./helpers/http.ts";
import {
  buyWithSandbox,
  DECLINE_CARD,
  openSandboxPage,
  payOnSandboxPage,
  startCheckout,
  submitSandboxForm,
  TEST_SANDBOX_SECRET,
} from "./helpers/payments.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

describe.each(TEST_DATABASES)("payments on the sandbox driver on $name", (database) => {
  let t: TestApp | undefined;
  let clock: FakeClock;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function setup() {
    clock = createFakeClock(new Date("2026-03-10T09:00:00.000Z"));
    t = await createTestApp({
      database,
      clock,
      env: { SANDBOX_WEBHOOK_SECRET: TEST_SANDBOX_SECRET, SESSION_TTL_DAYS: "3650" },
    });
    const { cookie, body } = await register(t.app);
    return { app: t.app, cookie, userId: body.id as number };
  }

  const status = async (cookie: string) =>
    (await t!.app.inject({ url: "/api/payment/subscription-status", headers: { cookie } })).json();

  it("buys a credit pack on the test checkout page and adds one-time credits once", async () => {
    const { app, cookie } = await setup();
    const url = await startCheckout(app, cookie, { package: "package3" });
    expect(url).toMatch(/^\/sandbox\/checkout\/chk_[a-f0-9]{26}\?lang=ko$/);

    const page = await app.inject({ url });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.body).toContain("실제 결제 아님");
    expect(page.body).toContain("4,800");
    expect((await app.inject({ url: url.replace("lang=ko", "lang=en") })).body).toContain("no real money");

    const form = await openSandboxPage(app, url);
    const paid = await submitSandboxForm(app, url, form);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe("/payment-success");
    // Paying twice (a double submit of the same form) credits once.
    expect((await submitSandboxForm(app, url, form)).statusCode).toBe(303);

    const s = await status(cookie);
    expect(s).toMatchObject({
      success: true,
      hasSubscription: false,
      plan: "free",
      credits: 4800,
      onetime_credits: 4800,
    });
    const history = (await app.inject({ url: "/api/credits/history", headers: { cookie } })).json();
    expect(history.total).toBe(1);
    expect(history.items[0]).toMatchObject({
      bucket: "onetime",
      delta: 4800,
      kind: "purchase",
      reason: "package3",
    });
  });

  it("sends a declined test card to /payment-failed and a wrong number back to the form", async () => {
    const { app, cookie } = await setup();
    const url = await startCheckout(app, cookie, { plan: "basic" });
    const declined = await payOnSandboxPage(app, url, DECLINE_CARD, "en");
    expect(declined.statusCode).toBe(303);
    expect(declined.headers.location).toBe("/en/payment-failed");
    const wrong = await payOnSandboxPage(app, url, "1234 5678 9012 3456");
    expect(wrong.statusCode).toBe(422);
    expect(wrong.body).toContain("테스트 카드");
    expect((await status(cookie)).plan).toBe("free");
    expect((await app.inject({ url: "/sandbox/checkout/chk_nope" })).statusCode).toBe(404);
  });

  it("subscribes, reports the status in the spec's shape, and refuses a second checkout", async () => {
    const { app, cookie } = await setup();
    await buyWithSandbox(app, cookie, { plan: "deluxe" });
    const s = await status(cookie);
    expect(s).toMatchObject({
      hasSubscription: true,
      plan: "deluxe",
      nextPlan: "deluxe",
      credits: 9500,
      subscription_credits: 9500,
      subscription: {
        data: {
          attributes: { status: "active", plan: "deluxe", current_period_end: "2026-04-10T09:00:00.000Z" },
          created_at: "2026-03-10T09:00:00.000Z",
          scheduled_change: null,
        },
      },
      user: {
        plan: "deluxe",
        cancelled_at: null,
        next_renewal_date: "2026-04-10T09:00:00.000Z",
        subscriptionId: s.subscription.data.id,
      },
    });
    const again = await app.inject({
      method: "POST",
      url: "/api/payment/checkout",
      payload: { plan: "premium" },
      headers: { cookie },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ success: false, code: "ALREADY_SUBSCRIBED" });
  });

  it("upgrades now with the difference in credits and downgrades from the next cycle", async () => {
    const { app, cookie } = await setup();
    await buyWithSandbox(app, cookie, { plan: "basic" });
    const changePlan = (plan: string) =>
      app.inject({ method: "POST", url: "/api/payment/change-plan", payload: { plan }, headers: { cookie } });

    const up = await changePlan("premium");
    expect(up.statusCode).toBe(200);
    expect(up.json()).toMatchObject({
      success: true,
      plan: "premium",
      nextPlan: "premium",
      effective: "immediately",
      cancelScheduleRemoved: false,
    });
    expect(await status(cookie)).toMatchObject({ plan: "premium", credits: 14500 });

    const down = await changePlan("deluxe");
    expect(down.json()).toMatchObject({ plan: "premium", nextPlan: "deluxe", effective: "next_cycle" });
    expect(await status(cookie)).toMatchObject({ plan: "premium", nextPlan: "deluxe", credits: 14500 });
    expect((await changePlan("deluxe")).json()).toMatchObject({ code: "SAME_PLAN" });

    // At the period end the lower plan starts: old subscription credits expire, the new month arrives.
    clock.advance(31 * DAY_MS);
    expect(await t!.services.billing.advanceSubscriptions()).toEqual({ renewed: 1, canceled: 0, failed: 0 });
    expect(await status(cookie)).toMatchObject({ plan: "deluxe", nextPlan: "deluxe", credits: 9500 });
    const kinds = (await app.inject({ url: "/api/credits/history", headers: { cookie } }))
      .json()
      .items.map((i: { kind: string; delta: number }) => `${i.kind}:${i.delta}`);
    expect(kinds).toEqual(["purchase:9500", "expiry:-14500", "purchase:10000", "purchase:4500"]);
  });

  it("a renewal whose events fail to arrive moves nothing and is delivered again, credited once", async () => {
    const { app, cookie } = await setup();
    await buyWithSandbox(app, cookie, { plan: "basic" });
    clock.advance(31 * DAY_MS);
    const billing = t!.services.billing;
    const receive = billing.receiveWebhook;
    let deliveries = 0;
    // The subscription event arrives, the payment event does not (a database hiccup mid-run).
    billing.receiveWebhook = async (rawBody, signature) => {
      deliveries += 1;
      if (deliveries === 2) throw new Error("database went away");
      return receive(rawBody, signature);
    };
    expect(await billing.advanceSubscriptions()).toEqual({ renewed: 0, canceled: 0, failed: 1 });
    billing.receiveWebhook = receive;
    expect(await billing.advanceSubscriptions()).toEqual({ renewed: 1, canceled: 0, failed: 0 });
    expect(await billing.advanceSubscriptions()).toEqual({ renewed: 0, canceled: 0, failed: 0 });
    const kinds = (await app.inject({ url: "/api/credits/history", headers: { cookie } }))
      .json()
      .items.map((i: { kind: string; delta: number }) => `${i.kind}:${i.delta}`);
    expect(kinds).toEqual(["purchase:4500", "expiry:-4500", "purchase:4500"]);
    expect(await status(cookie)).toMatchObject({ plan: "basic", credits: 4500 });
  });

  it("schedules a cancel, says alreadyScheduled, resumes, and a plan change releases a cancel", async () => {
    const { app, cookie } = await setup();
    await buyWithSandbox(app, cookie, { plan: "deluxe" });
    const post = (url: string, payload?: object) =>
      app.inject({ method: "POST", url, headers: { cookie }, ...(payload ? { payload } : {}) });

    const cancel = await post("/api/payment/cancel-subscription");
    expect(cancel.json()).toMatchObject({
      success: true,
      alreadyScheduled: false,
      scheduled: true,
      subscription_end_date: "2026-04-10T09:00:00.000Z",
    });
    const s = await status(cookie);
    expect(s.subscription.data.scheduled_change).toEqual({
      action: "cancel",
      effective_at: "2026-04-10T09:00:00.000Z",
    });
    expect(s).toMatchObject({
      nextPlan: "free",
      user: {
        cancelled_at: "2026-03-10T09:00:00.000Z",
        subscription_end_date: "2026-04-10T09:00:00.000Z",
        next_renewal_date: null,
      },
    });
    expect((await post("/api/payment/cancel-subscription")).json()).toMatchObject({ alreadyScheduled: true });

    expect((await post("/api/payment/resume-subscription")).json()).toMatchObject({ success: true });
    expect(await status(cookie)).toMatchObject({
      nextPlan: "deluxe",
      user: { cancelled_at: null, next_renewal_date: "2026-04-10T09:00:00.000Z" },
    });
    expect((await post("/api/payment/resume-subscription")).json()).toMatchObject({ code: "NOT_CANCELLED" });

    await post("/api/payment/cancel-subscription");
    const change = await post("/api/payment/change-plan", { plan: "basic" });
    expect(change.json()).toMatchObject({ cancelScheduleRemoved: true, nextPlan: "basic", plan: "deluxe" });
    expect((await status(cookie)).subscription.data.scheduled_change).toBeNull();
  });

  it("ends a cancelled subscription at the period end: plan free, subscription credits expired", async () => {
    const { app, cookie, userId } = await setup();
    await buyWithSandbox(app, cookie, { plan: "basic" });
    await buyWithSandbox(app, cookie, { package: "package1" });
    await t!.services.credits.spend(userId, 2000, {
      idempotencyKey: "job:1",
      reason: "retouch",
      jobId: "1",
    });
    // One-time first (1500), then 500 from the subscription bucket (spec 01 §4).
    expect(await status(cookie)).toMatchObject({ onetime_credits: 0, subscription_credits: 4000 });
    await app.inject({ method: "POST", url: "/api/payment/cancel-subscription", headers: { cookie } });

    clock.advance(10 * DAY_MS);
    expect(await t!.services.billing.advanceSubscriptions()).toEqual({ renewed: 0, canceled: 0, failed: 0 });
    clock.advance(25 * DAY_MS);
    expect(await t!.services.billing.advanceSubscriptions()).toEqual({ renewed: 0, canceled: 1, failed: 0 });
    const s = await status(cookie);
    expect(s).toMatchObject({
      hasSubscription: false,
      plan: "free",
      nextPlan: null,
      credits: 0,
      subscription: null,
    });
    expect(s.user).toMatchObject({
      plan: "free",
      subscriptionId: null,
      subscription_end_date: "2026-04-10T09:00:00.000Z",
    });
    expect(s.user.cancelled_at).not.toBeNull();
    const again = await app.inject({
      method: "POST",
      url: "/api/payment/change-plan",
      payload: { plan: "deluxe" },
      headers: { cookie },
    });
    expect(again.json()).toMatchObject({ code: "NO_SUBSCRIPTION" });
    // A new checkout is open again.
    await startCheckout(app, cookie, { plan: "premium" });
  });

  it("renews every month at the period end with the cron task, expiring what was left", async () => {
    const { app, cookie } = await setup();
    await buyWithSandbox(app, cookie, { plan: "basic" });
    clock.advance(62 * DAY_MS);
    expect(await t!.services.billing.advanceSubscriptions()).toEqual({ renewed: 1, canceled: 0, failed: 0 });
    const s = await status(cookie);
    // Two periods passed (Apr 10, May 10): each renewed once, in order.
    expect(s).toMatchObject({
      plan: "basic",
      credits: 4500,
      user: { next_renewal_date: "2026-06-10T09:00:00.000Z" },
    });
    const history = (
      await app.inject({ url: "/api/credits/history?limit=2&offset=0", headers: { cookie } })
    ).json();
    expect(history).toMatchObject({ total: 5, limit: 2, offset: 0 });
    expect(history.items.map((i: { kind: string }) => i.kind)).toEqual(["purchase", "expiry"]);
  });

  it("asks for a session and a valid body on every payment call", async () => {
    const { app, cookie } = await setup();
    for (const [method, url] of [
      ["POST", "/api/payment/checkout"],
      ["POST", "/api/payment/credit-checkout"],
      ["POST", "/api/payment/change-plan"],
      ["GET", "/api/payment/subscription-status"],
      ["POST", "/api/payment/cancel-subscription"],
      ["POST", "/api/payment/resume-subscription"],
      ["GET", "/api/credits/history"],
    ] as const) {
      expect((await app.inject({ method, url })).statusCode, url).toBe(401);
    }
    const bad = await app.inject({
      method: "POST",
      url: "/api/payment/checkout",
      payload: { plan: "gold" },
      headers: { cookie },
    });
    expect(bad.statusCode).toBe(400);
    const badPack = await app.inject({
      method: "POST",
      url: "/api/payment/credit-checkout",
      payload: { package: "package9" },
      headers: { cookie },
    });
    expect(badPack.json()).toMatchObject({ success: false, code: "VALIDATION_ERROR" });
    expect(
      (await app.inject({ url: "/api/credits/history?limit=1000", headers: { cookie } })).statusCode,
    ).toBe(400);
  });
});
