import type { TFace } from "./face/analyze.ts";
import type { RgbImage } from "./image.ts";
import { DESCRIPTOR_SIZE, getSrPool } from "./upscale/pool.ts";

export interface TIdentityScore {
  /** Cosine similarity of the two face descriptors, −1..1 (same person and pose: ≥ 0.95). */
  cosine: number;
  inputEmbedding: number[];
  resultEmbedding: number[];
}

/** The crop is the mesh's bounds squared and enlarged by this, about the framing Human gives it. */
const CROP_SCALE = 1.3;

export function cosineSimilarity(a: readonly number[], b: readonly number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na > 0 && nb > 0 ? dot / Math.sqrt(na * nb) : 0;
}

/** [x0, y0, side] of the square crop around a face's mesh, in the image's pixels. */
export function faceCrop(face: Pick<TFace, "mesh">): [number, number, number] {
  let x0 = Number.POSITIVE_INFINITY;
  let y0 = Number.POSITIVE_INFINITY;
  let x1 = Number.NEGATIVE_INFINITY;
  let y1 = Number.NEGATIVE_INFINITY;
  for (const [x, y] of face.mesh) {
    x0 = Math.min(x0, x);
    y0 = Math.min(y0, y);
    x1 = Math.max(x1, x);
    y1 = Math.max(y1, y);
  }
  const side = Math.max(x1 - x0, y1 - y0) * CROP_SCALE;
  return [(x0 + x1) / 2 - side / 2, (y0 + y1) / 2 - side / 2, side];
}

/** Bilinear samples of a square crop (outside the image: edge pixels) into `out`. */
function sampleCrop(image: RgbImage, [cx0, cy0, side]: [number, number, number], out: Float32Array) {
  const { width, height, data } = image;
  const step = side / DESCRIPTOR_SIZE;
  let o = 0;
  for (let j = 0; j < DESCRIPTOR_SIZE; j++) {
    const sy = Math.min(height - 1, Math.max(0, cy0 + (j + 0.5) * step - 0.5));
    const y0 = Math.floor(sy);
    const y1 = Math.min(height - 1, y0 + 1);
    const fy = sy - y0;
    for (let i = 0; i < DESCRIPTOR_SIZE; i++) {
      const sx = Math.min(width - 1, Math.max(0, cx0 + (i + 0.5) * step - 0.5));
      const x0 = Math.floor(sx);
      const x1 = Math.min(width - 1, x0 + 1);
      const fx = sx - x0;
      const a = (y0 * width + x0) * 3;
      const b = (y0 * width + x1) * 3;
      const c = (y1 * width + x0) * 3;
      const d = (y1 * width + x1) * 3;
      for (let k = 0; k < 3; k++) {
        const top = data[a + k]! + fx * (data[b + k]! - data[a + k]!);
        const bottom = data[c + k]! + fx * (data[d + k]! - data[c + k]!);
        out[o++] = top + fy * (bottom - top);
      }
    }
  }
}

/**
 * Identity descriptors (Human's faceres, 1024-d) of the same face in several same-size images (the
 * input and its retouch), cropped identically so only the pixels differ. The crops run side by
 * side on the engine's worker pool, off the main thread.
 */
export async function faceDescriptors(
  images: readonly RgbImage[],
  face: Pick<TFace, "mesh">,
): Promise<number[][]> {
  const crop = faceCrop(face);
  const pool = getSrPool("esrgan-slim");
  return Promise.all(
    images.map(async (image) => {
      const pixels = new Float32Array(DESCRIPTOR_SIZE * DESCRIPTOR_SIZE * 3);
      sampleCrop(image, crop, pixels);
      return Array.from(await pool.describe(pixels));
    }),
  );
}

/**
 * Compares the main face of the input with the same face in the result (same size, same place:
 * the retouch moves nothing), so other people in the photo never stand in for it.
 */
export async function scoreIdentity(
  face: Pick<TFace, "mesh">,
  input: RgbImage,
  result: RgbImage,
): Promise<TIdentityScore> {
  const [inputEmbedding, resultEmbedding] = await faceDescriptors([input, result], face);
  return {
    cosine: cosineSimilarity(inputEmbedding!, resultEmbedding!),
    inputEmbedding: inputEmbedding!,
    resultEmbedding: resultEmbedding!,
  };
}

/**
 * The identity a retouched face must keep (issue 24: cosine ≥ 0.95 against the input). The engine
 * aims a little above it, so the figure holds after the JPEG and the upscale.
 */
export const IDENTITY_FLOOR = 0.95;
export const IDENTITY_TARGET = 0.955;

/** Blends tried, in rounds of two (the worker pool's width), strongest first. */
const BACK_OFF_ROUNDS: ReadonlyArray<readonly [number, number]> = [
  [0.8, 0.6],
  [0.4, 0.2],
];

/**
 * How much of a retouch to keep so the face stays its owner's: when the result's cosine is below
 * IDENTITY_TARGET, blends of input and result (input + t·(result − input)) are scored, strongest
 * first, and the strongest that holds is kept (0: none holds, the input's face comes back). A
 * blend's crop is the same blend of the two crops (the sampling is linear), so each try costs one
 * descriptor, not a pass over the photo.
 */
export async function keepIdentity(
  face: Pick<TFace, "mesh">,
  input: RgbImage,
  result: RgbImage,
  score: TIdentityScore,
): Promise<{ share: number; score: TIdentityScore }> {
  if (score.cosine >= IDENTITY_TARGET) return { share: 1, score };
  const crop = faceCrop(face);
  const size = DESCRIPTOR_SIZE * DESCRIPTOR_SIZE * 3;
  const a = new Float32Array(size);
  const b = new Float32Array(size);
  sampleCrop(input, crop, a);
  sampleCrop(result, crop, b);
  const pool = getSrPool("esrgan-slim");
  const tryShares = (shares: readonly number[]) =>
    Promise.all(
      shares.map(async (share) => {
        const pixels = new Float32Array(size);
        for (let i = 0; i < size; i++) pixels[i] = a[i]! + share * (b[i]! - a[i]!);
        const embedding = Array.from(await pool.describe(pixels));
        return { share, cosine: cosineSimilarity(score.inputEmbedding, embedding), embedding };
      }),
    );
  let failedAbove = 1;
  for (const round of BACK_OFF_ROUNDS) {
    const tried = await tryShares(round);
    let held = tried.find((t) => t.cosine >= IDENTITY_TARGET);
    if (held) {
      // One more round between the blend that held and the one above it that did not.
      const above = tried.filter((t) => t.share > held!.share).at(-1)?.share ?? failedAbove;
      const step = (above - held.share) / 3;
      const finer = await tryShares([held.share + 2 * step, held.share + step]);
      held = finer.find((t) => t.cosine >= IDENTITY_TARGET) ?? held;
      return {
        share: held.share,
        score: { cosine: held.cosine, inputEmbedding: score.inputEmbedding, resultEmbedding: held.embedding },
      };
    }
    failedAbove = Math.min(...round);
  }
  return {
    share: 0,
    score: { cosine: 1, inputEmbedding: score.inputEmbedding, resultEmbedding: score.inputEmbedding },
  };
}

/** Faces whose crop is smaller than this (px) give descriptors too noisy to guard on. */
export const GUARDED_FACE_MIN_SIDE = 72;
/** At most this many faces of a group photo are guarded (each costs two descriptors or more). */
export const GUARDED_FACES_MAX = 6;

/** The cosine of `face` in input against the blend input + share·(result − input). */
async function scoreBlend(
  face: Pick<TFace, "mesh">,
  input: RgbImage,
  result: RgbImage,
  share: number,
  inputEmbedding: readonly number[],
): Promise<TIdentityScore> {
  const crop = faceCrop(face);
  const size = DESCRIPTOR_SIZE * DESCRIPTOR_SIZE * 3;
  const a = new Float32Array(size);
  const b = new Float32Array(size);
  sampleCrop(input, crop, a);
  sampleCrop(result, crop, b);
  for (let i = 0; i < size; i++) b[i] = a[i]! + share * (b[i]! - a[i]!);
  const embedding = Array.from(await getSrPool("esrgan-slim").describe(b));
  return {
    cosine: cosineSimilarity(inputEmbedding, embedding),
    inputEmbedding: [...inputEmbedding],
    resultEmbedding: embedding,
  };
}

/**
 * keepIdentity for every face of the photo, not only the main one (issue 24: "every face in a group
 * photo handled"): the main face and up to GUARDED_FACES_MAX − 1 others big enough to describe are
 * scored, each that falls below IDENTITY_TARGET is backed off on its own, and the smallest share
 * any of them needs is the one kept (the blend is one for the whole photo). The answer's score is
 * the main face's at that share.
 */
export async function keepGroupIdentity(
  faces: readonly Pick<TFace, "mesh">[],
  input: RgbImage,
  result: RgbImage,
  mainScore?: TIdentityScore,
): Promise<{ share: number; score: TIdentityScore | null; guarded: number; backedOff: number }> {
  const [main, ...others] = faces;
  if (!main) return { share: 1, score: null, guarded: 0, backedOff: 0 };
  const guarded = [
    main,
    ...others.filter((face) => faceCrop(face)[2] >= GUARDED_FACE_MIN_SIDE).slice(0, GUARDED_FACES_MAX - 1),
  ];
  const scores = await Promise.all(
    guarded.map((face, i) => (i === 0 && mainScore ? mainScore : scoreIdentity(face, input, result))),
  );
  let share = 1;
  let backedOff = 0;
  const kept: Array<{ share: number; score: TIdentityScore } | null> = [];
  for (const [i, face] of guarded.entries()) {
    const score = scores[i]!;
    if (score.cosine >= IDENTITY_TARGET) {
      kept.push(null);
      continue;
    }
    backedOff += 1;
    const own = await keepIdentity(face, input, result, score);
    kept.push(own);
    share = Math.min(share, own.share);
  }
  let mainAt = scores[0]!;
  if (share < 1) {
    const own = kept[0];
    mainAt =
      own && own.share === share
        ? own.score
        : await scoreBlend(main, input, result, share, scores[0]!.inputEmbedding);
  }
  return { share, score: mainAt, guarded: guarded.length, backedOff };
}

/** `result` ← input + share·(result − input), in place. */
export function blendTowards(input: RgbImage, result: RgbImage, share: number): void {
  const from = input.data;
  const to = result.data;
  for (let i = 0; i < to.length; i++) to[i] = Math.round(from[i]! + share * (to[i]! - from[i]!));
}
