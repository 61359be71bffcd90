/**
 * The sandbox checkout form's anti-CSRF token, a signed double submit (OWASP CSRF cheat sheet):
 * the page sets a random per-browser value in an httpOnly, SameSite=Strict cookie scoped to the
 * checkout, and renders HMAC(key, checkout id + that value) into the form. The POST must carry
 * both, matching. Another site can neither read the token from our page nor set our cookie, so it
 * cannot make a signed-in browser pay a checkout, even one whose id it knows; the Origin check and
 * SameSite=Lax stand in front of this, the token holds when they do not (an old browser, a proxy
 * that drops Origin). The key is derived from the sandbox's webhook secret, so every process that
 * shares SANDBOX_WEBHOOK_SECRET accepts the forms of the others.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";

export const CHECKOUT_FORM_COOKIE = "gyeol_checkout_form";
/** The form field that carries the token. */
export const CHECKOUT_FORM_TOKEN_FIELD = "csrf_token";
const COOKIE_PATH = "/sandbox/checkout";
const BROWSER_VALUE = /^[A-Za-z0-9_-]{43}$/;

export interface CheckoutFormGuard {
  /** The token to render into this checkout's form; sets the browser's cookie when it has none. */
  issue(request: FastifyRequest, reply: FastifyReply, checkoutId: string): string;
  /** Whether a posted token belongs to this checkout and this browser. */
  isValid(request: FastifyRequest, checkoutId: string, token: unknown): boolean;
}

export function createCheckoutFormGuard(secret: string, isSecureCookie: boolean): CheckoutFormGuard {
  // A key of its own, so a form token can never be taken for a webhook signature or the reverse.
  const key = createHmac("sha256", secret).update("gyeol sandbox checkout form token").digest();
  const sign = (checkoutId: string, browserValue: string) =>
    createHmac("sha256", key).update(`${checkoutId}\n${browserValue}`).digest("base64url");
  const browserValueOf = (request: FastifyRequest) => {
    const value = request.cookies[CHECKOUT_FORM_COOKIE];
    return value !== undefined && BROWSER_VALUE.test(value) ? value : null;
  };

  return {
    issue(request, reply, checkoutId) {
      let value = browserValueOf(request);
      if (value === null) {
        value = randomBytes(32).toString("base64url");
        reply.setCookie(CHECKOUT_FORM_COOKIE, value, {
          path: COOKIE_PATH,
          httpOnly: true,
          sameSite: "strict",
          secure: isSecureCookie,
        });
      }
      return sign(checkoutId, value);
    },

    isValid(request, checkoutId, token) {
      const value = browserValueOf(request);
      if (value === null || typeof token !== "string") return false;
      const expected = Buffer.from(sign(checkoutId, value));
      const given = Buffer.from(token);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
