/**
 * POST /api/auth/password/forgot { email, locale } → always { success: true }
 * POST /api/auth/password/reset  { token, password } → { success: true } or 400 INVALID_RESET_TOKEN
 *
 * The e-mailed link is built from PUBLIC_ORIGIN alone, never from the request: with a forged Host
 * header anyone could otherwise have a real reset token mailed to a victim inside a link to their
 * own site. Without PUBLIC_ORIGIN a reset is refused (503 MAIL_LINKS_NOT_CONFIGURED, and a log line
 * that tells the operator what to set) before any token exists.
 */
import { ZForgotPasswordBody, ZResetPasswordBody } from "@gyeol/shared/contracts/auth";
import { ZSuccess } from "@gyeol/shared/contracts/common";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { AppError } from "../../lib/app-error.ts";
import type { PasswordResetService } from "./password-reset.service.ts";

export interface PasswordResetRoutesDeps {
  passwordReset: PasswordResetService;
  /** PUBLIC_ORIGIN: the origin of the e-mailed link. Unset: resets are refused. */
  linkOrigin: string | undefined;
  rateLimitMax: number;
}

const MAIL_LINKS_NOT_CONFIGURED_LOG =
  "password reset refused: PUBLIC_ORIGIN is not set. Set PUBLIC_ORIGIN to the site's public address " +
  "(e.g. https://gyeol.app); e-mailed links are built from it and never from the request's Host.";

export function registerPasswordResetRoutes(app: FastifyInstance, deps: PasswordResetRoutesDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const rateLimit = { max: deps.rateLimitMax, timeWindow: 60_000 };

  r.post(
    "/api/auth/password/forgot",
    { schema: { body: ZForgotPasswordBody, response: { 200: ZSuccess } }, config: { rateLimit } },
    async (request) => {
      if (!deps.linkOrigin) {
        request.log.error(MAIL_LINKS_NOT_CONFIGURED_LOG);
        throw new AppError(
          503,
          "MAIL_LINKS_NOT_CONFIGURED",
          "Password reset e-mails are not set up on this server (PUBLIC_ORIGIN is not set).",
        );
      }
      await deps.passwordReset.requestReset(request.body, deps.linkOrigin);
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
