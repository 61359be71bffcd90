/**
 * CSRF defence next to SameSite=Lax (ARCHITECTURE "state-changing requests check Origin"). A
 * POST, PUT, PATCH or DELETE must say that it comes from this site: its Origin is this server's
 * own origin, PUBLIC_ORIGIN or one of ALLOWED_ORIGINS; a request with no Origin at all (older
 * browsers on some same-origin form posts, privacy extensions that strip it) passes on a Referer
 * from one of those origins instead. Neither header, `Origin: null`, or another site: 403
 * ORIGIN_MISMATCH, before the body is read. Browsers send Origin on every such request, so only
 * scripts and servers ever lack both, and those talk to the signed webhooks, which are the one
 * exception: a route opts out with `config: { originCheck: false }` and proves itself by its
 * signature instead (billing.routes.ts, POST /api/payment/webhook[/:provider]).
 */
import type { FastifyRequest, onRequestHookHandler } from "fastify";
import { AppError } from "../lib/app-error.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /** false to skip the Origin check (signed webhooks only). Default: checked. */
    originCheck?: boolean;
  }
}

const STATE_CHANGING_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

function normalizeOrigin(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : null;
  } catch {
    return null;
  }
}

function ownOrigin(request: FastifyRequest): string | null {
  return normalizeOrigin(`${request.protocol}://${request.host}`);
}

/** Where the request says it comes from: Origin when sent (even "null"), else the Referer's origin. */
function sourceOrigin(request: FastifyRequest): string | null {
  const { origin, referer } = request.headers;
  if (origin !== undefined) return normalizeOrigin(origin);
  return referer === undefined ? null : normalizeOrigin(referer);
}

export function createOriginCheck(trustedOrigins: readonly string[]): onRequestHookHandler {
  const trusted = new Set(trustedOrigins.map((o) => normalizeOrigin(o)).filter((o) => o !== null));
  const isAllowed = (request: FastifyRequest) => {
    if (!STATE_CHANGING_METHODS.has(request.method)) return true;
    if (request.routeOptions.config?.originCheck === false) return true;
    const source = sourceOrigin(request);
    return source !== null && (source === ownOrigin(request) || trusted.has(source));
  };
  // A callback hook, not an async one: it runs on every request and needs no promise.
  return (request, _reply, done) => {
    if (isAllowed(request)) return done();
    const hasSource = request.headers.origin !== undefined || request.headers.referer !== undefined;
    done(
      new AppError(
        403,
        "ORIGIN_MISMATCH",
        hasSource
          ? "This request came from another site and was refused."
          : "This request did not say which site sent it (no Origin or Referer header) and was refused.",
      ),
    );
  };
}
