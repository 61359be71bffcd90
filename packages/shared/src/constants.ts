/**
 * Constants from the product specification. Each names the section it comes from;
 * spec 01 = shell/accounts/payments/notices/legal, spec 02 = image tools.
 */

/** spec 01 §3 Locale, §9 */
export const LOCALES = ["ko", "en"] as const;
export type TLocale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: TLocale = "ko";
/** Local-storage keys the browser keeps (spec 01 §3). */
export const STORAGE_KEY_USER = "user";
export const STORAGE_KEY_LOCALE = "locale";

/** spec 01 §4 Session sync, §9 */
export const SYNC_DEBOUNCE_MS = 1000;
export const SYNC_MIN_GAP_MS = 5000;
export const SYNC_INTERVAL_MS = 120_000;

/** spec 01 §2 Header and shell, §9 */
export const DROPDOWN_CLOSE_DELAY_MS = 160;
export const MOBILE_BREAKPOINT_PX = 700;
export const DEFAULT_DISPLAY_CREDITS = 1000;
export const DEMO_CREDITS = 999_999;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** spec 01 §2 toasts, §9 */
export const TOAST_SUCCESS_MS = 2000;
export const TOAST_ERROR_MS = 4000;
export const TOAST_LIMIT = 20;

/** spec 01 §2 payment result screens, §9 */
export const PAYMENT_SUCCESS_COUNTDOWN_S = 5;
export const PAYMENT_FAILED_COUNTDOWN_S = 10;

/** spec 01 §2 notice list, §9 */
export const NOTICE_PAGE_SIZE = 10;
export const MAX_NOTICE_ATTACHMENTS = 5;

/** spec 01 §6: the administrator is user 1 by default; we keep that as a role user 1 receives. */
export const DEFAULT_ADMIN_USER_ID = 1;

/** spec 01 §1 landing before/after samples, in picker order. */
export const LANDING_SAMPLES = [
  "korean_basic",
  "korean_makeup",
  "foreigner_man",
  "western_girl_makeup",
] as const;
export type TLandingSample = (typeof LANDING_SAMPLES)[number];

/** spec 01 §1 affiliate link: origin + /?aff=code; these query keys are removed after reporting. */
export const AFFILIATE_QUERY_KEYS = ["aff", "campaign"] as const;

/** Dates are shown in Asia/Seoul (spec 01 §9). */
export const DISPLAY_TIME_ZONE = "Asia/Seoul";
