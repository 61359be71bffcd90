import { analyzeImage, MASK_MAX_SIDE, type TFaceAnalysis } from "./face/analyze.ts";
import type { TRegionName } from "./face/regions.ts";
import { decodeImage, encodePng, type Mask, type RgbImage, resizeLanczos } from "./image.ts";

/** Colours of the "detected regions" overlay; the UI legend uses the same ones. */
export const REGION_COLORS: Record<TRegionName, [number, number, number]> = {
  skin: [255, 196, 0],
  upper_lip: [255, 0, 90],
  lower_lip: [200, 0, 255],
  left_eyebrow: [0, 200, 255],
  right_eyebrow: [0, 110, 255],
  nose: [0, 255, 120],
  eyes: [255, 255, 255],
  hair: [140, 70, 255],
  person: [0, 0, 0],
  outfit: [0, 160, 160],
};

/** Drawn on top of one another in this order (the small facial features last, so they stay visible). */
const DRAW_ORDER: TRegionName[] = [
  "outfit",
  "hair",
  "skin",
  "nose",
  "left_eyebrow",
  "right_eyebrow",
  "upper_lip",
  "lower_lip",
  "eyes",
];

function isEdge(mask: Mask, x: number, y: number): boolean {
  const v = mask.data[y * mask.width + x]! > 0.5;
  if (!v) return false;
  for (const [dx, dy] of [
    [1, 0],
    [-1, 0],
    [0, 1],
    [0, -1],
  ] as const) {
    const nx = x + dx;
    const ny = y + dy;
    if (nx < 0 || ny < 0 || nx >= mask.width || ny >= mask.height) return true;
    if (mask.data[ny * mask.width + nx]! <= 0.5) return true;
  }
  return false;
}

/** The image with each region tinted and outlined, and the background dimmed outside the person. */
export function drawRegions(
  image: RgbImage,
  analysis: TFaceAnalysis,
  regions: TRegionName[] = DRAW_ORDER,
): RgbImage {
  const out = new Uint8Array(image.data);
  const person = analysis.regions.person;
  for (let i = 0; i < person.data.length; i++) {
    const dim = 0.55 + 0.45 * person.data[i]!;
    for (let c = 0; c < 3; c++) out[i * 3 + c] = Math.round(out[i * 3 + c]! * dim);
  }
  for (const name of regions) {
    const mask = analysis.regions[name];
    const [r, g, b] = REGION_COLORS[name];
    const alpha = name === "skin" || name === "hair" || name === "outfit" ? 0.3 : 0.45;
    for (let y = 0; y < image.height; y++) {
      for (let x = 0; x < image.width; x++) {
        const i = y * image.width + x;
        const m = mask.data[i]!;
        if (m <= 0.02) continue;
        const a = isEdge(mask, x, y) ? 0.95 : alpha * m;
        out[i * 3] = Math.round(out[i * 3]! * (1 - a) + r * a);
        out[i * 3 + 1] = Math.round(out[i * 3 + 1]! * (1 - a) + g * a);
        out[i * 3 + 2] = Math.round(out[i * 3 + 2]! * (1 - a) + b * a);
      }
    }
  }
  return { data: out, width: image.width, height: image.height };
}

/**
 * PNG of the detected regions over the photo, for the UI's "detected regions" view. It is drawn at
 * the analysis' mask size (at most MASK_MAX_SIDE on the long side), which is plenty for a preview;
 * the analysis returned is of that copy (its coordinates are the copy's, not the upload's).
 */
export async function renderRegionsOverlay(
  input: Buffer | Uint8Array,
): Promise<{ png: Buffer; analysis: TFaceAnalysis }> {
  // The analysis works on a copy this size anyway: decode straight to it (shrunk while decoding).
  const image = await decodeImage(input, {
    resize: { width: MASK_MAX_SIDE, height: MASK_MAX_SIDE, fit: "inside" },
  });
  const analysis = await analyzeImage(image);
  const { width, height } = analysis.regions.skin;
  const base = await resizeLanczos(image, width, height);
  return { png: await encodePng(drawRegions(base, analysis)), analysis };
}
