/**
 * POST /api/auth/register, POST /api/auth/login, POST /api/auth/logout, GET /api/auth/check
 * (spec 01 §7). Each route validates, calls one service method and maps the result.
 */
import {
  type TAuthUserResponse,
  ZAuthCheckResponse,
  ZAuthUserResponse,
  ZLoginBody,
  ZRegisterBody,
} from "@gyeol/shared/contracts/auth";
import { ZSuccess } from "@gyeol/shared/contracts/common";
import { SESSION_EXPIRED_MESSAGE, ZSessionExpiredResponse } from "@gyeol/shared/contracts/errors";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { UserRow } from "../../db/schema.ts";
import { toPublicUser } from "../users/users.mapper.ts";
import type { AuthGuards } from "./auth.guards.ts";
import type { AuthService, ClientMeta } from "./auth.service.ts";
import {
  type CookieSettings,
  clearSessionCookie,
  readSessionToken,
  setSessionCookie,
} from "./session-cookie.ts";

export interface AuthRoutesDeps {
  auth: AuthService;
  guards: AuthGuards;
  cookies: CookieSettings;
  /** Attempts per minute per IP, for login and for register separately. */
  rateLimitMax: number;
}

function clientMeta(request: FastifyRequest): ClientMeta {
  return { ip: request.ip ?? null, userAgent: request.headers["user-agent"] ?? null };
}

/** The spec's fields (id, email, nickname, credits; spec 01 §7) plus the whole public user. */
function toAuthUserResponse(user: UserRow): TAuthUserResponse {
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

export function registerAuthRoutes(
  app: FastifyInstance,
  { auth, guards, cookies, rateLimitMax }: AuthRoutesDeps,
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
      const { user, session } = await auth.login(request.body, clientMeta(request));
      setSessionCookie(reply, session, cookies);
      return toAuthUserResponse(user);
    },
  );

  r.post("/api/auth/logout", { schema: { response: { 200: ZSuccess } } }, async (request, reply) => {
    await auth.logout(readSessionToken(request));
    clearSessionCookie(reply, cookies);
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
      if (!readSessionToken(request)) return { isAuthenticated: false, user: null };
      const user = await guards.resolveSession(request, reply);
      if (user) return { isAuthenticated: true, user: toPublicUser(user) };
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
