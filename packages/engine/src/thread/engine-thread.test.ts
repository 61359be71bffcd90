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

  it("runs face edit's built-in reshape: a JPEG of the input's size, changed inside the mask only", async () => {
    const portrait = readFixture("astronaut.jpg");
    const meta = await sharp(portrait).metadata();
    const width = meta.width!;
    const height = meta.height!;
    // White on black over the face (a box around it, upper middle of the photo): the area to change.
    const box = {
      x: Math.round(width * 0.25),
      y: Math.round(height * 0.05),
      w: Math.round(width / 3),
      h: Math.round(height * 0.45),
    };
    const mask = await sharp({ create: { width, height, channels: 3, background: "#000" } })
      .composite([
        {
          input: { create: { width: box.w, height: box.h, channels: 3, background: "#fff" } },
          left: box.x,
          top: box.y,
        },
      ])
      .png()
      .toBuffer();
    const result = await thread.editFace(portrait, mask, { easy_value: 0.55, gender: "여성" });
    expect(Buffer.isBuffer(result.jpeg)).toBe(true);
    expect(result).toMatchObject({
      engine: "builtin-reshape",
      generative: false,
      width,
      height,
      intensity: 1,
      direction: "feminine",
      facesFound: 1,
      noFace: false,
    });
    const before = await sharp(portrait).raw().toBuffer();
    const after = await sharp(result.jpeg).raw().toBuffer();
    const meanDiff = (x0: number, y0: number, x1: number, y1: number) => {
      let sum = 0;
      for (let y = y0; y < y1; y++)
        for (let x = x0; x < x1; x++)
          sum += Math.abs(before[(y * width + x) * 3]! - after[(y * width + x) * 3]!);
      return sum / ((x1 - x0) * (y1 - y0));
    };
    const inside = meanDiff(box.x + 8, box.y + 8, box.x + box.w - 8, box.y + box.h - 8);
    const corner = meanDiff(0, height - 100, 100, height);
    expect(inside).toBeGreaterThan(corner * 1.5);
    // An empty mask is refused with the engine's code, across the thread.
    const empty = await sharp({ create: { width, height, channels: 3, background: "#000" } })
      .png()
      .toBuffer();
    const failure = await thread
      .editFace(portrait, empty, { easy_value: 0.5, gender: "남성" })
      .catch((error: unknown) => error);
    expect((failure as { code: string }).code).toBe("INVALID_ARGUMENT");
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
