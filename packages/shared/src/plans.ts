/**
 * The plan and credit-pack catalog (spec 01 §3). One source for the pricing page, the landing
 * cards, checkout and the ledger.
 *
 * The spec gives two readings of the monthly credits: the pricing page says 4,500 / 9,500 /
 * 14,500, the landing cards 4,000 / 8,500 / 13,000. We follow the pricing page (what the user
 * pays against) and show those figures everywhere; `MONTHLY_CREDITS_READINGS.landing` keeps the
 * other reading so an operator can switch with one change.
 */

export const PLANS = ["free", "basic", "deluxe", "premium"] as const;
export type TPlan = (typeof PLANS)[number];
export const PAID_PLANS = ["basic", "deluxe", "premium"] as const;
export type TPaidPlan = (typeof PAID_PLANS)[number];

export const MONTHLY_CREDITS_READINGS = {
  pricing: { basic: 4500, deluxe: 9500, premium: 14500 },
  landing: { basic: 4000, deluxe: 8500, premium: 13000 },
} as const satisfies Record<string, Record<TPaidPlan, number>>;

/** The chosen reading (see the file comment). */
export const MONTHLY_CREDITS: Record<TPaidPlan, number> = MONTHLY_CREDITS_READINGS.pricing;

export interface PlanInfo {
  id: TPaidPlan;
  priceUsd: number;
  monthlyCredits: number;
  /** i18n keys of the features, cumulative (each plan adds to the one below). */
  featureKeys: string[];
  rank: number;
}

export const PLAN_CATALOG: Record<TPaidPlan, PlanInfo> = {
  basic: {
    id: "basic",
    priceUsd: 9,
    monthlyCredits: MONTHLY_CREDITS.basic,
    featureKeys: ["aiUpscaling", "skinBasic", "highRes", "realtime"],
    rank: 1,
  },
  deluxe: {
    id: "deluxe",
    priceUsd: 19,
    monthlyCredits: MONTHLY_CREDITS.deluxe,
    featureKeys: ["aiUpscaling", "skinBasic", "highRes", "realtime", "skinMakeup", "unlimitedUpload"],
    rank: 2,
  },
  premium: {
    id: "premium",
    priceUsd: 29,
    monthlyCredits: MONTHLY_CREDITS.premium,
    featureKeys: [
      "aiUpscaling",
      "skinBasic",
      "highRes",
      "realtime",
      "skinMakeup",
      "unlimitedUpload",
      "betaFeatures",
    ],
    rank: 3,
  },
};

export const CREDIT_PACKAGES = ["package1", "package2", "package3", "package4", "package5"] as const;
export type TCreditPackage = (typeof CREDIT_PACKAGES)[number];

export interface CreditPackInfo {
  id: TCreditPackage;
  name: string;
  priceUsd: number;
  credits: number;
}

export const CREDIT_PACK_CATALOG: Record<TCreditPackage, CreditPackInfo> = {
  package1: { id: "package1", name: "Starter", priceUsd: 5, credits: 1500 },
  package2: { id: "package2", name: "Basic", priceUsd: 10, credits: 3000 },
  package3: { id: "package3", name: "Standard", priceUsd: 15, credits: 4800 },
  package4: { id: "package4", name: "Premium", priceUsd: 20, credits: 6450 },
  package5: { id: "package5", name: "Ultimate", priceUsd: 30, credits: 9750 },
};

export function isPaidPlan(plan: string | null | undefined): plan is TPaidPlan {
  return plan !== null && plan !== undefined && (PAID_PLANS as readonly string[]).includes(plan);
}

export function planRank(plan: string | null | undefined): number {
  if (plan && plan in PLAN_CATALOG) return PLAN_CATALOG[plan as TPaidPlan].rank;
  return 0;
}
