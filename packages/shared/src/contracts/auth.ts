import { z } from "zod";
import { ZSingleLine } from "./text.ts";
import { ZPublicUser } from "./user.ts";

/** Limits we chose where the spec says "not shown" (spec 01 §5 password rules). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 50;
export const EMAIL_MAX_LENGTH = 254;

const ZEmail = ZSingleLine.trim()
  .toLowerCase()
  .max(EMAIL_MAX_LENGTH)
  .pipe(z.email({ message: "Enter a valid e-mail address." }));

const ZNewPassword = ZSingleLine.min(
  PASSWORD_MIN_LENGTH,
  `Use at least ${PASSWORD_MIN_LENGTH} characters.`,
).max(PASSWORD_MAX_LENGTH);

/** The account fields of a sign-up (the operator CLI creates users from these alone). */
export const ZAccountFields = z.object({
  name: ZSingleLine.trim().min(1, "Enter your name.").max(NAME_MAX_LENGTH),
  email: ZEmail,
  password: ZNewPassword,
});

/**
 * The user confirms being 14 or older (spec 01 §5, §9: the terms' minimum age). Every way of
 * signing up asks, and the server records when.
 */
export const ZAgeConfirmed = z.literal(true, { message: "Confirm that you are 14 or older." });

/** POST /api/auth/register (spec 01 §7: name, email, password) plus the age confirmation. */
export const ZRegisterBody = ZAccountFields.extend({ ageConfirmed: ZAgeConfirmed });
export type TRegisterBody = z.infer<typeof ZRegisterBody>;

/** POST /api/auth/login (spec 01 §7) */
export const ZLoginBody = z.object({
  email: ZEmail,
  password: ZSingleLine.min(1, "Enter your password.").max(PASSWORD_MAX_LENGTH),
});
export type TLoginBody = z.infer<typeof ZLoginBody>;

/** Answer of login and register: the spec's fields (id, email, nickname, credits) plus the user. */
export const ZAuthUserResponse = z.object({
  success: z.literal(true),
  id: z.number().int(),
  email: z.string(),
  nickname: z.string(),
  credits: z.number().int(),
  user: ZPublicUser,
});
export type TAuthUserResponse = z.infer<typeof ZAuthUserResponse>;

/**
 * GET /api/auth/check. 200 with isAuthenticated false for a visitor who never signed in;
 * 401 (code SESSION_EXPIRED) when a session cookie was sent but is no longer valid, which
 * opens the session-expired modal (spec 01 §4).
 */
export const ZAuthCheckResponse = z.object({
  isAuthenticated: z.boolean(),
  user: ZPublicUser.nullable(),
});
export type TAuthCheckResponse = z.infer<typeof ZAuthCheckResponse>;

/** POST /api/auth/google (spec 01 §7): the ID token Google Identity Services handed the page. */
export const ZGoogleSignInBody = z.object({
  credential: ZSingleLine.min(1).max(8192),
  /** Sent again from the age-confirmation step of a first Google sign-in. */
  ageConfirmed: z.literal(true).optional(),
});
export type TGoogleSignInBody = z.infer<typeof ZGoogleSignInBody>;

export const SOCIAL_PROVIDERS = ["google", "naver", "kakao"] as const;
export type TSocialProvider = (typeof SOCIAL_PROVIDERS)[number];
/** The providers that sign in by a full-page redirect (spec 01 §2 Login page). */
export const REDIRECT_PROVIDERS = ["naver", "kakao"] as const;
export type TRedirectProvider = (typeof REDIRECT_PROVIDERS)[number];

/**
 * `?error=` values the redirect sign-in sends the login page back with; the page explains each.
 * provider_not_configured: the server has no client id for it; state_mismatch: the callback did not
 * match the sign-in this browser started (or it took too long); provider_error: the provider refused
 * or could not be reached (the user cancelled, a bad code); link_requires_signin: an account with the
 * e-mail exists but the provider does not vouch for the address.
 */
export const SOCIAL_ERRORS = [
  "provider_not_configured",
  "state_mismatch",
  "provider_error",
  "link_requires_signin",
] as const;
export type TSocialError = (typeof SOCIAL_ERRORS)[number];

/** GET /api/auth/social/pending: the first social sign-in waiting for the age confirmation. */
export const ZSocialPendingResponse = z.object({
  success: z.literal(true),
  provider: z.enum(SOCIAL_PROVIDERS),
  email: z.string().nullable(),
  name: z.string(),
  next: z.string(),
});
export type TSocialPendingResponse = z.infer<typeof ZSocialPendingResponse>;

/** POST /api/auth/social/complete */
export const ZSocialCompleteBody = z.object({ ageConfirmed: ZAgeConfirmed });

/** The answer of a social completion: the signed-in user and where to go next. */
export const ZSocialCompleteResponse = ZAuthUserResponse.extend({ next: z.string() });
export type TSocialCompleteResponse = z.infer<typeof ZSocialCompleteResponse>;

/** POST /api/auth/password/forgot: the same answer whether or not the e-mail has an account. */
export const ZForgotPasswordBody = z.object({
  email: ZEmail,
  locale: z.enum(["ko", "en"]).optional(),
});
export type TForgotPasswordBody = z.infer<typeof ZForgotPasswordBody>;

/** POST /api/auth/password/reset */
export const ZResetPasswordBody = z.object({
  token: ZSingleLine.min(16).max(256),
  password: ZNewPassword,
});
export type TResetPasswordBody = z.infer<typeof ZResetPasswordBody>;
