/**
 * Builds the HTTP API as a Fastify instance (tests drive it with fastify.inject). The order is
 * the request's path through it: parsers, security headers, cookies, rate limits, Origin check,
 * then the module routes, then the static web app and its SPA fallback.
 */
import { isUtf8 } from "node:buffer";
import fastifyCookie from "@fastify/cookie";
import fastifyMultipart from "@fastify/multipart";
import fastifyRateLimit from "@fastify/rate-limit";
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { Redis } from "ioredis";
import { type Config, operatorWarning } from "./config.ts";
import { migrateDatabase } from "./db/migrate.ts";
import { type Database, openDatabase } from "./drivers/db/database.ts";
import {
  createRateLimitRedis,
  settleConnection,
  sharedRateLimitStore,
} from "./drivers/redis/shared-rate-limit-store.ts";
import { registerCompression } from "./http/compression.ts";
import { registerBodyDrain } from "./http/drain-body.ts";
import { registerErrorHandler, sendFailure, toHttpFailure } from "./http/error-handler.ts";
import { buildHelmetOptions } from "./http/helmet-options.ts";
import { createOriginCheck } from "./http/origin-check.ts";
import { registerSecurityHeaders } from "./http/security-headers.ts";
import {
  buildServerLimitOptions,
  registerCloseOnShutdown,
  registerExpectationPassThrough,
  registerHostCheck,
} from "./http/server-limits.ts";
import { registerWebApp } from "./http/web-app.ts";
import { AppError } from "./lib/app-error.ts";
import { type Clock, systemClock } from "./lib/clock.ts";
import { registerAccountRoutes } from "./modules/account/account.routes.ts";
import { registerAffiliateRoutes } from "./modules/affiliate/affiliate.routes.ts";
import { registerAiRoutes } from "./modules/ai/ai.routes.ts";
import { type AuthGuards, createAuthGuards } from "./modules/auth/auth.guards.ts";
import { registerAuthRoutes } from "./modules/auth/auth.routes.ts";
import { registerPasswordResetRoutes } from "./modules/auth/password-reset.routes.ts";
import { registerSocialAuthRoutes } from "./modules/auth/social-auth.routes.ts";
import { registerBillingRoutes } from "./modules/billing/billing.routes.ts";
import { registerCreditsRoutes } from "./modules/credits/credits.routes.ts";
import { registerFaceEditRoutes } from "./modules/face-edit/face-edit.routes.ts";
import { registerFlagsRoutes } from "./modules/flags/flags.routes.ts";
import { registerGenerationRoutes } from "./modules/generation/generation.routes.ts";
import { registerHealthRoutes } from "./modules/health/health.routes.ts";
import { createHealthService } from "./modules/health/health.service.ts";
import { registerImageEditRoutes } from "./modules/image-edit/image-edit.routes.ts";
import { registerImagesRoutes } from "./modules/images/images.routes.ts";
import { registerJobsRoutes } from "./modules/jobs/jobs.routes.ts";
import { registerHttpMetrics, registerMetricsRoute } from "./modules/metrics/metrics.routes.ts";
import { registerModerationRoutes } from "./modules/moderation/moderation.routes.ts";
import { registerNoticesRoutes } from "./modules/notices/notices.routes.ts";
import { registerRetouchRoutes } from "./modules/retouch/retouch.routes.ts";
import { registerSamplesRoutes } from "./modules/samples/samples.routes.ts";
import { registerSiteRoutes } from "./modules/site/site.routes.ts";
import { createServices, type DriverOverrides, type Services } from "./services.ts";

/** JSON bodies of this API are small; uploads get their own multipart limits later. */
const JSON_BODY_LIMIT_BYTES = 1024 * 1024;
/** A notice with five 10 MB attachments is about 51 MB: discard refused bodies up to this. */
const MIN_DRAIN_BYTES = 64 * 1024 * 1024;

export interface BuildAppOptions {
  config: Readonly<Config>;
  /** A database the caller owns (tests, main); when absent the app opens, migrates and closes its own. */
  db?: Database;
  /** A pino logger to share with the other roles; otherwise one is made at config.logLevel. */
  logger?: FastifyBaseLogger;
  clock?: Clock;
  /** Drivers tests substitute (services.ts DriverOverrides). */
  drivers?: DriverOverrides;
  /**
   * The process's one service graph (main.ts, the test app), shared with its worker and cron
   * roles; when absent the app builds its own from `db`, `clock` and `drivers`.
   */
  services?: Services;
  /** Key prefix and connection name of this process's Redis keys (tests isolate themselves with one). */
  redisPrefix?: string;
}

declare module "fastify" {
  interface FastifyInstance {
    /** The services behind the routes (tests and later modules reach them here). */
    services: Services;
    /** requireUser / requireAdmin onRequest guards for routes registered by other modules. */
    guards: AuthGuards;
    /** The Redis connection of the shared rate limits (REDIS_URL only); /readyz pings it. */
    rateLimitRedis?: Redis;
  }
}

export async function buildApp({
  config,
  db: givenDb,
  logger,
  clock,
  drivers,
  services: givenServices,
  redisPrefix = "gyeol",
}: BuildAppOptions): Promise<FastifyInstance> {
  const db = givenDb ?? openDatabase(config.database);
  if (!givenDb) await migrateDatabase(db);
  const services =
    givenServices ??
    createServices({
      db,
      config,
      ...(clock ? { clock } : {}),
      ...(drivers ? { drivers } : {}),
    });
  const cookies = { isSecure: config.cookieSecure };

  const app = Fastify({
    ...(logger ? { loggerInstance: logger } : { logger: { level: config.logLevel } }),
    trustProxy: config.trustProxy,
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    // Bad URLs and the like arrive before routing; answer them in the same shape as the rest.
    frameworkErrors: (error, _request, reply) => sendFailure(reply, toHttpFailure(error)),
    // Slow clients: header, request, idle and keep-alive deadlines (config HTTP_*_TIMEOUT_MS).
    ...buildServerLimitOptions(config.http),
  }) as unknown as FastifyInstance;
  if (!config.publicOrigin) {
    // E-mailed links are built from PUBLIC_ORIGIN alone (password-reset.routes.ts): say so at boot.
    app.log.warn(
      "PUBLIC_ORIGIN is not set: password resets are refused (503 MAIL_LINKS_NOT_CONFIGURED) and renewal " +
        "reminders carry no link. Set PUBLIC_ORIGIN to the site's public address, e.g. https://gyeol.app.",
    );
  }
  if ((config.auth.naver || config.auth.kakao) && !config.auth.redirectBase && !config.publicOrigin) {
    app.log.warn(
      "Naver/Kakao sign-in is configured but neither OAUTH_REDIRECT_BASE nor PUBLIC_ORIGIN is set: their " +
        "callbacks are never built from a request's Host, so these sign-ins answer provider_not_configured.",
    );
  }
  // The pages leave out the business details that are not set (issue 30): say which at boot.
  const operatorNote = operatorWarning(config.operatorMissing);
  if (operatorNote) app.log.warn({ missing: config.operatorMissing }, operatorNote);
  app.addHook("onClose", () => services.queue.close());
  if (!givenDb) app.addHook("onClose", () => db.destroy());

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app, (code, status) => services.metrics.apiError(code, status));
  registerHttpMetrics(app, services.metrics);
  registerJsonParser(app);
  registerExpectationPassThrough(app);
  registerHostCheck(app);
  registerCloseOnShutdown(app);
  // A refused body is read and discarded (or the connection closed) so keep-alive clients are
  // never left waiting; up to anything an upload may legitimately send.
  registerBodyDrain(app, { maxDrainBytes: Math.max(MIN_DRAIN_BYTES, 2 * config.uploads.maxBytes) });

  // API answers are per-user: they also say no-store unless a route says otherwise.
  registerSecurityHeaders(app, buildHelmetOptions(config));
  // JSON and HTML built per request go out brotli/gzip above 1 KB; built assets are pre-compressed.
  registerCompression(app);
  await app.register(fastifyCookie);
  // With REDIS_URL the limits are counted in Redis for every API process (issue 28).
  const rateLimitRedis = config.redisUrl ? createRateLimitRedis(config.redisUrl, redisPrefix) : undefined;
  if (rateLimitRedis) {
    await settleConnection(rateLimitRedis);
    app.decorate("rateLimitRedis", rateLimitRedis);
    app.addHook("onClose", async () => {
      await rateLimitRedis.quit().catch(() => rateLimitRedis.disconnect());
    });
  }
  await app.register(fastifyRateLimit, {
    global: false,
    ...(rateLimitRedis
      ? {
          store: sharedRateLimitStore(
            rateLimitRedis,
            redisPrefix,
            logRedisTrouble(app, rateLimitRedis, services),
          ),
        }
      : {}),
    errorResponseBuilder: () =>
      new AppError(429, "RATE_LIMITED", "Too many attempts. Please wait a minute and try again."),
  });

  app.decorate("services", services);
  app.decorateRequest("user", null);
  const trusted = [...(config.publicOrigin ? [config.publicOrigin] : []), ...config.allowedOrigins];
  app.addHook("onRequest", createOriginCheck(trusted));

  const guards = createAuthGuards(services.auth, cookies);
  // Before any route: every guard then runs ahead of body parsing and validation (auth.guards.ts).
  guards.runFirst(app);
  registerHealthRoutes(app, {
    health: createHealthService({
      store: services.store,
      storage: services.storage,
      ...(rateLimitRedis ? { redis: rateLimitRedis } : {}),
    }),
  });
  registerMetricsRoute(app, { metrics: services.metrics, token: config.metrics.token });
  registerSiteRoutes(app, { operator: config.operator });
  registerFlagsRoutes(app, {
    imageGenerationEnabled: config.imageGenerationEnabled,
    paymentProvider: config.payments.provider,
    llmEnabled: services.ai.isEnabled(),
    llmTestProvider: config.llm?.isTestProvider ?? false,
    imageEditProvider: services.imageEdit.providerName(),
    imageEditTestProvider: services.imageEdit.isTestProvider(),
    ...(services.imageEdit.maxInputImages() !== undefined
      ? { imageEditMaxInputImages: services.imageEdit.maxInputImages() }
      : {}),
    generationEnabled: services.generation.isEnabled(),
    generationTestProvider: services.generation.isTestProvider(),
    faceEditEngine: config.faceEditEngine.kind,
  });
  const authClock = clock ?? systemClock;
  const authDeps = {
    cookies,
    secret: config.auth.secret,
    clock: authClock,
    rateLimitMax: config.authRateLimitMax,
  };
  registerAuthRoutes(app, { auth: services.auth, guards, ...authDeps });
  registerSocialAuthRoutes(app, {
    social: services.social,
    // Never from the request's Host (issue 28): OAUTH_REDIRECT_BASE, else PUBLIC_ORIGIN.
    redirectBase: config.auth.redirectBase ?? config.publicOrigin,
    ...authDeps,
  });
  registerPasswordResetRoutes(app, {
    passwordReset: services.passwordReset,
    linkOrigin: config.publicOrigin,
    rateLimitMax: config.authRateLimitMax,
  });
  registerAccountRoutes(app, { account: services.account, social: services.social, guards, ...authDeps });
  registerAffiliateRoutes(app, { affiliate: services.affiliate, guards, cookies });
  registerCreditsRoutes(app, {
    credits: services.credits,
    holds: services.creditHolds,
    assertPayAheadOpen: services.ai.assertModel,
    guards,
  });
  registerModerationRoutes(app, { bannedKeywords: services.bannedKeywords, guards });
  registerBillingRoutes(app, { billing: services.billing, affiliate: services.affiliate, guards });
  services.payments.registerRoutes?.(app);
  // Multipart bodies are read only by the upload routes (request.parts, each with its own limits).
  // The plugin lives in their scope alone: it adds a hook and a listener to every request it sees.
  await app.register(async (uploads) => {
    await uploads.register(fastifyMultipart, { throwFileSizeLimit: true });
    registerNoticesRoutes(uploads, { notices: services.notices, guards });
    registerImagesRoutes(uploads, {
      images: services.images,
      guards,
      maxUploadBytes: config.uploads.maxBytes,
    });
  });
  registerRetouchRoutes(app, { retouch: services.retouch, guards });
  registerImageEditRoutes(app, { imageEdit: services.imageEdit, guards });
  registerFaceEditRoutes(app, { faceEdit: services.faceEdit, guards });
  registerJobsRoutes(app, { jobs: services.jobs, jobStatus: services.jobStatus, guards });
  // Issue 14: the prompt chat and helpers (multipart and raw image bodies in their own scope).
  await registerAiRoutes(app, { ai: services.ai, guards, maxUploadBytes: config.uploads.maxBytes });
  // Issue 16: reference-image generation (multipart in its own scope).
  await registerGenerationRoutes(app, {
    generation: services.generation,
    guards,
    maxUploadBytes: config.uploads.maxBytes,
  });
  // Every tool's samples (generation's /api/kling/samples, image edit's /api/seedream/samples).
  registerSamplesRoutes(app, { samples: services.samples, guards });
  services.storage.registerRoutes(app);
  app.decorate("guards", guards);

  await registerWebApp(app, {
    webDistDir: config.webDistDir,
    publicOrigin: config.publicOrigin,
    operator: config.operator,
    // Notice pages get their own title and description; the sitemap lists the newest; /notice is
    // sent with its first page filled in.
    notices: {
      find: (id) =>
        services.notices.get(id).then(
          (detail) => detail.notice,
          (error: unknown) => {
            if (error instanceof AppError && error.status === 404) return null;
            throw error;
          },
        ),
      recent: async () => (await services.notices.list(1)).items,
      firstPage: async () => ({ success: true as const, ...(await services.notices.list(1)) }),
    },
  });
  return app;
}

/**
 * Fastify's JSON parser (with its prototype-poisoning protection), except that an empty body
 * counts as no body: clients that send Content-Type: application/json on a bodiless POST
 * (logout, ensure-code) should not get an error. text/plain is dropped so a form-style
 * cross-site POST cannot reach a JSON route at all. A body that is not valid UTF-8 is refused
 * (400 TEXT_NOT_UTF8, issue 27) rather than read with replacement characters.
 */
function registerJsonParser(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser(["application/json", "text/plain"]);
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (request, body, done) => {
    const bytes = typeof body === "string" ? Buffer.from(body, "utf8") : body;
    if (!isUtf8(bytes))
      return done(new AppError(400, "TEXT_NOT_UTF8", "The request body is not valid UTF-8 text."), undefined);
    const text = bytes.toString("utf8");
    if (text.trim() === "") return done(null, undefined);
    return parseJson(request, text, done);
  });
}

/**
 * Says once when the rate limits fall back to counting in this process (Redis not answering),
 * and once when Redis is back; not on every attempt.
 */
function logRedisTrouble(app: FastifyInstance, redis: Redis, { metrics }: Pick<Services, "metrics">) {
  let isDown = false;
  redis.on("ready", () => {
    if (!isDown) return;
    isDown = false;
    app.log.info("Redis answers again: rate limits are shared across API processes again");
  });
  // ioredis reports each failed reconnect here; without a listener it would print them all.
  redis.on("error", () => {});
  return (err: unknown) => {
    metrics.rateLimitFallback();
    if (isDown) return;
    isDown = true;
    app.log.warn({ err }, "Redis did not answer: rate limits are counted in this process until it does");
  };
}
