/**
 * The retouch fine-tuning controls (issue 24) through fastify.inject: set ones are stored with the
 * job, reach the engine driver and come back in the owner's history (what "run again" reads); a
 * job without them stores none (the engine takes the style's defaults); values outside 0..1 or
 * off the 0.05 steps are refused with VALIDATION_ERROR and charge nothing.
 */
import { RETOUCH_CONTROLS } from "@gyeol/shared/retouch";
import { afterEach, describe, expect, it } from "vitest";
import type { QueueWorker } from "../src/drivers/queue/job-queue.ts";
import { startWorker } from "../src/modules/jobs/worker.ts";
import { TEST_DATABASES } from "./helpers/databases.ts";
import {
  userWithCredits as addUser,
  createJobsTestApp,
  type FakeEngine,
  makeJpeg,
  startRetouch,
  uploadImage,
  upscaleInput,
  waitForJob,
} from "./helpers/retouch.ts";
import type { TestApp } from "./helpers/test-app.ts";

const CONTROLS = {
  blemish_removal: 0.9,
  dark_circles: 0,
  shine_reduction: 0.65,
  wrinkle_softening: 1,
  tone_evening: 0.25,
};

describe.each(TEST_DATABASES)("retouch controls on $name", (database) => {
  let t: TestApp | undefined;
  let worker: QueueWorker | undefined;
  let engine: FakeEngine;

  afterEach(async () => {
    await worker?.stop({ abandon: true });
    worker = undefined;
    await t?.close();
    t = undefined;
  });

  async function setUp() {
    ({ t, engine } = await createJobsTestApp(database));
    worker = startWorker(t.app.services, t.config);
    const user = await addUser(t, 1000);
    const response = await uploadImage(t.app, user.cookie, await makeJpeg());
    expect(response.statusCode, response.body).toBe(200);
    return { user, imageUrl: (response.json() as { imageUrl: string }).imageUrl };
  }

  async function historyOf(user: { id: number; cookie: string }) {
    const response = await t!.app.inject({
      url: `/api/image/history/${user.id}?source=upscale&limit=10`,
      headers: { cookie: user.cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().images as Array<Record<string, unknown>>;
  }

  async function storedInputOf(jobId: string) {
    const job = await t!.app.services.store.jobs.findById(jobId);
    return JSON.parse(job!.input).input as Record<string, unknown>;
  }

  it("stores the controls a job sets, hands them to the engine and answers them in history", async () => {
    const { user, imageUrl } = await setUp();
    const input = upscaleInput(imageUrl, {
      lora_index: 1,
      scale_factor: 1.5,
      filter_index: 1,
      filter_strength: 0.4,
      filter_prompt: "asle",
      upper_lip: true,
      lower_lip: true,
      hair: true,
      exclude_background: true,
      ...CONTROLS,
    });
    const started = await startRetouch(t!.app, user.cookie, input);
    expect(started.statusCode, started.body).toBe(200);
    const { jobId, imageId } = started.json();
    expect(await storedInputOf(jobId)).toMatchObject(CONTROLS);

    expect((await waitForJob(t!.app, user.cookie, jobId)).status).toBe("completed");
    expect(engine.inputs).toHaveLength(1);
    expect(engine.inputs[0]).toMatchObject({ ...CONTROLS, lora_index: 1, scale_factor: 1.5 });

    const [item] = await historyOf(user);
    expect(item).toMatchObject({ id: imageId, status: "completed" });
    expect(item!.retouch_settings).toEqual({
      seed: 1234,
      lora_index: 1,
      width: 128,
      height: 96,
      scale_factor: 1.5,
      upper_lip: true,
      lower_lip: true,
      filter_strength: 0.4,
      filter_index: 1,
      filter_prompt: "asle",
      left_eyebrow: false,
      right_eyebrow: false,
      nose: false,
      hair: true,
      exclude_background: true,
      ...CONTROLS,
    });

    // Run again: the page sends the stored settings back with the same photo, and they arrive
    // at the engine unchanged.
    const settings = item!.retouch_settings as Record<string, unknown>;
    const again = await startRetouch(t!.app, user.cookie, {
      ...settings,
      image: item!.original_image_url,
      prompt: input.prompt,
      output_format: "jpg",
      output_quality: 100,
      numImages: 1,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect((await waitForJob(t!.app, user.cookie, again.json().jobId)).status).toBe("completed");
    expect(engine.inputs[1]).toEqual({ ...engine.inputs[0], image: expect.any(String) });
  });

  it("stores no controls for a job that sets none: the engine takes the style's defaults", async () => {
    const { user, imageUrl } = await setUp();
    const started = await startRetouch(t!.app, user.cookie, upscaleInput(imageUrl));
    expect(started.statusCode, started.body).toBe(200);
    const { jobId } = started.json();
    const stored = await storedInputOf(jobId);
    for (const control of RETOUCH_CONTROLS) expect(stored).not.toHaveProperty(control);

    expect((await waitForJob(t!.app, user.cookie, jobId)).status).toBe("completed");
    for (const control of RETOUCH_CONTROLS) expect(engine.inputs[0]).not.toHaveProperty(control);
    const [item] = await historyOf(user);
    expect(item!.retouch_settings).toMatchObject({ lora_index: 2, scale_factor: 1 });
    for (const control of RETOUCH_CONTROLS) expect(item!.retouch_settings).not.toHaveProperty(control);
  });

  it("refuses controls outside 0..1 or off the 0.05 steps with VALIDATION_ERROR, charging nothing", async () => {
    const { user, imageUrl } = await setUp();
    const before = (await t!.app.services.credits.balances(user.id)).total;
    for (const bad of [
      { blemish_removal: 1.05 },
      { dark_circles: -0.05 },
      { shine_reduction: 0.33 },
      { wrinkle_softening: "0.5" },
      { tone_evening: null },
    ]) {
      const response = await startRetouch(t!.app, user.cookie, upscaleInput(imageUrl, bad));
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
      expect(response.json()).toMatchObject({ success: false, code: "VALIDATION_ERROR" });
    }
    expect((await t!.app.services.credits.balances(user.id)).total).toBe(before);
    expect(await historyOf(user)).toEqual([]);
    expect(engine.runs).toBe(0);
  });
});
