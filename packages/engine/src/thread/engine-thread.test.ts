import { threadId } from "node:worker_threads";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { isEngineError } from "../errors.ts";
import { retouchJob } from "../retouch.ts";
import { readFixture } from "../test/fixtures.ts";
import { closeEngineThread, EngineThread, getEngineThread } from "./engine-thread.ts";

const JOB = retouchJob({ upper_lip: true, lower_lip: true });

const thread = new EngineThread();
afterAll(() => Promise.all([thread.close(), closeEngineThread()]));

describe("the engine thread", () => {
  it("runs off the caller's thread", async () => {
    const where = await thread.call("whereAmI", []);
    expect(where).not.toBe(threadId);
  });

  it("retouches a portrait and answers a real JPEG as a Buffer, with the face and identity", async () => {
    const portrait = readFixture("astronaut.jpg");
    const meta = await sharp(portrait).metadata();
    const result = await thread.retouchPortrait(portrait, JOB);
    expect(Buffer.isBuffer(result.jpeg)).toBe(true);
    const out = await sharp(result.jpeg).metadata();
    expect(out.format).toBe("jpeg");
    expect([out.width, out.height]).toEqual([meta.width, meta.height]);
    expect(result.facesFound).toBe(1);
    expect(result.identity?.cosine).toBeGreaterThan(0.95);
  });

  it("keeps the engine's error codes across the thread boundary", async () => {
    const truncated = readFixture("astronaut.jpg").subarray(0, 200);
    const failure = await thread.retouchPortrait(truncated, JOB).catch((error: unknown) => error);
    expect(isEngineError(failure)).toBe(true);
    expect((failure as { code: string }).code).toBe("INVALID_IMAGE");
  });

  it("answers concurrent calls to their own callers", async () => {
    const portrait = readFixture("astronaut.jpg");
    const [overlay, verdict, bad] = await Promise.all([
      thread.renderRegionsOverlay(portrait),
      thread.classifyNsfw(portrait),
      thread.classifyNsfw(Buffer.from("not an image")).catch((error: unknown) => error),
    ]);
    expect(overlay.facesFound).toBe(1);
    expect((await sharp(overlay.png).metadata()).format).toBe("png");
    expect(verdict.verdict).toBe("allow");
    expect((bad as { code: string }).code).toBe("INVALID_IMAGE");
  });

  it("fails calls in flight with ENGINE_FAILED when the thread stops, and starts again after", async () => {
    const other = new EngineThread();
    const pending = other.retouchPortrait(readFixture("astronaut.jpg"), JOB).catch((error: unknown) => error);
    await other.close();
    const failure = await pending;
    expect(isEngineError(failure)).toBe(true);
    expect((failure as { code: string }).code).toBe("ENGINE_FAILED");
    expect(await other.call("whereAmI", [])).not.toBe(threadId);
    await other.close();
  });

  it("gives upload checks and retouch jobs a thread each, one per lane", async () => {
    const uploads = await getEngineThread("uploads").call("whereAmI", []);
    const jobs = await getEngineThread("jobs").call("whereAmI", []);
    expect(uploads).not.toBe(jobs);
    expect(getEngineThread("uploads")).toBe(getEngineThread("uploads"));
    expect(await getEngineThread("jobs").call("whereAmI", [])).toBe(jobs);
  });
});
