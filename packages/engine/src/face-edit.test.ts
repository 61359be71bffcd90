import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { analyzeImage, type TFace, type TFaceAnalysis } from "./face/analyze.ts";
import { SILHOUETTE } from "./face/mesh-indices.ts";
import { editFace, editFaceImage, PAINTED } from "./face-edit.ts";
import { createMask, decodeImage, encodePng, type Mask, type RgbImage } from "./image.ts";
import { convexHull, fillPolygon, type TPoint } from "./masks.ts";
import { faceMeasures } from "./reshape/face-controls.ts";
import { readFixture } from "./test/fixtures.ts";

/** What a user paints: each face's outline, grown by `grow` around its centre. */
function paintFaces(image: RgbImage, faces: readonly TFace[], grow: number): Mask {
  const mask = createMask(image.width, image.height);
  for (const face of faces) {
    const outline = SILHOUETTE.map((i) => face.mesh[i]!);
    const cx = outline.reduce((s, p) => s + p[0], 0) / outline.length;
    const cy = outline.reduce((s, p) => s + p[1], 0) / outline.length;
    fillPolygon(
      mask,
      convexHull(outline.map((p) => [cx + (p[0] - cx) * grow, cy + (p[1] - cy) * grow] as TPoint)),
    );
  }
  return mask;
}

/** Mean absolute change of grey (0..255) over the painted pixels. */
function meanGreyChange(a: RgbImage, b: RgbImage, mask: Mask): number {
  let sum = 0;
  let n = 0;
  for (let i = 0; i < mask.data.length; i++) {
    if (mask.data[i]! < PAINTED) continue;
    const grey = (d: Uint8Array) => 0.299 * d[i * 3]! + 0.587 * d[i * 3 + 1]! + 0.114 * d[i * 3 + 2]!;
    sum += Math.abs(grey(a.data) - grey(b.data));
    n++;
  }
  return sum / Math.max(1, n);
}

function countChangedOutside(a: RgbImage, b: RgbImage, mask: Mask): { outside: number; changed: number } {
  let outside = 0;
  let changed = 0;
  for (let i = 0; i < mask.data.length; i++) {
    if (mask.data[i]! >= PAINTED) continue;
    outside++;
    if (
      a.data[i * 3] !== b.data[i * 3] ||
      a.data[i * 3 + 1] !== b.data[i * 3 + 1] ||
      a.data[i * 3 + 2] !== b.data[i * 3 + 2]
    )
      changed++;
  }
  return { outside, changed };
}

interface TPortrait {
  image: RgbImage;
  analysis: TFaceAnalysis;
  mask: Mask;
}

async function portrait(name: string, grow = 1.3): Promise<TPortrait> {
  const image = await decodeImage(readFixture(name));
  const analysis = await analyzeImage(image);
  expect(analysis.faces.length).toBeGreaterThan(0);
  return { image, analysis, mask: paintFaces(image, analysis.faces, grow) };
}

function sample(image: RgbImage, x: number, y: number, c: number): number {
  const ix = Math.min(image.width - 2, Math.max(0, Math.floor(x)));
  const iy = Math.min(image.height - 2, Math.max(0, Math.floor(y)));
  const fx = Math.min(1, Math.max(0, x - ix));
  const fy = Math.min(1, Math.max(0, y - iy));
  const at = (xx: number, yy: number) => image.data[(yy * image.width + xx) * 3 + c]!;
  return (
    (1 - fx) * (1 - fy) * at(ix, iy) +
    fx * (1 - fy) * at(ix + 1, iy) +
    (1 - fx) * fy * at(ix, iy + 1) +
    fx * fy * at(ix + 1, iy + 1)
  );
}

/**
 * How much larger the eye looks in `after`, straight from the pixels: the vertical and horizontal
 * scale about the eye's centre (in the face's own frame) that best maps the original eye patch
 * onto the result (least squares over a grid of candidates).
 */
function eyeScale(before: RgbImage, after: RgbImage, face: TFace, corners: [number, number]) {
  const a = face.mesh[corners[0]]!;
  const b = face.mesh[corners[1]]!;
  const eyeWidth = Math.hypot(a[0] - b[0], a[1] - b[1]);
  const centre = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2] as const;
  const axis = [(b[0] - a[0]) / eyeWidth, (b[1] - a[1]) / eyeWidth] as const;
  const down = [-axis[1], axis[0]] as const;
  let best = { sx: 1, sy: 1, error: Number.POSITIVE_INFINITY };
  for (let sy = 0.8; sy <= 1.4; sy += 0.02) {
    for (let sx = 0.9; sx <= 1.25; sx += 0.025) {
      let error = 0;
      for (let v = -0.22; v <= 0.22; v += 0.02) {
        for (let h = -0.45; h <= 0.45; h += 0.03) {
          const x = centre[0] + (h * axis[0] + v * down[0]) * eyeWidth;
          const y = centre[1] + (h * axis[1] + v * down[1]) * eyeWidth;
          const xs = centre[0] + ((h / sx) * axis[0] + (v / sy) * down[0]) * eyeWidth;
          const ys = centre[1] + ((h / sx) * axis[1] + (v / sy) * down[1]) * eyeWidth;
          for (let c = 0; c < 3; c++) error += (sample(after, x, y, c) - sample(before, xs, ys, c)) ** 2;
        }
      }
      if (error < best.error) best = { sx, sy, error };
    }
  }
  return best;
}

describe("editFace (face edit's built-in engine)", () => {
  const portraits: Record<string, TPortrait> = {};
  beforeAll(async () => {
    for (const name of ["astronaut.jpg", "grace-hopper.jpg"]) portraits[name] = await portrait(name, 1.4);
  });

  it.each(["astronaut.jpg", "grace-hopper.jpg"])(
    "reshapes %s in the chosen direction, measured on the result's own mesh and pixels",
    async (name) => {
      const { image, analysis, mask } = portraits[name]!;
      const before = faceMeasures(analysis.faces[0]!.mesh);
      const measure = async (direction: "feminine" | "masculine") => {
        const { image: out, report } = await editFaceImage(
          image,
          mask,
          { intensity: 1, direction },
          analysis,
        );
        expect(report).toMatchObject({ engine: "builtin-reshape", facesFound: 1, noFace: false, direction });
        const after = await analyzeImage(out);
        expect(after.faces).toHaveLength(1);
        const m = faceMeasures(after.faces[0]!.mesh);
        const face = analysis.faces[0]!;
        return {
          jaw: m.jawWidth / before.jawWidth,
          nose: m.noseWidth / before.noseWidth,
          // The subject's right eye (corners 33, 133) and left eye (362, 263).
          eyes: [eyeScale(image, out, face, [33, 133]), eyeScale(image, out, face, [362, 263])],
        };
      };
      const feminine = await measure("feminine");
      const masculine = await measure("masculine");
      // 여성: a slimmer jaw, larger eyes, a narrower nose; 남성: a wider jaw, a smaller eye opening,
      // a broader nose.
      expect(feminine.jaw).toBeLessThan(0.97);
      expect(masculine.jaw).toBeGreaterThan(1.005);
      expect(masculine.jaw - feminine.jaw).toBeGreaterThan(0.05);
      for (const eye of feminine.eyes) expect(eye.sy).toBeGreaterThan(1.04);
      for (const eye of masculine.eyes) expect(eye.sy).toBeLessThan(0.99);
      expect(feminine.nose).toBeLessThanOrEqual(1);
      expect(masculine.nose).toBeGreaterThan(1.03);
    },
  );

  it("changes the painted face visibly at the default intensity, more as the slider rises", async () => {
    for (const { image, analysis, mask } of Object.values(portraits)) {
      const change = async (intensity: number, direction: "feminine" | "masculine") =>
        meanGreyChange(
          image,
          (await editFaceImage(image, mask, { intensity, direction }, analysis)).image,
          mask,
        );
      for (const direction of ["feminine", "masculine"] as const) {
        const low = await change(0, direction);
        const mid = await change(0.5, direction);
        const high = await change(1, direction);
        // The old built-in refine averaged about 1 grey level inside the painted face.
        expect(mid).toBeGreaterThan(2);
        expect(low).toBeLessThan(mid);
        expect(mid).toBeLessThan(high);
      }
    }
  });

  it("leaves every pixel outside the painted area exactly as it was", async () => {
    const { image, analysis } = portraits["astronaut.jpg"]!;
    // A tight mask with a bite out of the cheek: the edge runs through the face.
    const mask = paintFaces(image, analysis.faces, 1.05);
    const face = analysis.faces[0]!;
    const [cx, cy] = [face.mesh[205]![0], face.mesh[205]![1]];
    for (let y = 0; y < image.height; y++)
      for (let x = 0; x < image.width; x++)
        if (Math.hypot(x - cx, y - cy) < 25) mask.data[y * image.width + x] = 0;
    for (const direction of ["feminine", "masculine"] as const) {
      const { image: out } = await editFaceImage(image, mask, { intensity: 1, direction }, analysis);
      const { outside, changed } = countChangedOutside(image, out, mask);
      expect(outside).toBeGreaterThan(image.width * image.height * 0.5);
      expect(changed).toBe(0);
      expect(meanGreyChange(image, out, mask)).toBeGreaterThan(1.5);
    }
  });

  it("gives a mask over no face only the light local smoothing, and says so", async () => {
    const { image, analysis } = portraits["astronaut.jpg"]!;
    // The shuttle and sky on the right of the photo.
    const mask = createMask(image.width, image.height);
    for (let y = 40; y < 300; y++) for (let x = 400; x < 500; x++) mask.data[y * image.width + x] = 1;
    const { image: out, report } = await editFaceImage(
      image,
      mask,
      { intensity: 0.5, direction: "feminine" },
      analysis,
    );
    expect(report).toMatchObject({ noFace: true, facesFound: 0, amounts: null, maxShiftPx: 0 });
    expect(countChangedOutside(image, out, mask).changed).toBe(0);
    expect(meanGreyChange(image, out, mask)).toBeGreaterThan(0);
  });

  it("reshapes every face inside the mask", async () => {
    // Two portraits side by side: one photo, two faces.
    const [left, right] = [readFixture("grace-meng.jpg"), readFixture("mark-takano.jpg")];
    const pair = await sharp(left)
      .extend({ right: 225, background: "#000" })
      .composite([{ input: right, left: 225, top: 0 }])
      .png()
      .toBuffer();
    const image = await decodeImage(pair);
    const analysis = await analyzeImage(image);
    expect(analysis.faces).toHaveLength(2);
    const mask = paintFaces(image, analysis.faces, 1.3);
    const byX = (faces: readonly TFace[]) => [...faces].sort((a, b) => a.box[0] - b.box[0]);
    const jaws = async (intensity: number) => {
      const { image: out, report } = await editFaceImage(
        image,
        mask,
        { intensity, direction: "feminine" },
        analysis,
      );
      expect(report.facesFound).toBe(2);
      const after = await analyzeImage(out);
      expect(after.faces).toHaveLength(2);
      return byX(after.faces).map((f) => faceMeasures(f.mesh).jawWidth);
    };
    // Against the same edit at intensity 0 (the skin retouch alone), so the mesh's own noise on
    // these 225-px faces cancels: both jaws come out narrower.
    const [z0, z1] = await jaws(0);
    const [a0, a1] = await jaws(1);
    expect(a0! / z0!).toBeLessThan(0.99);
    expect(a1! / z1!).toBeLessThan(0.99);
  });

  it("runs end to end from bytes: deterministic, with the report the job stores", async () => {
    const input = readFixture("grace-hopper.jpg");
    const { image, mask } = portraits["grace-hopper.jpg"]!;
    const maskRgb = new Uint8Array(image.width * image.height * 3);
    for (let i = 0; i < mask.data.length; i++)
      if (mask.data[i]! >= PAINTED) maskRgb.fill(255, i * 3, i * 3 + 3);
    const maskPng = await encodePng({ data: maskRgb, width: image.width, height: image.height });
    const first = await editFace(input, maskPng, { easy_value: 0.45, gender: "남성" });
    const second = await editFace(input, maskPng, { easy_value: 0.45, gender: "남성" });
    expect(first.jpeg.equals(second.jpeg)).toBe(true);
    expect(first).toMatchObject({
      engine: "builtin-reshape",
      generative: false,
      width: image.width,
      height: image.height,
      intensity: 0,
      direction: "masculine",
      facesFound: 1,
      noFace: false,
    });
    expect(first.amounts!.jaw).toBeGreaterThan(0);
    expect(first.amounts!.lips).toBeLessThan(0);
    const female = await editFace(input, maskPng, { easy_value: 0.55, gender: "여성" });
    expect(female).toMatchObject({ intensity: 1, direction: "feminine" });
    expect(female.amounts!.jaw).toBeLessThan(0);
    expect(female.amounts!.eyes).toBeGreaterThan(0);
    expect(female.maxShiftPx).toBeGreaterThan(first.maxShiftPx);
  });

  it("refuses an empty mask", async () => {
    const empty = await encodePng({ data: new Uint8Array(64 * 64 * 3), width: 64, height: 64 });
    await expect(
      editFace(readFixture("astronaut.jpg"), empty, { easy_value: 0.5, gender: "male" }),
    ).rejects.toMatchObject({ code: "INVALID_ARGUMENT" });
  });
});
