/**
 * Social sign-in routes (spec 01 §2 Login page, §7):
 *   GET  /api/auth/naver | /api/auth/kakao           full-page redirect to the provider (?next=)
 *   GET  /api/auth/naver/callback | kakao/callback   the provider sends the browser back here
 *   POST /api/auth/google                            { credential } from Google Identity Services
 *   GET  /api/auth/social/pending                    the first sign-in waiting for the age confirmation
 *   POST /api/auth/social/complete                   { ageConfirmed: true } creates the account
 * The redirect flow keeps its state, PKCE verifier and return path in a signed, httpOnly,
 * 10-minute cookie; the callback refuses any state that is not the one this browser started.
 */
import { timingSafeEqual } from "node:crypto";
import {
  REDIRECT_PROVIDERS,
  type TRedirectProvider,
  type TSocialError,
  ZAuthUserResponse,
  ZGoogleSignInBody,
  ZSocialCompleteBody,
  ZSocialCompleteResponse,
  ZSocialPendingResponse,
} from "@gyeol/shared/contracts/auth";
import { localeOfReturnPath, safeReturnPath } from "@gyeol/shared/return-path";
import { localizePath } from "@gyeol/shared/routes";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { SocialProfile } from "../../drivers/oauth/social-provider.ts";
import { AppError } from "../../lib/app-error.ts";
import type { Clock } from "../../lib/clock.ts";
import { answerSignIn, clientMeta, offerRestore, PENDING_DELETION_MESSAGE } from "./auth-response.ts";
import type { CookieSettings } from "./session-cookie.ts";
import { setSessionCookie } from "./session-cookie.ts";
import {
  clearSignedCookie,
  OAUTH_STATE_COOKIE,
  readSignedCookie,
  SOCIAL_PENDING_COOKIE,
  setSignedCookie,
} from "./signed-cookie.ts";
import { type SocialAuthService, type SocialOutcome, SocialProviderError } from "./social-auth.service.ts";

export interface SocialAuthRoutesDeps {
  social: SocialAuthService;
  cookies: CookieSettings;
  secret: string;
  clock: Clock;
  /**
   * The origin of the Naver and Kakao callbacks: OAUTH_REDIRECT_BASE, else PUBLIC_ORIGIN; never a
   * request header (a forged Host would send the provider's code elsewhere). Neither set: the
   * redirect sign-ins answer provider_not_configured.
   */
  redirectBase: string | undefined;
  rateLimitMax: number;
}

interface OAuthStatePayload {
  provider: TRedirectProvider;
  state: string;
  codeVerifier: string;
  next: string | null;
}

interface PendingPayload {
  profile: SocialProfile;
  next: string | null;
}

const LINK_REQUIRES_SIGNIN_MESSAGE =
  "An account with this e-mail already exists. Sign in to it with its e-mail and password first.";

function sameString(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function withQuery(path: string, query: Record<string, string | null | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

export function registerSocialAuthRoutes(app: FastifyInstance, deps: SocialAuthRoutesDeps) {
  const { social, cookies, secret, clock, redirectBase } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const rateLimit = { max: deps.rateLimitMax, timeWindow: 60_000 };

  const callbackUri = (base: string, provider: TRedirectProvider) => `${base}/api/auth/${provider}/callback`;

  const home = (next: string | null) => next ?? "/";
  const page = (name: string, next: string | null) => localizePath(name, localeOfReturnPath(home(next)));
  const loginWithError = (error: TSocialError, next: string | null) =>
    withQuery(page("/login", next), { error, next });

  /** Where a redirect sign-in's outcome sends the browser. */
  function redirectFor(reply: FastifyReply, outcome: SocialOutcome, next: string | null, now: Date): string {
    switch (outcome.kind) {
      case "signedIn":
        setSessionCookie(reply, outcome.session, cookies);
        return home(next);
      case "pendingDeletion":
        offerRestore(reply, outcome, { cookies, secret, now, ...(next ? { next } : {}) });
        return withQuery(page("/login", next), { restore: "1", next });
      case "needsAgeConfirmation":
        setSignedCookie(
          reply,
          SOCIAL_PENDING_COOKIE,
          secret,
          { profile: outcome.profile, next },
          now,
          cookies,
        );
        return withQuery(page("/signup/social", next), { next });
      case "linkRequiresSignIn":
        return loginWithError("link_requires_signin", next);
    }
  }

  for (const provider of REDIRECT_PROVIDERS) {
    r.get(
      `/api/auth/${provider}`,
      { schema: { querystring: z.object({ next: z.string().max(2048).optional() }) } },
      async (request, reply) => {
        // Anything but a same-site path is refused as a return path: home instead.
        const next = safeReturnPath(request.query.next);
        if (!social.isConfigured(provider) || !redirectBase)
          return reply.redirect(loginWithError("provider_not_configured", next));
        const redirectUri = callbackUri(redirectBase, provider);
        const { url, state, codeVerifier } = social.startRedirect(provider, redirectUri);
        const payload: OAuthStatePayload = { provider, state, codeVerifier, next };
        setSignedCookie(reply, OAUTH_STATE_COOKIE, secret, payload, clock.now(), cookies);
        return reply.redirect(url.toString());
      },
    );

    r.get(
      `/api/auth/${provider}/callback`,
      {
        schema: {
          querystring: z.object({
            code: z.string().max(2048).optional(),
            state: z.string().max(512).optional(),
            error: z.string().max(256).optional(),
            error_description: z.string().max(2048).optional(),
          }),
        },
      },
      async (request, reply) => {
        const now = clock.now();
        const saved = readSignedCookie<OAuthStatePayload>(request, OAUTH_STATE_COOKIE, secret, now);
        // Single use: whatever happens next, this sign-in attempt is over.
        clearSignedCookie(reply, OAUTH_STATE_COOKIE, cookies);
        const { code, state, error } = request.query;
        // Checked again on the way out, not trusted because we signed it: a cookie signed by an
        // older release (or with a leaked AUTH_SECRET) must not turn into a redirect elsewhere.
        const next = safeReturnPath(saved?.next);
        if (!saved || saved.provider !== provider || !state || !sameString(state, saved.state)) {
          request.log.warn({ provider, hasCookie: saved !== null }, "social sign-in state mismatch");
          return reply.redirect(loginWithError("state_mismatch", next));
        }
        if (error || !code) return reply.redirect(loginWithError("provider_error", next));
        if (!redirectBase) return reply.redirect(loginWithError("provider_not_configured", next));
        let profile: SocialProfile;
        try {
          profile = await social.finishRedirect(provider, {
            code,
            state,
            codeVerifier: saved.codeVerifier,
            // Built again from the configured origin, as at the start (never from this request).
            redirectUri: callbackUri(redirectBase, provider),
          });
        } catch (caught) {
          if (!(caught instanceof SocialProviderError)) throw caught;
          request.log.warn({ provider, err: caught }, "social sign-in refused by the provider");
          return reply.redirect(loginWithError("provider_error", next));
        }
        const outcome = await social.signIn(profile, { isAgeConfirmed: false, meta: clientMeta(request) });
        return reply.redirect(redirectFor(reply, outcome, next, now));
      },
    );
  }

  r.post(
    "/api/auth/google",
    { schema: { body: ZGoogleSignInBody, response: { 200: ZAuthUserResponse } }, config: { rateLimit } },
    async (request, reply) => {
      const now = clock.now();
      const profile = await social.verifyGoogle(request.body.credential);
      const outcome = await social.signIn(profile, {
        isAgeConfirmed: request.body.ageConfirmed === true,
        meta: clientMeta(request),
      });
      if (outcome.kind === "needsAgeConfirmation") {
        setSignedCookie(reply, SOCIAL_PENDING_COOKIE, secret, { profile, next: null }, now, cookies);
        throw new AppError(403, "AGE_CONFIRMATION_REQUIRED", "Confirm that you are 14 or older to sign up.");
      }
      if (outcome.kind === "linkRequiresSignIn") {
        throw new AppError(409, "ACCOUNT_LINK_REQUIRES_SIGNIN", LINK_REQUIRES_SIGNIN_MESSAGE);
      }
      return answerSignIn(reply, outcome, { cookies, secret, now });
    },
  );

  r.get(
    "/api/auth/social/pending",
    { schema: { response: { 200: ZSocialPendingResponse } } },
    async (request) => {
      const pending = readSignedCookie<PendingPayload>(request, SOCIAL_PENDING_COOKIE, secret, clock.now());
      if (!pending)
        throw new AppError(410, "SIGNIN_EXPIRED", "This sign-in has expired. Please start again.");
      return {
        success: true as const,
        provider: pending.profile.provider,
        email: pending.profile.email,
        name: pending.profile.name,
        next: home(safeReturnPath(pending.next)),
      };
    },
  );

  r.post(
    "/api/auth/social/complete",
    {
      schema: { body: ZSocialCompleteBody, response: { 200: ZSocialCompleteResponse } },
      config: { rateLimit },
    },
    async (request, reply) => {
      const now = clock.now();
      const pending = readSignedCookie<PendingPayload>(request, SOCIAL_PENDING_COOKIE, secret, now);
      if (!pending)
        throw new AppError(410, "SIGNIN_EXPIRED", "This sign-in has expired. Please start again.");
      clearSignedCookie(reply, SOCIAL_PENDING_COOKIE, cookies);
      const next = safeReturnPath(pending.next);
      const outcome = await social.signIn(pending.profile, {
        isAgeConfirmed: true,
        meta: clientMeta(request),
      });
      if (outcome.kind === "linkRequiresSignIn") {
        throw new AppError(409, "ACCOUNT_LINK_REQUIRES_SIGNIN", LINK_REQUIRES_SIGNIN_MESSAGE);
      }
      if (outcome.kind === "needsAgeConfirmation") throw new Error("unreachable: the age was confirmed");
      if (outcome.kind === "pendingDeletion") {
        offerRestore(reply, outcome, {
          cookies,
          secret,
          now,
          ...(next ? { next } : {}),
        });
        throw new AppError(409, "ACCOUNT_PENDING_DELETION", PENDING_DELETION_MESSAGE, {
          purgeAt: outcome.purgeAt,
        });
      }
      return { ...answerSignIn(reply, outcome, { cookies, secret, now }), next: home(next) };
    },
  );
}
