/**
 * Which provider price id sells which catalog item (packages/shared plans.ts). Paddle's ids come
 * from configuration (PADDLE_PRICE_*); the sandbox uses fixed ids of its own.
 */
import {
  CREDIT_PACK_CATALOG,
  CREDIT_PACKAGES,
  PAID_PLANS,
  PLAN_CATALOG,
  type TCreditPackage,
  type TPaidPlan,
} from "@gyeol/shared/plans";

export type TCatalogItem = TPaidPlan | TCreditPackage;
export type TPriceIds = Readonly<Record<TCatalogItem, string>>;

export type TPricedItem =
  | { kind: "plan"; item: TPaidPlan; priceUsd: number; credits: number }
  | { kind: "package"; item: TCreditPackage; priceUsd: number; credits: number; name: string };

export const SANDBOX_PRICE_IDS: TPriceIds = Object.freeze({
  basic: "pri_sandbox_basic",
  deluxe: "pri_sandbox_deluxe",
  premium: "pri_sandbox_premium",
  package1: "pri_sandbox_package1",
  package2: "pri_sandbox_package2",
  package3: "pri_sandbox_package3",
  package4: "pri_sandbox_package4",
  package5: "pri_sandbox_package5",
});

export interface PriceBook {
  priceIdOf(item: TCatalogItem): string;
  /** The catalog item a price id sells, or undefined for a price that is not ours. */
  itemOf(priceId: string): TPricedItem | undefined;
}

export function createPriceBook(priceIds: TPriceIds): PriceBook {
  const byPrice = new Map<string, TPricedItem>();
  for (const plan of PAID_PLANS) {
    const info = PLAN_CATALOG[plan];
    byPrice.set(priceIds[plan], {
      kind: "plan",
      item: plan,
      priceUsd: info.priceUsd,
      credits: info.monthlyCredits,
    });
  }
  for (const pack of CREDIT_PACKAGES) {
    const info = CREDIT_PACK_CATALOG[pack];
    byPrice.set(priceIds[pack], {
      kind: "package",
      item: pack,
      priceUsd: info.priceUsd,
      credits: info.credits,
      name: info.name,
    });
  }
  return {
    priceIdOf: (item) => priceIds[item],
    itemOf: (priceId) => byPrice.get(priceId),
  };
}
