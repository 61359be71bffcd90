/**
 * GET /api/affiliate/enabled, POST /api/affiliate/ensure-code, GET /api/affiliate/click
 * (spec 01 §7; referral links are origin + /?aff=code, spec 01 §1).
 */
import {
  AFFILIATE_CODE_PATTERN,
  ZAffiliateClickQuery,
  ZAffiliateEnabledResponse,
  ZEnsureCodeResponse,
} from "@gyeol/shared/contracts/affiliate";
import { ZAffiliateClickResponse } from "@gyeol/shared/contracts/affiliate-click";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AuthGuards } from "../auth/auth.guards.ts";
import type { CookieSettings } from "../auth/session-cookie.ts";
import type { AffiliateService } from "./affiliate.service.ts";

/** First-touch referral cookie the checkout (money issue) reads to credit the sharer. */
export const AFFILIATE_COOKIE = "gyeol_aff";
/**
 * Attribution window: a purchase within 30 days of the first referred visit counts for the
 * sharer. The spec does not give one; 30 days is the common affiliate default.
 */
export const AFFILIATE_COOKIE_MAX_AGE_S = 30 * 24 * 60 * 60;

/** Clicks are cheap to fake; this keeps one address from filling the table. */
const CLICK_RATE_LIMIT_PER_MINUTE = 60;

export interface AffiliateRoutesDeps {
  affiliate: AffiliateService;
  guards: AuthGuards;
  cookies: CookieSettings;
}

export function registerAffiliateRoutes(
  app: FastifyInstance,
  { affiliate, guards, cookies }: AffiliateRoutesDeps,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get("/api/affiliate/enabled", { schema: { response: { 200: ZAffiliateEnabledResponse } } }, async () => ({
    enabled: affiliate.isEnabled(),
  }));

  r.post(
    "/api/affiliate/ensure-code",
    { preHandler: guards.requireUser, schema: { response: { 200: ZEnsureCodeResponse } } },
    async (request) => ({
      success: true as const,
      affiliate_code: await affiliate.ensureCode(request.user!.id),
    }),
  );

  r.get(
    "/api/affiliate/click",
    {
      schema: { querystring: ZAffiliateClickQuery, response: { 200: ZAffiliateClickResponse } },
      config: { rateLimit: { max: CLICK_RATE_LIMIT_PER_MINUTE, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const { aff, campaign } = request.query;
      const { isRecorded } = await affiliate.recordClick({
        code: aff,
        campaign,
        ip: request.ip,
        userAgent: request.headers["user-agent"] ?? "",
      });
      // First touch wins: a later link does not take the referral from the first sharer.
      const current = request.cookies[AFFILIATE_COOKIE];
      const hasValidCookie = current !== undefined && AFFILIATE_CODE_PATTERN.test(current);
      if (isRecorded && !hasValidCookie) {
        reply.setCookie(AFFILIATE_COOKIE, aff, {
          httpOnly: true,
          sameSite: "lax",
          path: "/",
          secure: cookies.isSecure,
          maxAge: AFFILIATE_COOKIE_MAX_AGE_S,
        });
      }
      return { success: true as const, recorded: isRecorded };
    },
  );
}
