/** Social sign-in (issue 7): Google, Naver and Kakao, each on once its keys are set. */
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { definePort, trimSlashes, zOptionalOrigin, zOptionalText } from "./env.ts";

export interface TAuthProvidersConfig {
  secret: string;
  redirectBase: string | undefined;
  google: { clientId: string; certsUrl: string } | undefined;
  naver: { clientId: string; clientSecret: string; authBaseUrl: string; apiBaseUrl: string } | undefined;
  kakao:
    | { clientId: string; clientSecret: string | undefined; authBaseUrl: string; apiBaseUrl: string }
    | undefined;
}

export interface TOauthPortConfig {
  auth: TAuthProvidersConfig;
}

export const oauthPort = definePort(
  "oauth",
  {
    /** Key of the signed social sign-in cookies; random per boot when unset (one process only). */
    AUTH_SECRET: zOptionalText.pipe(z.string().min(32, "use at least 32 characters").optional()),
    GOOGLE_CLIENT_ID: zOptionalText,
    GOOGLE_CERTS_URL: z.url().default("https://www.googleapis.com/oauth2/v1/certs"),
    NAVER_CLIENT_ID: zOptionalText,
    NAVER_CLIENT_SECRET: zOptionalText,
    NAVER_AUTH_BASE_URL: z.url().default("https://nid.naver.com"),
    NAVER_API_BASE_URL: z.url().default("https://openapi.naver.com"),
    KAKAO_CLIENT_ID: zOptionalText,
    KAKAO_CLIENT_SECRET: zOptionalText,
    KAKAO_AUTH_BASE_URL: z.url().default("https://kauth.kakao.com"),
    KAKAO_API_BASE_URL: z.url().default("https://kapi.kakao.com"),
    OAUTH_REDIRECT_BASE: zOptionalOrigin,
  },
  (e): TOauthPortConfig => ({
    auth: Object.freeze({
      secret: e.AUTH_SECRET ?? randomBytes(32).toString("base64url"),
      redirectBase: e.OAUTH_REDIRECT_BASE,
      google: e.GOOGLE_CLIENT_ID ? { clientId: e.GOOGLE_CLIENT_ID, certsUrl: e.GOOGLE_CERTS_URL } : undefined,
      naver:
        e.NAVER_CLIENT_ID && e.NAVER_CLIENT_SECRET
          ? {
              clientId: e.NAVER_CLIENT_ID,
              clientSecret: e.NAVER_CLIENT_SECRET,
              authBaseUrl: trimSlashes(e.NAVER_AUTH_BASE_URL),
              apiBaseUrl: trimSlashes(e.NAVER_API_BASE_URL),
            }
          : undefined,
      kakao: e.KAKAO_CLIENT_ID
        ? {
            clientId: e.KAKAO_CLIENT_ID,
            clientSecret: e.KAKAO_CLIENT_SECRET,
            authBaseUrl: trimSlashes(e.KAKAO_AUTH_BASE_URL),
            apiBaseUrl: trimSlashes(e.KAKAO_API_BASE_URL),
          }
        : undefined,
    }),
  }),
);
