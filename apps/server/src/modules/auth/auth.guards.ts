/**
 * preHandlers other modules put in front of their routes: `requireUser` (401 AUTH_REQUIRED) and
 * `requireAdmin` (403 FORBIDDEN). Admin rights are checked here, on the server (ARCHITECTURE
 * "Admin rights are a role on the user ... checked on the server, not only hidden in the UI").
 */
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from "fastify";
import type { UserRow } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";
import type { AuthService } from "./auth.service.ts";
import {
  type CookieSettings,
  DEMO_OFF_COOKIE,
  readSessionToken,
  setSessionCookie,
} from "./session-cookie.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** Set by requireUser / requireAdmin / resolveSession; null for visitors. */
    user: UserRow | null;
  }
}

export interface AuthGuards {
  /** The signed-in user (renewing the cookie when the session slid forward), or null. */
  resolveSession(request: FastifyRequest, reply: FastifyReply): Promise<UserRow | null>;
  requireUser: preHandlerAsyncHookHandler;
  /**
   * requireUser for read-only polls (status, history): may reuse a session check up to
   * RECENT_SESSION_MS old (auth.service.ts). Never for writes or account data.
   */
  requireReader: preHandlerAsyncHookHandler;
  requireAdmin: preHandlerAsyncHookHandler;
}

export function createAuthGuards(auth: AuthService, cookies: CookieSettings): AuthGuards {
  async function resolveSession(request: FastifyRequest, reply: FastifyReply, reuseRecent = false) {
    const token = readSessionToken(request);
    if (!token) return auth.isDemoMode ? signInDemo(request, reply) : null;
    const found = reuseRecent ? await auth.authenticateRecent(token) : await auth.authenticate(token);
    if (!found) return null;
    if (found.renewed) setSessionCookie(reply, found.renewed, cookies);
    request.user = found.user;
    return found.user;
  }

  /**
   * Demo mode (DEMO_MODE, demo-user.ts): a visitor without a session is signed in as the demo
   * user, with no password (spec 01 §6 "a demo user is auto-logged in"), unless this browser
   * signed out of it. The auth service refuses this when the setting is off.
   */
  async function signInDemo(request: FastifyRequest, reply: FastifyReply) {
    if (request.cookies[DEMO_OFF_COOKIE]) return null;
    const { user, session } = await auth.signInDemo({
      ip: request.ip ?? null,
      userAgent: request.headers["user-agent"] ?? null,
    });
    setSessionCookie(reply, session, cookies);
    request.user = user;
    return user;
  }

  async function requireUser(request: FastifyRequest, reply: FastifyReply) {
    const user = await resolveSession(request, reply);
    if (!user) throw new AppError(401, "AUTH_REQUIRED", "Please log in to continue.");
  }

  async function requireReader(request: FastifyRequest, reply: FastifyReply) {
    const user = await resolveSession(request, reply, true);
    if (!user) throw new AppError(401, "AUTH_REQUIRED", "Please log in to continue.");
  }

  async function requireAdmin(request: FastifyRequest, reply: FastifyReply) {
    const user = await resolveSession(request, reply);
    if (!user) throw new AppError(401, "AUTH_REQUIRED", "Please log in to continue.");
    if (user.role !== "admin") throw new AppError(403, "FORBIDDEN", "Only an administrator may do this.");
  }

  return {
    resolveSession: (request, reply) => resolveSession(request, reply),
    requireUser,
    requireReader,
    requireAdmin,
  };
}
