/**
 * The job platform's own rules for any tool (modules/jobs): the maintenance switch pauses every
 * paid tool, a prompt with a banned keyword is refused before anything is charged, a status asked
 * with ?source= answers only that tool's jobs, and GET /api/seedream/status/{taskId} gives image
 * edit's shape (status, urls, partial, error.code). A test-only job kind stands in for the tools.
 */

import type { TImageSource } from "@gyeol/shared/contracts/images";
import { afterEach, describe, expect, it } from "vitest";
import type { QueueWorker } from "../src/drivers/queue/job-queue.ts";
import { startWorker } from "../src/modules/jobs/worker.ts";
import { TEST_DATABASES } from "./helpers/databases.ts";
import { createProbeJob, type ProbeVendor } from "./helpers/probe-job.ts";
import { allowAll, makeJpeg, signUp, uploadImage, userWithCredits, waitFor } from "./helpers/retouch.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

describe.each(TEST_DATABASES)("job platform on $name", (database) => {
  let t: TestApp | undefined;
  let worker: QueueWorker | undefined;
  let vendor: ProbeVendor;

  afterEach(async () => {
    await worker?.stop({ abandon: true });
    worker = undefined;
    await t?.close();
    t = undefined;
  });

  async function setUp(source: TImageSource, env: Record<string, string> = {}, pricePerImage?: number) {
    t = await createTestApp({
      database,
      env: { QUEUE_POLL_MS: "20", ...env },
      drivers: {
        moderation: allowAll,
        jobDefinitions: ({ storage }) => {
          const probe = createProbeJob({
            tool: "probe",
            queue: "remote",
            storage,
            source,
            ...(pricePerImage ? { pricePerImage } : {}),
          });
          vendor = probe.vendor;
          return [probe.definition];
        },
      },
    });
    await signUp(t.app);
    const user = await userWithCredits(t, 100);
    const { imageUrl } = (await uploadImage(t.app, user.cookie, await makeJpeg())).json();
    const inputKey = t.services.storage.keyFromUrl(imageUrl)!;
    const start = (userPrompt: string | null = null, count = 2) =>
      t!.services.intake.accept(user, "probe", async () => ({
        payload: { inputKey, count },
        cost: 10,
        reason: "probe",
        history: { originalKey: inputKey, prompt: userPrompt, seed: null },
        userPrompt,
      }));
    return { user, start };
  }

  const balanceOf = async (userId: number) => (await t!.services.credits.balances(userId)).total;

  it("pauses every paid tool under maintenance, before its rules run, charging nothing", async () => {
    const { user } = await setUp("face_edit", { MAINTENANCE_MODE: "true" });
    let ruled = false;
    const refused = t!.services.intake.accept(user, "probe", async () => {
      ruled = true;
      throw new Error("the tool's rules must not run");
    });
    await expect(refused).rejects.toMatchObject({ status: 503, code: "MAINTENANCE" });
    expect(ruled).toBe(false);
    expect(await balanceOf(user.id)).toBe(100);
  });

  it("refuses a prompt holding a banned keyword with NSFW_PROMPT_BLOCKED and charges nothing", async () => {
    const { user, start } = await setUp("kling");
    await t!.services.bannedKeywords.set(["bikini"]);
    await expect(start("A woman in a Bikini on the beach")).rejects.toMatchObject({
      status: 400,
      code: "NSFW_PROMPT_BLOCKED",
    });
    expect(await balanceOf(user.id)).toBe(100);
    expect((await t!.services.store.images.listHistory(user.id, { limit: 10, offset: 0 })).length).toBe(0);
    await expect(start("a portrait in a park")).resolves.toMatchObject({ cost: 10 });
    expect(await balanceOf(user.id)).toBe(90);
  });

  it("answers ?source= only for that tool's jobs", async () => {
    const { user, start } = await setUp("face_edit");
    const { jobId } = await start();
    const ask = (query: string) =>
      t!.app.inject({ url: `/api/image/status/${jobId}${query}`, headers: { cookie: user.cookie } });
    expect((await ask("?source=face_edit")).statusCode).toBe(200);
    expect((await ask("")).statusCode).toBe(200);
    const other = await ask("?source=kling");
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ code: "NOT_FOUND" });
    // A finished job's kept answer keeps the same rule.
    worker = startWorker(t!.services, t!.config);
    await waitFor(async () => (await t!.services.store.jobs.findById(jobId))?.status === "completed");
    expect((await ask("?source=face_edit")).statusCode).toBe(200);
    expect((await ask("?source=upscale")).statusCode).toBe(404);
    expect(
      (await t!.app.inject({ url: `/api/seedream/status/${jobId}`, headers: { cookie: user.cookie } }))
        .statusCode,
    ).toBe(404);
  });

  it("refunds the images a run did not make at the definition's price per image, once, as it completes", async () => {
    const { user, start } = await setUp("kling", {}, 4);
    vendor.delivers = 1;
    const { jobId } = await start(null, 2);
    expect(await balanceOf(user.id)).toBe(90);
    worker = startWorker(t!.services, t!.config);
    await waitFor(async () => (await t!.services.store.jobs.findById(jobId))?.status === "completed");
    // Charged 10 for two images, one made: 4 back (the declared price), not half the charge.
    expect(await balanceOf(user.id)).toBe(94);
    const history = await t!.services.store.images.findImageByJobId(jobId);
    expect(JSON.parse(history!.all_image_urls!)).toHaveLength(1);
    expect(history!.thumbnail_url).toMatch(/^private\/thumbs\//);
    // The same completion seen again (a second run's transaction) gives nothing more back.
    const job = (await t!.services.store.jobs.findById(jobId))!;
    await t!.services.store.transaction((tx) =>
      t!.services.credits.refundIn(tx, user.id, {
        spendKey: `job:${jobId}`,
        idempotencyKey: `refund-missing:job:${jobId}`,
        amount: 4,
        reason: "again",
        jobId: job.id,
      }),
    );
    expect(await balanceOf(user.id)).toBe(94);
  });

  it("refunds nothing extra when a run made every image, or when the tool declares no price per image", async () => {
    const { user, start } = await setUp("kling");
    vendor.delivers = 1;
    const { jobId } = await start(null, 2);
    worker = startWorker(t!.services, t!.config);
    await waitFor(async () => (await t!.services.store.jobs.findById(jobId))?.status === "completed");
    expect(await balanceOf(user.id)).toBe(90);
  });

  it("presents an image-edit job as spec 02 §7 reads it: status, urls, partial, error.code", async () => {
    const { user, start } = await setUp("seedream");
    vendor.behaviour = "hang";
    const { jobId } = await start(null, 2);
    const ask = async () =>
      (
        await t!.app.inject({ url: `/api/seedream/status/${jobId}`, headers: { cookie: user.cookie } })
      ).json();
    expect(await ask()).toMatchObject({ success: true, status: "processing", urls: [], error: null });
    worker = startWorker(t!.services, t!.config);
    vendor.behaviour = "ok";
    await waitFor(async () => (await t!.services.store.jobs.findById(jobId))?.status === "completed");
    const done = await ask();
    expect(done).toMatchObject({ status: "completed", partial: false, error: null });
    expect(done.urls).toHaveLength(2);
    // The history row lists both images, the first as its image_url.
    const [row] = await t!.services.store.images.listHistory(user.id, { limit: 1, offset: 0 });
    expect(JSON.parse(row!.all_image_urls!)).toHaveLength(2);
    expect(row!.image_url).toBe(JSON.parse(row!.all_image_urls!)[0]);

    vendor.behaviour = "fail";
    const failed = await start(null, 1);
    await waitFor(async () => (await t!.services.store.jobs.findById(failed.jobId))?.status === "failed");
    const answer = (
      await t!.app.inject({ url: `/api/seedream/status/${failed.jobId}`, headers: { cookie: user.cookie } })
    ).json();
    expect(answer).toMatchObject({ status: "failed", urls: [], error: { code: "PROVIDER_FAILED" } });
  });
});
