/**
 * The social sign-in port. A redirect provider (Naver, Kakao) builds the authorization URL and
 * turns the callback's code into a profile; Google signs in with an ID token instead
 * (google-id-token.ts). Providers are built once at boot from the config (create-social-providers.ts).
 */
import type { TRedirectProvider, TSocialProvider } from "@gyeol/shared/contracts/auth";
import { vendorFetch } from "../http/vendor-http.ts";

/** Who the provider says signed in. */
export interface SocialProfile {
  provider: TSocialProvider;
  /** The provider's own stable id of the person. */
  subject: string;
  /** Lowercased; null when the provider withholds it (Kakao may). */
  email: string | null;
  /** The provider vouches that the person controls `email` (the linking rule needs it). */
  isEmailVerified: boolean;
  name: string;
}

export interface AuthorizationRequest {
  state: string;
  /** PKCE verifier; providers that do not support PKCE ignore it. */
  codeVerifier: string;
  redirectUri: string;
}

export interface CodeExchange extends AuthorizationRequest {
  code: string;
}

export interface RedirectProvider {
  readonly name: TRedirectProvider;
  authorizationUrl(request: AuthorizationRequest): URL;
  /** Throws SocialProviderError when the provider refuses or answers something unexpected. */
  exchangeCode(exchange: CodeExchange): Promise<SocialProfile>;
}

export class SocialProviderError extends Error {
  override name = "SocialProviderError";
}

/** A form POST to a token endpoint; Naver and Kakao take the client secret as a form field. */
export async function postTokenForm(url: string, form: Record<string, string | undefined>): Promise<unknown> {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(form)) if (value !== undefined) body.set(key, value);
  return fetchJson(url, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded;charset=utf-8",
      accept: "application/json",
    },
    body,
  });
}

export async function fetchJson(url: string, init: RequestInit): Promise<unknown> {
  let response: Response;
  let text: string;
  try {
    // One attempt: an authorization code is good once, and the person is waiting.
    ({ response, text } = await vendorFetch(url, init, { timeoutMs: 10_000, retries: 0 }, async (r) => ({
      response: r,
      text: await r.text(),
    })));
  } catch (error) {
    throw new SocialProviderError(`could not reach ${new URL(url).host}: ${String(error)}`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new SocialProviderError(`${new URL(url).host} answered ${response.status} without JSON`);
  }
  if (!response.ok) {
    throw new SocialProviderError(`${new URL(url).host} answered ${response.status}: ${text.slice(0, 200)}`);
  }
  return data;
}

/** The access token of a token answer (OAuth2Tokens also reads expiry and refresh tokens). */
export function readAccessToken(data: unknown): string {
  if (data && typeof data === "object") {
    const record = data as Record<string, unknown>;
    if (typeof record.access_token === "string" && record.access_token) return record.access_token;
    if (typeof record.error === "string") {
      throw new SocialProviderError(
        `token refused: ${record.error} ${String(record.error_description ?? "")}`,
      );
    }
  }
  throw new SocialProviderError("token answer without access_token");
}

export function normalizeEmail(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const email = value.trim().toLowerCase();
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) && email.length <= 254 ? email : null;
}
