/**
 * CSRF defence in depth next to SameSite=Lax (ARCHITECTURE "state-changing requests check
 * Origin"). A browser always sends Origin on cross-site POST/PUT/PATCH/DELETE; when it is
 * present it must be this server's own origin, PUBLIC_ORIGIN or ALLOWED_ORIGINS. Requests without
 * Origin (the CLI, server-to-server calls) pass. A route opts out with `config: { originCheck: false }`
 * (payment webhooks, which are signed instead).
 */
import type { FastifyRequest, onRequestHookHandler } from "fastify";
import { AppError } from "../lib/app-error.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /** false to skip the Origin check (signed webhooks). Default: checked. */
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

export function createOriginCheck(trustedOrigins: readonly string[]): onRequestHookHandler {
  const trusted = new Set(trustedOrigins.map((o) => normalizeOrigin(o)).filter((o) => o !== null));
  const isAllowed = (request: FastifyRequest) => {
    if (!STATE_CHANGING_METHODS.has(request.method)) return true;
    if (request.routeOptions.config?.originCheck === false) return true;
    const header = request.headers.origin;
    if (header === undefined) return true;
    const origin = normalizeOrigin(header);
    return origin !== null && (origin === ownOrigin(request) || trusted.has(origin));
  };
  // A callback hook, not an async one: it runs on every request and needs no promise.
  return (request, _reply, done) => {
    if (isAllowed(request)) return done();
    done(new AppError(403, "ORIGIN_MISMATCH", "This request came from another site and was refused."));
  };
}
