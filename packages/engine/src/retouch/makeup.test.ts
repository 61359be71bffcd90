import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyzeImage, type TFaceAnalysis } from "../face/analyze.ts";
import { decodeImage, type RgbImage } from "../image.ts";
import { meanDeltaE2000 } from "../quality/metrics.ts";
import { type RetouchJob, retouchJob, retouchPortrait } from "../retouch.ts";
import { getStyleParams } from "../style.ts";
import { readFixture } from "../test/fixtures.ts";
import { closeSrPools } from "../upscale/pool.ts";
import { rgbToLab } from "./colour.ts";
import { lipWeight } from "./makeup.ts";

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

/** Discs where the blush is centred: a little way from each cheek apple (50, 280) towards the ear (234, 454). */
function cheekbones(a: TFaceAnalysis, radius: number): Float32Array {
  const face = a.faces[0]!;
  const out = new Float32Array(a.width * a.height);
  const r = face.box[2] * radius;
  for (const [apple, ear] of [
    [50, 234],
    [280, 454],
  ] as const) {
    const [ax, ay] = face.mesh[apple]!;
    const [ex, ey] = face.mesh[ear]!;
    const cx = ax + (ex - ax) * 0.08;
    const cy = ay + (ey - ay) * 0.08;
    for (let y = Math.max(0, Math.floor(cy - r)); y < Math.min(a.height, Math.ceil(cy + r)); y++)
      for (let x = Math.max(0, Math.floor(cx - r)); x < Math.min(a.width, Math.ceil(cx + r)); x++)
        if ((x - cx) ** 2 + (y - cy) ** 2 <= r * r) out[y * a.width + x] = 1;
  }
  return out;
}

function lipsOf(a: TFaceAnalysis): Float32Array {
  return a.regions.upper_lip.data.map((v, i) => Math.max(v, a.regions.lower_lip.data[i]!));
}

/** Mean a* (redness) over the pixels where `mask` is 1. */
function meanA(image: RgbImage, mask: Float32Array): number {
  const lab = [0, 0, 0];
  let sum = 0;
  let n = 0;
  for (let i = 0; i < mask.length; i++) {
    if (!mask[i]) continue;
    rgbToLab(image.data[i * 3]! / 255, image.data[i * 3 + 1]! / 255, image.data[i * 3 + 2]! / 255, lab);
    sum += lab[1]!;
    n++;
  }
  return sum / n;
}

/** The photo in L*a*b* planes (lipWeight's input). */
function labPlanes(image: RgbImage) {
  const n = image.width * image.height;
  const out = { L: new Float32Array(n), A: new Float32Array(n), B: new Float32Array(n) };
  const lab = [0, 0, 0];
  for (let i = 0; i < n; i++) {
    rgbToLab(image.data[i * 3]! / 255, image.data[i * 3 + 1]! / 255, image.data[i * 3 + 2]! / 255, lab);
    out.L[i] = lab[0]!;
    out.A[i] = lab[1]!;
    out.B[i] = lab[2]!;
  }
  return out;
}

/**
 * The visible lip: inside the mesh's lip outline, the pixels whose colour is the lips' own (the
 * mesh outline of thin lips takes in skin around them, which makeup rightly leaves alone).
 */
function visibleLips(r: TRendered): Float32Array {
  const face = r.analysis.faces[0]!;
  const { weight } = lipWeight(
    labPlanes(r.input),
    face.mesh,
    0,
    0,
    r.input.width,
    r.input.height,
    face.box[2],
  );
  return weight.data.map((v) => (v > 0.5 ? 1 : 0));
}

describe("makeup styles look like their names (web default: lips and brows excluded)", () => {
  it("colours the lips visibly (mean CIEDE2000 against basic above 4), never the eyes or the excluded brows", () => {
    for (const f of FIXTURES) {
      const r = rendered.get(f.name)!;
      const lips = visibleLips(r);
      expect(
        lips.reduce((s, v) => s + v, 0),
        f.name,
      ).toBeGreaterThan(40);
      // Grace Meng already wears a rose lipstick, the makeup look's own colour: less to change.
      const least = f.name === "grace-meng.jpg" ? 1.2 : 4;
      expect(meanDeltaE2000(r.basic, r.makeup, lips).mean, `${f.name} makeup`).toBeGreaterThan(least);
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

  it("puts blush along the cheekbones (a soft gradient: mean CIEDE2000 against basic above 1.5; above 1 behind glasses) and never under the eyes", () => {
    for (const f of FIXTURES) {
      const r = rendered.get(f.name)!;
      const cheeks = cheekbones(r.analysis, 0.06);
      // Grace Hopper's glasses frames sit on her cheekbones: blush stays on skin, so less shows.
      const least = f.name === "grace-hopper.jpg" ? 1 : 1.5;
      expect(meanDeltaE2000(r.basic, r.makeup, cheeks).mean, f.name).toBeGreaterThan(least);
      // Right under the lower lids (mesh 145 and 374, the lids' lowest points) there is none.
      const face = r.analysis.faces[0]!;
      const under = new Float32Array(r.analysis.width * r.analysis.height);
      for (const index of [145, 374]) {
        const [cx, cy] = face.mesh[index]!;
        const d = face.box[2] * 0.025;
        for (let y = Math.round(cy + d); y < Math.round(cy + 3 * d); y++)
          for (let x = Math.round(cx - 2 * d); x < Math.round(cx + 2 * d); x++)
            under[y * r.analysis.width + x] = 1;
      }
      expect(meanDeltaE2000(r.basic, r.makeup, under).mean, `${f.name} under the eyes`).toBeLessThan(1);
    }
  });

  it("colours only what is lip: a fingertip on the lips and the teeth stay as they were", async () => {
    const bytes = readFixture("astronaut.jpg");
    const input = await decodeImage(bytes);
    const analysis = rendered.get("astronaut.jpg")!.analysis;
    const face = analysis.faces[0]!;
    // A fingertip: the cheek's own colour and shading, a rounded bar laid over the left half of
    // both lips (it hides them, as a finger at the mouth does).
    const [cx, cy] = face.mesh[50]!;
    const o = (Math.round(cy) * input.width + Math.round(cx)) * 3;
    const skin = [input.data[o]!, input.data[o + 1]!, input.data[o + 2]!];
    const [lx] = face.mesh[61]!;
    const [mx] = face.mesh[0]!;
    const top = face.mesh[0]![1] - face.box[2] * 0.04;
    const bottom = face.mesh[17]![1] + face.box[2] * 0.04;
    const finger = new Float32Array(input.width * input.height);
    const covered = { ...input, data: new Uint8Array(input.data) };
    for (let y = Math.round(top); y <= Math.round(bottom); y++)
      for (let x = Math.round(lx - 4); x <= Math.round((lx + mx) / 2); x++) {
        const i = y * input.width + x;
        finger[i] = 1;
        const shade = 1 - 0.06 * Math.abs((x - lx) / Math.max(1, mx - lx) - 0.25);
        for (let c = 0; c < 3; c++) covered.data[i * 3 + c] = Math.round(skin[c]! * shade);
      }
    const coveredBytes = await sharp(Buffer.from(covered.data), {
      raw: { width: input.width, height: input.height, channels: 3 },
    })
      .png()
      .toBuffer();
    const job = { ...WEB_DEFAULT, lora_index: 4 };
    const basic = await decodeImage(
      (await retouchPortrait(coveredBytes, retouchJob({ ...job, lora_index: 3 }))).jpeg,
    );
    const made = await decodeImage((await retouchPortrait(coveredBytes, retouchJob(job))).jpeg);
    // The finger takes no lip colour: its redness (a*) moves less than 1.5 against the basic style
    // (the two styles' own skin retouch differs a little in lightness, not in hue).
    const inner = finger.map((v, i) => (v && lipsOf(analysis)[i]! > 0.5 ? 1 : 0));
    expect(inner.reduce((s, v) => s + v, 0)).toBeGreaterThan(30);
    expect(meanA(made, inner) - meanA(basic, inner), "finger on the lips").toBeLessThan(1.5);
    // The lips it leaves visible still take the colour.
    const visible = visibleLips(rendered.get("astronaut.jpg")!).map((v, i) => (finger[i] ? 0 : v));
    expect(meanDeltaE2000(basic, made, visible).mean, "visible lips").toBeGreaterThan(4);
    // The teeth (bright, grey, between the lips of her smile): untouched.
    const r = rendered.get("astronaut.jpg")!;
    const teeth = new Float32Array(input.width * input.height);
    for (let y = Math.round(face.mesh[13]![1]); y <= Math.round(face.mesh[14]![1]); y++)
      for (let x = Math.round(face.mesh[78]![0]); x <= Math.round(face.mesh[308]![0]); x++) {
        const i = y * input.width + x;
        const lab = [0, 0, 0];
        rgbToLab(input.data[i * 3]! / 255, input.data[i * 3 + 1]! / 255, input.data[i * 3 + 2]! / 255, lab);
        if (lab[0]! > 70 && Math.hypot(lab[1]!, lab[2]!) < 14) teeth[i] = 1;
      }
    expect(teeth.reduce((s, v) => s + v, 0)).toBeGreaterThan(30);
    expect(meanDeltaE2000(r.basic, r.makeup, teeth).mean, "teeth").toBeLessThan(1);
  });

  it("tells matte from makeup: less saturated lips and no brighter highlights", () => {
    for (const f of FIXTURES) {
      const r = rendered.get(f.name)!;
      const lips = visibleLips(r);
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
