/** Product switches: feature flags, the affiliate programme, the maintenance switch, chat charging. */
import { definePort, zBool, zInt } from "./env.ts";

export interface TProductConfig {
  imageGenerationEnabled: boolean;
  affiliateEnabled: boolean;
  affiliateWindowDays: number;
  maintenanceMode: boolean;
  chatChargeEnabled: boolean;
}

export const productPort = definePort(
  "product",
  {
    /** Server flag for image generation (spec 01 §3 Feature flags response). */
    IMAGE_GENERATION_ENABLED: zBool(true),
    /** Affiliate programme switch (spec 01 §1, §7) and its attribution window (affiliate.service.ts). */
    AFFILIATE_ENABLED: zBool(true),
    AFFILIATE_WINDOW_DAYS: zInt(30, 1, 3650),
    /** spec 02 §8: every paid tool answers 503 {maintenance: true}. */
    MAINTENANCE_MODE: zBool(false),
    /** spec 02 §4.6, §9: chat messages cost credits only when this is on. */
    CHAT_CHARGE_ENABLED: zBool(false),
  },
  (e): TProductConfig => ({
    imageGenerationEnabled: e.IMAGE_GENERATION_ENABLED,
    affiliateEnabled: e.AFFILIATE_ENABLED,
    affiliateWindowDays: e.AFFILIATE_WINDOW_DAYS,
    maintenanceMode: e.MAINTENANCE_MODE,
    chatChargeEnabled: e.CHAT_CHARGE_ENABLED,
  }),
);
