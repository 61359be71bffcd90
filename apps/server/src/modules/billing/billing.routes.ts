/**
 * POST /api/payment/checkout, /credit-checkout, /change-plan, /cancel-subscription,
 * /resume-subscription, GET /api/payment/subscription-status (spec 01 §7), and the webhook
 * POST /api/payment/webhook (both drivers; signed, so exempt from the Origin check, and read raw
 * because the signature covers the exact bytes). Aliases /api/payment/webhook/{paddle,sandbox}
 * let an operator name the provider in the URL it configures.
 */
import { ZSuccess } from "@gyeol/shared/contracts/common";
import {
  ZCancelSubscriptionResponse,
  ZChangePlanBody,
  ZChangePlanResponse,
  ZCheckoutBody,
  ZCheckoutResponse,
  ZCreditCheckoutBody,
  ZResumeSubscriptionResponse,
  ZSubscriptionStatusResponse,
} from "@gyeol/shared/contracts/payment";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { SIGNATURE_HEADER } from "../../drivers/payments/webhook-signature.ts";
import { readAffiliateCookie } from "../affiliate/affiliate.routes.ts";
import type { AffiliateService } from "../affiliate/affiliate.service.ts";
import type { AuthGuards } from "../auth/auth.guards.ts";
import type { BillingService, TLocale } from "./billing.service.ts";

export interface BillingRoutesDeps {
  billing: BillingService;
  affiliate: Pick<AffiliateService, "attribute">;
  guards: AuthGuards;
}

const WEBHOOK_BODY_LIMIT_BYTES = 512 * 1024;

/** The checkout page speaks the language of the page the buyer came from (/en/… is English). */
function localeOf(request: FastifyRequest): TLocale {
  const referer = request.headers.referer;
  if (!referer) return "ko";
  try {
    const path = new URL(referer).pathname;
    return path === "/en" || path.startsWith("/en/") ? "en" : "ko";
  } catch {
    return "ko";
  }
}

export function registerBillingRoutes(
  app: FastifyInstance,
  { billing, affiliate, guards }: BillingRoutesDeps,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** A referral still in the cookie is stored before the buyer leaves for checkout. */
  async function attributeReferral(request: FastifyRequest) {
    const code = readAffiliateCookie(request);
    if (code && request.user) await affiliate.attribute(request.user.id, code);
  }

  r.post(
    "/api/payment/checkout",
    {
      onRequest: guards.requireUser,
      schema: { body: ZCheckoutBody, response: { 200: ZCheckoutResponse } },
    },
    async (request) => {
      await attributeReferral(request);
      return {
        success: true as const,
        ...(await billing.checkout(request.user!.id, request.body.plan, localeOf(request))),
      };
    },
  );

  r.post(
    "/api/payment/credit-checkout",
    {
      onRequest: guards.requireUser,
      schema: { body: ZCreditCheckoutBody, response: { 200: ZCheckoutResponse } },
    },
    async (request) => {
      await attributeReferral(request);
      return {
        success: true as const,
        ...(await billing.creditCheckout(request.user!.id, request.body.package, localeOf(request))),
      };
    },
  );

  r.post(
    "/api/payment/change-plan",
    {
      onRequest: guards.requireUser,
      schema: { body: ZChangePlanBody, response: { 200: ZChangePlanResponse } },
    },
    async (request) => ({
      success: true as const,
      ...(await billing.changePlan(request.user!.id, request.body.plan)),
    }),
  );

  r.get(
    "/api/payment/subscription-status",
    { onRequest: guards.requireUser, schema: { response: { 200: ZSubscriptionStatusResponse } } },
    async (request) => ({ success: true as const, ...(await billing.status(request.user!.id)) }),
  );

  r.post(
    "/api/payment/cancel-subscription",
    { onRequest: guards.requireUser, schema: { response: { 200: ZCancelSubscriptionResponse } } },
    async (request) => ({ success: true as const, ...(await billing.cancel(request.user!.id)) }),
  );

  r.post(
    "/api/payment/resume-subscription",
    { onRequest: guards.requireUser, schema: { response: { 200: ZResumeSubscriptionResponse } } },
    async (request) => ({ success: true as const, ...(await billing.resume(request.user!.id)) }),
  );

  // The webhook reads the body as the exact string that was signed; encapsulated so the rest of
  // the API keeps its JSON parser.
  app.register(async (scope) => {
    scope.removeContentTypeParser(["application/json"]);
    scope.addContentTypeParser(
      "application/json",
      { parseAs: "string", bodyLimit: WEBHOOK_BODY_LIMIT_BYTES },
      (_request, body, done) => done(null, body),
    );
    const handler = async (request: FastifyRequest) => {
      const raw = typeof request.body === "string" ? request.body : "";
      const signature = request.headers[SIGNATURE_HEADER];
      const outcome = await billing.receiveWebhook(raw, Array.isArray(signature) ? signature[0] : signature);
      return { success: true as const, outcome };
    };
    const options = {
      config: { originCheck: false },
      schema: { response: { 200: ZSuccess.extend({ outcome: z.enum(["processed", "duplicate"]) }) } },
    };
    const s = scope.withTypeProvider<ZodTypeProvider>();
    s.post("/api/payment/webhook", options, handler);
    s.post(
      "/api/payment/webhook/:provider",
      {
        ...options,
        schema: { ...options.schema, params: z.object({ provider: z.enum(["paddle", "sandbox"]) }) },
      },
      handler,
    );
  });
}
