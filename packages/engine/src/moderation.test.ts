import { describe, expect, it } from "vitest";
import { decodeImage, encodePng } from "./image.ts";
import { classifyNsfw } from "./nsfw.ts";
import { refineFace } from "./refine.ts";
import { meanDeltaE, readFixture } from "./test/fixtures.ts";

describe("classifyNsfw", () => {
  it("allows ordinary portraits and returns every class score", async () => {
    const result = await classifyNsfw(readFixture("astronaut.jpg"));
    expect(result.verdict).toBe("allow");
    expect(Object.keys(result.scores).sort()).toEqual(["Drawing", "Hentai", "Neutral", "Porn", "Sexy"]);
    expect(result.scores.Neutral).toBeGreaterThan(0.5);
  });

  it("rejects a non-image with a typed error", async () => {
    await expect(classifyNsfw(Buffer.from("<svg></svg> and more bytes"))).rejects.toMatchObject({
      code: "INVALID_IMAGE",
    });
  });
});

describe("refineFace (face-edit built-in driver)", () => {
  it("changes pixels inside the user's mask only and says which engine ran", async () => {
    const input = readFixture("astronaut.jpg");
    const image = await decodeImage(input);
    const mask = new Uint8Array(512 * 512 * 3);
    const inside = new Float32Array(512 * 512);
    const outside = new Float32Array(512 * 512);
    for (let y = 0; y < 512; y++) {
      for (let x = 0; x < 512; x++) {
        const i = y * 512 + x;
        const cheek = x >= 200 && x < 290 && y >= 110 && y < 170;
        if (cheek) mask.fill(255, i * 3, i * 3 + 3);
        if (x >= 215 && x < 275 && y >= 125 && y < 155) inside[i] = 1;
        if (x < 150 || x > 350 || y > 250) outside[i] = 1;
      }
    }
    const maskPng = await encodePng({ data: mask, width: 512, height: 512 });
    const result = await refineFace(input, maskPng, { easy_value: 0.55, gender: "여성" });
    expect(result.engine).toBe("builtin-refine");
    expect(result.generative).toBe(false);
    expect(result.intensity).toBeCloseTo(1);
    const out = await decodeImage(result.jpeg);
    expect(meanDeltaE(image, out, outside).mean).toBeLessThan(0.5);
    expect(meanDeltaE(image, out, inside).mean).toBeGreaterThan(0.3);
  });

  it("refuses an empty mask", async () => {
    const empty = await encodePng({ data: new Uint8Array(64 * 64 * 3), width: 64, height: 64 });
    await expect(
      refineFace(readFixture("astronaut.jpg"), empty, { easy_value: 0.5, gender: "male" }),
    ).rejects.toMatchObject({
      code: "INVALID_ARGUMENT",
    });
  });
});
