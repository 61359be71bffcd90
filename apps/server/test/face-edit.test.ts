/**
 * Face edit on the server (spec 02 §2.4, §3, §5, §7, §8, §9; issue 13): POST /api/runpod-face-edit
 * with the spec's input, the photo and the mask as the caller's own private uploads (the mask with
 * purpose=mask), the charge from the shared cost rule, the job on the built-in reshape or on RunPod
 * (CONTRACTS.md §3, against the contract fake), status through the platform's
 * GET /api/image/status/{jobId}?source=face_edit and history rows with the spec's fields.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { estimateFaceEditCost } from "@gyeol/shared/face-edit";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createCronTasks } from "../src/cron/tasks.ts";
import type { QueueWorker } from "../src/drivers/queue/job-queue.ts";
import { DAY_MS } from "../src/lib/clock.ts";
import { startWorker } from "../src/modules/jobs/worker.ts";
import { type RunpodFake, startRunpodFake } from "./fakes/runpod-fake.ts";
import {
  faceEditInput,
  faceEditStatusPath,
  makeMaskPng,
  startFaceEdit,
  uploadMask,
  waitForFaceEdit,
} from "./helpers/face-edit.ts";
import { createFakeClock } from "./helpers/fake-clock.ts";
import { allowAll, makeJpeg, signUp, uploadImage, waitFor } from "./helpers/retouch.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

let t: TestApp | undefined;
let worker: QueueWorker | undefined;

afterEach(async () => {
  await worker?.stop({ abandon: true });
  worker = undefined;
  await t?.close();
  t = undefined;
});

async function newUser(app: TestApp, credits: number, size: [number, number] = [128, 96]) {
  const { cookie, body } = await signUp(app.app);
  if (credits > 0)
    await app.services.credits.grant(body.id, {
      amount: credits,
      reason: "test",
      idempotencyKey: `g:${body.id}`,
    });
  const photo = await uploadImage(app.app, cookie, await makeJpeg(...size));
  expect(photo.statusCode, photo.body).toBe(200);
  const mask = await uploadMask(app.app, cookie, await makeMaskPng(...size));
  expect(mask.statusCode, mask.body).toBe(200);
  return {
    cookie,
    id: body.id as number,
    image: photo.json().imageUrl as string,
    mask: mask.json().imageUrl as string,
  };
}

const balanceOf = async (app: TestApp, userId: number) => (await app.services.credits.balances(userId)).total;

describe("face edit on the built-in engine", () => {
  async function setUp() {
    t = await createTestApp({ env: { QUEUE_POLL_MS: "20" }, drivers: { moderation: allowAll } });
    await signUp(t.app); // the administrator
    return t;
  }

  it("answers 401 AUTH_REQUIRED to a visitor", async () => {
    const app = await setUp();
    const response = await app.app.inject({
      method: "POST",
      url: "/api/runpod-face-edit",
      payload: { input: faceEditInput("/files/x.jpg", "/files/m.png") },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ success: false, code: "AUTH_REQUIRED" });
  });

  it("refuses bad input with a code and charges nothing", async () => {
    const app = await setUp();
    const user = await newUser(app, 500);
    const other = await newUser(app, 0);
    const wide = await uploadMask(app.app, user.cookie, await makeMaskPng(200, 80));
    const cases: Array<[object, number, string]> = [
      [faceEditInput(user.image, user.mask, { gender: "female" }), 400, "VALIDATION_ERROR"],
      [faceEditInput(user.image, user.mask, { easy_value: 0.6 }), 400, "VALIDATION_ERROR"],
      [faceEditInput(user.image, user.mask, { easy_value: 0.44 }), 400, "VALIDATION_ERROR"],
      [faceEditInput(user.image, user.mask, { easy_value: 0.5005 }), 400, "VALIDATION_ERROR"],
      [faceEditInput(user.image, user.mask, { seed: 0 }), 400, "VALIDATION_ERROR"],
      [faceEditInput(user.image, user.mask, { resize_factor: 1.234 }), 400, "VALIDATION_ERROR"],
      // spec 02 §5: no run without a saved mask.
      [faceEditInput(user.image, null), 400, "MASK_REQUIRED"],
      // A photo is not a mask, nor a mask a photo.
      [faceEditInput(user.image, user.image), 400, "NOT_A_MASK"],
      [faceEditInput(user.mask, user.mask), 400, "VALIDATION_ERROR"],
      [faceEditInput(user.image, wide.json().imageUrl), 400, "MASK_RATIO_MISMATCH"],
      // Someone else's uploads are not found, whichever field names them.
      [faceEditInput(other.image, user.mask), 404, "NOT_FOUND"],
      [faceEditInput(user.image, other.mask), 404, "NOT_FOUND"],
      [faceEditInput("https://elsewhere.example/a.jpg", user.mask), 400, "VALIDATION_ERROR"],
    ];
    for (const [input, status, code] of cases) {
      const response = await startFaceEdit(app.app, user.cookie, input);
      expect(response.statusCode, JSON.stringify(input)).toBe(status);
      expect(response.json(), JSON.stringify(input)).toMatchObject({ success: false, code });
    }
    expect(await balanceOf(app, user.id)).toBe(500);
  });

  it("keeps a mask as a private one-channel PNG, refuses an empty one, and purges it like uploads", async () => {
    const clock = createFakeClock();
    t = await createTestApp({ clock, drivers: { moderation: allowAll } });
    await signUp(t.app);
    const { cookie } = await signUp(t.app);
    const empty = await uploadMask(t.app, cookie, await makeMaskPng(128, 96, false));
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: "MASK_REQUIRED" });
    // A tinted overlay with transparency (the original page's mask): painted where it is opaque.
    const overlay = await sharp({
      create: { width: 100, height: 80, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .composite([
        {
          input: {
            create: { width: 50, height: 40, channels: 4, background: { r: 40, g: 90, b: 255, alpha: 0.6 } },
          },
          left: 0,
          top: 0,
        },
      ])
      .png()
      .toBuffer();
    const saved = await uploadMask(t.app, cookie, overlay);
    expect(saved.statusCode, saved.body).toBe(200);
    const key = t.services.storage.keyFromUrl(saved.json().imageUrl)!;
    expect(key).toMatch(/^private\/uploads\/\d+\/masks\/[a-f0-9]{32}\.png$/);
    const bytes = (await t.services.storage.get(key))!;
    expect(await sharp(bytes).metadata()).toMatchObject({ format: "png", channels: 1 });
    const stored = await sharp(bytes).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
    expect(stored.info).toMatchObject({ width: 100, height: 80 });
    expect(stored.data[0]).toBe(255); // top-left quarter painted
    expect(stored.data[stored.data.length - 1]).toBe(0);
    expect(new Set(stored.data)).toEqual(new Set([0, 255]));

    clock.advance(31 * DAY_MS);
    const purge = createCronTasks(t.services).find((task) => task.name === "purge-expired-uploads")!;
    expect(await purge.run()).toMatchObject({ purged: 1, failed: 0 });
    expect(await t.services.storage.get(key)).toBeNull();
  });

  it("refuses a run the user cannot pay for, with the shared rule's cost", async () => {
    const app = await setUp();
    const cost = estimateFaceEditCost(1200, 900, 2);
    expect(cost).toBe(145);
    const user = await newUser(app, cost - 1, [1200, 900]);
    const response = await startFaceEdit(
      app.app,
      user.cookie,
      faceEditInput(user.image, user.mask, { resize_factor: 2 }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "INSUFFICIENT_CREDITS", details: { cost } });
    expect(await balanceOf(app, user.id)).toBe(cost - 1);
  });

  it("runs the built-in engine, charged once, with status and history in the spec's shape", async () => {
    const app = await setUp();
    const user = await newUser(app, 100);
    const other = await newUser(app, 0);
    const started = await startFaceEdit(app.app, user.cookie, faceEditInput(user.image, user.mask));
    expect(started.statusCode, started.body).toBe(200);
    const body = started.json();
    expect(body).toMatchObject({ success: true, status: "in-progress", cost: 85, jobId: expect.any(String) });
    expect(await balanceOf(app, user.id)).toBe(15);
    const { jobId } = body as { jobId: string };

    // Only the owner, and only under its own source.
    for (const [cookie, url] of [
      [other.cookie, faceEditStatusPath(jobId)],
      [user.cookie, `/api/image/status/${jobId}?source=upscale`],
    ] as const) {
      const response = await app.app.inject({ url, headers: { cookie } });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ code: "NOT_FOUND" });
    }
    const history = async () =>
      (
        await app.app.inject({
          url: `/api/image/history/${user.id}?source=face_edit`,
          headers: { cookie: user.cookie },
        })
      ).json().images;
    const [queued] = await history();
    expect(queued).toMatchObject({
      source: "face_edit",
      status: "processing",
      runpod_job_id: jobId,
      seed: 424242,
    });
    expect(JSON.parse(queued.prompt)).toEqual({ face_task_id: jobId, image_index: 0 });

    worker = startWorker(app.services, app.config);
    const done = await waitForFaceEdit(app.app, user.cookie, jobId, 60_000);
    // A flat test card holds no face: the built-in engine smooths it lightly and says so.
    expect(done).toMatchObject({ status: "completed", engine: "builtin-reshape", facesFound: 0, code: null });
    expect(done.images).toEqual([done.imageUrl]);
    expect(done.originalImageUrl).toEqual(expect.stringContaining("/files/private/uploads/"));
    const result = await app.app.inject({ url: done.imageUrl });
    expect(result.statusCode).toBe(200);
    expect(await sharp(result.rawPayload).metadata()).toMatchObject({
      format: "jpeg",
      width: 128,
      height: 96,
    });
    const [item] = await history();
    expect(item).toMatchObject({ status: "completed", source: "face_edit", runpod_job_id: null });
    expect(item.image_url).toEqual(expect.any(String));
    expect(JSON.parse(item.prompt)).toEqual({ face_task_id: jobId, image_index: 0 });
    expect(await balanceOf(app, user.id)).toBe(15);
  }, 90_000);
});

describe("face edit's built-in reshape on a real portrait", () => {
  it("reshapes the painted face, keeps the rest, and records what it did with the job", async () => {
    t = await createTestApp({ env: { QUEUE_POLL_MS: "20" }, drivers: { moderation: allowAll } });
    await signUp(t.app);
    const app = t;
    // The flags tell the page which engine runs face edit before any run.
    const flags = (await app.app.inject({ url: "/api/feature/flags" })).json();
    expect(flags.faceEditEngine).toBe("builtin");
    const { cookie, body } = await signUp(app.app);
    await app.services.credits.grant(body.id, { amount: 85, reason: "test", idempotencyKey: `g:${body.id}` });
    const portrait = readFileSync(
      fileURLToPath(new URL("../../../packages/engine/fixtures/astronaut.jpg", import.meta.url)),
    );
    // The face of the 512² portrait, painted generously (an ellipse over it).
    const maskRaw = Buffer.alloc(512 * 512 * 3);
    const painted = (x: number, y: number) => ((x - 255) / 115) ** 2 + ((y - 185) / 140) ** 2 <= 1;
    for (let y = 0; y < 512; y++)
      for (let x = 0; x < 512; x++)
        if (painted(x, y)) maskRaw.fill(255, (y * 512 + x) * 3, (y * 512 + x) * 3 + 3);
    const maskPng = await sharp(maskRaw, { raw: { width: 512, height: 512, channels: 3 } })
      .png()
      .toBuffer();
    const photo = await uploadImage(app.app, cookie, portrait);
    expect(photo.statusCode, photo.body).toBe(200);
    const mask = await uploadMask(app.app, cookie, maskPng);
    expect(mask.statusCode, mask.body).toBe(200);
    const started = await startFaceEdit(
      app.app,
      cookie,
      faceEditInput(photo.json().imageUrl, mask.json().imageUrl, { gender: "남성", easy_value: 0.55 }),
    );
    expect(started.statusCode, started.body).toBe(200);
    const { jobId } = started.json() as { jobId: string };
    worker = startWorker(app.services, app.config);
    const done = await waitForFaceEdit(app.app, cookie, jobId, 120_000);
    expect(done).toMatchObject({ status: "completed", engine: "builtin-reshape", facesFound: 1, code: null });
    const row = (await app.services.store.jobs.findById(jobId))!;
    expect(JSON.parse(row.output!).edit).toMatchObject({
      intensity: 1,
      direction: "masculine",
      facesFound: 1,
      noFace: false,
      amounts: { jaw: expect.any(Number), eyes: expect.any(Number), nose: expect.any(Number) },
    });
    expect(JSON.parse(row.output!).edit.amounts.jaw).toBeGreaterThan(0);
    // Changed inside the painted face; outside it only the JPEG's own rounding.
    const before = await sharp(portrait).raw().toBuffer();
    const after = await sharp((await app.app.inject({ url: done.imageUrl })).rawPayload)
      .raw()
      .toBuffer();
    expect(after.length).toBe(before.length);
    let inside = 0;
    let insideN = 0;
    let outsideWorst = 0;
    for (let y = 0; y < 512; y++) {
      for (let x = 0; x < 512; x++) {
        const i = (y * 512 + x) * 3;
        const diff =
          Math.abs(before[i]! - after[i]!) +
          Math.abs(before[i + 1]! - after[i + 1]!) +
          Math.abs(before[i + 2]! - after[i + 2]!);
        if (painted(x, y)) {
          inside += diff / 3;
          insideN++;
        } else if (!painted(x + 8, y) && !painted(x - 8, y) && !painted(x, y + 8) && !painted(x, y - 8)) {
          outsideWorst = Math.max(outsideWorst, diff / 3);
        }
      }
    }
    expect(inside / insideN).toBeGreaterThan(1.2);
    expect(outsideWorst).toBeLessThan(3);
    expect(await balanceOf(app, body.id)).toBe(0);
  }, 150_000);
});

describe("face edit on RunPod", () => {
  let fake: RunpodFake;
  beforeAll(async () => {
    fake = await startRunpodFake(await makeJpeg(128, 96));
  });
  afterAll(() => fake.close());

  async function setUp(env: Record<string, string> = {}) {
    fake.hold = false;
    fake.outcome = "base64";
    t = await createTestApp({
      env: {
        RUNPOD_API_KEY: fake.apiKey,
        RUNPOD_FACE_EDIT_ENDPOINT_ID: fake.faceEditEndpointId,
        RUNPOD_API_BASE_URL: fake.baseUrl,
        RUNPOD_POLL_INTERVAL_MS: "20",
        QUEUE_POLL_MS: "20",
        JOB_STALE_AFTER_SECONDS: "1",
        PUBLIC_ORIGIN: "https://gyeol.test",
        ...env,
      },
      drivers: { moderation: allowAll },
    });
    await signUp(t.app);
    return t;
  }

  it("sends the spec's input exactly to the face-edit endpoint with Bearer auth and keeps every image", async () => {
    const app = await setUp();
    fake.outcome = "multi";
    const user = await newUser(app, 85);
    worker = startWorker(app.services, app.config);
    const started = await startFaceEdit(
      app.app,
      user.cookie,
      faceEditInput(user.image, user.mask, { gender: "남성", easy_value: 0.53, resize_factor: 1 }),
    );
    const { jobId } = started.json();
    const done = await waitForFaceEdit(app.app, user.cookie, jobId);
    expect(done).toMatchObject({ status: "completed", engine: "runpod" });
    expect(done.images).toHaveLength(2);
    for (const url of done.images) expect((await app.app.inject({ url })).statusCode).toBe(200);
    const job = [...fake.jobs.values()].at(-1)!;
    expect(job.endpointId).toBe(fake.faceEditEndpointId);
    expect(job.authorization).toBe(`Bearer ${fake.apiKey}`);
    expect(Object.keys(job.input).sort()).toEqual(
      ["easy_value", "gender", "image", "mask", "resize_factor", "seed"].sort(),
    );
    expect(job.input).toMatchObject({ seed: 424242, resize_factor: 1, easy_value: 0.53, gender: "남성" });
    const signed = /^https:\/\/gyeol\.test\/files\/private\/uploads\/.+\?expires=\d+&sig=/;
    expect(String(job.input.image)).toMatch(signed);
    expect(String(job.input.mask)).toMatch(/\/masks\//);
    expect(String(job.input.mask)).toMatch(signed);
    const history = (
      await app.app.inject({
        url: `/api/image/history/${user.id}?source=face_edit`,
        headers: { cookie: user.cookie },
      })
    ).json().images;
    expect(history[0]).toMatchObject({ runpod_job_id: job.id, status: "completed" });
    expect(history[0].all_image_urls).toHaveLength(2);
  });

  it.each([
    ["fail", "FACE_EDIT_FAILED"],
    ["fail-json", "FACE_EDIT_FAILED"],
    ["cancelled", "FACE_EDIT_FAILED"],
    ["timed-out", "TIMEOUT"],
  ] as const)("a RunPod job that ends %s fails with %s and is refunded once", async (outcome, code) => {
    const app = await setUp();
    fake.outcome = outcome;
    const user = await newUser(app, 85);
    worker = startWorker(app.services, app.config);
    const { jobId } = (
      await startFaceEdit(app.app, user.cookie, faceEditInput(user.image, user.mask))
    ).json();
    expect(await waitForFaceEdit(app.app, user.cookie, jobId)).toMatchObject({
      status: "failed",
      code,
      imageUrl: null,
    });
    expect(await balanceOf(app, user.id)).toBe(85);
    const refunds = (await app.services.credits.listLedger(user.id)).filter(
      (row) => row.job_id === jobId && row.kind === "refund",
    );
    expect(refunds).toHaveLength(1);
  });

  it("cancels RunPod's job when its owner cancels, and refunds once", async () => {
    const app = await setUp();
    fake.hold = true;
    const user = await newUser(app, 85);
    worker = startWorker(app.services, app.config);
    const { jobId } = (
      await startFaceEdit(app.app, user.cookie, faceEditInput(user.image, user.mask))
    ).json();
    await waitFor(async () => Boolean((await app.services.store.jobs.findById(jobId))?.provider_job_id));
    const runpodId = (await app.services.store.jobs.findById(jobId))!.provider_job_id!;
    const cancel = () =>
      app.app.inject({ method: "POST", url: `/api/jobs/${jobId}/cancel`, headers: { cookie: user.cookie } });
    const first = await cancel();
    expect(first.statusCode, first.body).toBe(200);
    expect(fake.cancels.filter((id) => id === runpodId)).toHaveLength(1);
    expect(await waitForFaceEdit(app.app, user.cookie, jobId)).toMatchObject({
      status: "failed",
      code: "JOB_CANCELLED",
    });
    // A second click answers the same and asks neither RunPod nor the ledger again.
    const again = await cancel();
    expect(again.statusCode).toBe(200);
    expect(fake.cancels.filter((id) => id === runpodId)).toHaveLength(1);
    expect(await balanceOf(app, user.id)).toBe(85);
    const refunds = (await app.services.credits.listLedger(user.id)).filter(
      (row) => row.job_id === jobId && row.kind === "refund",
    );
    expect(refunds).toHaveLength(1);
  });

  it("serves the retouch and face-edit endpoints on one key, Bearer or raw (the fake's contract)", async () => {
    for (const authorization of [`Bearer ${fake.apiKey}`, fake.apiKey]) {
      for (const endpoint of [fake.endpointId, fake.faceEditEndpointId]) {
        const response = await fetch(`${fake.baseUrl}/${endpoint}/run`, {
          method: "POST",
          headers: { authorization, "content-type": "application/json" },
          body: JSON.stringify({ input: { image: "x" } }),
        });
        expect(response.status).toBe(200);
      }
    }
    const refused = await fetch(`${fake.baseUrl}/${fake.faceEditEndpointId}/run`, {
      method: "POST",
      headers: { authorization: "Bearer nope" },
      body: "{}",
    });
    expect(refused.status).toBe(401);
  });
});
