import { z } from "zod";
import { ZPublicUser } from "./user.ts";

/** Limits we chose where the spec says "not shown" (spec 01 §5 password rules). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 50;
export const EMAIL_MAX_LENGTH = 254;

const ZEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX_LENGTH)
  .pipe(z.email({ message: "Enter a valid e-mail address." }));

/** POST /api/auth/register (spec 01 §7) */
export const ZRegisterBody = z.object({
  name: z.string().trim().min(1, "Enter your name.").max(NAME_MAX_LENGTH),
  email: ZEmail,
  password: z
    .string()
    .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters.`)
    .max(PASSWORD_MAX_LENGTH),
});
export type TRegisterBody = z.infer<typeof ZRegisterBody>;

/** POST /api/auth/login (spec 01 §7) */
export const ZLoginBody = z.object({
  email: ZEmail,
  password: z.string().min(1, "Enter your password.").max(PASSWORD_MAX_LENGTH),
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
