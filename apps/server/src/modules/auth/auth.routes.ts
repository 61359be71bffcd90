/**
 * POST /api/auth/register, POST /api/auth/login, POST /api/auth/logout, GET /api/auth/check
 * (spec 01 §7). Each route validates, calls one service method and maps the result. Login has two
 * limits (issue 11): per address here (@fastify/rate-limit) and per account in the service
 * (login-throttle.service.ts); both answer 429 RATE_LIMITED with Retry-After and details.scope.
 */
import {
  ZAuthCheckResponse,
  ZAuthUserResponse,
  ZLoginBody,
  ZRegisterBody,
} from "@gyeol/shared/contracts/auth";
import { ZSuccess } from "@gyeol/shared/contracts/common";
import { SESSION_EXPIRED_MESSAGE, ZSessionExpiredResponse } from "@gyeol/shared/contracts/errors";
import type { TLoginLimitDetails } from "@gyeol/shared/contracts/rate-limit";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { AppError, isAppError } from "../../lib/app-error.ts";
import type { Clock } from "../../lib/clock.ts";
import { randomToken } from "../../lib/crypto.ts";
import { toPublicUser } from "../users/users.mapper.ts";
import type { AuthGuards } from "./auth.guards.ts";
import type { AuthService } from "./auth.service.ts";
import { answerSignIn, clientMeta, toAuthUserResponse } from "./auth-response.ts";
import { type KnownDevice, loginAccountKey } from "./login-throttle.service.ts";
import {
  type CookieSettings,
  clearSessionCookie,
  DEMO_OFF_COOKIE,
  readSessionToken,
  setSessionCookie,
} from "./session-cookie.ts";
import { KNOWN_DEVICE_COOKIE, readSignedCookie, setSignedCookie } from "./signed-cookie.ts";

export const NETWORK_THROTTLED_MESSAGE =
  "Too many sign-in attempts from your network. Wait a minute, or sign in from a browser you have used before.";

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

  /** What this browser's known-device cookie vouches for (login-throttle.service.ts), if anything. */
  function knownDeviceOf(request: FastifyRequest): KnownDevice | null {
    const known = readSignedCookie<Partial<KnownDevice>>(request, KNOWN_DEVICE_COOKIE, secret, clock.now());
    if (typeof known?.account !== "string" || typeof known.device !== "string") return null;
    return { account: known.account, device: known.device };
  }

  /** After a correct password: this browser is known to the account from now on (a year, renewed). */
  function rememberDevice(request: FastifyRequest, reply: FastifyReply, email: string) {
    const account = loginAccountKey(email);
    const known = knownDeviceOf(request);
    const device = known?.account === account ? known.device : randomToken(16);
    setSignedCookie(reply, KNOWN_DEVICE_COOKIE, secret, { account, device }, clock.now(), cookies);
  }

  const loginRateLimit = {
    ...rateLimit,
    // Counted after validation, when the e-mail is known: a browser that signed in to this
    // account before is not held by its network's count (a busy office or mobile NAT); the
    // account limit still counts its failures (login-throttle.service.ts).
    hook: "preHandler" as const,
    allowList: (request: FastifyRequest) => {
      const email = (request.body as { email?: unknown } | undefined)?.email;
      return typeof email === "string" && knownDeviceOf(request)?.account === loginAccountKey(email);
    },
    errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) =>
      new AppError(429, "RATE_LIMITED", NETWORK_THROTTLED_MESSAGE, {
        scope: "network",
        retryAfterSeconds: Math.max(1, Math.ceil(context.ttl / 1000)),
      } satisfies TLoginLimitDetails),
  };

  r.post(
    "/api/auth/register",
    { schema: { body: ZRegisterBody, response: { 200: ZAuthUserResponse } }, config: { rateLimit } },
    async (request, reply) => {
      const { user, session } = await auth.register(request.body, clientMeta(request));
      setSessionCookie(reply, session, cookies);
      rememberDevice(request, reply, request.body.email);
      return toAuthUserResponse(user);
    },
  );

  r.post(
    "/api/auth/login",
    {
      schema: { body: ZLoginBody, response: { 200: ZAuthUserResponse } },
      config: { rateLimit: loginRateLimit },
    },
    async (request, reply) => {
      const outcome = await auth
        .login(request.body, clientMeta(request), knownDeviceOf(request))
        .catch((error: unknown) => {
          throw withRetryAfter(reply, error);
        });
      rememberDevice(request, reply, request.body.email);
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

/** A 429 that says how long to wait says it in Retry-After too (RFC 9110 §10.2.3). */
function withRetryAfter(reply: FastifyReply, error: unknown): unknown {
  if (isAppError(error) && error.status === 429) {
    const seconds = (error.details as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
    if (typeof seconds === "number") reply.header("retry-after", String(seconds));
  }
  return error;
}
