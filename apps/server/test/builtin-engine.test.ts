/**
 * The built-in engine driver for real (packages/engine on the CPU) on a small portrait: the
 * upload passes the real NSFW classifier, the regions preview finds the face, and a retouch
 * completes with the engine's report in the status answer.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { closeEngineThread } from "@gyeol/engine/thread/engine-thread";
import { afterAll, describe, expect, it } from "vitest";
import { startWorker } from "../src/modules/jobs/worker.ts";
import { signUp, startRetouch, uploadImage, upscaleInput, waitForJob } from "./helpers/retouch.ts";
import { createTestApp } from "./helpers/test-app.ts";

const PORTRAIT = readFileSync(
  fileURLToPath(new URL("../../../packages/engine/fixtures/grace-hopper.jpg", import.meta.url)),
);

afterAll(() => closeEngineThread());

describe("retouch on the built-in engine", () => {
  it("checks the upload, previews the regions and retouches the portrait", async () => {
    const t = await createTestApp({ env: { QUEUE_POLL_MS: "20" } });
    const worker = startWorker(t.app.services, t.config);
    try {
      await signUp(t.app);
      const { cookie, body } = await signUp(t.app);
      await t.app.services.credits.grant(body.id, { amount: 80, reason: "test", idempotencyKey: "g" });
      const upload = await uploadImage(t.app, cookie, PORTRAIT);
      expect(upload.statusCode, upload.body).toBe(200);
      const { imageUrl, width, height } = upload.json();
      expect([width, height]).toEqual([512, 600]);

      const regions = await t.app.inject({
        method: "POST",
        url: "/api/image/regions",
        headers: { cookie },
        payload: { imageUrl },
      });
      expect(regions.statusCode, regions.body).toBe(200);
      expect(regions.json()).toMatchObject({
        success: true,
        facesFound: 1,
        overlayUrl: expect.stringContaining("/files/private/overlays/"),
      });
      expect((await t.app.inject({ url: regions.json().overlayUrl })).headers["content-type"]).toBe(
        "image/png",
      );

      const started = await startRetouch(
        t.app,
        cookie,
        upscaleInput(imageUrl, { width: 512, height: 600, lora_index: 2 }),
      );
      expect(started.json()).toMatchObject({ success: true, cost: 80 });
      const done = await waitForJob(t.app, cookie, started.json().jobId, 90_000);
      expect(done).toMatchObject({ status: "completed", facesFound: 1, engine: "builtin" });
      expect(done.identityScore).toBeGreaterThan(0.8);
      expect(done.retouchShare).toBeGreaterThan(0);
      expect(done.retouchShare).toBeLessThanOrEqual(1);
      const result = await t.app.inject({ url: done.imageUrl });
      expect(result.statusCode).toBe(200);
    } finally {
      await worker.stop();
      await t.close();
    }
  }, 120_000);
});
