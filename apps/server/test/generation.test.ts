/**
 * Reference-image generation on Kling (issue 16): the job contract on SQLite with the local queue
 * (and PostgreSQL with BullMQ when TEST_DATABASE_URL and TEST_REDIS_URL are set), and the Kling
 * driver against its contract fake (vendors CONTRACTS §2): a fresh JWT per request, raw base64
 * images, single and multi-reference tasks, partial results, content refusal, 1303 backoff and
 * expired tokens; the page's rules (a prompt or a reference, banned keywords, not configured) and
 * the grouped history.
 */
import { randomBytes } from "node:crypto";
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.ts";
import { createKlingProvider, signKlingToken } from "../src/drivers/ai/kling.ts";
import { createBullmqQueue } from "../src/drivers/queue/bullmq-queue.ts";
import type { JobQueue, QueueWorker } from "../src/drivers/queue/job-queue.ts";
import { startWorker } from "../src/modules/jobs/worker.ts";
import { type KlingFake, startKlingFake } from "./fakes/kling-fake.ts";
import { TEST_DATABASES, type TestDatabaseKind } from "./helpers/databases.ts";
import { allowAll, signUp, userWithCredits, waitFor, waitForJob } from "./helpers/retouch.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";
import { describeToolJob, type ToolHarness } from "./helpers/tool-contract.ts";

const redisUrl = process.env.TEST_REDIS_URL;
const SETUPS: Array<{ name: string; database: TestDatabaseKind; bullmq: boolean }> = [
  { name: "SQLite, local queue", database: { name: "sqlite" }, bullmq: false },
  ...(process.env.TEST_DATABASE_URL && redisUrl
    ? [{ name: "PostgreSQL, BullMQ", database: { name: "postgres" as const }, bullmq: true }]
    : []),
];

const queueFor = (bullmq: boolean): JobQueue | undefined =>
  bullmq
    ? createBullmqQueue({
        redisUrl: redisUrl!,
        sweepMs: 200,
        prefix: `gyeol-test-${randomBytes(6).toString("hex")}`,
      })
    : undefined;

const photo = (width = 400, height = 400) =>
  sharp({ create: { width, height, channels: 3, background: { r: 180, g: 120, b: 90 } } })
    .jpeg()
    .toBuffer();

function klingEnv(fake: KlingFake): Record<string, string> {
  return {
    QUEUE_POLL_MS: "20",
    JOB_STALE_AFTER_SECONDS: "1",
    KLING_ACCESS_KEY: fake.accessKey,
    KLING_SECRET_KEY: fake.secretKey,
    KLING_BASE_URL: fake.baseUrl,
    KLING_POLL_INTERVAL_MS: "20",
    KLING_RETRY_BASE_MS: "5",
  };
}

interface TGenerateForm {
  prompt?: string;
  num_images?: number;
  aspect_ratio?: string;
  files?: Array<{ bytes: Buffer; role?: "reference" | "character"; name?: string }>;
  character_mode?: string;
}

function generate(t: TestApp, cookie: string, body: TGenerateForm) {
  const form = new FormData();
  if (body.prompt !== undefined) form.append("prompt", body.prompt);
  form.append("num_images", String(body.num_images ?? 1));
  form.append("aspect_ratio", body.aspect_ratio ?? "1x1");
  if (body.character_mode) form.append("character_mode", body.character_mode);
  const files = body.files ?? [];
  if (files.some((file) => file.role))
    form.append("image_roles", files.map((file) => file.role ?? "reference").join(","));
  for (const file of files)
    form.append(
      "character_reference_images",
      new Blob([new Uint8Array(file.bytes)], { type: "image/jpeg" }),
      file.name ?? "ref.jpg",
    );
  return t.app.inject({
    method: "POST",
    url: "/api/kling/image-generation",
    headers: { cookie },
    payload: form,
  });
}

async function started(t: TestApp, cookie: string, body: TGenerateForm): Promise<string> {
  const response = await generate(t, cookie, body);
  if (response.statusCode !== 200) throw new Error(response.body);
  const json = response.json();
  expect(json).toMatchObject({
    success: true,
    error: null,
    images: [],
    partial: false,
    status: "in-progress",
  });
  return json.taskId;
}

describe.each(SETUPS)("generation keeps the job contract ($name)", ({ database, bullmq }) => {
  let fake: KlingFake;
  beforeAll(async () => {
    fake = await startKlingFake(await photo(64, 64));
  });
  afterAll(() => fake.close());

  describeToolJob(async (): Promise<ToolHarness> => {
    fake.outcome = "ok";
    const queue = queueFor(bullmq);
    const t = await createTestApp({
      database,
      env: klingEnv(fake),
      drivers: { moderation: allowAll, ...(queue ? { queue } : {}) },
    });
    await signUp(t.app);
    const reference = await photo();
    const submitsBefore = fake.submits;
    return {
      t,
      cost: 45,
      images: 3,
      user: (credits) => userWithCredits(t, credits),
      start: (user) =>
        started(t, user.cookie, { prompt: "a cat", num_images: 3, files: [{ bytes: reference }] }),
      provider(outcome) {
        fake.outcome = outcome === "fail" ? "failTask" : outcome === "hang" ? "hang" : "ok";
        // A task the fake holds finishes once the outcome is ok again (the resume test).
        if (outcome === "ok") for (const task of fake.tasks.values()) task.outcome = "ok";
      },
      submissions: () => fake.submits - submitsBefore,
      statusPath: (jobId) => `/api/image/status/${jobId}`,
      close: () => t.close(),
    };
  });
});

describe("generation on Kling's contract fake", () => {
  let fake: KlingFake;
  let t: TestApp;
  let worker: QueueWorker;
  beforeAll(async () => {
    fake = await startKlingFake(await photo(64, 64));
    t = await createTestApp({ env: klingEnv(fake), drivers: { moderation: allowAll } });
    await signUp(t.app);
    worker = startWorker(t.services, t.config);
  });
  afterAll(async () => {
    await worker.stop({ abandon: true });
    await t.close();
    await fake.close();
  });

  const balance = async (id: number) => (await t.services.credits.balances(id)).total;

  it("submits one reference as raw base64 with image_reference, polls to succeed and stores 4 results", async () => {
    fake.outcome = "ok";
    const user = await userWithCredits(t, 100);
    const taskId = await started(t, user.cookie, {
      prompt: "a girl in a garden",
      num_images: 4,
      aspect_ratio: "9x16",
      files: [{ bytes: await photo(), name: "ref.png" }],
    });
    expect(await balance(user.id)).toBe(40);
    const done = await waitForJob(t.app, user.cookie, taskId);
    expect(done).toMatchObject({ status: "completed", partial: false });
    expect(done.images).toHaveLength(4);
    const task = [...fake.tasks.values()].find((candidate) => candidate.body.external_task_id === taskId)!;
    expect(task.endpoint).toBe("generations");
    expect(task.body).toMatchObject({
      model_name: "kling-v1-5",
      prompt: "a girl in a garden",
      n: 4,
      aspect_ratio: "9:16",
      image_reference: "subject",
    });
    expect(String(task.body.image)).not.toMatch(/^data:/);
    expect(Buffer.from(String(task.body.image), "base64").subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    // Our copy, not Kling's URL.
    expect(done.images.every((url: string) => !url.startsWith(fake.baseUrl))).toBe(true);
    const history = (
      await t.app.inject({
        url: `/api/image/history/${user.id}?source=kling&grouped=1&group_limit=25&group_offset=0`,
        headers: { cookie: user.cookie },
      })
    ).json();
    expect(history.grouped).toBe(true);
    expect(history.images[0]).toMatchObject({
      source: "kling",
      kling_task_id: task.id,
      prompt: "a girl in a garden",
    });
    expect(history.images[0].all_image_urls).toHaveLength(4);
    expect(history.pagination).toMatchObject({ groupHasMore: false, nextGroupOffset: null });
    // Issue 26 "run again": the run's prompt, ratio, count, mode and its reference image, which opens.
    const inputs = history.images[0].run_inputs;
    expect(inputs).toMatchObject({
      prompt: "a girl in a garden",
      num_images: 4,
      aspect_ratio: "9x16",
      character_mode: "subject",
      seed: null,
      size: null,
      images: [{ role: "reference", mask_url: null, mask_color: null }],
    });
    const reference = await t.app.inject({ url: inputs.images[0].url, headers: { cookie: user.cookie } });
    expect(reference.statusCode).toBe(200);
    expect(reference.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
  });

  it("sends a reference with character images to the multi-reference endpoint, and one character with its face mode", async () => {
    fake.outcome = "ok";
    const user = await userWithCredits(t, 100);
    const multi = await started(t, user.cookie, {
      prompt: "two friends",
      files: [
        { bytes: await photo(), role: "reference" },
        { bytes: await photo(500, 400), role: "character" },
        { bytes: await photo(400, 500), role: "character" },
      ],
    });
    const face = await started(t, user.cookie, {
      prompt: "portrait",
      character_mode: "face",
      files: [{ bytes: await photo(), role: "character" }],
    });
    expect((await waitForJob(t.app, user.cookie, multi)).status).toBe("completed");
    expect((await waitForJob(t.app, user.cookie, face)).status).toBe("completed");
    const byJob = (id: string) => [...fake.tasks.values()].find((task) => task.body.external_task_id === id)!;
    expect(byJob(multi).endpoint).toBe("multi-image2image");
    expect(byJob(multi).body.subject_image_list).toHaveLength(2);
    expect(byJob(multi).body.scene_image).toEqual(expect.any(String));
    expect(byJob(multi).body.model_name).toBe("kling-v2-1");
    expect(byJob(face).body).toMatchObject({ image_reference: "face" });
  });

  it("says partial when Kling makes fewer images than asked", async () => {
    fake.outcome = "partial";
    const user = await userWithCredits(t, 100);
    const taskId = await started(t, user.cookie, { prompt: "a dog", num_images: 3 });
    const done = await waitForJob(t.app, user.cookie, taskId);
    expect(done).toMatchObject({ status: "completed", partial: true });
    expect(done.images).toHaveLength(2);
    // 45 charged on accept (100 → 55); the image Kling did not make comes back once: 15.
    expect(await balance(user.id)).toBe(70);
    expect(await waitForJob(t.app, user.cookie, taskId)).toMatchObject({ status: "completed" });
    expect(await balance(user.id)).toBe(70);
  });

  it("fails a refused prompt with GENERATION_CONTENT_REFUSED and refunds it once", async () => {
    fake.outcome = "refuse";
    const user = await userWithCredits(t, 100);
    const taskId = await started(t, user.cookie, { prompt: "something Kling refuses", num_images: 2 });
    expect(await balance(user.id)).toBe(70);
    const done = await waitForJob(t.app, user.cookie, taskId);
    expect(done).toMatchObject({ status: "failed", code: "GENERATION_CONTENT_REFUSED" });
    expect(await balance(user.id)).toBe(100);
  });

  it("backs off on 1303 (parallel task over the resource pack limit) and then succeeds", async () => {
    fake.outcome = "busy";
    fake.busyAnswers = 2;
    const user = await userWithCredits(t, 100);
    const taskId = await started(t, user.cookie, { prompt: "a busy day" });
    expect((await waitForJob(t.app, user.cookie, taskId)).status).toBe("completed");
    expect(fake.busyAnswers).toBe(0);
  });

  it("fails with GENERATION_BUSY when Kling stays busy through every retry", async () => {
    fake.outcome = "busy";
    fake.busyAnswers = 100;
    const user = await userWithCredits(t, 100);
    const taskId = await started(t, user.cookie, { prompt: "a busy day" });
    expect(await waitForJob(t.app, user.cookie, taskId)).toMatchObject({
      status: "failed",
      code: "GENERATION_BUSY",
    });
    expect(await balance(user.id)).toBe(100);
    fake.busyAnswers = 0;
  });

  it("refuses a banned keyword (NSFW_PROMPT_BLOCKED) and a run with neither prompt nor reference, charging nothing", async () => {
    fake.outcome = "ok";
    await t.services.store.ai.replaceBannedKeywords(["nude"], new Date().toISOString());
    const user = await userWithCredits(t, 100);
    const submits = fake.submits;
    const banned = await generate(t, user.cookie, { prompt: "A NUDE portrait" });
    expect(banned.statusCode).toBe(400);
    expect(banned.json().code).toBe("NSFW_PROMPT_BLOCKED");
    const empty = await generate(t, user.cookie, { prompt: "   " });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe("VALIDATION_ERROR");
    expect(await balance(user.id)).toBe(100);
    expect(fake.submits).toBe(submits);
  });

  it("signs its token as CONTRACTS §2.2 says: HS256, iss, exp = now + 1800, nbf = now - 5", () => {
    const token = signKlingToken("ak", "sk", 1_700_000_000);
    const [header, payload] = token
      .split(".")
      .slice(0, 2)
      .map((part) => JSON.parse(Buffer.from(part!, "base64url").toString()));
    expect(header).toEqual({ alg: "HS256", typ: "JWT" });
    expect(payload).toEqual({ iss: "ak", exp: 1_700_001_800, nbf: 1_699_999_995 });
  });

  it("maps an expired token (1004) to GENERATION_PROVIDER_REFUSED", async () => {
    const provider = createKlingProvider(
      {
        accessKey: fake.accessKey,
        secretKey: fake.secretKey,
        baseUrl: fake.baseUrl,
        model: "kling-v1-5",
        pollIntervalMs: 10,
        retryBaseMs: 1,
        timeoutMs: 10_000,
        isTestProvider: true,
      },
      // A clock 31 minutes behind: the token it signs has expired by the fake's clock.
      { nowSeconds: () => Math.floor(Date.now() / 1000) - 31 * 60 },
    );
    await expect(
      provider.generate({
        prompt: "x",
        numImages: 1,
        aspectRatio: "1:1",
        aspectRatioName: "1x1",
        reference: null,
        characters: [],
        characterMode: "subject",
        externalTaskId: "t1",
        providerTaskId: null,
        onProviderTaskId: async () => {},
        signal: new AbortController().signal,
      }),
    ).rejects.toMatchObject({ code: "GENERATION_PROVIDER_REFUSED" });
  });
});

describe("generation samples (/api/kling/samples)", () => {
  it("lets everyone read them and only the administrator add, reorder and delete them", async () => {
    const fake = await startKlingFake(await photo(64, 64));
    const t = await createTestApp({ env: klingEnv(fake), drivers: { moderation: allowAll } });
    const worker = startWorker(t.services, t.config);
    try {
      const admin = await signUp(t.app);
      await t.services.credits.grant(admin.body.id, {
        amount: 100,
        reason: "test",
        idempotencyKey: "t:admin",
      });
      const taskId = await started(t, admin.cookie, { prompt: "a red fox", num_images: 2 });
      const done = await waitForJob(t.app, admin.cookie, taskId);
      expect(done.status).toBe("completed");
      const thumb = `data:image/png;base64,${(
        await sharp({ create: { width: 8, height: 8, channels: 3, background: "#fff" } })
          .png()
          .toBuffer()
      ).toString("base64")}`;
      const add = (cookie: string, prompt: string) =>
        t.app.inject({
          method: "POST",
          url: "/api/kling/samples",
          headers: { cookie },
          payload: {
            prompt,
            result_urls: done.images,
            thumbnail_data_url: thumb,
            aspect_ratio: "3x4",
            num_images: 2,
          },
        });
      const first = await add(admin.cookie, "a red fox");
      expect(first.statusCode, first.body).toBe(200);
      expect((await add(admin.cookie, "second")).statusCode).toBe(200);

      const user = await userWithCredits(t, 0);
      expect((await add(user.cookie, "mine")).statusCode).toBe(403);
      const listed = (await t.app.inject({ url: "/api/kling/samples" })).json();
      expect(listed.samples.map((sample: { prompt: string }) => sample.prompt)).toEqual([
        "a red fox",
        "second",
      ]);
      expect(listed.samples[0]).toMatchObject({ aspect_ratio: "3x4", num_images: 2, display_order: 0 });
      expect(listed.samples[0].result_urls).toHaveLength(2);
      // Public copies: a visitor can fetch the picture.
      const picture = await t.app.inject({ url: listed.samples[0].result_urls[0] });
      expect(picture.statusCode).toBe(200);

      const [a, b] = listed.samples as Array<{ id: number }>;
      const order = {
        samples: [
          { id: a!.id, display_order: 1 },
          { id: b!.id, display_order: 0 },
        ],
      };
      const forbidden = await t.app.inject({
        method: "PUT",
        url: "/api/kling/samples/reorder",
        headers: { cookie: user.cookie },
        payload: order,
      });
      expect(forbidden.statusCode).toBe(403);
      const reordered = await t.app.inject({
        method: "PUT",
        url: "/api/kling/samples/reorder",
        headers: { cookie: admin.cookie },
        payload: order,
      });
      expect(reordered.json().samples.map((sample: { prompt: string }) => sample.prompt)).toEqual([
        "second",
        "a red fox",
      ]);

      expect(
        (
          await t.app.inject({
            method: "DELETE",
            url: `/api/kling/samples/${a!.id}`,
            headers: { cookie: user.cookie },
          })
        ).statusCode,
      ).toBe(403);
      expect(
        (
          await t.app.inject({
            method: "DELETE",
            url: `/api/kling/samples/${a!.id}`,
            headers: { cookie: admin.cookie },
          })
        ).statusCode,
      ).toBe(200);
      expect((await t.app.inject({ url: "/api/kling/samples" })).json().samples).toHaveLength(1);
    } finally {
      await worker.stop({ abandon: true });
      await t.close();
      await fake.close();
    }
  });
});

describe("Kling configuration", () => {
  it("takes both keys or neither, and defaults the base URL and model", () => {
    expect(loadConfig({}).kling).toBeUndefined();
    expect(() => loadConfig({ KLING_ACCESS_KEY: "ak" })).toThrow(/KLING_SECRET_KEY/);
    expect(() => loadConfig({ KLING_SECRET_KEY: "sk" })).toThrow(/KLING_ACCESS_KEY/);
    expect(loadConfig({ KLING_ACCESS_KEY: "ak", KLING_SECRET_KEY: "sk" }).kling).toMatchObject({
      baseUrl: "https://api-singapore.klingai.com",
      model: "kling-v1-5",
      isTestProvider: false,
    });
  });
});

describe("generation without a provider", () => {
  it("answers 503 GENERATION_NOT_CONFIGURED and the flags say it is off", async () => {
    const t = await createTestApp({ drivers: { moderation: allowAll } });
    try {
      await signUp(t.app);
      const user = await userWithCredits(t, 100);
      const flags = (await t.app.inject({ url: "/api/feature/flags" })).json();
      expect(flags).toMatchObject({ generationEnabled: false, generationTestProvider: false });
      const response = await generate(t, user.cookie, { prompt: "a cat" });
      expect(response.statusCode).toBe(503);
      expect(response.json().code).toBe("GENERATION_NOT_CONFIGURED");
      expect((await t.services.credits.balances(user.id)).total).toBe(100);
    } finally {
      await t.close();
    }
  });
});

/**
 * Issue 27 on every test database: Kling's weather does not end a run (polls that fail on the
 * way are tried again, a lost submit answer is found by its external_task_id), a task a crashed
 * worker left is delivered when Kling completes it even after JOB_MAX_ATTEMPTS, and a refused
 * request stores no file.
 */
describe.each(TEST_DATABASES)("generation rides out weather on $name (issue 27)", (database) => {
  let fake: KlingFake;
  let t: TestApp;
  let worker: QueueWorker | undefined;
  beforeAll(async () => {
    fake = await startKlingFake(await photo(64, 64));
  });
  afterAll(() => fake.close());

  async function open() {
    fake.outcome = "ok";
    fake.pollFailures = [];
    fake.dropSubmitAnswers = 0;
    t = await createTestApp({ database, env: klingEnv(fake), drivers: { moderation: allowAll } });
    await signUp(t.app);
  }
  async function close() {
    await worker?.stop({ abandon: true });
    worker = undefined;
    await t.close();
  }
  const balance = async (id: number) => (await t.services.credits.balances(id)).total;
  const taskOf = (jobId: string) =>
    [...fake.tasks.values()].filter((task) => task.body.external_task_id === jobId);

  it("polls that fail on the way (no answer, 500, 503, 429) are tried again; the task is delivered", async () => {
    await open();
    try {
      const user = await userWithCredits(t, 15);
      fake.pollFailures = ["network", 500, 503, 429, "network", 500];
      const jobId = await started(t, user.cookie, { prompt: "a cat in the rain" });
      worker = startWorker(t.services, t.config);
      const done = await waitForJob(t.app, user.cookie, jobId, 30_000);
      expect(done).toMatchObject({ status: "completed" });
      expect(done.images).toHaveLength(1);
      expect(fake.pollFailures).toEqual([]);
      expect(taskOf(jobId)).toHaveLength(1);
      expect(await balance(user.id)).toBe(0);
      expect((await t.services.credits.listLedger(user.id)).filter((row) => row.kind === "refund")).toEqual(
        [],
      );
    } finally {
      await close();
    }
  }, 40_000);

  it("a submit whose answer is lost is found by its external_task_id, not made twice", async () => {
    await open();
    try {
      const user = await userWithCredits(t, 15);
      fake.dropSubmitAnswers = 1;
      const submits = fake.submits;
      const jobId = await started(t, user.cookie, { prompt: "a dog on a hill" });
      worker = startWorker(t.services, t.config);
      expect(await waitForJob(t.app, user.cookie, jobId, 30_000)).toMatchObject({ status: "completed" });
      expect(fake.submits - submits).toBe(1);
      expect(taskOf(jobId)).toHaveLength(1);
      expect((await t.services.store.jobs.findById(jobId))?.provider_job_id).toBe(taskOf(jobId)[0]!.id);
    } finally {
      await close();
    }
  }, 40_000);

  it("a task left by crashed workers past JOB_MAX_ATTEMPTS is delivered when Kling completes it, not refunded", async () => {
    await open();
    try {
      const user = await userWithCredits(t, 15);
      fake.outcome = "hang";
      const jobId = await started(t, user.cookie, { prompt: "a slow sunset" });
      const crash = async () => {
        await worker!.stop({ abandon: true }); // the row stays processing
        worker = undefined;
        await waitFor(async () => {
          const row = await t.services.store.jobs.findById(jobId);
          return Date.parse(row!.heartbeat_at!) < Date.now() - 1000 * t.config.jobs.staleAfterSeconds;
        });
      };
      for (let run = 1; run <= t.config.jobs.maxAttempts; run++) {
        worker = startWorker(t.services, t.config);
        await waitFor(async () => {
          const row = await t.services.store.jobs.findById(jobId);
          return row?.status === "processing" && row.attempts === run && Boolean(row.provider_job_id);
        }, 20_000);
        await crash();
      }
      // Every allowed attempt is used up, and Kling finishes the task meanwhile.
      for (const task of taskOf(jobId)) task.outcome = "ok";
      worker = startWorker(t.services, t.config);
      const done = await waitForJob(t.app, user.cookie, jobId, 30_000);
      expect(done).toMatchObject({ status: "completed" });
      expect(done.images).toHaveLength(1);
      expect(taskOf(jobId)).toHaveLength(1); // polled again, never submitted again
      const row = await t.services.store.jobs.findById(jobId);
      expect(row?.attempts).toBe(t.config.jobs.maxAttempts + 1);
      expect(await balance(user.id)).toBe(0);
    } finally {
      await close();
    }
  }, 60_000);

  it("a refused start stores no file: too small, wrong proportion, no credits, a banned word", async () => {
    await open();
    try {
      const poor = await userWithCredits(t, 10);
      const rich = await userWithCredits(t, 100);
      const ok = await photo(400, 400);
      const refusals: Array<[{ cookie: string; id: number }, TGenerateForm, string]> = [
        [rich, { prompt: "x", files: [{ bytes: await photo(200, 200) }] }, "IMAGE_TOO_SMALL"],
        [rich, { prompt: "x", files: [{ bytes: await photo(1200, 400) }] }, "IMAGE_ASPECT_RATIO_UNSUPPORTED"],
        [
          rich,
          {
            prompt: "x",
            files: [{ bytes: ok }, { bytes: await photo(1200, 400), role: "character" }],
          },
          "IMAGE_ASPECT_RATIO_UNSUPPORTED",
        ],
        [poor, { prompt: "a cat", files: [{ bytes: ok }] }, "INSUFFICIENT_CREDITS"],
        [rich, { prompt: "비 키 니 입은 모델", files: [{ bytes: ok }] }, "NSFW_PROMPT_BLOCKED"],
        [rich, { prompt: "x", files: [{ bytes: Buffer.alloc(0), name: "empty.jpg" }] }, "IMAGE_EMPTY"],
      ];
      for (const [user, body, code] of refusals) {
        const response = await generate(t, user.cookie, body);
        expect(response.statusCode, code).toBe(400);
        expect(response.json().code).toBe(code);
      }
      expect(await t.db.kysely.selectFrom("uploads").selectAll().execute()).toEqual([]);
      expect(filesIn(path.join(t.dir, "files"))).toEqual([]);
      expect(await balance(poor.id)).toBe(10);
      expect(await balance(rich.id)).toBe(100);
    } finally {
      await close();
    }
  });
});

function filesIn(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesIn(full) : [full];
  });
}
