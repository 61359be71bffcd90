import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyzeImage, type TFaceAnalysis } from "../face/analyze.ts";
import { LEFT_EYE, RIGHT_EYE } from "../face/mesh-indices.ts";
import { createMask, decodeImage, enlargeMask, type RgbImage } from "../image.ts";
import { featherMask, fillPolygon, type TPoint } from "../masks.ts";
import { srgbToLab } from "../quality/metrics.ts";
import { retouchJob, retouchPortrait } from "../retouch.ts";
import { readFixture } from "../test/fixtures.ts";
import { closeSrPools } from "../upscale/pool.ts";
import { fairLiftFor, fairSkinPixel } from "./fair-skin.ts";

afterAll(() => closeSrPools());

/** Mean L*, and mean chroma, over the pixels where `mask` > 0.5. */
function meanLab(image: RgbImage, mask: Float32Array): { L: number; C: number; n: number } {
  let L = 0;
  let C = 0;
  let n = 0;
  for (let i = 0; i < mask.length; i++) {
    if (mask[i]! <= 0.5) continue;
    const [l, a, b] = srgbToLab(image.data[i * 3]!, image.data[i * 3 + 1]!, image.data[i * 3 + 2]!);
    L += l;
    C += Math.hypot(a, b);
    n++;
  }
  return { L: L / n, C: C / n, n };
}

function disc(width: number, height: number, [cx, cy]: readonly number[], r: number): Float32Array {
  const m = new Float32Array(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) if ((x - cx!) ** 2 + (y - cy!) ** 2 <= r * r) m[y * width + x] = 1;
  return m;
}

/** The ring of skin around both eyes: the eye outlines grown by 6% of the face width, minus the eyes. */
function eyeRing(analysis: TFaceAnalysis, width: number, height: number): Float32Array {
  const face = analysis.faces[0]!;
  const eyes = createMask(width, height);
  for (const path of [RIGHT_EYE, LEFT_EYE])
    fillPolygon(
      eyes,
      path.map((i) => [face.mesh[i]![0], face.mesh[i]![1]] as TPoint),
    );
  const grown = featherMask(eyes, face.box[2] * 0.05);
  const ring = new Float32Array(width * height);
  for (let i = 0; i < ring.length; i++) ring[i] = grown.data[i]! > 0.2 && eyes.data[i]! === 0 ? 1 : 0;
  return ring;
}

describe("fair skin (뽀얀 피부, issue 24)", () => {
  let input: RgbImage;
  let analysis: TFaceAnalysis;
  let out: RgbImage;
  let identity: number;

  beforeAll(async () => {
    const bytes = readFixture("grace-meng.jpg");
    input = await decodeImage(bytes);
    analysis = await analyzeImage(input);
    // Against the same retouch without the filter, so only the look is measured.
    const job = retouchJob({ filter_index: 1, filter_strength: 0.75, filter_prompt: "asle" });
    const withLook = await retouchPortrait(bytes, job);
    out = await decodeImage(withLook.jpeg);
    input = await decodeImage((await retouchPortrait(bytes, retouchJob())).jpeg);
    identity = withLook.identity!.cosine;
  }, 120_000);

  it("moves the eye surroundings with the cheeks: no rings of the old colour around the eyes", () => {
    const { width, height } = input;
    const face = analysis.faces[0]!;
    const cheeks = disc(width, height, face.mesh[50]!, face.box[2] * 0.06).map(
      (v, i) => v || disc(width, height, face.mesh[280]!, face.box[2] * 0.06)[i]!,
    );
    const ring = eyeRing(analysis, width, height);
    const cheekLift = meanLab(out, cheeks).L - meanLab(input, cheeks).L;
    const ringLift = meanLab(out, ring).L - meanLab(input, ring).L;
    expect(cheekLift).toBeGreaterThan(2);
    expect(ringLift).toBeGreaterThan(cheekLift * 0.6);
  });

  it("lifts without greying: chroma keeps at least three quarters, hair stays dark", () => {
    const { width, height } = input;
    const skin = enlargeMask(analysis.regions.skin, width, height).data;
    const before = meanLab(input, skin);
    const after = meanLab(out, skin);
    expect(after.L).toBeGreaterThan(before.L + 2);
    expect(after.C).toBeGreaterThan(before.C * 0.75);
    // Dark hair: sure hair pixels that are dark.
    const dark = enlargeMask(analysis.regions.hair, width, height).data.map((v, i) =>
      v > 0.9 && input.data[i * 3]! < 60 ? 1 : 0,
    );
    expect(meanLab(input, dark).n).toBeGreaterThan(100);
    expect(Math.abs(meanLab(out, dark).L - meanLab(input, dark).L)).toBeLessThan(1.5);
  });

  it("keeps the person: identity ≥ 0.95", () => {
    expect(identity).toBeGreaterThanOrEqual(0.95);
  });

  it("lifts a darker face further than an already fair one, and never past the look's target", () => {
    expect(fairLiftFor(55)).toBeGreaterThan(fairLiftFor(72));
    expect(fairLiftFor(90)).toBeGreaterThan(0);
    expect(fairLiftFor(20)).toBeLessThanOrEqual(9);
  });

  it("leaves a grey pixel exactly grey and moves skin towards less yellow and a touch of pink", () => {
    const out3 = [0, 0, 0];
    fairSkinPixel(0.5, 0.5, 0.5, 1, 8, out3);
    expect(out3[0]).toBe(out3[1]);
    expect(out3[1]).toBe(out3[2]);
    const skinRgb = [0.8, 0.62, 0.52];
    fairSkinPixel(skinRgb[0]!, skinRgb[1]!, skinRgb[2]!, 1, 8, out3);
    const [L0, a0, b0] = srgbToLab(skinRgb[0]! * 255, skinRgb[1]! * 255, skinRgb[2]! * 255);
    const [L1, a1, b1] = srgbToLab(out3[0]! * 255, out3[1]! * 255, out3[2]! * 255);
    expect(L1).toBeGreaterThan(L0 + 4);
    expect(b1).toBeLessThan(b0 * 0.85);
    expect(a1).toBeGreaterThan(a0 - 0.5);
  });
});
