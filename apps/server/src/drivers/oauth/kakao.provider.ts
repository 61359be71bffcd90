/**
 * Kakao Login REST API (developers.kakao.com/docs/latest/kakaologin/rest-api): GET
 * {auth}/oauth/authorize with a state and a PKCE S256 challenge, POST {auth}/oauth/token with the
 * code_verifier (and the client secret when the app has one), then GET {api}/v2/user/me with the
 * bearer token: { id, kakao_account: { email, is_email_valid, is_email_verified, profile: { nickname } } }.
 * The e-mail is an optional consent item: Kakao may withhold it.
 */
import { CodeChallengeMethod, OAuth2Client } from "arctic";
import {
  fetchJson,
  normalizeEmail,
  postTokenForm,
  type RedirectProvider,
  readAccessToken,
  SocialProviderError,
} from "./social-provider.ts";

export interface KakaoSettings {
  clientId: string;
  clientSecret: string | undefined;
  authBaseUrl: string;
  apiBaseUrl: string;
}

export function createKakaoProvider(settings: KakaoSettings): RedirectProvider {
  return {
    name: "kakao",
    authorizationUrl({ state, codeVerifier, redirectUri }) {
      const client = new OAuth2Client(settings.clientId, null, redirectUri);
      return client.createAuthorizationURLWithPKCE(
        `${settings.authBaseUrl}/oauth/authorize`,
        state,
        CodeChallengeMethod.S256,
        codeVerifier,
        [],
      );
    },
    async exchangeCode({ code, codeVerifier, redirectUri }) {
      const tokens = await postTokenForm(`${settings.authBaseUrl}/oauth/token`, {
        grant_type: "authorization_code",
        client_id: settings.clientId,
        client_secret: settings.clientSecret,
        redirect_uri: redirectUri,
        code,
        code_verifier: codeVerifier,
      });
      const accessToken = readAccessToken(tokens);
      const me = (await fetchJson(`${settings.apiBaseUrl}/v2/user/me`, {
        headers: {
          authorization: `Bearer ${accessToken}`,
          "content-type": "application/x-www-form-urlencoded;charset=utf-8",
        },
      })) as { id?: unknown; kakao_account?: Record<string, unknown> };
      if (typeof me.id !== "number" && typeof me.id !== "string") {
        throw new SocialProviderError("kakao profile without id");
      }
      const account = me.kakao_account ?? {};
      const email = normalizeEmail(account.email);
      const profile = (account.profile ?? {}) as Record<string, unknown>;
      const nickname = typeof profile.nickname === "string" ? profile.nickname.trim() : "";
      return {
        provider: "kakao",
        subject: String(me.id),
        email,
        isEmailVerified:
          email !== null && account.is_email_valid === true && account.is_email_verified === true,
        name: nickname,
      };
    },
  };
}
