/**
 * POST /api/auth/register, POST /api/auth/login, POST /api/auth/logout, GET /api/auth/check
 * (spec 01 §7). Each route validates, calls one service method and maps the result.
 */
import {
  ZAuthCheckResponse,
  ZAuthUserResponse,
  ZLoginBody,
  ZRegisterBody,
} from "@gyeol/shared/contracts/auth";
import { ZSuccess } from "@gyeol/shared/contracts/common";
import { SESSION_EXPIRED_MESSAGE, ZSessionExpiredResponse } from "@gyeol/shared/contracts/errors";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Clock } from "../../lib/clock.ts";
import { toPublicUser } from "../users/users.mapper.ts";
import type { AuthGuards } from "./auth.guards.ts";
import type { AuthService } from "./auth.service.ts";
import { answerSignIn, clientMeta, toAuthUserResponse } from "./auth-response.ts";
import {
  type CookieSettings,
  clearSessionCookie,
  DEMO_OFF_COOKIE,
  readSessionToken,
  setSessionCookie,
} from "./session-cookie.ts";

export interface AuthRoutesDeps {
  auth: AuthService;
  guards: AuthGuards;
  cookies: CookieSettings;
  /** Attempts per minute per IP, for login and for register separately. */
  rateLimitMax: number;
  /** HMAC key of the restore offer a login into a deleting account sets (signed-cookie.ts). */
  secret: string;
  clock: Clock;
}

export function registerAuthRoutes(
  app: FastifyInstance,
  { auth, guards, cookies, rateLimitMax, secret, clock }: AuthRoutesDeps,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const rateLimit = { max: rateLimitMax, timeWindow: 60_000 };

  r.post(
    "/api/auth/register",
    { schema: { body: ZRegisterBody, response: { 200: ZAuthUserResponse } }, config: { rateLimit } },
    async (request, reply) => {
      const { user, session } = await auth.register(request.body, clientMeta(request));
      setSessionCookie(reply, session, cookies);
      return toAuthUserResponse(user);
    },
  );

  r.post(
    "/api/auth/login",
    { schema: { body: ZLoginBody, response: { 200: ZAuthUserResponse } }, config: { rateLimit } },
    async (request, reply) => {
      const outcome = await auth.login(request.body, clientMeta(request));
      return answerSignIn(reply, outcome, { cookies, secret, now: clock.now() });
    },
  );

  r.post("/api/auth/logout", { schema: { response: { 200: ZSuccess } } }, async (request, reply) => {
    await auth.logout(readSessionToken(request));
    clearSessionCookie(reply, cookies);
    // In demo mode, signing out means "no demo user in this browser" until it closes.
    if (auth.isDemoMode)
      reply.setCookie(DEMO_OFF_COOKIE, "1", { httpOnly: true, sameSite: "lax", path: "/" });
    return { success: true as const };
  });

  /**
   * Visitors who never signed in get 200 anonymous; a cookie that no longer works gets 401
   * SESSION_EXPIRED, which opens the session-expired modal (spec 01 §4, §8).
   */
  r.get(
    "/api/auth/check",
    { schema: { response: { 200: ZAuthCheckResponse, 401: ZSessionExpiredResponse } } },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const hadToken = readSessionToken(request) !== undefined;
      const user = await guards.resolveSession(request, reply);
      if (user) return { isAuthenticated: true, user: toPublicUser(user) };
      if (!hadToken) return { isAuthenticated: false, user: null };
      clearSessionCookie(reply, cookies);
      return reply.code(401).send({
        success: false,
        isAuthenticated: false,
        user: null,
        code: "SESSION_EXPIRED" as const,
        error: SESSION_EXPIRED_MESSAGE,
        message: SESSION_EXPIRED_MESSAGE,
      });
    },
  );
}
