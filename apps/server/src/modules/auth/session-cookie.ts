/**
 * The session cookie (ARCHITECTURE "Sessions"): an opaque random token, httpOnly so scripts
 * cannot read it, SameSite=Lax so cross-site POSTs do not carry it, Secure behind https.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import type { IssuedSession } from "./auth.service.ts";

export const SESSION_COOKIE = "gyeol_session";
/** Set by logout in demo mode: this browser wants no demo user (demo-user.ts) until it closes. */
export const DEMO_OFF_COOKIE = "gyeol_demo_off";

export interface CookieSettings {
  isSecure: boolean;
}

export function readSessionToken(request: FastifyRequest): string | undefined {
  const value = request.cookies[SESSION_COOKIE];
  return value ? value : undefined;
}

export function setSessionCookie(reply: FastifyReply, session: IssuedSession, settings: CookieSettings) {
  reply.setCookie(SESSION_COOKIE, session.token, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: settings.isSecure,
    maxAge: session.maxAgeSeconds,
  });
}

export function clearSessionCookie(reply: FastifyReply, settings: CookieSettings) {
  reply.clearCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: settings.isSecure,
  });
}
