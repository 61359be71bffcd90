import type { TRedirectProvider } from "@gyeol/shared/contracts/auth";
import type { TAuthProvidersConfig } from "../../config.ts";
import { createGoogleIdTokenVerifier, type GoogleIdTokenVerifier } from "./google-id-token.ts";
import { createKakaoProvider } from "./kakao.provider.ts";
import { createNaverProvider } from "./naver.provider.ts";
import type { RedirectProvider } from "./social-provider.ts";

export interface SocialProviders {
  google: GoogleIdTokenVerifier | undefined;
  redirect: Partial<Record<TRedirectProvider, RedirectProvider>>;
}

/** The providers whose keys are configured, built once at boot; the others stay undefined. */
export function createSocialProviders(config: TAuthProvidersConfig): SocialProviders {
  return {
    google: config.google ? createGoogleIdTokenVerifier(config.google) : undefined,
    redirect: {
      ...(config.naver ? { naver: createNaverProvider(config.naver) } : {}),
      ...(config.kakao ? { kakao: createKakaoProvider(config.kakao) } : {}),
    },
  };
}
