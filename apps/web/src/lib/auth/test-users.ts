import type { TPublicUser } from "@gyeol/shared/contracts/user";

/** A complete public user for tests. */
export function makeUser(overrides: Partial<TPublicUser> = {}): TPublicUser {
  return {
    id: 7,
    email: "mina@example.com",
    name: "Mina",
    nickname: "Mina",
    credits: 1200,
    bonus_credits: 0,
    plan: "basic",
    balance: 0,
    cancelled_at: null,
    subscription_end_date: null,
    next_renewal_date: null,
    subscriptionId: null,
    paymentCustomerId: null,
    isAdmin: false,
    affiliate_code: null,
    created_at: "2024-05-01T00:00:00.000Z",
    ...overrides,
  };
}
