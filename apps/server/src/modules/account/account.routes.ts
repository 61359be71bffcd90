/**
 * POST /api/account/delete           { password } or { confirmation: "DELETE" } → { success, purgeAt }
 * POST /api/account/restore          the restore offer a sign-in left (signed cookie) → the user
 * GET  /api/account/restore-offer    { purgeAt } of that offer, for the login page's dialog
 * GET  /api/account/sign-in-methods  password and linked Google / Naver / Kakao sign-ins (My Page)
 */
import {
  ZDeleteAccountBody,
  ZDeleteAccountResponse,
  ZSignInMethodsResponse,
} from "@gyeol/shared/contracts/account";
import { ZSocialCompleteResponse } from "@gyeol/shared/contracts/auth";
import { safeReturnPath } from "@gyeol/shared/return-path";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../lib/app-error.ts";
import type { Clock } from "../../lib/clock.ts";
import type { AuthGuards } from "../auth/auth.guards.ts";
import { clientMeta, toAuthUserResponse } from "../auth/auth-response.ts";
import { type CookieSettings, clearSessionCookie, setSessionCookie } from "../auth/session-cookie.ts";
import { clearSignedCookie, RESTORE_COOKIE, readSignedCookie } from "../auth/signed-cookie.ts";
import type { SocialAuthService } from "../auth/social-auth.service.ts";
import type { AccountService } from "./account.service.ts";

export interface AccountRoutesDeps {
  account: AccountService;
  social: SocialAuthService;
  guards: AuthGuards;
  cookies: CookieSettings;
  secret: string;
  clock: Clock;
  rateLimitMax: number;
}

interface RestorePayload {
  userId: number;
  purgeAt: string;
  next: string | null;
}

const NO_OFFER = () => new AppError(410, "SIGNIN_EXPIRED", "Sign in again to restore your account.");

export function registerAccountRoutes(app: FastifyInstance, deps: AccountRoutesDeps) {
  const { account, guards, cookies, secret, clock } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const rateLimit = { max: deps.rateLimitMax, timeWindow: 60_000 };

  r.post(
    "/api/account/delete",
    {
      schema: { body: ZDeleteAccountBody, response: { 200: ZDeleteAccountResponse } },
      onRequest: guards.requireUser,
      config: { rateLimit },
    },
    async (request, reply) => {
      const { purgeAt } = await account.requestDeletion(request.user!, request.body);
      clearSessionCookie(reply, cookies);
      return { success: true as const, purgeAt };
    },
  );

  r.get(
    "/api/account/restore-offer",
    { schema: { response: { 200: z.object({ success: z.literal(true), purgeAt: z.string() }) } } },
    async (request) => {
      const offer = readSignedCookie<RestorePayload>(request, RESTORE_COOKIE, secret, clock.now());
      if (!offer) throw NO_OFFER();
      return { success: true as const, purgeAt: offer.purgeAt };
    },
  );

  r.post(
    "/api/account/restore",
    { schema: { response: { 200: ZSocialCompleteResponse } }, config: { rateLimit } },
    async (request, reply) => {
      const offer = readSignedCookie<RestorePayload>(request, RESTORE_COOKIE, secret, clock.now());
      if (!offer) throw NO_OFFER();
      const { user, session } = await account.restore(offer.userId, clientMeta(request));
      clearSignedCookie(reply, RESTORE_COOKIE, cookies);
      setSessionCookie(reply, session, cookies);
      // The web app navigates there: checked again, not trusted because we signed it.
      return { ...toAuthUserResponse(user), next: safeReturnPath(offer.next) ?? "/" };
    },
  );

  r.get(
    "/api/account/sign-in-methods",
    { schema: { response: { 200: ZSignInMethodsResponse } }, onRequest: guards.requireUser },
    async (request) => ({ success: true as const, ...(await deps.social.listSignInMethods(request.user!)) }),
  );
}
