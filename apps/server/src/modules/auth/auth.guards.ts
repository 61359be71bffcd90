/**
 * The guards other modules put in front of their routes: `requireUser` (401 AUTH_REQUIRED),
 * `requireReader` (the same for read-only polls) and `requireAdmin` (403 FORBIDDEN). Admin rights
 * are checked here, on the server (ARCHITECTURE "Admin rights are a role on the user ... checked
 * on the server, not only hidden in the UI").
 *
 * Guards run as onRequest hooks, before the body is read and before the schema looks at it: a
 * visitor learns nothing about a route's body rules (a 400 listing them) and no anonymous body is
 * parsed or buffered. `runFirst` makes that hold for every route, however a guard was attached.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from "fastify";
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

export type TGuardKind = "user" | "reader" | "admin";

export interface GuardedRoute {
  method: string;
  url: string;
  guard: TGuardKind;
}

export interface AuthGuards {
  /** The signed-in user (renewing the cookie when the session slid forward), or null. */
  resolveSession(request: FastifyRequest, reply: FastifyReply): Promise<UserRow | null>;
  requireUser: onRequestAsyncHookHandler;
  /**
   * requireUser for read-only polls (status, history): may reuse a session check up to
   * RECENT_SESSION_MS old (auth.service.ts). Never for writes or account data.
   */
  requireReader: onRequestAsyncHookHandler;
  requireAdmin: onRequestAsyncHookHandler;
  /**
   * Adds the onRoute hook that moves a guard attached as preParsing, preValidation or preHandler
   * to the front of the route's onRequest hooks, and notes every guarded route. Call once on the
   * root instance before any route is registered: child scopes inherit onRoute hooks.
   */
  runFirst(app: FastifyInstance): void;
  /** The routes registered with a guard since runFirst (tests enumerate them; an audit can too). */
  guardedRoutes(): readonly GuardedRoute[];
}

/** The hooks that run after the body is parsed or validated: a guard there comes too late. */
const LATE_HOOKS = ["preParsing", "preValidation", "preHandler"] as const;

const toArray = (hooks: unknown): unknown[] =>
  hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];

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

  const kinds = new Map<unknown, TGuardKind>([
    [requireUser, "user"],
    [requireReader, "reader"],
    [requireAdmin, "admin"],
  ]);
  const guarded: GuardedRoute[] = [];

  function runFirst(app: FastifyInstance) {
    app.addHook("onRoute", (route) => {
      const options = route as unknown as Record<string, unknown>;
      const found = new Set<unknown>(toArray(options.onRequest).filter((hook) => kinds.has(hook)));
      for (const stage of LATE_HOOKS) {
        const hooks = toArray(options[stage]);
        const late = hooks.filter((hook) => kinds.has(hook));
        if (late.length === 0) continue;
        options[stage] = hooks.filter((hook) => !kinds.has(hook));
        for (const hook of late) found.add(hook);
      }
      if (found.size === 0) return;
      // Guards first, ahead of the route's other onRequest hooks (a rate limit counts only
      // callers who got past them); the app-wide hooks (cookies, Origin) still run before.
      const others = toArray(options.onRequest).filter((hook) => !kinds.has(hook));
      options.onRequest = [...found, ...others];
      const strongest = [...found].map((hook) => kinds.get(hook)!);
      const guard = strongest.includes("admin") ? "admin" : strongest.includes("user") ? "user" : "reader";
      for (const method of toArray(route.method))
        guarded.push({ method: String(method), url: route.url, guard });
    });
  }

  return {
    resolveSession: (request, reply) => resolveSession(request, reply),
    requireUser,
    requireReader,
    requireAdmin,
    runFirst,
    guardedRoutes: () => guarded,
  };
}
