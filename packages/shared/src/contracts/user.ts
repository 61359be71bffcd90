import { z } from "zod";
import { PLANS } from "../plans.ts";

/**
 * The user as the browser sees it (spec 01 §3 User): the auth check and login answer with it and
 * the browser keeps it in local storage under `user`. Dates are ISO 8601 strings in UTC.
 */
export const ZPublicUser = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  nickname: z.string(),
  /** Spendable credits: one-time plus subscription buckets. */
  credits: z.number().int(),
  bonus_credits: z.number().int(),
  plan: z.enum([...PLANS, "pro"]),
  balance: z.number(),
  cancelled_at: z.string().nullable(),
  subscription_end_date: z.string().nullable(),
  next_renewal_date: z.string().nullable(),
  subscriptionId: z.string().nullable(),
  paymentCustomerId: z.string().nullable(),
  isAdmin: z.boolean(),
  affiliate_code: z.string().nullable(),
  created_at: z.string(),
  isDemoUser: z.boolean().optional(),
});
export type TPublicUser = z.infer<typeof ZPublicUser>;
