/**
 * Sign-in with Google, Naver and Kakao (spec 01 §2 Login page, §7), one person one account:
 * - a known identity signs its user in;
 * - a new identity whose e-mail already has an account links to it only when the provider vouches
 *   for the address (Google email_verified, Kakao is_email_valid + is_email_verified, Naver's own
 *   @naver.com addresses); otherwise the user must sign in to that account first;
 * - a provider that withholds the e-mail (Kakao may) gets an account keyed by its own id;
 * - creating an account needs the terms' age confirmation (spec 01 §5), asked once, recorded.
 */
import { NAME_MAX_LENGTH, type TRedirectProvider } from "@gyeol/shared/contracts/auth";
import { hasForbiddenChars, stripForbiddenChars } from "@gyeol/shared/contracts/text";
import { generateCodeVerifier, generateState } from "arctic";
import type { UserRow } from "../../db/schema.ts";
import type { Store } from "../../db/store.ts";
import type { SocialProviders } from "../../drivers/oauth/create-social-providers.ts";
import { InvalidGoogleTokenError } from "../../drivers/oauth/google-id-token.ts";
import { type SocialProfile, SocialProviderError } from "../../drivers/oauth/social-provider.ts";
import { AppError, isAppError } from "../../lib/app-error.ts";
import type { Clock } from "../../lib/clock.ts";
import { PLACEHOLDER_EMAIL_DOMAIN } from "../users/users.mapper.ts";
import type { UsersService } from "../users/users.service.ts";
import type { AuthService, ClientMeta, SignInOutcome } from "./auth.service.ts";

export type SocialOutcome =
  | SignInOutcome
  | { kind: "needsAgeConfirmation"; profile: SocialProfile }
  | { kind: "linkRequiresSignIn" };

export interface SocialAuthDeps {
  store: Store;
  users: UsersService;
  auth: AuthService;
  providers: SocialProviders;
  clock: Clock;
}

export const GOOGLE_FAILED_MESSAGE = "Google login failed.";
const NAME_FALLBACK = { google: "Google user", naver: "Naver user", kakao: "Kakao user" } as const;

function notConfigured(provider: string): AppError {
  return new AppError(
    503,
    "PROVIDER_NOT_CONFIGURED",
    `${provider} sign-in is not configured on this server.`,
  );
}

/**
 * A provider's answer is text we did not ask for (issue 11): a name keeps its printable
 * characters (NUL made PostgreSQL refuse the insert), an e-mail or an id holding a control
 * character is no e-mail, or no sign-in.
 */
function cleanProfile(profile: SocialProfile, refuse: (why: string) => Error): SocialProfile {
  if (!profile.subject || hasForbiddenChars(profile.subject))
    throw refuse("The provider's account id is not valid.");
  const hasCleanEmail = profile.email !== null && !hasForbiddenChars(profile.email);
  return {
    ...profile,
    name: stripForbiddenChars(profile.name).trim(),
    email: hasCleanEmail ? profile.email : null,
    isEmailVerified: hasCleanEmail && profile.isEmailVerified,
  };
}

function displayName(profile: SocialProfile): string {
  const name = profile.name.trim() || profile.email?.split("@")[0] || NAME_FALLBACK[profile.provider];
  // By code point: cutting UTF-16 units could leave half of an emoji, which PostgreSQL refuses.
  return [...name].slice(0, NAME_MAX_LENGTH).join("");
}

export type SocialAuthService = ReturnType<typeof createSocialAuthService>;

export function createSocialAuthService({ store, users, auth, providers, clock }: SocialAuthDeps) {
  async function signInIdentityUser(userId: number, meta: ClientMeta): Promise<SignInOutcome | null> {
    const user = await users.findById(userId);
    if (!user || user.deleted_at !== null) return null;
    return auth.beginSession(user, meta);
  }

  async function createAccount(profile: SocialProfile, meta: ClientMeta): Promise<SocialOutcome> {
    let user: UserRow;
    try {
      user = await users.create({
        name: displayName(profile),
        email: profile.email ?? `${profile.provider}.${profile.subject}@${PLACEHOLDER_EMAIL_DOMAIN}`,
        password: null,
        ageConfirmedAt: clock.now().toISOString(),
        identity: {
          provider: profile.provider,
          subject: profile.subject,
          email: profile.email,
          email_verified: profile.isEmailVerified ? 1 : 0,
        },
      });
    } catch (error) {
      // The same person finishing twice at once (two tabs): the other request made the account.
      if (!isAppError(error) || error.code !== "EMAIL_TAKEN") throw error;
      const identity = await store.identities.find(profile.provider, profile.subject);
      const outcome = identity ? await signInIdentityUser(identity.user_id, meta) : null;
      if (outcome) return outcome;
      return { kind: "linkRequiresSignIn" };
    }
    return auth.beginSession(user, meta);
  }

  return {
    /** Whether the button of `provider` can work on this server. */
    isConfigured(provider: TRedirectProvider | "google"): boolean {
      return provider === "google"
        ? providers.google !== undefined
        : providers.redirect[provider] !== undefined;
    },

    /** The provider's authorization URL, with a fresh state and PKCE verifier to keep in the cookie. */
    startRedirect(provider: TRedirectProvider, redirectUri: string) {
      const driver = providers.redirect[provider];
      if (!driver) throw notConfigured(provider);
      const state = generateState();
      const codeVerifier = generateCodeVerifier();
      return { url: driver.authorizationUrl({ state, codeVerifier, redirectUri }), state, codeVerifier };
    },

    /** The profile behind a callback's code; any provider failure is a SocialProviderError. */
    async finishRedirect(
      provider: TRedirectProvider,
      exchange: { code: string; state: string; codeVerifier: string; redirectUri: string },
    ): Promise<SocialProfile> {
      const driver = providers.redirect[provider];
      if (!driver) throw notConfigured(provider);
      return cleanProfile(await driver.exchangeCode(exchange), (why) => new SocialProviderError(why));
    },

    /** Verifies a Google ID token: 401 INVALID_GOOGLE_TOKEN (details: why) when it is not good. */
    async verifyGoogle(credential: string): Promise<SocialProfile> {
      if (!providers.google) throw notConfigured("Google");
      try {
        return cleanProfile(
          await providers.google.verify(credential),
          (why) => new InvalidGoogleTokenError(why),
        );
      } catch (error) {
        if (error instanceof InvalidGoogleTokenError) {
          throw new AppError(401, "INVALID_GOOGLE_TOKEN", GOOGLE_FAILED_MESSAGE, error.message);
        }
        throw error;
      }
    },

    /** The linking rules of the module comment, then a session (or the restore offer). */
    async signIn(
      profile: SocialProfile,
      options: { isAgeConfirmed: boolean; meta: ClientMeta },
    ): Promise<SocialOutcome> {
      const now = clock.now().toISOString();
      const identity = await store.identities.find(profile.provider, profile.subject);
      if (identity) {
        await store.identities.touch(identity.id, profile.email, profile.isEmailVerified ? 1 : 0, now);
        const outcome = await signInIdentityUser(identity.user_id, options.meta);
        if (outcome) return outcome;
      }
      const existing = profile.email ? await users.findByEmail(profile.email) : undefined;
      if (existing && existing.deleted_at === null) {
        if (!profile.isEmailVerified) return { kind: "linkRequiresSignIn" };
        await store.identities.insert({
          user_id: existing.id,
          provider: profile.provider,
          subject: profile.subject,
          email: profile.email,
          email_verified: 1,
          created_at: now,
        });
        return auth.beginSession(existing, options.meta);
      }
      if (!options.isAgeConfirmed) return { kind: "needsAgeConfirmation", profile };
      return createAccount(profile, options.meta);
    },

    /** My Page: how this account can sign in. */
    async listSignInMethods(user: UserRow) {
      const identities = await store.identities.listByUser(user.id);
      return {
        hasPassword: user.password_hash !== null,
        hasEmail: !user.email.endsWith(`@${PLACEHOLDER_EMAIL_DOMAIN}`),
        identities: identities.map((identity) => ({
          provider: identity.provider,
          email: identity.email,
          created_at: identity.created_at,
        })),
      };
    },
  };
}

export { SocialProviderError };
