import type { TCheckoutResponse } from "@gyeol/shared/contracts/payment";
import type { TCreditPackage, TPaidPlan } from "@gyeol/shared/plans";
import { apiPost } from "../../../lib/api-client.ts";

/** The pricing page's payment calls (spec 01 §7). */

/** POST /api/payment/checkout: a new subscription; the browser goes to checkout_url next. */
export function postCheckout(plan: TPaidPlan): Promise<TCheckoutResponse> {
  return apiPost<TCheckoutResponse>("/api/payment/checkout", { plan });
}

/** POST /api/payment/credit-checkout: a one-time credit pack. */
export function postCreditCheckout(pack: TCreditPackage): Promise<TCheckoutResponse> {
  return apiPost<TCheckoutResponse>("/api/payment/credit-checkout", { package: pack });
}
