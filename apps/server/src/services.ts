/**
 * The composition root: builds every service from the database, the config and the clock.
 * The API, the cron role and the admin CLI all go through these same services.
 */
import { pino } from "pino";
import type { Config } from "./config.ts";
import { createStore, type Store } from "./db/store.ts";
import { createKlingProvider } from "./drivers/ai/kling.ts";
import type { ReferenceImageProvider } from "./drivers/ai/reference-image-provider.ts";
import { createComfyGenerationProvider } from "./drivers/comfyui/comfy-generation-provider.ts";
import type { ComfyRunner } from "./drivers/comfyui/comfy-runner.ts";
import { createComfyRunner } from "./drivers/comfyui/create-comfy-runner.ts";
import type { Database } from "./drivers/db/database.ts";
import { createFaceEditEngine } from "./drivers/engines/create-face-edit-engine.ts";
import { createRetouchEngine } from "./drivers/engines/create-retouch-engine.ts";
import type { FaceEditEngine } from "./drivers/engines/face-edit-engine.ts";
import { builtinModeration, type ModerationDriver } from "./drivers/engines/moderation.ts";
import type { RegionsEngine } from "./drivers/engines/regions-engine.ts";
import type { RetouchEngine } from "./drivers/engines/retouch-engine.ts";
import { createRunpodClient } from "./drivers/engines/runpod-client.ts";
import { createImageEditProvider } from "./drivers/image-edit/create-image-edit-provider.ts";
import type { ImageEditProvider } from "./drivers/image-edit/image-edit-provider.ts";
import type { ChatModel } from "./drivers/llm/chat-model.ts";
import { createChatModel } from "./drivers/llm/create-chat-model.ts";
import { createMailDriver } from "./drivers/mail/create-mail-driver.ts";
import type { MailDriver } from "./drivers/mail/mail-driver.ts";
import { createSocialProviders } from "./drivers/oauth/create-social-providers.ts";
import { createPaymentDriver } from "./drivers/payments/create-payment-driver.ts";
import type { PaymentDriver } from "./drivers/payments/payment-driver.ts";
import { createJobQueue } from "./drivers/queue/create-queue.ts";
import type { JobQueue } from "./drivers/queue/job-queue.ts";
import { createStorage } from "./drivers/storage/create-storage.ts";
import type { FileStorage } from "./drivers/storage/storage.ts";
import { type Clock, systemClock } from "./lib/clock.ts";
import { argon2Hasher, type PasswordHasher } from "./lib/password.ts";
import { type AccountService, createAccountService } from "./modules/account/account.service.ts";
import { type AffiliateService, createAffiliateService } from "./modules/affiliate/affiliate.service.ts";
import { type AiService, createAiService } from "./modules/ai/ai.service.ts";
import { type AuthService, createAuthService } from "./modules/auth/auth.service.ts";
import {
  createPasswordResetService,
  type PasswordResetService,
} from "./modules/auth/password-reset.service.ts";
import { createSocialAuthService, type SocialAuthService } from "./modules/auth/social-auth.service.ts";
import { type BillingService, createBillingService } from "./modules/billing/billing.service.ts";
import {
  createRenewalRemindersService,
  type RenewalRemindersService,
} from "./modules/billing/renewal-reminders.service.ts";
import { type CreditHoldsService, createCreditHoldsService } from "./modules/credits/credit-holds.service.ts";
import { type CreditsService, createCreditsService } from "./modules/credits/credits.service.ts";
import { createFaceEditJob } from "./modules/face-edit/face-edit.job.ts";
import { createFaceEditService, type FaceEditService } from "./modules/face-edit/face-edit.service.ts";
import { createGenerationJob, notConfiguredProvider } from "./modules/generation/generation.job.ts";
import { createGenerationService, type GenerationService } from "./modules/generation/generation.service.ts";
import { createImageEditJob } from "./modules/image-edit/image-edit.job.ts";
import { createImageEditService, type ImageEditService } from "./modules/image-edit/image-edit.service.ts";
import { createImagesService, type ImagesService } from "./modules/images/images.service.ts";
import type { AnyJobDefinition } from "./modules/jobs/job-definition.ts";
import { createJobIntakeService, type JobIntakeService } from "./modules/jobs/job-intake.service.ts";
import { createJobStatusService, type JobStatusService } from "./modules/jobs/job-status.service.ts";
import { createJobsService, type JobsService } from "./modules/jobs/jobs.service.ts";
import { createMetrics, type Metrics } from "./modules/metrics/metrics.ts";
import {
  type BannedKeywordsService,
  createBannedKeywordsService,
} from "./modules/moderation/banned-keywords.service.ts";
import { createNoticesService, type NoticesService } from "./modules/notices/notices.service.ts";
import { createRetouchJob } from "./modules/retouch/retouch.job.ts";
import { createRetouchService, type RetouchService } from "./modules/retouch/retouch.service.ts";
import { createSamplesService, type SamplesService } from "./modules/samples/samples.service.ts";
import { createUsersService, type UsersService } from "./modules/users/users.service.ts";

export interface Services {
  store: Store;
  users: UsersService;
  auth: AuthService;
  social: SocialAuthService;
  passwordReset: PasswordResetService;
  account: AccountService;
  credits: CreditsService;
  affiliate: AffiliateService;
  storage: FileStorage;
  notices: NoticesService;
  images: ImagesService;
  billing: BillingService;
  renewalReminders: RenewalRemindersService;
  payments: PaymentDriver;
  queue: JobQueue;
  jobs: JobsService;
  /** Accepting a job of any tool: maintenance, banned keywords, the charge, the queue message. */
  intake: JobIntakeService;
  /** A job's status for every tool's status route. */
  jobStatus: JobStatusService;
  retouch: RetouchService;
  /** Image edit's rules (issue 15); its jobs run on the image-edit provider port (Seedream or OpenAI). */
  imageEdit: ImageEditService;
  /** Reference-image generation (issue 16) on the reference-image provider port (Kling). */
  generation: GenerationService;
  /** Every tool's samples (/api/kling/samples, /api/seedream/samples: modules/samples). */
  samples: SamplesService;
  /** Face edit's rules (spec 02 §2.4); its jobs run on the face-edit engine port. */
  faceEdit: FaceEditService;
  /** The prompt chat and helpers on the language-model port (issue 14). */
  ai: AiService;
  creditHolds: CreditHoldsService;
  bannedKeywords: BannedKeywordsService;
  /** This process's Prometheus metrics (issue 28); no-ops unless METRICS_TOKEN or METRICS_PORT. */
  metrics: Metrics;
}

/** Drivers a test may hand in instead of the configured ones (a blocking classifier, a BullMQ prefix). */
export interface DriverOverrides {
  moderation?: ModerationDriver;
  /** The regions overlay instead of the engine's face analysis. */
  regionsEngine?: RegionsEngine;
  /** A language model instead of the configured one (or none). */
  chatModel?: ChatModel;
  /** A reference-image provider instead of the configured Kling (null: none connected). */
  referenceImageProvider?: ReferenceImageProvider | null;
  retouchEngine?: RetouchEngine;
  /** An image-edit provider instead of the configured one; null: none connected. */
  imageEditProvider?: ImageEditProvider | null;
  faceEditEngine?: FaceEditEngine;
  /** The ComfyUI runner the tools that run on ComfyUI share, instead of the configured one. */
  comfyRunner?: ComfyRunner;
  queue?: JobQueue;
  mail?: MailDriver;
  /** Job kinds added beside the product's (the contract suite's test-only kind). */
  jobDefinitions?: (deps: { storage: FileStorage }) => readonly AnyJobDefinition[];
}

export interface ServiceDeps {
  db: Database;
  config: Pick<
    Config,
    | "sessionTtlDays"
    | "affiliateEnabled"
    | "dataDir"
    | "fileUrlSecret"
    | "payments"
    | "affiliateWindowDays"
    | "publicOrigin"
    | "cookieSecure"
    | "storage"
    | "uploads"
    | "retouchEngine"
    | "runpod"
    | "faceEditEngine"
    | "redisUrl"
    | "jobs"
    | "demoMode"
    | "auth"
    | "mail"
    | "supportEmail"
    | "logLevel"
    | "llm"
    | "kling"
    | "generationProvider"
    | "comfyui"
    | "chatChargeEnabled"
    | "imageEdit"
    | "maintenanceMode"
    | "metrics"
  >;
  clock?: Clock;
  passwords?: PasswordHasher;
  drivers?: DriverOverrides;
}

export function createServices({
  db,
  config,
  clock = systemClock,
  passwords = argon2Hasher,
  drivers = {},
}: ServiceDeps): Services {
  const store = createStore(db.kysely);
  const users = createUsersService({ store, passwords, clock });
  // The storage, queue and engine drivers are chosen here, once (ARCHITECTURE "two scales").
  const storage = createStorage(config, clock);
  const queue = drivers.queue ?? createJobQueue(config);
  // One RunPod client for every endpoint (retouch, face edit) when RUNPOD_API_KEY is set.
  const runpod = config.runpod
    ? createRunpodClient({ ...config.runpod, maxResultBytes: config.uploads.maxBytes * 4 })
    : undefined;
  // One ComfyUI runner (a ComfyUI server or RunPod's ComfyUI worker) for every tool on ComfyUI.
  const comfyRunner = config.comfyui ? (drivers.comfyRunner ?? createComfyRunner(config.comfyui)) : undefined;
  const retouchEngine = drivers.retouchEngine ?? createRetouchEngine(config, runpod, comfyRunner);
  const faceEditEngine = drivers.faceEditEngine ?? createFaceEditEngine(config, runpod, comfyRunner);
  const affiliate = createAffiliateService({
    store,
    clock,
    isEnabled: config.affiliateEnabled,
    windowDays: config.affiliateWindowDays,
  });
  // The payment driver is chosen once, here. The sandbox hands its signed events to billing's
  // webhook handler, which needs the driver first: hence the late-bound sink.
  let billing: BillingService | undefined;
  const { driver: payments, prices } = createPaymentDriver({
    config: config.payments,
    db: db.kysely,
    clock,
    publicOrigin: config.publicOrigin,
    cookieSecure: config.cookieSecure,
    deliver: (rawBody, signature) => billing!.receiveWebhook(rawBody, signature),
  });
  billing = createBillingService({ store, clock, driver: payments, prices, affiliate });
  const credits = createCreditsService({ store, clock });
  const images = createImagesService({
    store,
    storage,
    moderation: drivers.moderation ?? builtinModeration,
    regions: drivers.regionsEngine,
    clock,
    limits: config.uploads,
  });
  const comfyGeneration = config.comfyui?.workflows.generation;
  const referenceImages =
    drivers.referenceImageProvider !== undefined
      ? drivers.referenceImageProvider
      : config.generationProvider === "comfyui" && comfyRunner && config.comfyui && comfyGeneration
        ? createComfyGenerationProvider({
            runner: comfyRunner,
            workflow: comfyGeneration,
            timeoutMs: config.comfyui.timeoutMs,
            isTestProvider: false,
          })
        : config.kling
          ? createKlingProvider(config.kling)
          : null;
  const imageEditProvider =
    drivers.imageEditProvider === undefined
      ? createImageEditProvider(
          config.imageEdit,
          comfyRunner && config.comfyui ? { runner: comfyRunner, config: config.comfyui } : undefined,
        )
      : (drivers.imageEditProvider ?? undefined);
  // Every job kind, once: the consumer, the intake and the status read the same definitions.
  const definitions = [
    createRetouchJob({ storage, engine: retouchEngine, publicOrigin: config.publicOrigin }),
    createImageEditJob({ storage, provider: imageEditProvider }),
    createFaceEditJob({ storage, engine: faceEditEngine, publicOrigin: config.publicOrigin }),
    createGenerationJob({ storage, provider: referenceImages ?? notConfiguredProvider }),
    ...(drivers.jobDefinitions?.({ storage }) ?? []),
  ];
  const metrics = createMetrics({
    enabled: config.metrics.token !== undefined || config.metrics.port !== undefined,
    store,
    clock,
    queueOf: (tool) => definitions.find((d) => d.tool === tool)?.queue ?? "engine",
  });
  const jobs = createJobsService({ store, credits, clock, settings: config.jobs, definitions, metrics });
  const bannedKeywords = createBannedKeywordsService({ store, clock });
  // The hold behind every prompt-helper and chat charge; the chat adds its failed reply to a
  // refunded hold (the AI service is made below and only read when the sweep runs).
  const creditHolds = createCreditHoldsService({
    store,
    credits,
    clock,
    // A claimed hold outlives any model call (each try up to LLM_TIMEOUT_MS) before the sweep
    // counts its call as lost.
    holdTimeoutMs: Math.max(
      15 * 60_000,
      (config.llm?.timeoutMs ?? 0) * ((config.llm?.maxRetries ?? 0) + 1) + 5 * 60_000,
    ),
    onSweptRefund: (tx, row, at) => ai.chatHoldRefunded(tx, row, at),
  });
  const ai = createAiService({
    store,
    storage,
    images,
    holds: creditHolds,
    bannedKeywords,
    moderation: drivers.moderation ?? builtinModeration,
    clock,
    model: drivers.chatModel ?? createChatModel(config.llm),
    chatChargeEnabled: config.chatChargeEnabled,
    limits: config.uploads,
  });
  const intake = createJobIntakeService({
    store,
    credits,
    queue,
    clock,
    definitions,
    isMaintenance: config.maintenanceMode,
    // The administrator's list (GET/PUT /api/auth/banned-keywords), read on every prompted job.
    findBannedKeyword: (text) => bannedKeywords.find(text),
  });
  // Accounts (issue 7): sign-in providers and the mail driver are chosen here, once.
  const auth = createAuthService({
    store,
    users,
    passwords,
    clock,
    sessionTtlDays: config.sessionTtlDays,
    isDemoMode: config.demoMode,
  });
  const mail = drivers.mail ?? createMailDriver(config.mail, pino({ name: "mail", level: config.logLevel }));
  return {
    store,
    users,
    auth,
    social: createSocialAuthService({
      store,
      users,
      auth,
      providers: createSocialProviders(config.auth),
      clock,
    }),
    passwordReset: createPasswordResetService({ store, users, mail, clock }),
    account: createAccountService({ store, auth, storage, passwords, clock }),
    credits,
    affiliate,
    storage,
    notices: createNoticesService({ store, storage, clock }),
    images,
    billing,
    renewalReminders: createRenewalRemindersService({
      store,
      mail,
      clock,
      // Links in e-mails come from PUBLIC_ORIGIN alone (no guessed host or port).
      siteOrigin: config.publicOrigin,
      supportEmail: config.supportEmail,
    }),
    payments,
    queue,
    jobs,
    intake,
    jobStatus: createJobStatusService({ store, images, jobs, clock, definitions }),
    retouch: createRetouchService({ store, images, intake }),
    imageEdit: createImageEditService({ store, images, intake, provider: imageEditProvider }),
    generation: createGenerationService({ images, intake, provider: referenceImages }),
    samples: createSamplesService({ store, storage, images, clock }),
    faceEdit: createFaceEditService({ store, images, intake }),
    ai,
    creditHolds,
    bannedKeywords,
    metrics,
  };
}
