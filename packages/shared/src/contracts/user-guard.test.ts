import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PLANS } from "../plans.ts";
import { ZPublicUser } from "./user.ts";
import { readPublicUser } from "./user-guard.ts";

const USER = {
  id: 7,
  email: "kim@example.com",
  name: "Kim",
  nickname: "gyeol",
  credits: 120,
  bonus_credits: 0,
  plan: "basic",
  balance: 0,
  cancelled_at: null,
  subscription_end_date: null,
  next_renewal_date: "2026-12-01T00:00:00.000Z",
  subscriptionId: null,
  paymentCustomerId: "cus_1",
  isAdmin: false,
  affiliate_code: null,
  created_at: "2026-01-01T00:00:00.000Z",
};

/** Values a field may hold in storage: right, wrong type, out of range, missing. */
const fieldValue = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.string({ maxLength: 4 }),
  fc.constantFrom(...PLANS, "pro", "gold"),
  fc.integer(),
  fc.double(),
  fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53, 1.5),
  fc.boolean(),
  fc.constant([]),
  fc.constant({}),
);

const storedUser = fc
  .record({
    changes: fc.dictionary(fc.constantFrom(...Object.keys(USER), "isDemoUser", "extra"), fieldValue, {
      maxKeys: 3,
    }),
  })
  .map(({ changes }) => {
    const value: Record<string, unknown> = { ...USER, ...changes };
    for (const [key, v] of Object.entries(changes)) if (v === undefined) delete value[key];
    return value;
  });

describe("readPublicUser", () => {
  it("accepts and returns what ZPublicUser accepts and returns, and nothing else", () => {
    fc.assert(
      fc.property(storedUser, (value) => {
        const zod = ZPublicUser.safeParse(value);
        expect(readPublicUser(value)).toEqual(zod.success ? zod.data : null);
      }),
      { numRuns: 2000 },
    );
  });

  it("takes a whole user, drops unknown fields and refuses other shapes", () => {
    expect(readPublicUser({ ...USER, isDemoUser: true, extra: 1 })).toEqual({ ...USER, isDemoUser: true });
    expect(readPublicUser({ ...USER, plan: "pro" })?.plan).toBe("pro");
    for (const value of [null, 1, "user", [USER], { ...USER, id: 1.5 }, { ...USER, plan: "gold" }])
      expect(readPublicUser(value)).toBeNull();
  });
});
