/**
 * The Paddle driver (through @paddle/paddle-node-sdk) against the contract fake of Paddle's API,
 * with Paddle-shaped, Paddle-signed webhooks into the same handler the sandbox uses.
 */
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../src/config.ts";
import {
  type PaddleFake,
  startPaddleFake,
  subscriptionEntity,
  transactionEntity,
} from "./fakes/paddle-fake.ts";
import { TEST_DATABASES } from "./helpers/databases.ts";
import { register } from "./helpers/http.ts";
import { paddleEvent, sendWebhook } from "./helpers/payments.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

const API_KEY = "pdl_sdbx_apikey_01h_test_key";
const WEBHOOK_SECRET = "pdl_ntfset_test_secret_0123456789";
const PRICES = {
  PADDLE_PRICE_BASIC: "pri_01basic",
  PADDLE_PRICE_DELUXE: "pri_01deluxe",
  PADDLE_PRICE_PREMIUM: "pri_01premium",
  PADDLE_PRICE_PACKAGE1: "pri_01pack1",
  PADDLE_PRICE_PACKAGE2: "pri_01pack2",
  PADDLE_PRICE_PACKAGE3: "pri_01pack3",
  PADDLE_PRICE_PACKAGE4: "pri_01pack4",
  PADDLE_PRICE_PACKAGE5: "pri_01pack5",
};

describe("Paddle configuration", () => {
  it("names every missing Paddle variable at boot", () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: "paddle", PADDLE_API_KEY: "k" })).toThrow(ConfigError);
    try {
      loadConfig({ PAYMENT_PROVIDER: "paddle", PADDLE_API_KEY: "k" });
    } catch (error) {
      expect((error as Error).message).toContain("PADDLE_WEBHOOK_SECRET");
      expect((error as Error).message).toContain("PADDLE_PRICE_PACKAGE5");
    }
    expect(loadConfig({}).payments.provider).toBe("sandbox");
  });
});

describe.each(TEST_DATABASES)("payments on the Paddle driver on $name", (database) => {
  let t: TestApp | undefined;
  let fake: PaddleFake | undefined;
  afterEach(async () => {
    await t?.close();
    await fake?.close();
    t = undefined;
    fake = undefined;
  });

  async function setup(apiKey = API_KEY) {
    fake = await startPaddleFake({ apiKey: API_KEY, now: () => new Date() });
    t = await createTestApp({
      database,
      env: {
        PAYMENT_PROVIDER: "paddle",
        PADDLE_API_KEY: apiKey,
        PADDLE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        PADDLE_API_BASE_URL: fake.baseUrl,
        ...PRICES,
      },
    });
    const { cookie, body } = await register(t.app);
    return { app: t.app, fake, cookie, userId: body.id as number };
  }

  const send = (event: object) =>
    sendWebhook(t!.app, event, { secret: WEBHOOK_SECRET, url: "/api/payment/webhook/paddle" });
  const status = async (cookie: string) =>
    (await t!.app.inject({ url: "/api/payment/subscription-status", headers: { cookie } })).json();

  /** What Paddle does after the buyer pays on its checkout: the transaction completes, a subscription appears. */
  async function completeCheckout(userId: number, priceId: string) {
    const sub = fake!.addSubscription({
      customer_id: "ctm_01hv6y1jedq4p1n0yqn5ba3ky4",
      price_id: priceId,
      starts_at: "2026-03-10T09:00:00.000000Z",
      ends_at: "2026-04-10T09:00:00.000000Z",
      custom_data: { user_id: String(userId) },
    });
    const txn = transactionEntity({
      id: "txn_01hv8m0mnx3sj85e7gxc6kga03",
      customer_id: sub.customer_id,
      subscription_id: sub.id,
      origin: "web",
      price_id: priceId,
      custom_data: { user_id: String(userId) },
      billing_period: { starts_at: sub.starts_at, ends_at: sub.ends_at },
      status: "completed",
      checkout_url: null,
      at: sub.created_at,
    });
    expect((await send(paddleEvent("transaction.completed", txn, sub.created_at))).statusCode).toBe(200);
    expect(
      (await send(paddleEvent("subscription.created", subscriptionEntity(sub), sub.created_at))).statusCode,
    ).toBe(200);
    return sub;
  }

  it("creates a Paddle transaction and answers its checkout URL", async () => {
    const { app, cookie, userId } = await setup();
    const response = await app.inject({
      method: "POST",
      url: "/api/payment/credit-checkout",
      payload: { package: "package4" },
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().checkout_url).toMatch(/^https:\/\/gyeol\.example\/pay\?_ptxn=txn_/);
    const request = fake!.requests.at(-1)!;
    expect(request).toMatchObject({
      method: "POST",
      path: "/transactions",
      authorization: `bearer ${API_KEY}`,
    });
    expect(request.body).toMatchObject({
      items: [{ price_id: "pri_01pack4", quantity: 1 }],
      custom_data: { user_id: String(userId) },
    });
  });

  it("answers 502 PAYMENT_PROVIDER_ERROR when Paddle refuses the key", async () => {
    const { app, cookie } = await setup("wrong-key");
    const response = await app.inject({
      method: "POST",
      url: "/api/payment/checkout",
      payload: { plan: "basic" },
      headers: { cookie },
    });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({ success: false, code: "PAYMENT_PROVIDER_ERROR" });
  });

  it("credits a subscription from Paddle's webhooks and changes, cancels and resumes it through the API", async () => {
    const { app, cookie, userId } = await setup();
    const sub = await completeCheckout(userId, "pri_01basic");
    expect(await status(cookie)).toMatchObject({
      hasSubscription: true,
      plan: "basic",
      credits: 4500,
      user: { subscriptionId: sub.id },
    });
    const post = (url: string, payload?: object) =>
      app.inject({ method: "POST", url, headers: { cookie }, ...(payload ? { payload } : {}) });

    // Upgrade: PATCH with prorated_immediately; the credits follow Paddle's proration transaction.
    const up = await post("/api/payment/change-plan", { plan: "premium" });
    expect(up.statusCode).toBe(200);
    expect(up.json()).toMatchObject({ effective: "immediately", nextPlan: "premium" });
    expect(fake!.requests.at(-1)).toMatchObject({
      method: "PATCH",
      path: `/subscriptions/${sub.id}`,
      body: {
        items: [{ price_id: "pri_01premium", quantity: 1 }],
        proration_billing_mode: "prorated_immediately",
      },
    });
    const proration = transactionEntity({
      id: "txn_01hv8proration0000000000000",
      customer_id: sub.customer_id,
      subscription_id: sub.id,
      origin: "subscription_update",
      price_id: "pri_01premium",
      custom_data: { user_id: String(userId) },
      billing_period: { starts_at: sub.starts_at, ends_at: sub.ends_at },
      status: "completed",
      checkout_url: null,
      at: new Date().toISOString(),
    });
    await send(paddleEvent("transaction.completed", proration, new Date().toISOString()));
    expect(await status(cookie)).toMatchObject({ plan: "premium", credits: 14500 });

    // Downgrade: nothing billed now, the lower price from the next renewal.
    const down = await post("/api/payment/change-plan", { plan: "basic" });
    expect(down.json()).toMatchObject({ effective: "next_cycle", plan: "premium", nextPlan: "basic" });
    expect(fake!.requests.at(-1)!.body).toMatchObject({ proration_billing_mode: "do_not_bill" });

    const cancel = await post("/api/payment/cancel-subscription");
    expect(cancel.json()).toMatchObject({ alreadyScheduled: false, scheduled: true });
    expect(fake!.requests.at(-1)).toMatchObject({
      method: "POST",
      path: `/subscriptions/${sub.id}/cancel`,
      body: { effective_from: "next_billing_period" },
    });
    expect((await status(cookie)).subscription.data.scheduled_change).toMatchObject({ action: "cancel" });
    expect((await post("/api/payment/cancel-subscription")).json()).toMatchObject({ alreadyScheduled: true });

    expect((await post("/api/payment/resume-subscription")).statusCode).toBe(200);
    expect(fake!.requests.at(-1)).toMatchObject({ method: "PATCH", body: { scheduled_change: null } });
    expect((await status(cookie)).subscription.data.scheduled_change).toBeNull();

    await post("/api/payment/cancel-subscription");
    const release = await post("/api/payment/change-plan", { plan: "deluxe" });
    expect(release.json()).toMatchObject({ cancelScheduleRemoved: true });
    expect(fake!.requests.at(-1)!.body).toMatchObject({
      scheduled_change: null,
      proration_billing_mode: "do_not_bill",
    });

    // Paddle ends the subscription: plan free, subscription credits gone.
    const endedAt = new Date(Date.now() + 60_000).toISOString();
    const ended = {
      ...fake!.subscriptions.get(sub.id)!,
      status: "canceled",
      canceled_at: endedAt,
      updated_at: endedAt,
    };
    await send(paddleEvent("subscription.canceled", subscriptionEntity(ended), endedAt));
    expect(await status(cookie)).toMatchObject({ hasSubscription: false, plan: "free", credits: 0 });
  });

  it("refuses webhooks signed with another secret", async () => {
    const { userId } = await setup();
    const event = paddleEvent(
      "transaction.completed",
      { id: "txn_1", status: "completed", items: [], custom_data: { user_id: String(userId) } },
      new Date().toISOString(),
    );
    const response = await sendWebhook(t!.app, event, { secret: "not-the-paddle-secret-at-all" });
    expect(response.statusCode).toBe(400);
  });
});
