import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DATABASES } from "../../../test/helpers/databases.ts";
import { createTestContext, type TestContext } from "../../../test/helpers/test-app.ts";
import { AppError } from "../../lib/app-error.ts";
import { CREDIT_BUCKETS } from "./credits.service.ts";

describe.each(TEST_DATABASES)("credit ledger on $name", (database) => {
  let t: TestContext;
  let seq = 0;
  const key = (label: string) => `test:${label}:${++seq}`;
  const newUser = async () =>
    t.services.users.create({ name: "Ledger", email: `ledger-${++seq}@example.com`, password: null });

  beforeAll(async () => {
    t = await createTestContext({ database });
  });
  afterAll(async () => {
    await t.close();
  });

  it("grants credits to the one-time bucket by default and writes one ledger row", async () => {
    const user = await newUser();
    const { entry, isReplay } = await t.services.credits.grant(user.id, {
      amount: 1500,
      kind: "purchase",
      reason: "package1",
      idempotencyKey: key("grant"),
    });
    expect(isReplay).toBe(false);
    expect(entry).toMatchObject({
      user_id: user.id,
      bucket: "onetime",
      delta: 1500,
      kind: "purchase",
      balance_after: 1500,
    });
    const after = await t.services.users.findById(user.id);
    expect(after).toMatchObject({ onetime_credits: 1500, subscription_credits: 0, bonus_credits: 0 });
    expect(await t.services.credits.listLedger(user.id)).toHaveLength(1);
  });

  it("returns the earlier row and changes nothing when an idempotency key is replayed", async () => {
    const user = await newUser();
    const change = {
      amount: 300,
      bucket: "subscription" as const,
      reason: "renewal",
      idempotencyKey: key("replay"),
    };
    const first = await t.services.credits.grant(user.id, change);
    const second = await t.services.credits.grant(user.id, { ...change, amount: 999 });
    expect(second.isReplay).toBe(true);
    expect(second.entry).toEqual(first.entry);
    expect((await t.services.users.findById(user.id))?.subscription_credits).toBe(300);
    expect(await t.services.credits.listLedger(user.id)).toHaveLength(1);
  });

  it("applies a key once when the same grant races itself", async () => {
    const user = await newUser();
    const change = { amount: 50, reason: "race", idempotencyKey: key("race") };
    const results = await Promise.all(
      Array.from({ length: 8 }, () => t.services.credits.grant(user.id, change)),
    );
    expect(results.filter((r) => !r.isReplay)).toHaveLength(1);
    expect((await t.services.users.findById(user.id))?.onetime_credits).toBe(50);
  });

  it("refuses to revoke below zero with INSUFFICIENT_CREDITS and writes nothing", async () => {
    const user = await newUser();
    await t.services.credits.grant(user.id, { amount: 100, reason: "seed", idempotencyKey: key("seed") });
    const attempt = t.services.credits.revoke(user.id, {
      amount: 101,
      reason: "too much",
      idempotencyKey: key("over"),
    });
    await expect(attempt).rejects.toMatchObject({ status: 400, code: "INSUFFICIENT_CREDITS" });
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    expect((await t.services.users.findById(user.id))?.onetime_credits).toBe(100);
    expect(await t.services.credits.listLedger(user.id)).toHaveLength(1);

    const exact = await t.services.credits.revoke(user.id, {
      amount: 100,
      reason: "all",
      idempotencyKey: key("all"),
    });
    expect(exact.entry).toMatchObject({ delta: -100, balance_after: 0, kind: "admin" });
  });

  it("never lets concurrent revokes take a bucket below zero", async () => {
    const user = await newUser();
    await t.services.credits.grant(user.id, { amount: 100, reason: "seed", idempotencyKey: key("seed") });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        t.services.credits.revoke(user.id, {
          amount: 30,
          reason: "spend",
          idempotencyKey: key(`spend-${i}`),
        }),
      ),
    );
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(3);
    expect((await t.services.users.findById(user.id))?.onetime_credits).toBe(10);
  });

  it("refuses a non-positive or fractional amount and an unknown user", async () => {
    const user = await newUser();
    for (const amount of [0, -5, 1.5, Number.NaN]) {
      await expect(
        t.services.credits.grant(user.id, { amount, reason: "bad", idempotencyKey: key("bad") }),
      ).rejects.toMatchObject({ code: "VALIDATION_ERROR" });
    }
    await expect(
      t.services.credits.grant(999_999, { amount: 1, reason: "ghost", idempotencyKey: key("ghost") }),
    ).rejects.toMatchObject({ status: 404, code: "NOT_FOUND" });
  });

  it("keeps every bucket equal to the sum of its ledger rows, whatever the sequence", async () => {
    const operation = fc.record({
      isGrant: fc.boolean(),
      amount: fc.integer({ min: 1, max: 500 }),
      bucket: fc.constantFrom(...CREDIT_BUCKETS),
      isReplay: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 12 }), async (operations) => {
        const user = await newUser();
        let lastKey: string | undefined;
        for (const op of operations) {
          const idempotencyKey = op.isReplay && lastKey ? lastKey : key("prop");
          lastKey = idempotencyKey;
          const change = { amount: op.amount, bucket: op.bucket, reason: "property", idempotencyKey };
          await (op.isGrant
            ? t.services.credits.grant(user.id, change)
            : t.services.credits.revoke(user.id, change)
          ).catch((error: unknown) => {
            if (!(error instanceof AppError && error.code === "INSUFFICIENT_CREDITS")) throw error;
          });
        }
        const row = await t.services.users.findById(user.id);
        const balances = {
          onetime: row!.onetime_credits,
          subscription: row!.subscription_credits,
          bonus: row!.bonus_credits,
        };
        for (const bucket of CREDIT_BUCKETS) {
          expect(balances[bucket]).toBeGreaterThanOrEqual(0);
          expect(await t.services.credits.ledgerSum(user.id, bucket)).toBe(balances[bucket]);
        }
      }),
      { numRuns: 25 },
    );
  });
});
