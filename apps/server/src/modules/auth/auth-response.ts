/** Answers shared by the sign-in routes (password, Google, social completion, restore). */
import type { TAuthUserResponse } from "@gyeol/shared/contracts/auth";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { UserRow } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";
import { toPublicUser } from "../users/users.mapper.ts";
import type { ClientMeta, SignInOutcome } from "./auth.service.ts";
import { type CookieSettings, setSessionCookie } from "./session-cookie.ts";
import { RESTORE_COOKIE, setSignedCookie } from "./signed-cookie.ts";

export function clientMeta(request: FastifyRequest): ClientMeta {
  return { ip: request.ip ?? null, userAgent: request.headers["user-agent"] ?? null };
}

/** The spec's fields (id, email, nickname, credits; spec 01 §7) plus the whole public user. */
export function toAuthUserResponse(user: UserRow): TAuthUserResponse {
  const publicUser = toPublicUser(user);
  return {
    success: true,
    id: publicUser.id,
    email: publicUser.email,
    nickname: publicUser.nickname,
    credits: publicUser.credits,
    user: publicUser,
  };
}

export const PENDING_DELETION_MESSAGE =
  "This account is scheduled for deletion. Restore it to keep using it.";

export interface OutcomeContext {
  cookies: CookieSettings;
  secret: string;
  now: Date;
  /** Where to go after a restore (redirect sign-ins). */
  next?: string;
}

/**
 * A session cookie and the user, or, for an account inside its deletion window, the signed restore
 * offer and 409 ACCOUNT_PENDING_DELETION with the purge date (spec 01 §4 14-day undo window).
 */
export function answerSignIn(reply: FastifyReply, outcome: SignInOutcome, context: OutcomeContext) {
  if (outcome.kind === "pendingDeletion") {
    offerRestore(reply, outcome, context);
    throw new AppError(409, "ACCOUNT_PENDING_DELETION", PENDING_DELETION_MESSAGE, {
      purgeAt: outcome.purgeAt,
    });
  }
  setSessionCookie(reply, outcome.session, context.cookies);
  return toAuthUserResponse(outcome.user);
}

export function offerRestore(
  reply: FastifyReply,
  outcome: { userId: number; purgeAt: string },
  context: OutcomeContext,
) {
  setSignedCookie(
    reply,
    RESTORE_COOKIE,
    context.secret,
    { userId: outcome.userId, purgeAt: outcome.purgeAt, next: context.next ?? null },
    context.now,
    context.cookies,
  );
}
