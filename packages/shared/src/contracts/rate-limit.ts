import { z } from "zod";

/**
 * `details` of a 429 RATE_LIMITED from POST /api/auth/login, so the page can say which limit it
 * was and what to do (issue 11):
 * - account: several wrong passwords for this e-mail; no password is checked for it until the
 *   wait is over, except from a browser that has signed in to it before. A password reset by
 *   e-mail lifts the wait.
 * - network: too many sign-in attempts from this IP address (a shared office or mobile network).
 * `retryAfterSeconds` repeats the Retry-After header.
 */
export const ZLoginLimitDetails = z.object({
  scope: z.enum(["account", "network"]),
  retryAfterSeconds: z.number().int().positive(),
});
export type TLoginLimitDetails = z.infer<typeof ZLoginLimitDetails>;
