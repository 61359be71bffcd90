/**
 * GET /api/affiliate/enabled, POST /api/affiliate/ensure-code, GET /api/affiliate/click
 * (spec 01 §7; referral links are origin + /?aff=code, spec 01 §1); GET /api/affiliate/earnings and
 * POST /api/affiliate/rewards/acknowledge (issue 30: My Page's invite link and the reward notice).
 */
import {
  AFFILIATE_CODE_PATTERN,
  ZAffiliateClickQuery,
  ZAffiliateEarningsResponse,
  ZAffiliateEnabledResponse,
  ZEnsureCodeResponse,
  ZRewardsAcknowledgeResponse,
} from "@gyeol/shared/contracts/affiliate";
import { ZAffiliateClickResponse } from "@gyeol/shared/contracts/affiliate-click";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AuthGuards } from "../auth/auth.guards.ts";
import type { CookieSettings } from "../auth/session-cookie.ts";
import type { AffiliateService } from "./affiliate.service.ts";

/** First-touch referral cookie the checkout (money issue) reads to credit the sharer. */
export const AFFILIATE_COOKIE = "gyeol_aff";

/**
 * Reads the first-touch cookie: a well-formed code, or undefined. Used by the attribution hook
 * below and by checkout, which attributes before it sends the buyer to pay.
 */
export function readAffiliateCookie(request: FastifyRequest): string | undefined {
  const value = request.cookies[AFFILIATE_COOKIE];
  return value !== undefined && AFFILIATE_CODE_PATTERN.test(value) ? value : undefined;
}

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
  /**
   * Attribution window (AFFILIATE_WINDOW_DAYS, default 30; the spec gives none, 30 days is the
   * common affiliate default): the first-touch cookie lives this long.
   */
  const cookieMaxAgeS = affiliate.windowDays() * 24 * 60 * 60;

  // Store the referral on the user at sign-up / the first signed-in request carrying the cookie,
  // then drop the cookie: attribution is first touch and happens once (affiliate.service.ts).
  app.addHook("onSend", async (request, reply, payload) => {
    const code = request.user ? readAffiliateCookie(request) : undefined;
    if (request.user && code) {
      try {
        await affiliate.attribute(request.user.id, code);
        reply.clearCookie(AFFILIATE_COOKIE, { path: "/" });
      } catch (err) {
        request.log.error({ err }, "affiliate attribution failed");
      }
    }
    return payload;
  });

  r.get("/api/affiliate/enabled", { schema: { response: { 200: ZAffiliateEnabledResponse } } }, async () => ({
    enabled: affiliate.isEnabled(),
  }));

  r.post(
    "/api/affiliate/ensure-code",
    { onRequest: guards.requireUser, schema: { response: { 200: ZEnsureCodeResponse } } },
    async (request) => ({
      success: true as const,
      affiliate_code: await affiliate.ensureCode(request.user!.id),
    }),
  );

  // Issue 30: what the share link earned (My Page) and the rewards not announced yet (a toast).
  r.get(
    "/api/affiliate/earnings",
    { onRequest: guards.requireUser, schema: { response: { 200: ZAffiliateEarningsResponse } } },
    async (request) => affiliate.earnings(request.user!.id),
  );

  r.post(
    "/api/affiliate/rewards/acknowledge",
    { onRequest: guards.requireUser, schema: { response: { 200: ZRewardsAcknowledgeResponse } } },
    async (request) => ({
      success: true as const,
      rewards: await affiliate.acknowledgeRewards(request.user!.id),
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
      if (isRecorded && readAffiliateCookie(request) === undefined) {
        reply.setCookie(AFFILIATE_COOKIE, aff, {
          httpOnly: true,
          sameSite: "lax",
          path: "/",
          secure: cookies.isSecure,
          maxAge: cookieMaxAgeS,
        });
      }
      return { success: true as const, recorded: isRecorded };
    },
  );
}
