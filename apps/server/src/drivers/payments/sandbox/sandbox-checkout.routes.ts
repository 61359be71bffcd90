/**
 * The sandbox's checkout page: GET /sandbox/checkout/:id?lang=ko|en shows the order and a test
 * card form; POST /sandbox/checkout/:id pays. 4242 4242 4242 4242 succeeds (→ /payment-success),
 * 4000 0000 0000 0002 is declined (→ /payment-failed); the English page sends to the /en paths.
 * Plain HTML form, no script, so it works under the site's CSP and without JavaScript. The form
 * carries an anti-CSRF token (sandbox-checkout-token.ts): a POST without it, or with one that is not
 * this browser's for this checkout, is 403 CSRF_TOKEN_INVALID and pays nothing.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type { SandboxCheckoutRow } from "../../../db/schema.ts";
import type { TPricedItem } from "../price-book.ts";
import { renderSandboxCheckoutPage, type TPageLocale } from "./sandbox-checkout.page.ts";
import { CHECKOUT_FORM_TOKEN_FIELD, createCheckoutFormGuard } from "./sandbox-checkout-token.ts";
import { registerSandboxFontRoute } from "./sandbox-fonts.ts";

export const SANDBOX_SUCCESS_CARD = "4242424242424242";
export const SANDBOX_DECLINE_CARD = "4000000000000002";

export interface SandboxCheckoutRoutesDeps {
  findCheckout(
    id: string,
  ): Promise<{ checkout: SandboxCheckoutRow; item: TPricedItem; email: string } | undefined>;
  completeCheckout(id: string): Promise<"completed" | "already_completed" | "not_found">;
  /** Key of the form tokens (the sandbox webhook secret; a key is derived from it). */
  formSecret: string;
  /** Secure attribute of the form-token cookie (COOKIE_SECURE). */
  isSecureCookie: boolean;
}

const ZParams = z.object({ id: z.string().regex(/^chk_[a-f0-9]{26}$/) });
const ZLang = z.object({ lang: z.enum(["ko", "en"]).catch("ko").default("ko") });
const ZPayForm = z.object({
  lang: z.enum(["ko", "en"]).catch("ko").default("ko"),
  card_number: z.string().max(40).default(""),
  expiry: z.string().max(10).default(""),
  cvc: z.string().max(10).default(""),
  name: z.string().max(200).default(""),
});

function resultPath(locale: TPageLocale, outcome: "success" | "failed"): string {
  return `${locale === "en" ? "/en" : ""}/payment-${outcome}`;
}

/** A refused form is worth a line: a stale tab, or someone else's page posting it. */
function logRefusedForm(request: FastifyRequest, checkoutId: string) {
  request.log.warn(
    { checkoutId, code: "CSRF_TOKEN_INVALID", origin: request.headers.origin ?? null },
    "sandbox checkout form refused: its anti-CSRF token is missing or not this browser's",
  );
}

function sendPage(reply: FastifyReply, status: number, html: string) {
  return reply
    .code(status)
    .header("content-type", "text/html; charset=utf-8")
    .header("cache-control", "no-store")
    .send(html);
}

export function registerSandboxCheckoutRoutes(app: FastifyInstance, deps: SandboxCheckoutRoutesDeps) {
  const guard = createCheckoutFormGuard(deps.formSecret, deps.isSecureCookie);
  registerSandboxFontRoute(app);
  // Encapsulated, so the form parser exists on these routes only; the JSON API keeps refusing forms.
  app.register(async (scope) => {
    scope.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: 4096 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    scope.get("/sandbox/checkout/:id", async (request, reply) => {
      const locale = ZLang.parse(request.query ?? {}).lang;
      const params = ZParams.safeParse(request.params);
      const found = params.success ? await deps.findCheckout(params.data.id) : undefined;
      if (!found) return sendPage(reply, 404, renderSandboxCheckoutPage({ locale, state: "missing" }));
      return sendPage(
        reply,
        200,
        renderSandboxCheckoutPage({
          locale,
          state: found.checkout.status === "completed" ? "done" : "open",
          checkoutId: found.checkout.id,
          item: found.item,
          email: found.email,
          formToken: guard.issue(request, reply, found.checkout.id),
        }),
      );
    });

    scope.post("/sandbox/checkout/:id", async (request, reply) => {
      const form = ZPayForm.safeParse(request.body ?? {});
      const locale = form.success ? form.data.lang : "ko";
      const params = ZParams.safeParse(request.params);
      const found = params.success ? await deps.findCheckout(params.data.id) : undefined;
      if (!found) return sendPage(reply, 404, renderSandboxCheckoutPage({ locale, state: "missing" }));
      const checkoutId = found.checkout.id;
      const page = {
        locale,
        checkoutId,
        item: found.item,
        email: found.email,
        formToken: guard.issue(request, reply, checkoutId),
      };
      // Read apart from the other fields: a mistyped card number is a 422 to fix, not a refusal.
      const token = (request.body as Record<string, unknown> | null | undefined)?.[CHECKOUT_FORM_TOKEN_FIELD];
      if (!guard.isValid(request, checkoutId, token)) {
        logRefusedForm(request, checkoutId);
        return sendPage(reply, 403, renderSandboxCheckoutPage({ ...page, state: "open", error: "expired" }));
      }
      const card = form.success ? form.data.card_number.replace(/[\s-]/g, "") : "";
      if (card === SANDBOX_DECLINE_CARD) return reply.redirect(resultPath(locale, "failed"), 303);
      if (card !== SANDBOX_SUCCESS_CARD) {
        return sendPage(reply, 422, renderSandboxCheckoutPage({ ...page, state: "open", error: "card" }));
      }
      const isValidExpiry = form.success && /^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/.test(form.data.expiry.trim());
      const isValidCvc = form.success && /^\d{3,4}$/.test(form.data.cvc.trim());
      if (!isValidExpiry || !isValidCvc) {
        return sendPage(reply, 422, renderSandboxCheckoutPage({ ...page, state: "open", error: "details" }));
      }
      await deps.completeCheckout(checkoutId);
      return reply.redirect(resultPath(locale, "success"), 303);
    });
  });
}
