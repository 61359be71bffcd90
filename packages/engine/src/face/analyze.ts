import { decodeImage, type RgbImage, resizeLanczos, resizeMask } from "../image.ts";
import { detectFacesRaw, segmentPersonRaw } from "./human.ts";
import { buildRegionMasks, type TRegionMasks } from "./regions.ts";

/** Region masks are built at most this size; the retouch scales its final weights to the input. */
export const MASK_MAX_SIDE = 640;
/**
 * Detection and segmentation run on the same reduced copy the masks are built on (Human crops
 * each face and resizes it to the mesh model's 192 px anyway, so a face keeps enough pixels at
 * this size; the selfie model sees 256×256). Coordinates and masks are scaled back to the input.
 */
const ANALYSIS_MAX_SIDE = MASK_MAX_SIDE;

export interface TFace {
  score: number;
  /** [x, y, width, height] in input pixels. */
  box: [number, number, number, number];
  /** 478 landmarks [x, y, z] in input pixels. */
  mesh: Array<[number, number, number]>;
}

export interface TFaceAnalysis {
  width: number;
  height: number;
  faces: TFace[];
  /**
   * Region masks (0..1), union over all faces, at the mask size: the input's size up to
   * MASK_MAX_SIDE on the long side, proportionally smaller beyond (each Mask carries its size).
   */
  regions: TRegionMasks;
  timings: { detectMs: number; segmentMs: number; masksMs: number };
}

/** Faces, dense meshes and region masks of an already-decoded image. */
export async function analyzeImage(image: RgbImage): Promise<TFaceAnalysis> {
  const longSide = Math.max(image.width, image.height);
  const factor = longSide > ANALYSIS_MAX_SIDE ? ANALYSIS_MAX_SIDE / longSide : 1;
  const small =
    factor === 1
      ? image
      : await resizeLanczos(image, Math.round(image.width * factor), Math.round(image.height * factor));
  const t0 = performance.now();
  const detected = await detectFacesRaw(small);
  const t1 = performance.now();
  const personSmall = await segmentPersonRaw(small);
  const t2 = performance.now();
  // The analysis copy is the mask copy (ANALYSIS_MAX_SIDE = MASK_MAX_SIDE).
  const maskImage = small;
  const person = await resizeMask(personSmall, maskImage.width, maskImage.height);
  const faces: TFace[] = detected.map((face) => ({
    score: face.score,
    box: face.box.map((v) => v / factor) as [number, number, number, number],
    mesh: face.mesh.map(([x, y, z]) => [x / factor, y / factor, z / factor] as [number, number, number]),
  }));
  const k = maskImage.width / image.width;
  const regions = buildRegionMasks(
    maskImage,
    faces.map((face) => face.mesh.map(([x, y, z]) => [x * k, y * k, z * k] as const)),
    person,
  );
  const t3 = performance.now();
  return {
    width: image.width,
    height: image.height,
    faces,
    regions,
    timings: { detectMs: t1 - t0, segmentMs: t2 - t1, masksMs: t3 - t2 },
  };
}

/** Public entry: decode the bytes, then analyse. Throws EngineError INVALID_IMAGE on bad input. */
export async function analyzeFaces(input: Buffer | Uint8Array): Promise<TFaceAnalysis> {
  return analyzeImage(await decodeImage(input));
}
