/**
 * The retouch engine port answers what the job stores, whichever engine ran: RunPod's output (here
 * a PNG) comes back from its driver as a JPEG with its size, so retouch.job.ts never asks which
 * engine ran.
 */
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRunpodClient } from "../src/drivers/engines/runpod-client.ts";
import { createRunpodRetouchEngine } from "../src/drivers/engines/runpod-retouch-engine.ts";
import { type RunpodFake, startRunpodFake } from "./fakes/runpod-fake.ts";
import { upscaleInput } from "./helpers/retouch.ts";

describe("RunPod retouch engine", () => {
  let fake: RunpodFake;
  beforeAll(async () => {
    const png = await sharp({ create: { width: 120, height: 80, channels: 3, background: "#c96" } })
      .png()
      .toBuffer();
    fake = await startRunpodFake(png);
  });
  afterAll(() => fake.close());

  it("answers a PNG output as a JPEG with its width and height", async () => {
    fake.outcome = "base64";
    const client = createRunpodClient({
      apiKey: fake.apiKey,
      baseUrl: fake.baseUrl,
      pollIntervalMs: 20,
      maxResultBytes: 10_000_000,
    });
    const engine = createRunpodRetouchEngine({ client, endpointId: fake.endpointId });
    const result = await engine.run({
      jobId: "job-1",
      input: upscaleInput("https://gyeol.test/files/photo.jpg") as never,
      readImage: async () => Buffer.alloc(0),
      providerJobId: null,
      onProviderJobId: async () => {},
      signal: new AbortController().signal,
    });
    expect((await sharp(result.jpeg).metadata()).format).toBe("jpeg");
    expect({ width: result.width, height: result.height }).toEqual({ width: 120, height: 80 });
  });
});
