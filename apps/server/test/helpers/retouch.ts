/**
 * Helpers for the image-tool suites: small real images, a controllable retouch engine, an
 * allow-all or block-all classifier, uploads, starts and polling.
 */
import type { TUpscaleInput } from "@gyeol/shared/contracts/images";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import type { ModerationDriver } from "../../src/drivers/engines/moderation.ts";
import { EngineJobError, type RetouchEngine } from "../../src/drivers/engines/retouch-engine.ts";
import type { TestDatabaseKind } from "./databases.ts";
import { sessionCookieFrom, TEST_PASSWORD, uniqueEmail } from "./http.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

/** 128×96 by default: the smallest images the engine takes are ENGINE_MIN_SIDE_PX (80 px) a side. */
export async function makeJpeg(width = 128, height = 96): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 150, b: 120 } } })
    .jpeg()
    .toBuffer();
}

export const allowAll: ModerationDriver = {
  classify: async () => ({ verdict: "allow", scores: { Neutral: 0.98, Drawing: 0.01, Sexy: 0.01 } }),
};
export const blockAll: ModerationDriver = {
  classify: async () => ({ verdict: "block", scores: { Porn: 0.9, Sexy: 0.08, Neutral: 0.02 } }),
};

export type TFakeBehaviour = "ok" | "fail" | "hang";

export interface FakeEngine extends RetouchEngine {
  behaviour: TFakeBehaviour;
  runs: number;
  /** The job input of each run, as the driver received it. */
  inputs: TUpscaleInput[];
  /** What the engine reports it kept of the retouch (the identity guard). */
  retouchShare: number;
}

/** An engine whose outcome the test sets: a real JPEG back, an EngineJobError, or no answer until aborted. */
export function createFakeEngine(): FakeEngine {
  const engine: FakeEngine = {
    provider: "builtin",
    workload: "engine",
    behaviour: "ok",
    runs: 0,
    inputs: [],
    retouchShare: 1,
    async run({ input, readImage, signal }) {
      engine.runs += 1;
      engine.inputs.push(input);
      if (engine.behaviour === "hang") {
        // A signal aborted before the call never fires "abort" again: check it first.
        signal.throwIfAborted();
        await new Promise((_, reject) =>
          signal.addEventListener("abort", () => reject(signal.reason), { once: true }),
        );
      }
      if (engine.behaviour === "fail") throw new EngineJobError("ENGINE_FAILED", "the fake engine failed");
      const bytes = await readImage();
      const { data, info } = await sharp(bytes)
        .resize({ width: 96 })
        .jpeg()
        .toBuffer({ resolveWithObject: true });
      return {
        jpeg: data,
        width: info.width,
        height: info.height,
        facesFound: 1,
        identityScore: 0.97,
        retouchShare: engine.retouchShare,
        engine: "builtin",
      };
    },
  };
  return engine;
}

export function imageForm(bytes: Buffer, name = "photo.jpg", type = "image/jpeg") {
  const form = new FormData();
  form.append("image", new Blob([new Uint8Array(bytes)], { type }), name);
  return form;
}

export async function uploadImage(
  app: FastifyInstance,
  cookie: string,
  bytes: Buffer,
  purpose: "tool" | "notice" = "tool",
) {
  const response = await app.inject({
    method: "POST",
    url: purpose === "notice" ? "/api/image/upload-s3?purpose=notice" : "/api/image/upload-s3",
    headers: { cookie },
    payload: imageForm(bytes),
  });
  return response;
}

/** The spec 02 §3 input object as the page sends it. */
/**
 * A retouch request (POST /api/image/upscale's `input`) with every field set: the integration
 * suites send it, the ComfyUI driver tests bind it into the workflow (issue 26: one builder).
 * Typed overrides give a TUpscaleInput; loose ones (a wrong value on purpose) a plain object.
 */
export function upscaleInput(image: string, overrides?: Partial<TUpscaleInput>): TUpscaleInput;
export function upscaleInput(image: string, overrides: Record<string, unknown>): Record<string, unknown>;
export function upscaleInput(image: string, overrides: Record<string, unknown> = {}) {
  return {
    image,
    seed: 1234,
    prompt: "professional portrait photography",
    output_format: "jpg",
    output_quality: 100,
    lora_index: 2,
    numImages: 1,
    width: 128,
    height: 96,
    scale_factor: 1,
    upper_lip: false,
    lower_lip: false,
    filter_strength: 0.01,
    filter_index: 0,
    filter_prompt: "studio",
    left_eyebrow: false,
    right_eyebrow: false,
    nose: false,
    hair: false,
    ...overrides,
  };
}

export function startRetouch(app: FastifyInstance, cookie: string, input: object) {
  return app.inject({ method: "POST", url: "/api/runpod-upscale", headers: { cookie }, payload: { input } });
}

export function getStatus(app: FastifyInstance, cookie: string, jobId: string) {
  return app.inject({ method: "GET", url: `/api/image/status/${jobId}`, headers: { cookie } });
}

/** Polls until the job leaves in-progress (or the time runs out). */
export async function waitForJob(app: FastifyInstance, cookie: string, jobId: string, timeoutMs = 20_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const body = (await getStatus(app, cookie, jobId)).json();
    if (body.status !== "in-progress" || Date.now() > until) return body;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function waitFor(check: () => Promise<boolean>, timeoutMs = 10_000) {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Signs a new user up (with the age confirmation the sign-up form sends); cookie and id. */
export async function signUp(app: FastifyInstance) {
  const payload = {
    name: "Kim Gyeol",
    email: uniqueEmail("retouch"),
    password: TEST_PASSWORD,
    ageConfirmed: true,
  };
  const response = await app.inject({ method: "POST", url: "/api/auth/register", payload });
  if (response.statusCode !== 200)
    throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  return { cookie: sessionCookieFrom(response), body: response.json() as { id: number } };
}

/**
 * A test app for job suites: a controllable fake engine, a fast local queue, and the administrator
 * (user 1) already signed up, so the tests' users are ordinary ones.
 */
export async function createJobsTestApp(
  database: TestDatabaseKind,
  { env = {}, moderation = allowAll }: { env?: Record<string, string>; moderation?: ModerationDriver } = {},
): Promise<{ t: TestApp; engine: FakeEngine }> {
  const engine = createFakeEngine();
  const t = await createTestApp({
    database,
    env: { QUEUE_POLL_MS: "20", JOB_STALE_AFTER_SECONDS: "1", ...env },
    drivers: { retouchEngine: engine, moderation },
  });
  await signUp(t.app);
  return { t, engine };
}

/** A new ordinary user holding `credits` (none when 0). */
export async function userWithCredits(t: TestApp, credits: number) {
  const { cookie, body } = await signUp(t.app);
  if (credits > 0) {
    await t.services.credits.grant(body.id, {
      amount: credits,
      reason: "test",
      idempotencyKey: `t:${body.id}`,
    });
  }
  return { cookie, id: body.id };
}
