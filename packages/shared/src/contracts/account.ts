import { z } from "zod";
import { PASSWORD_MAX_LENGTH } from "./auth.ts";
import { ZSingleLine } from "./text.ts";

/**
 * Account lifecycle (spec 01 §4 "deletion has a 14-day undo window"; policy.ts
 * ACCOUNT_DELETION_UNDO_DAYS). Deleting asks for the password of a password account, or the typed
 * confirmation word of an account that signs in only through Google, Naver or Kakao.
 */
export const ACCOUNT_DELETE_CONFIRMATION = "DELETE";

/** POST /api/account/delete */
export const ZDeleteAccountBody = z
  .object({
    password: ZSingleLine.min(1).max(PASSWORD_MAX_LENGTH).optional(),
    confirmation: ZSingleLine.trim().max(32).optional(),
  })
  .refine((body) => body.password !== undefined || body.confirmation !== undefined, {
    message: "Enter your password or type the confirmation word.",
  });
export type TDeleteAccountBody = z.infer<typeof ZDeleteAccountBody>;

export const ZDeleteAccountResponse = z.object({
  success: z.literal(true),
  /** When the account and its data are removed unless restored first (ISO 8601). */
  purgeAt: z.string(),
});
export type TDeleteAccountResponse = z.infer<typeof ZDeleteAccountResponse>;

/** Details of the 409 ACCOUNT_PENDING_DELETION a sign-in answers during the undo window. */
export const ZPendingDeletionDetails = z.object({ purgeAt: z.string() });
export type TPendingDeletionDetails = z.infer<typeof ZPendingDeletionDetails>;

/** GET /api/account/sign-in-methods: how this account can sign in (My Page). */
export const ZSignInMethodsResponse = z.object({
  success: z.literal(true),
  hasPassword: z.boolean(),
  /** The e-mail is a real address (not withheld by the provider). */
  hasEmail: z.boolean(),
  identities: z.array(
    z.object({
      provider: z.enum(["google", "naver", "kakao"]),
      email: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
});
export type TSignInMethodsResponse = z.infer<typeof ZSignInMethodsResponse>;
