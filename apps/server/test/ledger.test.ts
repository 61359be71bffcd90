/**
 * The ledger's invariants (ARCHITECTURE "Credits are a ledger"): after any sequence of purchases,
 * spends, refunds, renewals and expiries each bucket equals the sum of its ledger rows and is
 * never negative; concurrent spends never overspend. Purchases, renewals and expiries go through
 * the real webhook handler; spends and refunds through the API the tools call.
 */

import { MONTHLY_CREDITS, type TPaidPlan } from "@gyeol/shared/plans";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SANDBOX_PRICE_IDS } from "../src/drivers/payments/price-book.ts";
import { signPayload } from "../src/drivers/payments/webhook-signature.ts";
import { AppError } from "../src/lib/app-error.ts";
import { DAY_MS } from "../src/lib/clock.ts";
import { TEST_DATABASES } from "./helpers/databases.ts";
import { createFakeClock } from "./helpers/fake-clock.ts";
import {
  newId,
  paddleEvent,
  subscriptionEntity,
  TEST_SANDBOX_SECRET,
  transactionEntity,
} from "./helpers/payments.ts";
import { createTestContext, type TestContext } from "./helpers/test-app.ts";

type TBuckets = { onetime: number; subscription: number; bonus: number };

const PACKS = { package1: 1500, package2: 3000, package3: 4800 } as const;
const BASE = Date.parse("2026-01-01T00:00:00.000Z");

const ZOperation = fc.oneof(
  fc.record({
    op: fc.constant("purchase" as const),
    pack: fc.constantFrom(...(Object.keys(PACKS) as Array<keyof typeof PACKS>)),
  }),
  fc.record({ op: fc.constant("spend" as const), amount: fc.integer({ min: 1, max: 6000 }) }),
  fc.record({ op: fc.constant("refund" as const), pick: fc.nat(), isReplay: fc.boolean() }),
  fc.record({
    op: fc.constant("renewal" as const),
    plan: fc.constantFrom<TPaidPlan>("basic", "deluxe", "premium"),
  }),
  fc.record({ op: fc.constant("expiry" as const) }),
  fc.record({ op: fc.constant("bonus" as const), amount: fc.integer({ min: 1, max: 500 }) }),
);

describe.each(TEST_DATABASES)("ledger invariants on $name", (database) => {
  let t: TestContext;
  const clock = createFakeClock(new Date(BASE));
  let seq = 0;

  beforeAll(async () => {
    t = await createTestContext({ database, clock, env: { SANDBOX_WEBHOOK_SECRET: TEST_SANDBOX_SECRET } });
  });
  afterAll(async () => {
    await t.close();
  });

  const newUser = () =>
    t.services.users.create({ name: "Ledger", email: `ledger-prop-${++seq}@example.com`, password: null });

  async function deliver(event: object) {
    const body = JSON.stringify(event);
    return t.services.billing.receiveWebhook(body, signPayload(body, TEST_SANDBOX_SECRET, clock.now()));
  }

  async function expectLedgerMatches(userId: number, model: TBuckets, label: string) {
    const user = (await t.services.users.findById(userId))!;
    const actual = {
      onetime: user.onetime_credits,
      subscription: user.subscription_credits,
      bonus: user.bonus_credits,
    };
    expect(actual, label).toEqual(model);
    for (const bucket of ["onetime", "subscription", "bonus"] as const) {
      expect(actual[bucket], label).toBeGreaterThanOrEqual(0);
      expect(await t.services.credits.ledgerSum(userId, bucket), label).toBe(actual[bucket]);
    }
  }

  it("keeps every bucket equal to its ledger sum and non-negative after every step", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(ZOperation, { minLength: 1, maxLength: 12 }), async (operations) => {
        const user = await newUser();
        const model: TBuckets = { onetime: 0, subscription: 0, bonus: 0 };
        const spends: Array<{ key: string; parts: Partial<TBuckets>; isRefunded: boolean }> = [];
        let subId = newId("sub");
        let period = 0;
        for (const [step, op] of operations.entries()) {
          const label = `step ${step}: ${JSON.stringify(op)}`;
          if (op.op === "purchase") {
            await deliver(
              paddleEvent(
                "transaction.completed",
                transactionEntity({ id: newId("txn"), userId: user.id, priceId: SANDBOX_PRICE_IDS[op.pack] }),
                clock.now().toISOString(),
              ),
            );
            model.onetime += PACKS[op.pack];
          } else if (op.op === "spend") {
            const key = `job:${newId("job")}`;
            const total = model.onetime + model.subscription + model.bonus;
            try {
              const result = await t.services.credits.spend(user.id, op.amount, {
                idempotencyKey: key,
                reason: "job",
              });
              expect(total, label).toBeGreaterThanOrEqual(op.amount);
              const parts: Partial<TBuckets> = {};
              for (const entry of result.entries) parts[entry.bucket] = -entry.delta;
              let left = op.amount;
              for (const bucket of ["onetime", "subscription", "bonus"] as const) {
                const take = Math.min(left, model[bucket]);
                expect(parts[bucket] ?? 0, label).toBe(take);
                model[bucket] -= take;
                left -= take;
              }
              spends.push({ key, parts, isRefunded: false });
            } catch (error) {
              if (!(error instanceof AppError && error.code === "INSUFFICIENT_CREDITS")) throw error;
              expect(total, label).toBeLessThan(op.amount);
            }
          } else if (op.op === "refund") {
            const spend = spends[op.pick % Math.max(spends.length, 1)];
            if (spend) {
              await t.services.credits.refund(user.id, { spendKey: spend.key });
              if (op.isReplay) await t.services.credits.refund(user.id, { spendKey: spend.key });
              if (!spend.isRefunded) {
                for (const [bucket, amount] of Object.entries(spend.parts))
                  model[bucket as keyof TBuckets] += amount;
                spend.isRefunded = true;
              }
            }
          } else if (op.op === "renewal") {
            const start = new Date(BASE + period * 31 * DAY_MS).toISOString();
            const end = new Date(BASE + (period + 1) * 31 * DAY_MS).toISOString();
            period++;
            await deliver(
              paddleEvent(
                "transaction.completed",
                transactionEntity({
                  id: newId("txn"),
                  userId: user.id,
                  priceId: SANDBOX_PRICE_IDS[op.plan],
                  subscriptionId: subId,
                  origin: "subscription_recurring",
                  period: { start, end },
                }),
                start,
              ),
            );
            model.subscription = MONTHLY_CREDITS[op.plan];
          } else if (op.op === "expiry") {
            const at = new Date(BASE + period * 31 * DAY_MS).toISOString();
            await deliver(
              paddleEvent(
                "subscription.canceled",
                subscriptionEntity({
                  id: subId,
                  userId: user.id,
                  priceId: SANDBOX_PRICE_IDS.basic,
                  status: "canceled",
                  start: at,
                  end: at,
                  canceledAt: at,
                  updatedAt: at,
                }),
                at,
              ),
            );
            // A later renewal belongs to a new subscription.
            subId = newId("sub");
            model.subscription = 0;
          } else {
            await t.services.credits.grant(user.id, {
              amount: op.amount,
              bucket: "bonus",
              kind: "reward",
              reason: "bonus",
              idempotencyKey: newId("bonus"),
            });
            model.bonus += op.amount;
          }
          await expectLedgerMatches(user.id, model, label);
        }
      }),
      { numRuns: 40 },
    );
  });

  it("lets 100 concurrent spends against a small balance take exactly what is there", async () => {
    const user = await newUser();
    const grant = (bucket: "onetime" | "subscription" | "bonus", amount: number) =>
      t.services.credits.grant(user.id, { amount, bucket, reason: "seed", idempotencyKey: newId("seed") });
    await grant("onetime", 50);
    await grant("subscription", 30);
    await grant("bonus", 20);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 100 }, (_, i) =>
        t.services.credits.spend(user.id, 7, { idempotencyKey: `race:${user.id}:${i}`, reason: "race" }),
      ),
    );
    const refused = outcomes.filter((o) => o.status === "rejected");
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(14);
    for (const r of refused)
      expect((r as PromiseRejectedResult).reason).toMatchObject({ code: "INSUFFICIENT_CREDITS" });
    const after = (await t.services.users.findById(user.id))!;
    expect(after.onetime_credits + after.subscription_credits + after.bonus_credits).toBe(2);
    expect(after.onetime_credits).toBe(0);
    expect(after.subscription_credits).toBe(0);
    for (const bucket of ["onetime", "subscription", "bonus"] as const) {
      expect(await t.services.credits.ledgerSum(user.id, bucket)).toBeGreaterThanOrEqual(0);
    }
  });

  it("charges a job once when the same spend is retried concurrently, and refunds it once", async () => {
    const user = await newUser();
    await t.services.credits.grant(user.id, { amount: 100, reason: "seed", idempotencyKey: newId("seed") });
    const spends = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.services.credits.spend(user.id, 60, { idempotencyKey: "job:dup", reason: "retouch", jobId: "dup" }),
      ),
    );
    expect(spends.filter((s) => !s.isReplay)).toHaveLength(1);
    expect((await t.services.users.findById(user.id))?.onetime_credits).toBe(40);
    const refunds = await Promise.all(
      Array.from({ length: 10 }, () => t.services.credits.refund(user.id, { spendKey: "job:dup" })),
    );
    expect(refunds.filter((r) => !r.isReplay)).toHaveLength(1);
    expect((await t.services.users.findById(user.id))?.onetime_credits).toBe(100);
    expect((await t.services.credits.refund(user.id, { spendKey: "job:never-charged" })).entries).toEqual([]);
  });

  it("spends one-time, then subscription, then bonus credits, in one all-or-nothing move", async () => {
    const user = await newUser();
    await t.services.credits.grant(user.id, {
      amount: 10,
      bucket: "onetime",
      reason: "seed",
      idempotencyKey: newId("s"),
    });
    await t.services.credits.grant(user.id, {
      amount: 10,
      bucket: "subscription",
      reason: "seed",
      idempotencyKey: newId("s"),
    });
    await t.services.credits.grant(user.id, {
      amount: 10,
      bucket: "bonus",
      reason: "seed",
      idempotencyKey: newId("s"),
    });
    await expect(
      t.services.credits.spend(user.id, 31, { idempotencyKey: newId("k"), reason: "x" }),
    ).rejects.toMatchObject({
      code: "INSUFFICIENT_CREDITS",
    });
    const result = await t.services.credits.spend(user.id, 25, {
      idempotencyKey: "job:order",
      reason: "x",
      jobId: "42",
    });
    expect(result.entries.map((e) => [e.bucket, e.delta, e.idempotency_key, e.job_id])).toEqual([
      ["onetime", -10, "job:order", "42"],
      ["subscription", -10, "job:order#2", "42"],
      ["bonus", -5, "job:order#3", "42"],
    ]);
    expect(result.balances).toEqual({ onetime: 0, subscription: 0, bonus: 5, total: 5 });
  });

  it("expires one-time credits older than the validity under the 365-day reading only", async () => {
    const user = await newUser();
    await t.services.credits.grant(user.id, { amount: 300, reason: "old pack", idempotencyKey: newId("p") });
    await t.services.credits.spend(user.id, 100, { idempotencyKey: newId("s"), reason: "job" });
    clock.advance(200 * DAY_MS);
    await t.services.credits.grant(user.id, { amount: 50, reason: "new pack", idempotencyKey: newId("p") });
    clock.advance(200 * DAY_MS);
    // 250 held; 50 were added within 365 days, so 200 (what is left of the old pack) expire.
    await t.services.credits.expireOneTimeCredits(365);
    expect((await t.services.users.findById(user.id))?.onetime_credits).toBe(50);
    await t.services.credits.expireOneTimeCredits(365);
    expect(await t.services.credits.ledgerSum(user.id, "onetime")).toBe(50);
  });
});
