/**
 * Password reset by e-mail (not shown in the spec; users expect it). The link carries a random
 * token; only its sha256 is stored. A token works once, for an hour, and asking for a new link
 * or finishing a reset voids the others. Asking answers the same whether or not the e-mail has
 * an account, so the form cannot be used to find out who is a member.
 */
import type { TForgotPasswordBody, TResetPasswordBody } from "@gyeol/shared/contracts/auth";
import type { Store } from "../../db/store.ts";
import type { MailDriver } from "../../drivers/mail/mail-driver.ts";
import { AppError } from "../../lib/app-error.ts";
import type { Clock } from "../../lib/clock.ts";
import { randomToken, sha256Hex } from "../../lib/crypto.ts";
import { isDemoUser } from "../users/demo-user.ts";
import type { UsersService } from "../users/users.service.ts";

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

export interface PasswordResetDeps {
  store: Store;
  users: UsersService;
  mail: MailDriver;
  clock: Clock;
}

const MAIL = {
  ko: {
    subject: "[결] 비밀번호 재설정 안내",
    text: (link: string) =>
      `비밀번호 재설정을 요청하셨습니다.\n\n아래 링크에서 새 비밀번호를 설정하세요. 링크는 1시간 동안 한 번만 사용할 수 있습니다.\n\n${link}\n\n요청하지 않으셨다면 이 메일을 무시하세요. 비밀번호는 바뀌지 않습니다.`,
  },
  en: {
    subject: "[Gyeol] Reset your password",
    text: (link: string) =>
      `Someone asked to reset the password of your Gyeol account.\n\nSet a new password here. The link works once, for one hour.\n\n${link}\n\nIf it was not you, ignore this e-mail: your password stays as it is.`,
  },
} as const;

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;

export function createPasswordResetService({ store, users, mail, clock }: PasswordResetDeps) {
  return {
    /** Sends the link when the e-mail has a usable account; silent otherwise. */
    async requestReset(input: TForgotPasswordBody, origin: string): Promise<void> {
      const user = await users.findByEmail(input.email);
      if (!user || user.deleted_at !== null || user.deletion_requested_at !== null || isDemoUser(user))
        return;
      const now = clock.now();
      const token = randomToken(32);
      await store.passwordResets.invalidateForUser(user.id, now.toISOString());
      await store.passwordResets.insert({
        id: sha256Hex(token),
        user_id: user.id,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + RESET_TOKEN_TTL_MS).toISOString(),
        used_at: null,
      });
      const locale = input.locale ?? "ko";
      const path = locale === "en" ? "/en/reset-password" : "/reset-password";
      const link = `${origin}${path}?token=${encodeURIComponent(token)}`;
      await mail.send({ to: user.email, subject: MAIL[locale].subject, text: MAIL[locale].text(link) });
    },

    /** Sets the new password and signs the user out everywhere (a reset often follows a theft). */
    async resetPassword(input: TResetPasswordBody): Promise<void> {
      const now = clock.now().toISOString();
      const userId = await store.passwordResets.consume(sha256Hex(input.token), now);
      if (userId === undefined) {
        throw new AppError(400, "INVALID_RESET_TOKEN", "This reset link is invalid or has expired.");
      }
      await users.setPassword(userId, input.password);
      await store.passwordResets.invalidateForUser(userId, now);
      await store.account.deleteSessionsOf(userId);
      // The e-mailed link proves the owner: the login limit's count against the old password goes.
      await store.loginFailures.forgetUser(userId);
    },
  };
}
