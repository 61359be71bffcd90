/**
 * Policy settings that the product enforces AND the legal pages quote (spec 01 §4, §9). The terms,
 * privacy policy and refund policy read these constants, so a document can never promise what the
 * product does not do: change a value here and both follow.
 */
import { MONTHLY_CREDITS, type TPlan } from "./plans.ts";

/** Date the current terms, privacy policy and refund policy take effect (spec 01 §9). */
export const TERMS_EFFECTIVE_DATE = "2025-07-12";

/** Notice periods before a change of the terms takes effect (spec 01 §9). */
export const TERMS_CHANGE_NOTICE_DAYS = 7;
export const TERMS_MAJOR_CHANGE_NOTICE_DAYS = 30;

/** The service may start up to this long after payment, or after a system failure (spec 01 §9). */
export const SERVICE_START_DELAY_HOURS = 24;

/**
 * Validity of one-time (credit pack) credits. The spec gives two readings (spec 01 §4): the product
 * says one-time credits never expire; the terms' seed says prepaid credits last until used or 365
 * days. We follow the product: `null` means they never expire. The alternative reading is
 * `ONE_TIME_CREDIT_VALIDITY_DAYS = 365`; set it and the terms and refund pages say so, and the
 * credits module's expiry (when it lands) must use this same constant.
 */
export const ONE_TIME_CREDIT_VALIDITY_DAYS: number | null = null;

/**
 * The order credits are spent in. One-time before subscription is the spec's (spec 01 §4). Bonus
 * credits (affiliate rewards, operator gifts) come last: they never expire while subscription
 * credits vanish at the period end, so spending the expiring ones first never costs the user.
 */
export const CREDIT_SPENDING_ORDER = ["onetime", "subscription", "bonus"] as const;

/** The sharer of a referral link receives this share of the credits the referred person buys (spec 01 §1). */
export const AFFILIATE_REWARD_SHARE = 0.5;

/** Monthly subscription credits per plan (the pricing-page reading, see plans.ts). */
export const MONTHLY_PLAN_CREDITS = MONTHLY_CREDITS;

/** Renewal reminder e-mails go out this many days before a subscription renews (spec 01 §9). */
export const RENEWAL_REMINDER_DAYS = [7, 3, 1] as const;

/** Full refund of unused credits within this many days of purchase; none once any is used (spec 01 §9). */
export const REFUND_WINDOW_DAYS = 7;
/** A refund request is handled within this many business days (spec 01 §9). */
export const REFUND_HANDLING_BUSINESS_DAYS = 1;
/** The money reaches the payer this many days after the refund is approved (spec 01 §9). */
export const REFUND_DEPOSIT_DAYS = { min: 3, max: 10 } as const;

/** An infringement report is decided within this many hours (spec 01 §9). */
export const TAKEDOWN_DECISION_HOURS = 72;
/** Taken-down content may be restored after this many days without an objection (spec 01 §9). */
export const TAKEDOWN_RESTORE_DAYS = 30;

/** Account deletion can be undone for this many days (spec 01 §4). */
export const ACCOUNT_DELETION_UNDO_DAYS = 14;
/** Uploaded and generated images are deleted this many days after processing (spec 01 §4, §9). */
export const UPLOAD_RETENTION_DAYS = 30;
/** A withdrawn member's content is deleted within this many days (spec 01 §9). */
export const WITHDRAWAL_CONTENT_DELETION_DAYS = 30;
/** Account data is kept up to this many years after the account is closed (spec 01 §9). */
export const ACCOUNT_DATA_RETENTION_YEARS = 3;
/**
 * Dormant accounts (spec 01 §9 "dormant accounts kept 1 year"): an account unused for a year
 * becomes dormant and its data is stored apart; a dormant account is kept a year, then deleted.
 */
export const DORMANT_AFTER_INACTIVE_YEARS = 1;
export const DORMANT_RETENTION_YEARS = 1;

/** Liability cap: the larger of the payments of the last months or a fixed amount (spec 01 §9). */
export const LIABILITY_CAP = { months: 3, minimumUsd: 100 } as const;

/** Minimum age; younger users need a parent's consent (spec 01 §5). */
export const MINIMUM_AGE = 14;

/** Privacy policy retention periods (spec 01 §9). */
export const PRIVACY_RETENTION = {
  accountYearsAfterDeletion: ACCOUNT_DATA_RETENTION_YEARS,
  billingYears: 5,
  uploadDays: UPLOAD_RETENTION_DAYS,
  usageLogMonths: 12,
  supportYears: 3,
} as const;
/** Rights requests (access, correction, deletion …) are answered within this many days (spec 01 §9). */
export const PRIVACY_REQUEST_RESPONSE_DAYS = 30;
/** Backups are overwritten on this cycle, so deleted data leaves them within it (spec 01 §9). */
export const BACKUP_CYCLE_DAYS = 35;

/** Credits an image upscale uses, depending on size (spec 01 §9, refund policy). */
export const UPSCALE_CREDITS_RANGE = { min: 80, max: 100 } as const;
/** An outage at least this long gives the choice of a cash refund or credits (spec 01 §9). */
export const OUTAGE_COMPENSATION_HOURS = 24;

/** Support business hours, Korea time (spec 01 §9). */
export const BUSINESS_HOURS = { days: "weekdays", open: "09:00", close: "18:00" } as const;

/**
 * Plans that include makeup skin correction. The spec's FAQs disagree (spec 01 §6): the Korean
 * FAQ says every plan, the English FAQ says deluxe or premium only. We follow the English reading
 * because the plan catalog both languages show lists makeup correction as what deluxe adds
 * (plans.ts featureKeys), so the FAQ and the plan cards on the same page agree. The other reading
 * is `["free", "basic", "deluxe", "premium"]`; the FAQ in both languages follows this constant,
 * and the retouch tool should gate the makeup styles with `canUseMakeupCorrection`.
 */
export const MAKEUP_SKIN_CORRECTION_PLANS: readonly TPlan[] = ["deluxe", "premium"];

export function canUseMakeupCorrection(plan: string | null | undefined): boolean {
  // "pro" is the demo user's plan (spec 01 §3): the demo shows every style.
  return plan === "pro" || MAKEUP_SKIN_CORRECTION_PLANS.includes(plan as TPlan);
}
