/// <reference types="vite/client" />

/** Build-time settings (spec 01 §3 "Build-time settings"); read once in lib/env.ts. */
interface ImportMetaEnv {
  readonly VITE_IMAGE_GENERATION_ENABLED?: string;
  readonly VITE_PRODUCT_TRY_ENABLED?: string;
  readonly VITE_CONSISTENCY_ENABLED?: string;
  readonly VITE_COMMUNITY_URL?: string;
  readonly VITE_GOOGLE_CLIENT_ID?: string;
  readonly VITE_IMAGE_CDN_DOMAIN?: string;
  readonly VITE_PAYMENT_STORE_ID?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
