/**
 * The webhook handler both drivers use: signed (Paddle-Signature), idempotent by event id, and
 * correct whatever order events arrive in.
 */
import { afterEach, describe, expect, it } from "vitest";
import { SANDBOX_PRICE_IDS } from "../src/drivers/payments/price-book.ts";
import { signPayload } from "../src/drivers/payments/webhook-signature.ts";
import { TEST_DATABASES } from "./helpers/databases.ts";
import { createFakeClock } from "./helpers/fake-clock.ts";
import { register } from "./helpers/http.ts";
import {
  newId,
  paddleEvent,
  sendWebhook,
  subscriptionEntity,
  TEST_SANDBOX_SECRET,
  transactionEntity,
} from "./helpers/payments.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

function permutations<T>(items: T[]): T[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((item, i) =>
    permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]),
  );
}

const START = "2026-03-10T09:00:00.000Z";
const END = "2026-04-10T09:00:00.000Z";

describe.each(TEST_DATABASES)("payment webhooks on $name", (database) => {
  let t: TestApp | undefined;
  const clock = createFakeClock(new Date("2026-03-10T09:00:05.000Z"));
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function setup() {
    t = await createTestApp({ database, clock, env: { SANDBOX_WEBHOOK_SECRET: TEST_SANDBOX_SECRET } });
    return t;
  }

  async function newUser(app: TestApp["app"]) {
    const { cookie, body } = await register(app);
    return { cookie, userId: body.id as number };
  }

  const send = (event: object) => sendWebhook(t!.app, event, { clock });

  it("credits a pack once when its webhook is replayed 50 times", async () => {
    const { app, services } = await setup();
    const { userId } = await newUser(app);
    const event = paddleEvent(
      "transaction.completed",
      transactionEntity({ id: newId("txn"), userId, priceId: SANDBOX_PRICE_IDS.package2 }),
      START,
    );
    const outcomes: string[] = [];
    for (let i = 0; i < 50; i++) {
      const response = await send(event);
      expect(response.statusCode).toBe(200);
      outcomes.push(response.json().outcome);
    }
    expect(outcomes.filter((o) => o === "processed")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "duplicate")).toHaveLength(49);
    expect((await services.users.findById(userId))?.onetime_credits).toBe(3000);
    expect(await services.credits.listLedger(userId)).toHaveLength(1);
  });

  it("credits once when the same event arrives 20 times at once", async () => {
    const { app, services } = await setup();
    const { userId } = await newUser(app);
    const event = paddleEvent(
      "transaction.completed",
      transactionEntity({ id: newId("txn"), userId, priceId: SANDBOX_PRICE_IDS.package1 }),
      START,
    );
    const responses = await Promise.all(Array.from({ length: 20 }, () => send(event)));
    expect(responses.every((r) => r.statusCode === 200)).toBe(true);
    expect((await services.users.findById(userId))?.onetime_credits).toBe(1500);
  });

  it("refuses a bad, missing, stale or foreign signature with 400 and changes nothing", async () => {
    const { app, services } = await setup();
    const { userId } = await newUser(app);
    const event = paddleEvent(
      "transaction.completed",
      transactionEntity({ id: newId("txn"), userId, priceId: SANDBOX_PRICE_IDS.package5 }),
      START,
    );
    const body = JSON.stringify(event);
    const good = signPayload(body, TEST_SANDBOX_SECRET, clock.now());
    const attempts = [
      good.replace(/h1=[0-9a-f]{4}/, "h1=0000"),
      "",
      "ts=1;h1=abc",
      signPayload(body, "some-other-secret-entirely", clock.now()),
      signPayload(body, TEST_SANDBOX_SECRET, new Date(clock.now().getTime() - 10 * 60_000)),
      signPayload(`${body} `, TEST_SANDBOX_SECRET, clock.now()),
    ];
    for (const signature of attempts) {
      const response = await sendWebhook(app, event, { signature });
      expect(response.statusCode, signature).toBe(400);
      expect(response.json()).toMatchObject({ success: false, code: "INVALID_SIGNATURE" });
    }
    const unsigned = await app.inject({
      method: "POST",
      url: "/api/payment/webhook",
      headers: { "content-type": "application/json" },
      payload: body,
    });
    expect(unsigned.statusCode).toBe(400);
    expect((await services.users.findById(userId))?.onetime_credits).toBe(0);
    expect(await services.credits.listLedger(userId)).toHaveLength(0);
    // The same event, properly signed, still applies: nothing was recorded by the refusals.
    expect(
      (await sendWebhook(app, event, { clock, url: "/api/payment/webhook/sandbox" })).json().outcome,
    ).toBe("processed");
    expect((await services.users.findById(userId))?.onetime_credits).toBe(9750);
  });

  it("refuses a signed body that is not an event with 400", async () => {
    await setup();
    for (const payload of [
      { hello: 1 },
      { event_id: "evt_1", event_type: "transaction.completed", occurred_at: START, data: { id: 5 } },
    ]) {
      const response = await send(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().success).toBe(false);
    }
  });

  it("ends in the same state whatever order a checkout's events arrive in", async () => {
    const { app } = await setup();
    const events = (userId: number, subId: string) => [
      paddleEvent(
        "transaction.completed",
        transactionEntity({
          id: newId("txn"),
          userId,
          priceId: SANDBOX_PRICE_IDS.basic,
          subscriptionId: subId,
          period: { start: START, end: END },
        }),
        "2026-03-10T09:00:01.000Z",
      ),
      paddleEvent(
        "subscription.created",
        subscriptionEntity({
          id: subId,
          userId,
          priceId: SANDBOX_PRICE_IDS.basic,
          start: START,
          end: END,
          updatedAt: "2026-03-10T09:00:02.000Z",
        }),
        "2026-03-10T09:00:02.000Z",
      ),
      paddleEvent(
        "subscription.updated",
        subscriptionEntity({
          id: subId,
          userId,
          priceId: SANDBOX_PRICE_IDS.basic,
          start: START,
          end: END,
          scheduledCancel: true,
          updatedAt: "2026-03-10T09:00:03.000Z",
        }),
        "2026-03-10T09:00:03.000Z",
      ),
    ];
    for (const order of permutations([0, 1, 2])) {
      const { cookie, userId } = await newUser(app);
      const subId = newId("sub");
      const list = events(userId, subId);
      for (const i of order) expect((await send(list[i]!)).statusCode).toBe(200);
      const status = (
        await app.inject({ url: "/api/payment/subscription-status", headers: { cookie } })
      ).json();
      expect(status, `order ${order}`).toMatchObject({
        hasSubscription: true,
        plan: "basic",
        nextPlan: "free",
        credits: 4500,
        subscription: { data: { id: subId, scheduled_change: { action: "cancel", effective_at: END } } },
        user: { plan: "basic", subscriptionId: subId, subscription_end_date: END, next_renewal_date: null },
      });
      expect(status.user.cancelled_at, `order ${order}`).not.toBeNull();
    }
  });

  it("ends cancelled and without subscription credits whatever order the cancel arrives in", async () => {
    const { app, services } = await setup();
    for (const order of permutations([0, 1, 2])) {
      const { cookie, userId } = await newUser(app);
      const subId = newId("sub");
      const list = [
        paddleEvent(
          "transaction.completed",
          transactionEntity({
            id: newId("txn"),
            userId,
            priceId: SANDBOX_PRICE_IDS.premium,
            subscriptionId: subId,
            period: { start: START, end: END },
          }),
          "2026-03-10T09:00:01.000Z",
        ),
        paddleEvent(
          "subscription.created",
          subscriptionEntity({
            id: subId,
            userId,
            priceId: SANDBOX_PRICE_IDS.premium,
            start: START,
            end: END,
            updatedAt: "2026-03-10T09:00:02.000Z",
          }),
          "2026-03-10T09:00:02.000Z",
        ),
        paddleEvent(
          "subscription.canceled",
          subscriptionEntity({
            id: subId,
            userId,
            priceId: SANDBOX_PRICE_IDS.premium,
            status: "canceled",
            start: START,
            end: END,
            canceledAt: END,
            updatedAt: END,
          }),
          END,
        ),
      ];
      for (const i of order) expect((await send(list[i]!)).statusCode).toBe(200);
      const status = (
        await app.inject({ url: "/api/payment/subscription-status", headers: { cookie } })
      ).json();
      expect(status, `order ${order}`).toMatchObject({
        hasSubscription: false,
        plan: "free",
        credits: 0,
        user: { subscriptionId: null },
      });
      const user = (await services.users.findById(userId))!;
      expect(await services.credits.ledgerSum(userId, "subscription")).toBe(user.subscription_credits);
    }
  });

  it("ignores an older subscription snapshot that arrives after a newer one", async () => {
    const { app } = await setup();
    const { cookie, userId } = await newUser(app);
    const subId = newId("sub");
    const snapshot = (priceId: string, updatedAt: string) =>
      paddleEvent(
        "subscription.updated",
        subscriptionEntity({ id: subId, userId, priceId, start: START, end: END, updatedAt }),
        updatedAt,
      );
    await send(snapshot(SANDBOX_PRICE_IDS.deluxe, "2026-03-12T00:00:00.000Z"));
    await send(snapshot(SANDBOX_PRICE_IDS.basic, "2026-03-11T00:00:00.000Z"));
    const status = (
      await app.inject({ url: "/api/payment/subscription-status", headers: { cookie } })
    ).json();
    expect(status).toMatchObject({ plan: "deluxe", nextPlan: "deluxe" });
  });

  it("accepts unknown event types and prices that are not ours without changing anything", async () => {
    const { app, services } = await setup();
    const { userId } = await newUser(app);
    expect((await send(paddleEvent("customer.created", { id: "ctm_1" }, START))).json().outcome).toBe(
      "processed",
    );
    const foreign = paddleEvent(
      "transaction.completed",
      transactionEntity({ id: newId("txn"), userId, priceId: "pri_someone_else" }),
      START,
    );
    expect((await send(foreign)).statusCode).toBe(200);
    expect(await services.credits.listLedger(userId)).toHaveLength(0);
  });
});
