/**
 * The retouch tool end to end through fastify.inject (spec 02 §3, §7, §8, §9; ARCHITECTURE "Jobs
 * are durable", "Credits are a ledger"): upload, start, status, history, downloads, refunds,
 * crash recovery and concurrent starts. The engine is a controllable fake here; the built-in
 * engine and the RunPod driver have their own suites.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { QueueWorker } from "../src/drivers/queue/job-queue.ts";
import { startWorker } from "../src/modules/jobs/worker.ts";
import { TEST_DATABASES } from "./helpers/databases.ts";
import { sessionCookieFrom } from "./helpers/http.ts";
import {
  userWithCredits as addUser,
  allowAll,
  blockAll,
  createJobsTestApp,
  type FakeEngine,
  getStatus,
  makeJpeg,
  startRetouch,
  uploadImage,
  upscaleInput,
  waitFor,
  waitForJob,
} from "./helpers/retouch.ts";
import type { TestApp } from "./helpers/test-app.ts";

describe.each(TEST_DATABASES)("retouch on $name", (database) => {
  let t: TestApp | undefined;
  let worker: QueueWorker | undefined;
  let engine: FakeEngine;

  afterEach(async () => {
    await worker?.stop({ abandon: true });
    worker = undefined;
    await t?.close();
    t = undefined;
  });

  async function setUp(env: Record<string, string> = {}, moderation = allowAll) {
    ({ t, engine } = await createJobsTestApp(database, { env, moderation }));
    return t;
  }

  const userWithCredits = (credits: number) => addUser(t!, credits);

  async function balanceOf(userId: number) {
    return (await t!.app.services.credits.balances(userId)).total;
  }

  async function uploaded(cookie: string, width = 128, height = 96) {
    const response = await uploadImage(t!.app, cookie, await makeJpeg(width, height));
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { imageUrl: string; width: number; height: number };
  }

  function start() {
    worker = startWorker(t!.app.services, t!.config);
  }

  it("uploads, charges 80 credits, runs the job and answers status and history", async () => {
    await setUp();
    // The engine kept 60% of the retouch to hold the face's likeness: the status says so.
    engine.retouchShare = 0.6;
    start();
    const user = await userWithCredits(100);
    const upload = await uploaded(user.cookie);
    expect(upload).toMatchObject({
      width: 128,
      height: 96,
      imageUrl: expect.stringMatching(/^\/files\/private\/uploads\//),
    });

    const started = await startRetouch(t!.app, user.cookie, upscaleInput(upload.imageUrl));
    expect(started.statusCode, started.body).toBe(200);
    const body = started.json();
    expect(body).toMatchObject({
      success: true,
      status: "in-progress",
      cost: 80,
      imageId: expect.any(Number),
    });
    expect(await balanceOf(user.id)).toBe(20);

    const done = await waitForJob(t!.app, user.cookie, body.jobId);
    expect(done).toMatchObject({
      status: "completed",
      imageUrl: expect.stringMatching(/^\/files\/private\/results\//),
      originalImageUrl: expect.stringMatching(/^\/files\/private\/uploads\//),
      queuePosition: null,
      facesFound: 1,
      identityScore: 0.97,
      retouchShare: 0.6,
    });
    const result = await t!.app.inject({ url: done.imageUrl });
    expect(result.statusCode).toBe(200);
    expect(result.headers["content-type"]).toBe("image/jpeg");

    const history = await t!.app.inject({
      url: `/api/image/history/${user.id}?source=upscale&limit=10`,
      headers: { cookie: user.cookie },
    });
    expect(history.statusCode).toBe(200);
    const { images, pagination } = history.json();
    expect(pagination).toEqual({ hasMore: false, nextOffset: null });
    expect(images).toHaveLength(1);
    expect(images[0]).toMatchObject({
      id: body.imageId,
      source: "upscale",
      status: "completed",
      seed: 1234,
      image_url: expect.stringContaining("/files/private/results/"),
      thumbnail_url: expect.stringContaining("/files/private/thumbs/"),
      original_image_url: expect.stringContaining("/files/private/uploads/"),
      runpod_job_id: null,
    });
    expect(await balanceOf(user.id)).toBe(20);
  });

  it("answers queue position and ETA while waiting", async () => {
    await setUp();
    const user = await userWithCredits(1000);
    const upload = await uploaded(user.cookie);
    const first = (await startRetouch(t!.app, user.cookie, upscaleInput(upload.imageUrl))).json();
    const second = (await startRetouch(t!.app, user.cookie, upscaleInput(upload.imageUrl))).json();
    const a = (await getStatus(t!.app, user.cookie, first.jobId)).json();
    const b = (await getStatus(t!.app, user.cookie, second.jobId)).json();
    expect(a).toMatchObject({ status: "in-progress", queuePosition: 1, imageUrl: null });
    expect(b).toMatchObject({ status: "in-progress", queuePosition: 2 });
    expect(b.etaSeconds).toBeGreaterThan(a.etaSeconds);
  });

  it("runs the demo user's job without deducting credits (demo mode)", async () => {
    await setUp({ DEMO_MODE: "true" });
    const visitor = await t!.app.inject({ method: "GET", url: "/api/auth/check" });
    expect(visitor.json().user).toMatchObject({ isDemoUser: true });
    const cookie = sessionCookieFrom(visitor);
    const upload = await uploaded(cookie);
    const started = await startRetouch(t!.app, cookie, upscaleInput(upload.imageUrl));
    expect(started.statusCode, started.body).toBe(200);
    const demoId = visitor.json().user.id as number;
    const history = await t!.app.inject({ method: "GET", url: "/api/credits/history", headers: { cookie } });
    expect(history.statusCode).toBe(200);
    expect(JSON.stringify(history.json())).not.toContain('"spend"');
    expect((await t!.app.services.credits.balances(demoId)).total).toBe(0);
  });

  it("keeps the makeup styles for the plans that include them", async () => {
    await setUp();
    const user = await userWithCredits(500);
    const upload = await uploaded(user.cookie);
    for (const lora_index of [0, 4, 7]) {
      const refused = await startRetouch(t!.app, user.cookie, upscaleInput(upload.imageUrl, { lora_index }));
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ success: false, code: "PLAN_REQUIRED" });
    }
    expect(await balanceOf(user.id)).toBe(500);
    const glossy = await startRetouch(t!.app, user.cookie, upscaleInput(upload.imageUrl, { lora_index: 1 }));
    expect(glossy.statusCode, glossy.body).toBe(200);
    // A deluxe subscriber (how the plan got there is the billing suite's business).
    await t!.db.kysely.updateTable("users").set({ plan: "deluxe" }).where("id", "=", user.id).execute();
    const makeup = await startRetouch(t!.app, user.cookie, upscaleInput(upload.imageUrl, { lora_index: 0 }));
    expect(makeup.statusCode, makeup.body).toBe(200);
  });

  it("charges by the upload's real size with the shared rule and refuses the 4000 px scale limit", async () => {
    await setUp();
    const user = await userWithCredits(1000);
    const upload = await uploaded(user.cookie, 1400, 1000);
    // The client's width/height are ignored: 1400×1000 at ×1.2 = 1680+1200 = 2880 → 100 + 5×3.
    const ok = await startRetouch(
      t!.app,
      user.cookie,
      upscaleInput(upload.imageUrl, { scale_factor: 1.2, width: 1, height: 1 }),
    );
    expect(ok.json()).toMatchObject({ success: true, cost: 115 });
    const tooBig = await startRetouch(
      t!.app,
      user.cookie,
      upscaleInput(upload.imageUrl, { scale_factor: 2.4 }),
    );
    expect(tooBig.statusCode).toBe(400);
    const over = await startRetouch(t!.app, user.cookie, upscaleInput(upload.imageUrl, { scale_factor: 2 }));
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ success: false, code: "SCALE_LIMIT_EXCEEDED" });
    expect(await balanceOf(user.id)).toBe(885);
  });

  it("refuses a start without enough credits with the spec's message, charging nothing", async () => {
    await setUp();
    const user = await userWithCredits(79);
    const upload = await uploaded(user.cookie);
    const response = await startRetouch(t!.app, user.cookie, upscaleInput(upload.imageUrl));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      success: false,
      code: "INSUFFICIENT_CREDITS",
      error: "Not enough credits. Please top up your credits.",
    });
    expect(await balanceOf(user.id)).toBe(79);
    const history = await t!.app.inject({
      url: `/api/image/history/${user.id}`,
      headers: { cookie: user.cookie },
    });
    expect(history.json().images).toEqual([]);
  });

  it("refunds the credits exactly once when the engine fails", async () => {
    await setUp();
    engine.behaviour = "fail";
    start();
    const user = await userWithCredits(80);
    const upload = await uploaded(user.cookie);
    const { jobId } = (await startRetouch(t!.app, user.cookie, upscaleInput(upload.imageUrl))).json();
    const done = await waitForJob(t!.app, user.cookie, jobId);
    expect(done).toMatchObject({ status: "failed", code: "ENGINE_FAILED", imageUrl: null });
    expect(await balanceOf(user.id)).toBe(80);
    // A second failure report of the same job changes nothing.
    const job = (await t!.app.services.store.jobs.findById(jobId))!;
    await t!.app.services.jobs.fail(job, "ENGINE_FAILED", "again", ["processing", "failed"]);
    const refunds = (await t!.app.services.credits.listLedger(user.id)).filter(
      (row) => row.kind === "refund",
    );
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ delta: 80, job_id: jobId });
    expect(await balanceOf(user.id)).toBe(80);
    const history = await t!.app.inject({
      url: `/api/image/history/${user.id}`,
      headers: { cookie: user.cookie },
    });
    expect(history.json().images[0]).toMatchObject({ status: "failed", image_url: null });
  });

  it("recovers a job its worker left mid-run: re-queued and completed, nothing stays processing", async () => {
    await setUp();
    engine.behaviour = "hang";
    start();
    const user = await userWithCredits(80);
    const upload = await uploaded(user.cookie);
    const { jobId } = (await startRetouch(t!.app, user.cookie, upscaleInput(upload.imageUrl))).json();
    await waitFor(async () => (await t!.app.services.store.jobs.findById(jobId))?.status === "processing");
    await worker!.stop({ abandon: true }); // the crash: the row stays processing
    expect((await t!.app.services.store.jobs.findById(jobId))?.status).toBe("processing");

    engine.behaviour = "ok";
    await new Promise((resolve) => setTimeout(resolve, 1100)); // the heartbeat goes stale
    start();
    const done = await waitForJob(t!.app, user.cookie, jobId);
    expect(done.status).toBe("completed");
    expect((await t!.app.services.store.jobs.findById(jobId))?.attempts).toBe(2);
    expect(await balanceOf(user.id)).toBe(0);
  });

  it("a worker stopped between the claim and the engine leaves the job for recovery, engine untouched", async () => {
    await setUp();
    engine.behaviour = "hang"; // would never answer if it were started with an aborted signal
    const user = await userWithCredits(80);
    const upload = await uploaded(user.cookie);
    const { jobId } = (await startRetouch(t!.app, user.cookie, upscaleInput(upload.imageUrl))).json();
    const { consumer } = t!.app.services.jobs;
    expect(await consumer.claim(jobId)).toBe("claimed");
    await consumer.run(jobId, AbortSignal.abort(new Error("worker stopped")));
    expect(engine.runs).toBe(0);
    expect((await t!.app.services.store.jobs.findById(jobId))?.status).toBe("processing");
    expect(await balanceOf(user.id)).toBe(0);
  });

  it("fails and refunds a job left by crashed workers once it has used its attempts", async () => {
    await setUp({ JOB_MAX_ATTEMPTS: "1" });
    engine.behaviour = "hang";
    start();
    const user = await userWithCredits(80);
    const upload = await uploaded(user.cookie);
    const { jobId } = (await startRetouch(t!.app, user.cookie, upscaleInput(upload.imageUrl))).json();
    await waitFor(async () => (await t!.app.services.store.jobs.findById(jobId))?.status === "processing");
    await worker!.stop({ abandon: true });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    start();
    const done = await waitForJob(t!.app, user.cookie, jobId);
    expect(done).toMatchObject({ status: "failed", code: "JOB_ABANDONED" });
    expect(await balanceOf(user.id)).toBe(80);
  });

  it("accepts exactly 10 of 50 concurrent starts when the credits cover 10", async () => {
    await setUp();
    const user = await userWithCredits(800);
    const upload = await uploaded(user.cookie);
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => startRetouch(t!.app, user.cookie, upscaleInput(upload.imageUrl))),
    );
    const accepted = responses.filter((r) => r.statusCode === 200);
    const refused = responses.filter((r) => r.statusCode === 400);
    expect(accepted).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const r of refused) expect(r.json().code).toBe("INSUFFICIENT_CREDITS");
    expect(await balanceOf(user.id)).toBe(0);
    const history = await t!.app.inject({
      url: `/api/image/history/${user.id}?limit=50`,
      headers: { cookie: user.cookie },
    });
    expect(history.json().images).toHaveLength(10);
  });

  it("runs one job per user at a time and several users side by side", async () => {
    await setUp({ WORKER_CONCURRENCY: "3" });
    engine.behaviour = "hang";
    start();
    const a = await userWithCredits(160);
    const b = await userWithCredits(80);
    const ua = await uploaded(a.cookie);
    const ub = await uploaded(b.cookie);
    const a1 = (await startRetouch(t!.app, a.cookie, upscaleInput(ua.imageUrl))).json();
    const a2 = (await startRetouch(t!.app, a.cookie, upscaleInput(ua.imageUrl))).json();
    const b1 = (await startRetouch(t!.app, b.cookie, upscaleInput(ub.imageUrl))).json();
    await waitFor(async () => worker!.running() === 2);
    await new Promise((resolve) => setTimeout(resolve, 150));
    const statuses = await Promise.all(
      [a1.jobId, a2.jobId, b1.jobId].map(
        async (id) => (await t!.app.services.store.jobs.findById(id))?.status,
      ),
    );
    expect(statuses).toEqual(["processing", "queued", "processing"]);
    expect((await getStatus(t!.app, a.cookie, a2.jobId)).json().queuePosition).toBe(1);
  });

  it("keeps jobs, history and files to their owner", async () => {
    await setUp();
    start();
    const owner = await userWithCredits(80);
    const other = await userWithCredits(80);
    const upload = await uploaded(owner.cookie);
    const { jobId } = (await startRetouch(t!.app, owner.cookie, upscaleInput(upload.imageUrl))).json();
    const done = await waitForJob(t!.app, owner.cookie, jobId);
    expect(done.status).toBe("completed");

    expect((await getStatus(t!.app, other.cookie, jobId)).statusCode).toBe(404);
    const history = await t!.app.inject({
      url: `/api/image/history/${owner.id}`,
      headers: { cookie: other.cookie },
    });
    expect(history.statusCode).toBe(403);
    for (const url of [done.imageUrl, upload.imageUrl]) {
      const presign = await t!.app.inject({
        method: "POST",
        url: "/api/image/presign-download",
        headers: { cookie: other.cookie },
        payload: { url },
      });
      expect(presign.statusCode).toBe(404);
      const proxied = await t!.app.inject({
        url: `/api/image/download?url=${encodeURIComponent(url)}`,
        headers: { cookie: other.cookie },
      });
      expect(proxied.statusCode).toBe(404);
    }
    // Someone else's upload cannot be the input of a job either.
    const stolen = await startRetouch(t!.app, other.cookie, upscaleInput(upload.imageUrl));
    expect(stolen.statusCode).toBe(404);
    expect(await balanceOf(other.id)).toBe(80);
    // Without a session, nothing.
    expect((await t!.app.inject({ url: `/api/image/status/${jobId}` })).statusCode).toBe(401);
  });

  it("downloads the owner's result as an attachment and refuses other sites' URLs", async () => {
    await setUp();
    start();
    const user = await userWithCredits(80);
    const upload = await uploaded(user.cookie);
    const { jobId } = (await startRetouch(t!.app, user.cookie, upscaleInput(upload.imageUrl))).json();
    const done = await waitForJob(t!.app, user.cookie, jobId);
    const presign = await t!.app.inject({
      method: "POST",
      url: "/api/image/presign-download",
      headers: { cookie: user.cookie },
      payload: { url: done.imageUrl },
    });
    expect(presign.statusCode).toBe(200);
    const { downloadUrl, filename } = presign.json();
    expect(filename).toMatch(/^gyeol-[a-f0-9]+\.jpg$/);
    const file = await t!.app.inject({ url: downloadUrl });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-disposition"]).toBe(`attachment; filename="${filename}"`);

    const proxied = await t!.app.inject({
      url: `/api/image/download?url=${encodeURIComponent(done.imageUrl)}`,
      headers: { cookie: user.cookie },
    });
    expect(proxied.statusCode).toBe(200);
    expect(proxied.headers["content-disposition"]).toMatch(/^attachment; filename="gyeol-/);
    expect(proxied.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));

    for (const url of [
      "https://evil.example/x.jpg",
      "http://169.254.169.254/latest/meta-data",
      "/etc/passwd",
    ]) {
      const refused = await t!.app.inject({
        method: "POST",
        url: "/api/image/presign-download",
        headers: { cookie: user.cookie },
        payload: { url },
      });
      expect(refused.statusCode, url).toBe(400);
      const refusedGet = await t!.app.inject({
        url: `/api/image/download?url=${encodeURIComponent(url)}`,
        headers: { cookie: user.cookie },
      });
      expect(refusedGet.statusCode, url).toBe(400);
    }
  });

  it("answers malformed input with 4xx and a code", async () => {
    await setUp();
    const user = await userWithCredits(80);
    const upload = await uploaded(user.cookie);
    const bad = [
      {},
      { input: {} },
      { input: upscaleInput(upload.imageUrl, { scale_factor: 0.15 }) },
      { input: upscaleInput(upload.imageUrl, { seed: 0 }) },
      { input: upscaleInput(upload.imageUrl, { output_format: "png" }) },
      { input: upscaleInput(upload.imageUrl, { filter_index: 3 }) },
      { input: upscaleInput("https://evil.example/a.jpg") },
    ];
    for (const payload of bad) {
      const response = await t!.app.inject({
        method: "POST",
        url: "/api/runpod-upscale",
        headers: { cookie: user.cookie },
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ success: false, code: expect.any(String) });
    }
    expect((await getStatus(t!.app, user.cookie, "not-a-uuid")).statusCode).toBe(400);
    expect((await getStatus(t!.app, user.cookie, "00000000-0000-4000-8000-000000000000")).statusCode).toBe(
      404,
    );
    const history = await t!.app.inject({
      url: `/api/image/history/${user.id}?limit=500`,
      headers: { cookie: user.cookie },
    });
    expect(history.statusCode).toBe(400);
    for (const [bytes, code] of [
      [Buffer.from("GIF89a not a photo"), "UNSUPPORTED_IMAGE_TYPE"],
      [Buffer.from("plain text"), "UNSUPPORTED_IMAGE_TYPE"],
      [Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100)]), "INVALID_IMAGE"],
    ] as const) {
      const response = await uploadImage(t!.app, user.cookie, bytes);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe(code);
    }
    expect(await balanceOf(user.id)).toBe(80);
  });

  it("refuses images over the pixel limit from the header, before decoding", async () => {
    await setUp({ UPLOAD_MAX_PIXELS: "1000" });
    const user = await userWithCredits(0);
    const response = await uploadImage(t!.app, user.cookie, await makeJpeg(100, 100));
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe("IMAGE_TOO_LARGE");
  });

  it("refuses an upload the classifier flags with NSFW_CONTENT_DETECTED, storing nothing", async () => {
    await setUp({}, blockAll);
    const user = await userWithCredits(0);
    const response = await uploadImage(t!.app, user.cookie, await makeJpeg());
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      code: "NSFW_CONTENT_DETECTED",
      error:
        "This photo looks like it contains nudity or sexual content, which this service does not process. If it is an ordinary photo, try a crop that shows the whole face (face and shoulders), upload the colour original of a black-and-white photo, or contact support.",
    });
  });

  it("answers 503 with the maintenance flag while the switch is on", async () => {
    await setUp({ MAINTENANCE_MODE: "true" });
    const user = await userWithCredits(80);
    const upload = await uploaded(user.cookie);
    const response = await startRetouch(t!.app, user.cookie, upscaleInput(upload.imageUrl));
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ success: false, maintenance: true, code: "MAINTENANCE" });
    expect(await balanceOf(user.id)).toBe(80);
  });

  it("uploads through a presigned PUT with the announced length and checksum, then confirms", async () => {
    await setUp();
    const user = await userWithCredits(0);
    const bytes = await makeJpeg();
    const { createHash } = await import("node:crypto");
    const sha = createHash("sha256").update(bytes).digest("hex");
    const presign = await t!.app.inject({
      method: "POST",
      url: "/api/image/presign-upload",
      headers: { cookie: user.cookie },
      payload: {
        filename: "me.jpg",
        mime: "image/jpeg",
        kind: "input",
        contentLength: bytes.length,
        checksumSha256: sha,
      },
    });
    expect(presign.statusCode, presign.body).toBe(200);
    const { url, key, requiredHeaders } = presign.json();
    const wrong = await t!.app.inject({
      method: "PUT",
      url,
      headers: requiredHeaders,
      payload: Buffer.concat([bytes, Buffer.from([0])]),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe("CHECKSUM_MISMATCH");
    const put = await t!.app.inject({ method: "PUT", url, headers: requiredHeaders, payload: bytes });
    expect(put.statusCode, put.body).toBe(200);
    const other = await userWithCredits(0);
    const foreign = await t!.app.inject({
      method: "POST",
      url: "/api/image/confirm-upload",
      headers: { cookie: other.cookie },
      payload: { key },
    });
    expect(foreign.statusCode).toBe(404);
    const confirm = await t!.app.inject({
      method: "POST",
      url: "/api/image/confirm-upload",
      headers: { cookie: user.cookie },
      payload: { key },
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect(confirm.json()).toMatchObject({ success: true, width: 128, height: 96 });
    const tampered = url.replace(/len=\d+/, "len=999");
    expect(
      (await t!.app.inject({ method: "PUT", url: tampered, headers: requiredHeaders, payload: bytes }))
        .statusCode,
    ).toBe(403);
  });

  it("answers the CloudFront cookie call as disabled on local storage", async () => {
    await setUp();
    const user = await userWithCredits(0);
    const response = await t!.app.inject({
      method: "POST",
      url: "/api/image/ensure-cloudfront-cookies",
      headers: { cookie: user.cookie },
    });
    expect(response.json()).toEqual({ success: true, enabled: false });
  });
});
