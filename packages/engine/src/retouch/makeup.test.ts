import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyzeImage, type TFaceAnalysis } from "../face/analyze.ts";
import { decodeImage, type RgbImage } from "../image.ts";
import { meanDeltaE2000 } from "../quality/metrics.ts";
import { type RetouchJob, retouchJob, retouchPortrait } from "../retouch.ts";
import { getStyleParams } from "../style.ts";
import { readFixture } from "../test/fixtures.ts";
import { closeSrPools } from "../upscale/pool.ts";

/** The web's default retouch areas: lips and brows excluded (retouch-options.ts). */
const WEB_DEFAULT: Partial<RetouchJob> = {
  upper_lip: true,
  lower_lip: true,
  left_eyebrow: true,
  right_eyebrow: true,
};
/** lora_index per style for each fixture's sitter (spec 02 §5). */
const FIXTURES = [
  { name: "astronaut.jpg", basic: 3, makeup: 4 },
  { name: "grace-hopper.jpg", basic: 3, makeup: 4 },
  { name: "grace-meng.jpg", basic: 2, makeup: 0 },
];
const MATTE = 7;

interface TRendered {
  analysis: TFaceAnalysis;
  input: RgbImage;
  basic: RgbImage;
  makeup: RgbImage;
  matte: RgbImage;
}
const rendered = new Map<string, TRendered>();

async function render(bytes: Buffer, lora: number): Promise<RgbImage> {
  return decodeImage((await retouchPortrait(bytes, retouchJob({ ...WEB_DEFAULT, lora_index: lora }))).jpeg);
}

beforeAll(async () => {
  for (const f of FIXTURES) {
    const bytes = readFixture(f.name);
    const input = await decodeImage(bytes);
    rendered.set(f.name, {
      input,
      analysis: await analyzeImage(input),
      basic: await render(bytes, f.basic),
      makeup: await render(bytes, f.makeup),
      matte: await render(bytes, MATTE),
    });
  }
}, 120_000);
afterAll(() => closeSrPools());

/** Discs of `radius` × face width around mesh points (the analysis is at the image's size here). */
function discs(a: TFaceAnalysis, indices: readonly number[], radius: number): Float32Array {
  const face = a.faces[0]!;
  const out = new Float32Array(a.width * a.height);
  const r = face.box[2] * radius;
  for (const index of indices) {
    const [cx, cy] = face.mesh[index]!;
    for (let y = Math.max(0, Math.floor(cy - r)); y < Math.min(a.height, Math.ceil(cy + r)); y++)
      for (let x = Math.max(0, Math.floor(cx - r)); x < Math.min(a.width, Math.ceil(cx + r)); x++)
        if ((x - cx) ** 2 + (y - cy) ** 2 <= r * r) out[y * a.width + x] = 1;
  }
  return out;
}

function lipsOf(a: TFaceAnalysis): Float32Array {
  return a.regions.upper_lip.data.map((v, i) => Math.max(v, a.regions.lower_lip.data[i]!));
}

describe("makeup styles look like their names (web default: lips and brows excluded)", () => {
  it("colours the lips visibly (mean CIEDE2000 against basic above 4), never the eyes or the excluded brows", () => {
    for (const f of FIXTURES) {
      const r = rendered.get(f.name)!;
      const lips = lipsOf(r.analysis);
      expect(meanDeltaE2000(r.basic, r.makeup, lips).mean, `${f.name} makeup`).toBeGreaterThan(4);
      expect(meanDeltaE2000(r.basic, r.matte, lips).mean, `${f.name} matte`).toBeGreaterThan(4);
    }
    // The eyes and the excluded brows stay as they were (within ΔE 1 of the input).
    for (const f of FIXTURES) {
      const r = rendered.get(f.name)!;
      for (const out of [r.makeup, r.matte]) {
        expect(meanDeltaE2000(r.input, out, r.analysis.regions.eyes.data).mean, f.name).toBeLessThan(1);
        const brows = r.analysis.regions.left_eyebrow.data.map((v, i) =>
          Math.max(v, r.analysis.regions.right_eyebrow.data[i]!),
        );
        expect(meanDeltaE2000(r.input, out, brows).mean, f.name).toBeLessThan(1);
      }
    }
  });

  it("puts blush on the cheek apples (mean CIEDE2000 against basic above 2)", () => {
    for (const f of FIXTURES) {
      const r = rendered.get(f.name)!;
      const cheeks = discs(r.analysis, [50, 280], 0.06);
      expect(meanDeltaE2000(r.basic, r.makeup, cheeks).mean, f.name).toBeGreaterThan(2);
    }
  });

  it("tells matte from makeup: less saturated lips and no brighter highlights", () => {
    for (const f of FIXTURES) {
      const r = rendered.get(f.name)!;
      const lips = lipsOf(r.analysis);
      expect(meanDeltaE2000(r.makeup, r.matte, lips).mean, f.name).toBeGreaterThan(2);
      const chroma = (img: RgbImage) => {
        let sum = 0;
        let n = 0;
        for (let i = 0; i < lips.length; i++) {
          if (lips[i]! <= 0.5) continue;
          const o = i * 3;
          sum +=
            Math.max(img.data[o]!, img.data[o + 1]!, img.data[o + 2]!) -
            Math.min(img.data[o]!, img.data[o + 1]!, img.data[o + 2]!);
          n++;
        }
        return sum / n;
      };
      expect(chroma(r.matte), f.name).toBeLessThan(chroma(r.makeup));
    }
  });

  it("gives only the makeup styles makeup", () => {
    for (const index of [0, 4, 7]) expect(getStyleParams(index).makeup, String(index)).not.toBeNull();
    for (const index of [1, 2, 3, 5, 6, 8]) expect(getStyleParams(index).makeup, String(index)).toBeNull();
  });
});
