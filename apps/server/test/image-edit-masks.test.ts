/**
 * Issue 25: image edit's masks reach the model. The spec 02 §5 overlay a provider without a mask
 * input is sent (the user's colour at 35 % inside the mask, nothing outside, re-encoded as JPEG in
 * the spec's quality steps under 9,437,184 bytes), which tiles get it for which provider, and when
 * a result is blended back through the first tile's mask.
 */
import { compositeQualities, IMAGE_EDIT_COMPOSITE_MAX_BYTES } from "@gyeol/shared/image-edit";
import { MASK_COLOR_RGB, MASK_OVERLAY_OPACITY } from "@gyeol/shared/mask";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TEditInputImage } from "../src/drivers/image-edit/image-edit-provider.ts";
import {
  blendOverlay,
  MaskedImageTooLargeError,
  overlayMaskOnTile,
} from "../src/drivers/image-edit/mask-overlay.ts";
import {
  createOpenAiImagesProvider,
  openAiMaskOf,
} from "../src/drivers/image-edit/openai-images-provider.ts";
import { inputsForProvider, shouldPasteBack } from "../src/modules/image-edit/image-edit.job.ts";
import { startOpenAiImagesFake } from "./fakes/openai-images-fake.ts";

const GREY = { r: 128, g: 128, b: 128 };

function flat(width: number, height: number, colour = GREY) {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

/** White (painted) on the left `fraction` of the picture, black elsewhere. */
async function leftMask(width: number, height: number, fraction = 0.5) {
  const painted = Math.round(width * fraction);
  return sharp({ create: { width, height, channels: 3, background: { r: 0, g: 0, b: 0 } } })
    .composite([
      {
        input: await sharp({
          create: { width: painted, height, channels: 3, background: { r: 255, g: 255, b: 255 } },
        })
          .png()
          .toBuffer(),
        left: 0,
        top: 0,
      },
    ])
    .png()
    .toBuffer();
}

/** Random pixels: a JPEG of this compresses badly, so the quality steps matter. */
function noise(width: number, height: number, seed = 7) {
  const data = Buffer.alloc(width * height * 3);
  let state = seed;
  for (let i = 0; i < data.length; i++) {
    state = (state * 1103515245 + 12345) >>> 0;
    data[i] = state >>> 24;
  }
  return sharp(data, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

async function pixels(bytes: Buffer) {
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  return {
    info,
    at: (x: number, y: number) => {
      const i = (y * info.width + x) * info.channels;
      return [data[i]!, data[i + 1]!, data[i + 2]!] as const;
    },
  };
}

const expected = (base: number, colour: readonly [number, number, number]) =>
  colour.map((c) => base * (1 - MASK_OVERLAY_OPACITY) + c * MASK_OVERLAY_OPACITY);

describe("blendOverlay (spec 02 §9: mask overlay 35 % opaque)", () => {
  it("blends the colour at 35 % where painted, partly on soft edges, and leaves the rest byte for byte", () => {
    const rgb = Buffer.from([100, 150, 200, 100, 150, 200, 100, 150, 200]);
    const mask = Buffer.from([255, 0, 128]);
    const out = blendOverlay(rgb, 3, mask, [37, 99, 235]);
    expect([...out.subarray(0, 3)]).toEqual([
      Math.round(100 * 0.65 + 37 * 0.35),
      Math.round(150 * 0.65 + 99 * 0.35),
      Math.round(200 * 0.65 + 235 * 0.35),
    ]);
    expect([...out.subarray(3, 6)]).toEqual([100, 150, 200]);
    const a = (0.35 * 128) / 255;
    expect(out[6]).toBe(Math.round(100 * (1 - a) + 37 * a));
    expect(out[6]).toBeGreaterThan(out[0]!);
    expect(out[6]).toBeLessThan(100);
  });

  it("keeps a fourth channel as it is", () => {
    const rgba = Buffer.from([10, 20, 30, 77]);
    expect([...blendOverlay(rgba, 4, Buffer.from([255]), [239, 68, 68])].at(3)).toBe(77);
  });
});

describe("overlayMaskOnTile (spec 02 §5)", () => {
  it.each(["blue", "red"] as const)(
    "draws a %s mask at 35 percent inside, nothing outside, at the tile's size as a JPEG at 0.92",
    async (color) => {
      const tile = await flat(1280, 960);
      const result = await overlayMaskOnTile(tile, await leftMask(1280, 960), color);
      expect(result).toMatchObject({ width: 1280, height: 960, quality: 0.92, tries: 1 });
      const meta = await sharp(result.bytes).metadata();
      expect(meta).toMatchObject({ format: "jpeg", width: 1280, height: 960 });
      const { at } = await pixels(result.bytes);
      const inside = at(320, 480);
      const want = expected(128, MASK_COLOR_RGB[color]);
      for (let c = 0; c < 3; c++)
        expect(Math.abs(inside[c]! - want[c]!), `channel ${c}`).toBeLessThanOrEqual(3);
      const outside = at(960, 480);
      for (let c = 0; c < 3; c++) expect(Math.abs(outside[c]! - 128), `channel ${c}`).toBeLessThanOrEqual(2);
    },
  );

  it("stretches a mask of another size onto the tile", async () => {
    const result = await overlayMaskOnTile(await flat(1200, 900), await leftMask(400, 300), "red");
    expect(result).toMatchObject({ width: 1200, height: 900 });
    const { at } = await pixels(result.bytes);
    expect(at(100, 450)[0]).toBeGreaterThan(at(1100, 450)[0]! + 30);
  });

  it("lowers the JPEG quality in the spec's steps until the tile is under the limit", async () => {
    const tile = await noise(640, 480);
    const mask = await leftMask(640, 480);
    const qualities = compositeQualities();
    expect(qualities[0]).toBe(0.92);
    expect(qualities.at(-1)).toBeGreaterThanOrEqual(0.5);
    const first = await overlayMaskOnTile(tile, mask, "blue", { maxBytes: Number.MAX_SAFE_INTEGER });
    expect(first).toMatchObject({ quality: 0.92, tries: 1 });
    // A limit one byte under the 0.92 encoding: a lower step is chosen, never 0.92.
    const limit = first.bytes.length - 1;
    const lowered = await overlayMaskOnTile(tile, mask, "blue", { maxBytes: limit });
    expect(lowered.tries).toBeGreaterThan(1);
    expect(lowered.quality).toBe(qualities[lowered.tries - 1]);
    expect(lowered.bytes.length).toBeLessThanOrEqual(limit);
    expect(lowered.bytes.length).toBeLessThan(first.bytes.length);
  });

  it("takes the first step that fits: every step before it was over the limit", async () => {
    const tile = await noise(640, 480, 11);
    const mask = await leftMask(640, 480);
    const qualities = compositeQualities();
    const byQuality = new Map<number, number>();
    // Each step's size: a limit of exactly that size makes that step (or an earlier one) fit.
    for (const [i] of qualities.entries()) {
      const probe = await overlayMaskOnTile(tile, mask, "blue", {
        maxBytes: i === 0 ? Number.MAX_SAFE_INTEGER : byQuality.get(qualities[i - 1]!)! - 1,
      });
      byQuality.set(probe.quality, probe.bytes.length);
      expect(probe.quality).toBe(qualities[i]);
      expect(probe.tries).toBe(i + 1);
    }
    const sizes = qualities.map((quality) => byQuality.get(quality)!);
    for (let i = 1; i < sizes.length; i++) expect(sizes[i]).toBeLessThan(sizes[i - 1]!);
  });

  it("refuses with EDIT_MASKED_IMAGE_TOO_LARGE when even the last step is over the limit", async () => {
    const failure = await overlayMaskOnTile(await noise(640, 480), await leftMask(640, 480), "red", {
      maxBytes: 1000,
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(MaskedImageTooLargeError);
    expect(failure).toMatchObject({
      code: "EDIT_MASKED_IMAGE_TOO_LARGE",
      quality: compositeQualities().at(-1),
      maxBytes: 1000,
    });
  });

  it("uses the spec's 9,437,184-byte limit by default", async () => {
    expect(IMAGE_EDIT_COMPOSITE_MAX_BYTES).toBe(9_437_184);
    const result = await overlayMaskOnTile(await flat(1000, 1000), await leftMask(1000, 1000), "blue");
    expect(result.bytes.length).toBeLessThanOrEqual(IMAGE_EDIT_COMPOSITE_MAX_BYTES);
  });
});

describe("inputsForProvider (which tiles carry an overlay)", () => {
  const tile = async (mask: boolean): Promise<TEditInputImage> => ({
    bytes: await sharp(await flat(1280, 960))
      .jpeg()
      .toBuffer(),
    mime: "image/jpeg",
    width: 1280,
    height: 960,
    mask: mask ? await leftMask(1280, 960) : null,
  });

  it("a provider without a mask input: every masked tile overlaid in its colour, the prompt kept and explained", async () => {
    const tiles = [await tile(true), await tile(false), await tile(true)];
    const sent = await inputsForProvider({ takesMask: false }, tiles, ["red", null, null], "make it gold");
    expect(sent.overlaid).toEqual([
      { index: 0, color: "red" },
      { index: 2, color: "blue" },
    ]);
    expect(sent.images[1]).toBe(tiles[1]);
    expect(sent.images[0]!.mask).toBeNull();
    expect(sent.images[0]!.bytes.equals(tiles[0]!.bytes)).toBe(false);
    const { at } = await pixels(sent.images[0]!.bytes);
    expect(at(100, 480)[0]).toBeGreaterThan(at(1200, 480)[0]! + 30); // red on the painted left
    expect(sent.prompt.startsWith("make it gold\n\n")).toBe(true);
    expect(sent.prompt).toContain("red on image 1");
    expect(sent.prompt).toContain("blue on image 3");
  });

  it("a provider with a mask input: tiles untouched, masks handed over, the prompt as typed", async () => {
    const tiles = [await tile(true), await tile(true)];
    const sent = await inputsForProvider({ takesMask: true }, tiles, ["red", "red"], "make it gold");
    expect(sent.images).toEqual(tiles);
    expect(sent.prompt).toBe("make it gold");
  });

  it("OpenAI (one mask, on the first image): the first tile's mask as a mask, the others' as overlays", async () => {
    const tiles = [await tile(true), await tile(true)];
    const sent = await inputsForProvider(
      { takesMask: true, masksFirstImageOnly: true },
      tiles,
      ["blue", "red"],
      "make it gold",
    );
    expect(sent.images[0]).toBe(tiles[0]);
    expect(sent.images[1]!.mask).toBeNull();
    expect(sent.overlaid).toEqual([{ index: 1, color: "red" }]);
    expect(sent.prompt).toContain("red overlay on image 2");
  });

  it("no mask anywhere: nothing changes", async () => {
    const tiles = [await tile(false)];
    const sent = await inputsForProvider({ takesMask: false }, tiles, [], "make it gold");
    expect(sent).toEqual({ images: tiles, prompt: "make it gold", overlaid: [] });
  });
});

describe("shouldPasteBack", () => {
  const mask = Buffer.from("mask");
  const first = { width: 4032, height: 3024, mask };
  it("blends back a mask-less provider's result of the first tile's proportions", () => {
    expect(shouldPasteBack({ takesMask: false }, first, { width: 2304, height: 1728 })).toBe(true);
    expect(shouldPasteBack({ takesMask: false }, first, { width: 2048, height: 1530 })).toBe(true);
  });
  it("keeps the result as made when the framing differs, the first tile has no mask, or the provider took the mask", () => {
    expect(shouldPasteBack({ takesMask: false }, first, { width: 2048, height: 2048 })).toBe(false);
    expect(
      shouldPasteBack({ takesMask: false }, { ...first, mask: null }, { width: 2304, height: 1728 }),
    ).toBe(false);
    expect(shouldPasteBack({ takesMask: true }, first, { width: 2304, height: 1728 })).toBe(false);
  });
});

describe("OpenAI's inpainting mask (vendors CONTRACTS.md §5.2)", () => {
  let fake: Awaited<ReturnType<typeof startOpenAiImagesFake>>;
  beforeAll(async () => {
    fake = await startOpenAiImagesFake();
  });
  afterAll(() => fake.close());

  const first = async (mask: Buffer | null): Promise<TEditInputImage> => ({
    bytes: await sharp(await flat(1280, 960))
      .jpeg()
      .toBuffer(),
    mime: "image/jpeg",
    width: 1280,
    height: 960,
    mask,
  });

  it("is a PNG of the first image's size with an alpha channel, alpha 0 exactly where painted", async () => {
    const png = await openAiMaskOf(await first(await leftMask(640, 480, 0.25)));
    const meta = await sharp(png).metadata();
    expect(meta).toMatchObject({ format: "png", width: 1280, height: 960, hasAlpha: true });
    const alpha = await sharp(png).extractChannel(3).raw().toBuffer();
    expect(alpha[480 * 1280 + 100]).toBe(0); // painted: to edit
    expect(alpha[480 * 1280 + 1000]).toBe(255); // unpainted: kept
    expect(png.length).toBeLessThan(4 * 1024 * 1024);
  });

  it("reaches the API with the images, which takes it; the fake refuses a mask of another size or without alpha, as the API does", async () => {
    const provider = createOpenAiImagesProvider({
      apiKey: fake.apiKey,
      baseUrl: fake.baseUrl,
      model: fake.model,
      timeoutMs: 10_000,
      maxRetries: 0,
      isTestProvider: true,
    });
    const outputs = await provider.edit({
      prompt: "make it gold",
      images: [await first(await leftMask(1280, 960))],
      numImages: 1,
      width: 1024,
      height: 768,
      seed: 1,
      requestId: "job-1",
      signal: new AbortController().signal,
    });
    expect(outputs).toHaveLength(1);
    expect(outputs[0]!.ok).toBe(true);
    expect(fake.requests.at(-1)!.mask).toMatchObject({ width: 1280, height: 960, hasAlpha: true });

    const post = async (mask: Buffer) => {
      const form = new FormData();
      form.append(
        "image[]",
        new Blob([new Uint8Array((await first(null)).bytes)], { type: "image/jpeg" }),
        "a.jpg",
      );
      form.append("mask", new Blob([new Uint8Array(mask)], { type: "image/png" }), "mask.png");
      form.append("prompt", "make it gold");
      form.append("model", fake.model);
      const response = await fetch(`${fake.baseUrl}/images/edits`, {
        method: "POST",
        headers: { authorization: `Bearer ${fake.apiKey}` },
        body: form,
      });
      return {
        status: response.status,
        body: (await response.json()) as { error: { code: string; param: string } },
      };
    };
    const smaller = await openAiMaskOf({
      ...(await first(await leftMask(640, 480))),
      width: 640,
      height: 480,
    });
    expect(await post(smaller)).toMatchObject({
      status: 400,
      body: { error: { code: "invalid_image", param: "mask" } },
    });
    const opaque = await sharp(await leftMask(1280, 960))
      .removeAlpha()
      .png()
      .toBuffer();
    expect(await post(opaque)).toMatchObject({
      status: 400,
      body: { error: { code: "invalid_image", param: "mask" } },
    });
  });
});
