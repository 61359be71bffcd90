/**
 * Build-time settings (spec 01 §3). Who runs the service (name, address, support e-mail) is not
 * one of them: the server's configuration gives it at run time (lib/operator.ts, issue 30).
 * Vite inlines `import.meta.env.VITE_*` at build time, so
 * changing one means rebuilding the web app. Read here once; nothing else touches import.meta.env.
 */

export const DEFAULT_COMMUNITY_URL = "https://discord.gg/gyeol";

/** "1", "true", "on", "yes" → true; "0", "false", "off", "no" → false; anything else → fallback. */
export function parseFlag(value: string | undefined, fallback: boolean): boolean;
export function parseFlag(value: string | undefined, fallback: undefined): boolean | undefined;
export function parseFlag(value: string | undefined, fallback: boolean | undefined): boolean | undefined {
  const normalized = value?.trim().toLowerCase();
  if (normalized === undefined || normalized === "") return fallback;
  if (["1", "true", "on", "yes"].includes(normalized)) return true;
  if (["0", "false", "off", "no"].includes(normalized)) return false;
  return fallback;
}

function readString(value: string | undefined, fallback: string): string {
  const trimmed = value?.trim();
  return trimmed ? trimmed : fallback;
}

const raw = import.meta.env;

export const env = Object.freeze({
  /** The image-generation screen and menu entry (spec 01 §2, §6). Default on. */
  imageGenerationEnabled: parseFlag(raw.VITE_IMAGE_GENERATION_ENABLED, true),
  /** The product-try tool (spec 01 §3). Default off; no screen uses it yet. */
  productTryEnabled: parseFlag(raw.VITE_PRODUCT_TRY_ENABLED, false),
  /** The consistency flag (spec 01 §3): unset by default, read by the generation screen later. */
  consistencyEnabled: parseFlag(raw.VITE_CONSISTENCY_ENABLED, undefined),
  /** The invite link of the community chat behind the floating button. */
  communityUrl: readString(raw.VITE_COMMUNITY_URL, DEFAULT_COMMUNITY_URL),
  /** Google Identity Services client id (the third-party sign-in). Empty: Google sign-in is off. */
  googleClientId: readString(raw.VITE_GOOGLE_CLIENT_ID, ""),
  /** The image CDN host that bucket URLs are rewritten to. Empty: URLs are used as they come. */
  imageCdnDomain: readString(raw.VITE_IMAGE_CDN_DOMAIN, ""),
  /** The payment provider's store / client id, for a client-side checkout. Empty: server checkout only. */
  paymentStoreId: readString(raw.VITE_PAYMENT_STORE_ID, ""),
});
