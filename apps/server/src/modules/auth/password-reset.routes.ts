/**
 * POST /api/auth/password/forgot { email, locale } → always { success: true }
 * POST /api/auth/password/reset  { token, password } → { success: true } or 400 INVALID_RESET_TOKEN
 */
import { ZForgotPasswordBody, ZResetPasswordBody } from "@gyeol/shared/contracts/auth";
import { ZSuccess } from "@gyeol/shared/contracts/common";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { PasswordResetService } from "./password-reset.service.ts";

export interface PasswordResetRoutesDeps {
  passwordReset: PasswordResetService;
  /** PUBLIC_ORIGIN, else OAUTH_REDIRECT_BASE: the origin of the e-mailed link. */
  linkOrigin: string | undefined;
  rateLimitMax: number;
}

export function registerPasswordResetRoutes(app: FastifyInstance, deps: PasswordResetRoutesDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const rateLimit = { max: deps.rateLimitMax, timeWindow: 60_000 };

  r.post(
    "/api/auth/password/forgot",
    { schema: { body: ZForgotPasswordBody, response: { 200: ZSuccess } }, config: { rateLimit } },
    async (request) => {
      // Without PUBLIC_ORIGIN the request's own origin is used: set PUBLIC_ORIGIN in production so a
      // forged Host header can never put another site into the e-mailed link.
      const origin = deps.linkOrigin ?? `${request.protocol}://${request.host}`;
      await deps.passwordReset.requestReset(request.body, origin);
      return { success: true as const };
    },
  );

  r.post(
    "/api/auth/password/reset",
    { schema: { body: ZResetPasswordBody, response: { 200: ZSuccess } }, config: { rateLimit } },
    async (request) => {
      await deps.passwordReset.resetPassword(request.body);
      return { success: true as const };
    },
  );
}
