/**
 * Short-lived, signed cookie values for the steps of a sign-in that span a redirect: the OAuth
 * state (with the PKCE verifier and the return path), a first social sign-in waiting for the age
 * confirmation, and the restore offer of an account inside its deletion window. The browser holds
 * them but cannot read their purpose into another or change them: each is
 * base64url(JSON) + "." + HMAC-SHA256(secret, purpose + "." + body), with an expiry inside.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { CookieSettings } from "./session-cookie.ts";

export type TSignedPurpose = "oauth-state" | "social-pending" | "restore" | "known-device";

function mac(secret: string, purpose: TSignedPurpose, body: string): string {
  return createHmac("sha256", secret).update(`${purpose}.${body}`).digest("base64url");
}

export function signValue(secret: string, purpose: TSignedPurpose, payload: object, expiresAt: Date): string {
  const body = Buffer.from(JSON.stringify({ ...payload, exp: expiresAt.getTime() })).toString("base64url");
  return `${body}.${mac(secret, purpose, body)}`;
}

/** The payload, or null when the value is missing, forged, for another purpose or expired at `now`. */
export function verifyValue<T extends object>(
  secret: string,
  purpose: TSignedPurpose,
  value: string | undefined,
  now: Date,
): T | null {
  if (!value) return null;
  const [body, signature, extra] = value.split(".");
  if (!body || !signature || extra !== undefined) return null;
  const expected = Buffer.from(mac(secret, purpose, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const payload = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as T & { exp?: unknown };
    if (typeof payload.exp !== "number" || payload.exp <= now.getTime()) return null;
    return payload;
  } catch {
    return null;
  }
}

export interface SignedCookieSpec {
  name: string;
  purpose: TSignedPurpose;
  /** Narrow paths: the value travels only to the routes that read it. */
  path: string;
  ttlMs: number;
}

/** gyeol_oauth: one redirect sign-in in flight (10 minutes is plenty to log in at Naver/Kakao). */
export const OAUTH_STATE_COOKIE: SignedCookieSpec = {
  name: "gyeol_oauth",
  purpose: "oauth-state",
  path: "/api/auth",
  ttlMs: 10 * 60_000,
};
export const SOCIAL_PENDING_COOKIE: SignedCookieSpec = {
  name: "gyeol_social_pending",
  purpose: "social-pending",
  path: "/api/auth",
  ttlMs: 15 * 60_000,
};
export const RESTORE_COOKIE: SignedCookieSpec = {
  name: "gyeol_restore",
  purpose: "restore",
  path: "/api/account",
  ttlMs: 10 * 60_000,
};

/**
 * gyeol_device: this browser signed in to the account with the password before (login-throttle
 * service: its failures are counted apart from strangers'). Sent to the login call only.
 */
export const KNOWN_DEVICE_COOKIE: SignedCookieSpec = {
  name: "gyeol_device",
  purpose: "known-device",
  path: "/api/auth/login",
  ttlMs: 365 * 24 * 60 * 60_000,
};

export function setSignedCookie(
  reply: FastifyReply,
  spec: SignedCookieSpec,
  secret: string,
  payload: object,
  now: Date,
  settings: CookieSettings,
) {
  const expiresAt = new Date(now.getTime() + spec.ttlMs);
  reply.setCookie(spec.name, signValue(secret, spec.purpose, payload, expiresAt), {
    httpOnly: true,
    // Lax: the provider's redirect back to the callback is a top-level GET, which carries it.
    sameSite: "lax",
    path: spec.path,
    secure: settings.isSecure,
    maxAge: Math.floor(spec.ttlMs / 1000),
  });
}

export function readSignedCookie<T extends object>(
  request: FastifyRequest,
  spec: SignedCookieSpec,
  secret: string,
  now: Date,
): T | null {
  return verifyValue<T>(secret, spec.purpose, request.cookies[spec.name], now);
}

export function clearSignedCookie(reply: FastifyReply, spec: SignedCookieSpec, settings: CookieSettings) {
  reply.clearCookie(spec.name, {
    httpOnly: true,
    sameSite: "lax",
    path: spec.path,
    secure: settings.isSecure,
  });
}
