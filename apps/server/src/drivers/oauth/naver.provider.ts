/**
 * Naver Login (developers.naver.com/docs/login/api): GET {auth}/oauth2.0/authorize with a state,
 * POST {auth}/oauth2.0/token with the client secret as a form field, then GET {api}/v1/nid/me
 * with the bearer token: { resultcode: "00", message, response: { id, email, nickname, name } }.
 * Naver has no PKCE and no "e-mail verified" flag; see isNaverEmailVerified.
 */
import { OAuth2Client } from "arctic";
import {
  fetchJson,
  normalizeEmail,
  postTokenForm,
  type RedirectProvider,
  readAccessToken,
  SocialProviderError,
} from "./social-provider.ts";

export interface NaverSettings {
  clientId: string;
  clientSecret: string;
  authBaseUrl: string;
  apiBaseUrl: string;
}

/**
 * Naver does not say whether the contact e-mail was verified. Only its own addresses are taken as
 * vouched for: a Naver sign-in proves control of the Naver account that the @naver.com mailbox is.
 */
export function isNaverEmailVerified(email: string | null): boolean {
  return email?.endsWith("@naver.com") ?? false;
}

export function createNaverProvider(settings: NaverSettings): RedirectProvider {
  return {
    name: "naver",
    authorizationUrl({ state, redirectUri }) {
      const client = new OAuth2Client(settings.clientId, null, redirectUri);
      return client.createAuthorizationURL(`${settings.authBaseUrl}/oauth2.0/authorize`, state, []);
    },
    async exchangeCode({ code, state }) {
      const tokens = await postTokenForm(`${settings.authBaseUrl}/oauth2.0/token`, {
        grant_type: "authorization_code",
        client_id: settings.clientId,
        client_secret: settings.clientSecret,
        code,
        state,
      });
      const accessToken = readAccessToken(tokens);
      const me = (await fetchJson(`${settings.apiBaseUrl}/v1/nid/me`, {
        headers: { authorization: `Bearer ${accessToken}`, accept: "application/json" },
      })) as { resultcode?: string; response?: Record<string, unknown> };
      const profile = me.response;
      if (me.resultcode !== "00" || !profile || typeof profile.id !== "string" || !profile.id) {
        throw new SocialProviderError(`naver profile refused: ${String(me.resultcode)}`);
      }
      const email = normalizeEmail(profile.email);
      const name = [profile.nickname, profile.name].find((v) => typeof v === "string" && v.trim());
      return {
        provider: "naver",
        subject: profile.id,
        email,
        isEmailVerified: isNaverEmailVerified(email),
        name: typeof name === "string" ? name.trim() : "",
      };
    },
  };
}
