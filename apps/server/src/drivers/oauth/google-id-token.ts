/**
 * Google sign-in with an ID token from Google Identity Services (spec 01 §7 POST /api/auth/google).
 * google-auth-library checks the RS256 signature against Google's certificates (fetched from
 * GOOGLE_CERTS_URL and cached by their max-age), the audience (our client id), the issuer and the
 * expiry; we then require email_verified.
 */
import { OAuth2Client, type TokenPayload } from "google-auth-library";
import { normalizeEmail, type SocialProfile } from "./social-provider.ts";

const GOOGLE_ISSUERS = ["accounts.google.com", "https://accounts.google.com"];

export interface GoogleSettings {
  clientId: string;
  certsUrl: string;
}

export interface GoogleIdTokenVerifier {
  /** The profile of a valid token; throws InvalidGoogleTokenError with the reason otherwise. */
  verify(credential: string): Promise<SocialProfile>;
}

export class InvalidGoogleTokenError extends Error {
  override name = "InvalidGoogleTokenError";
}

export function createGoogleIdTokenVerifier(settings: GoogleSettings): GoogleIdTokenVerifier {
  const client = new OAuth2Client({
    clientId: settings.clientId,
    endpoints: { oauth2FederatedSignonPemCertsUrl: settings.certsUrl },
    issuers: GOOGLE_ISSUERS,
  });
  return {
    async verify(credential) {
      let payload: TokenPayload | undefined;
      try {
        const ticket = await client.verifyIdToken({ idToken: credential, audience: settings.clientId });
        payload = ticket.getPayload();
      } catch (error) {
        throw new InvalidGoogleTokenError(error instanceof Error ? error.message : String(error));
      }
      if (!payload?.sub) throw new InvalidGoogleTokenError("no subject in the token");
      const email = normalizeEmail(payload.email);
      if (!email || payload.email_verified !== true) {
        throw new InvalidGoogleTokenError("the Google account's e-mail is not verified");
      }
      return {
        provider: "google",
        subject: payload.sub,
        email,
        isEmailVerified: true,
        name: (payload.name ?? payload.given_name ?? "").trim(),
      };
    },
  };
}
