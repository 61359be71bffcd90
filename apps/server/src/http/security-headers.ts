/**
 * Security headers, computed once at boot and copied onto every reply. Pages (the SPA, the
 * sandbox checkout, files) get helmet's full set from helmet-options.ts. JSON answers under /api/
 * get the short set OWASP's REST cheat sheet gives for APIs: a CSP that allows nothing and no
 * framing, nosniff, the same Referrer-Policy (the checkout reads the Referer) and no-store (they
 * are per-user). Both sets carry the Permissions-Policy of helmet-options.ts, which helmet does not
 * set. A browser never renders an API answer as a page, so the rest of helmet's set
 * protects nothing there, and the status poll (spec 02 §4.1) is this server's hottest path.
 * @fastify/helmet rebuilt helmet's middleware on every request, re-parsing the CSP each time.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import helmet, { type HelmetOptions } from "helmet";
import { PERMISSIONS_POLICY } from "./helmet-options.ts";

type HeaderSet = Readonly<Record<string, string>>;

/** The headers helmet sets for these options, as lower-case name → value. */
function computeSecurityHeaders(options: Readonly<HelmetOptions>): HeaderSet {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return Object.freeze({ ...headers, "permissions-policy": PERMISSIONS_POLICY });
}

/** The API's short set, derived from the page set so HSTS and the Referrer-Policy stay in step. */
function apiSecurityHeaders(pageHeaders: HeaderSet): HeaderSet {
  const carried = [
    "permissions-policy",
    "referrer-policy",
    "strict-transport-security",
    "x-content-type-options",
  ];
  return Object.freeze({
    "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
    ...Object.fromEntries(
      carried.filter((name) => pageHeaders[name]).map((name) => [name, pageHeaders[name]!]),
    ),
    "x-frame-options": "DENY",
    "cache-control": "no-store",
  });
}

export function registerSecurityHeaders(app: FastifyInstance, options: Readonly<HelmetOptions>) {
  const page = computeSecurityHeaders(options);
  const api = apiSecurityHeaders(page);
  app.addHook("onRequest", (request, reply, done) => {
    reply.headers(request.url.startsWith("/api/") ? api : page);
    done();
  });
}
