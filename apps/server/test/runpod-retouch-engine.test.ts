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
  /** The engine over a client whose fetch `answer` may intercept (null: the fake answers). */
  function engineWith(answer: (path: string, method: string) => Response | null) {
    const calls: string[] = [];
    const client = createRunpodClient({
      apiKey: fake.apiKey,
      baseUrl: fake.baseUrl,
      pollIntervalMs: 20,
      maxResultBytes: 10_000_000,
      fetch: async (url, init) => {
        const path = String(url).slice(fake.baseUrl.length);
        const method = init?.method ?? "GET";
        calls.push(`${method} ${path}`);
        return answer(path, method) ?? fetch(url, init);
      },
    });
    const engine = createRunpodRetouchEngine({ client, endpointId: fake.endpointId });
    const run = () =>
      engine.run({
        jobId: "job-2",
        input: upscaleInput("https://gyeol.test/files/photo.jpg") as never,
        readImage: async () => Buffer.alloc(0),
        providerJobId: null,
        onProviderJobId: async () => {},
        signal: new AbortController().signal,
      });
    return { calls, run };
  }

  it("rides out a 503 on a status check through the vendor HTTP helper (issue 26)", async () => {
    fake.outcome = "base64";
    let busy = 1;
    const { calls, run } = engineWith((path) =>
      path.includes("/status/") && busy-- > 0 ? new Response("busy", { status: 503 }) : null,
    );
    const result = await run();
    expect({ width: result.width, height: result.height }).toEqual({ width: 120, height: 80 });
    const statusCalls = calls.filter((call) => call.includes("/status/"));
    expect(statusCalls.length).toBeGreaterThanOrEqual(2);
    expect(statusCalls[0]).toBe(statusCalls[1]);
  });

  it("sends a refused submit once and keeps its code: PROVIDER_ERROR (a /run is not repeated)", async () => {
    fake.outcome = "base64";
    const { calls, run } = engineWith((path, method) =>
      method === "POST" && path.endsWith("/run") ? new Response("down", { status: 502 }) : null,
    );
    await expect(run()).rejects.toMatchObject({ code: "PROVIDER_ERROR" });
    expect(calls.filter((call) => call.endsWith("/run"))).toHaveLength(1);
  });
});
