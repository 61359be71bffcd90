import type { UserIdentityRow } from "../../db/schema.ts";

/** A sign-in identity (e-mail or a social provider) to link to a user; written by the auth module. */
export interface NewIdentity {
  user_id: number;
  provider: UserIdentityRow["provider"];
  subject: string;
  email: string | null;
  email_verified: number;
  created_at: string;
}
