import { createRequire } from "node:module";
import path from "node:path";
import sharp from "sharp";
import { EngineError } from "./errors.ts";
import { detectFacesRaw, segmentPersonRaw } from "./face/human.ts";
import { SILHOUETTE } from "./face/mesh-indices.ts";
import { sampleSkinModel, skinLikelihood } from "./face/regions.ts";
import { createMask, decodeImage, type RgbImage, resizeMask } from "./image.ts";
import { fillPolygon, type TPoint } from "./masks.ts";
import {
  type CloseUpFeatures,
  explicitScore,
  inGreyBand,
  NSFW_SECOND_OPINION_THRESHOLD,
  type NsfwScores,
  needsSecondLook,
  needsSecondOpinion,
  nsfwVerdict,
  type TNsfwClass,
  type TNsfwVerdict,
} from "./moderation-rule.ts";
import { assertModelFile, resolvePackageDir } from "./runtime/model-files.ts";
import { loadTf } from "./runtime/tf.ts";

const require = createRequire(import.meta.url);

export type { CloseUpFeatures, NsfwEvidence, NsfwScores, TNsfwClass } from "./moderation-rule.ts";

export interface NsfwResult {
  /** moderation-rule.ts nsfwVerdict over the scores (and the close-up features when measured). */
  verdict: TNsfwVerdict;
  /** Probability of each class, 0..1, summing to about 1 (the first classifier, MobileNetV2). */
  scores: NsfwScores;
  /** The second classifier's scores (InceptionV3), asked when the first refuses or is unsure (the second look). */
  second?: NsfwScores;
  /** Measured only when the second agrees and the scores land in the grey band (moderation-rule.ts inGreyBand). */
  closeUp?: CloseUpFeatures;
  /** The picture has no colour (moderation-rule.ts NsfwEvidence.monochrome). */
  monochrome: boolean;
}

interface TNsfwModel {
  classify(image: unknown, topk?: number): Promise<Array<{ className: TNsfwClass; probability: number }>>;
}

let modelReady: Promise<TNsfwModel> | null = null;

/**
 * nsfwjs's MobileNetV2, loaded from the weights nsfwjs ships as base64 modules. Its own loader
 * decodes them one character at a time (about 6 s); decoding with Buffer takes a fraction of that.
 */
function loadNsfwModel(): Promise<TNsfwModel> {
  modelReady ??= (async () => {
    await loadTf();
    const dir = path.join(resolvePackageDir("nsfwjs"), "dist", "models", "mobilenet_v2");
    const modelFile = path.join(dir, "model.min.js");
    const shardFile = path.join(dir, "group1-shard1of1.min.js");
    assertModelFile(modelFile);
    assertModelFile(shardFile);
    const json = require(modelFile) as {
      modelTopology: unknown;
      weightsManifest: Array<{ paths: string[]; weights: unknown[] }>;
    };
    const weights = Buffer.from(require(shardFile) as string, "base64");
    const handler = {
      load: async () => ({
        modelTopology: json.modelTopology,
        weightSpecs: json.weightsManifest.flatMap((group) => group.weights),
        weightData: weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength),
      }),
    };
    const { NSFWJS } = require("nsfwjs/core") as {
      NSFWJS: new (handler: unknown, options: unknown) => TNsfwModel & { load(): Promise<void> };
    };
    const model = new NSFWJS(handler, { size: 224 });
    try {
      await model.load();
    } catch (error) {
      modelReady = null;
      throw new EngineError("MODEL_MISSING", `NSFW model did not load from ${dir}: ${String(error)}`, {
        cause: error,
      });
    }
    return model;
  })();
  return modelReady;
}

interface TLayersModel {
  predict(input: unknown): unknown;
}

let secondReady: Promise<TLayersModel> | null = null;

/** nsfwjs's InceptionV3 (the five classes again, a different network; 299² input), from the same package. */
function loadSecondModel(): Promise<TLayersModel> {
  secondReady ??= (async () => {
    const tf = await loadTf();
    const dir = path.join(resolvePackageDir("nsfwjs"), "dist", "models", "inception_v3");
    const modelFile = path.join(dir, "model.min.js");
    const shardFiles = [1, 2, 3, 4, 5, 6].map((i) => path.join(dir, `group1-shard${i}of6.min.js`));
    assertModelFile(modelFile);
    for (const file of shardFiles) assertModelFile(file);
    try {
      const json = require(modelFile) as {
        modelTopology: unknown;
        weightsManifest: Array<{ paths: string[]; weights: unknown[] }>;
      };
      const weights = Buffer.concat(shardFiles.map((file) => Buffer.from(require(file) as string, "base64")));
      // The modules are 30 MB of base64 text; once decoded, let them go rather than live in the
      // require cache for the life of the thread.
      for (const file of [modelFile, ...shardFiles]) delete require.cache[file];
      const model = await tf.loadLayersModel({
        load: async () => ({
          modelTopology: json.modelTopology as object,
          weightSpecs: json.weightsManifest.flatMap(
            (group) => group.weights,
          ) as import("@tensorflow/tfjs").io.WeightsManifestEntry[],
          weightData: weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength),
        }),
      });
      return model as unknown as TLayersModel;
    } catch (error) {
      secondReady = null;
      throw new EngineError("MODEL_MISSING", `NSFW second model did not load from ${dir}: ${String(error)}`, {
        cause: error,
      });
    }
  })();
  return secondReady;
}

/**
 * Loads both classifiers ahead of the first upload (about a second and two here), so the first
 * person to upload after a start does not wait for them. Safe to call any number of times.
 */
export async function warmNsfwModel(): Promise<void> {
  await Promise.all([loadNsfwModel(), loadSecondModel()]);
}

/** The first classifier's look at an upload: its five class scores, and whether the picture has colour. */
export interface FirstLook {
  scores: NsfwScores;
  /** Mean chroma below MONOCHROME_CHROMA on the same 224² view (moderation-rule.ts NsfwEvidence.monochrome). */
  monochrome: boolean;
}

/**
 * The five class scores of an upload, and whether it has colour, from one 224² decode. The first
 * check; classifyNsfw adds the second where these are not enough.
 */
export async function firstLook(input: Buffer | Uint8Array): Promise<FirstLook> {
  const small = await firstView(input);
  const [model, tf] = await Promise.all([loadNsfwModel(), loadTf()]);
  const tensor = tf.tensor3d(small.data, [224, 224, 3], "int32");
  let predictions: Array<{ className: TNsfwClass; probability: number }>;
  try {
    predictions = await model.classify(tensor, 5);
  } finally {
    tensor.dispose();
  }
  const scores: NsfwScores = { Drawing: 0, Hentai: 0, Neutral: 0, Porn: 0, Sexy: 0 };
  for (const p of predictions) scores[p.className] = p.probability;
  return { scores, monochrome: isMonochrome(small) };
}

/**
 * What the first classifier looks at: the upload decoded straight to its 224², shrunk while
 * decoding, so a large upload is never held at full size (it was 150 MB of pixels for a 49 MP
 * photo). Truncated files still fail the decode.
 */
export function firstView(input: Buffer | Uint8Array): Promise<RgbImage> {
  return decodeImage(input, { resize: { width: 224, height: 224, fit: "fill" } });
}

/** The first classifier's five class scores of an upload (firstLook without the colour). */
export async function scoreNsfw(input: Buffer | Uint8Array): Promise<NsfwScores> {
  return (await firstLook(input)).scores;
}

/** The second classifier's input side (InceptionV3). */
export const SECOND_OPINION_SIDE = 299;
/** The copy the border is trimmed on: the long side, enough to find a border, cheap to trim. */
const TRIM_SIDE = 1024;
/** How far from the corner pixel's colour a border may stray (JPEG noise on a flat border). */
const TRIM_THRESHOLD = 24;

/**
 * What the second classifier looks at: the picture's own proportions (letterboxed in mid grey,
 * never squashed: a 5:1 strip of an orange spacesuit squashed into a square is what made the
 * first classifier call it porn), after a uniform border is trimmed (a small picture padded out
 * to a wide banner is judged on what it shows, not shrunk to a sliver).
 */
export async function secondOpinionView(input: Buffer | Uint8Array): Promise<RgbImage> {
  const image = await decodeImage(input, { resize: { width: TRIM_SIDE, height: TRIM_SIDE, fit: "inside" } });
  const raw = { raw: { width: image.width, height: image.height, channels: 3 as const } };
  let content = sharp(image.data, raw);
  try {
    const trimmed = await sharp(image.data, raw)
      .trim({ threshold: TRIM_THRESHOLD })
      .raw()
      .toBuffer({ resolveWithObject: true });
    // A picture that is all border (or nearly) is judged whole.
    if (Math.min(trimmed.info.width, trimmed.info.height) >= 16) {
      content = sharp(trimmed.data, {
        raw: { width: trimmed.info.width, height: trimmed.info.height, channels: 3 },
      });
    }
  } catch {
    // sharp cannot trim a single-colour image; judge it whole.
  }
  const { data } = await content
    .resize(SECOND_OPINION_SIDE, SECOND_OPINION_SIDE, {
      fit: "contain",
      kernel: "lanczos3",
      background: { r: 128, g: 128, b: 128 },
    })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data), width: SECOND_OPINION_SIDE, height: SECOND_OPINION_SIDE };
}

/** The second classifier's five class scores for an upload (its view: secondOpinionView). */
export async function secondOpinionScores(input: Buffer | Uint8Array): Promise<NsfwScores> {
  const view = await secondOpinionView(input);
  const [model, tf] = await Promise.all([loadSecondModel(), loadTf()]);
  const batch = tf.tidy(() =>
    tf.tensor4d(view.data, [1, SECOND_OPINION_SIDE, SECOND_OPINION_SIDE, 3], "int32").toFloat().div(255),
  );
  const output = model.predict(batch) as import("@tensorflow/tfjs").Tensor;
  let probabilities: Float32Array | Int32Array | Uint8Array;
  try {
    probabilities = await output.data();
  } finally {
    batch.dispose();
    output.dispose();
  }
  const classes: TNsfwClass[] = ["Drawing", "Hentai", "Neutral", "Porn", "Sexy"];
  const scores: NsfwScores = { Drawing: 0, Hentai: 0, Neutral: 0, Porn: 0, Sexy: 0 };
  classes.forEach((name, i) => {
    scores[name] = probabilities[i] ?? 0;
  });
  return scores;
}

/**
 * Classifies an upload; the server maps "block" to NSFW_CONTENT_DETECTED (spec 02 §8), refusing
 * only on evidence (moderation-rule.ts nsfwVerdict). Most uploads are decided by the first
 * classifier alone and pay nothing more. A middling first score (the second look,
 * NSFW_SECOND_LOOK_FROM up), or any score of a picture without colour, asks the second classifier,
 * which refuses only when sure. When the first would refuse, the second classifier looks at the
 * picture unsquashed; if it disagrees, the upload passes. If it agrees and the scores are in
 * the grey band, where explicit photos and clothed face close-ups both land, the close-up
 * measurement decides.
 */
export async function classifyNsfw(input: Buffer | Uint8Array): Promise<NsfwResult> {
  const { scores, monochrome } = await firstLook(input);
  if (needsSecondLook(scores, monochrome)) {
    const second = await secondOpinionScores(input);
    return { verdict: nsfwVerdict(scores, { second, monochrome }), scores, second, monochrome };
  }
  if (!needsSecondOpinion(scores))
    return { verdict: nsfwVerdict(scores, { monochrome }), scores, monochrome };
  const second = await secondOpinionScores(input);
  if (explicitScore(second) < NSFW_SECOND_OPINION_THRESHOLD || !inGreyBand(scores)) {
    return { verdict: nsfwVerdict(scores, { second, monochrome }), scores, second, monochrome };
  }
  const closeUp = await measureCloseUp(input);
  return {
    verdict: nsfwVerdict(scores, { second, closeUp, monochrome }),
    scores,
    second,
    closeUp,
    monochrome,
  };
}

/**
 * The close-up check runs on a copy this size on its long side: the face detector looks at 128²
 * and the person segmentation at 256² anyway, and a face too small to be found here is too small
 * to make a close-up.
 */
export const CLOSE_UP_SIDE = 384;

/**
 * Below this mean chroma (BT.601 Cb/Cr distance from grey, on the first classifier's 224² view and
 * on the close-up check's 384 px copy) a picture has no
 * colour to tell skin by: a black-and-white photo (issue 24's street scene measures 0.0) or a
 * sepia one. The set's colour photographs of people measure 6 and up.
 */
export const MONOCHROME_CHROMA = 2;

/** The person must cover at least this share of the frame outside the heads for their skin share to mean anything. */
const MIN_PERSON_AREA = 0.02;

/**
 * How much of the frame is face, and how much bare skin is outside it (moderation-rule.ts says
 * what decides). The face is the face-mesh oval of the largest face found, clipped to the frame.
 * Bare skin: pixels in the colour of the largest face's own skin (face/regions.ts's skin model),
 * weighted by that likelihood and by the person
 * (selfie segmentation), outside a box around every head (the oval widened by half its width each
 * side, 60% of its height above for hair, 30% below for the chin and throat). bodySkin is that as
 * a share of the whole frame; personSkin as a share of the person outside the heads (how much of
 * the body is bare, whatever its size in the frame). A monochrome picture has no skin colour to
 * measure: both are null there, and so no skin measurement can clear it.
 */
export async function measureCloseUp(input: Buffer | Uint8Array): Promise<CloseUpFeatures> {
  const image = await decodeImage(input, {
    resize: { width: CLOSE_UP_SIDE, height: CLOSE_UP_SIDE, fit: "inside" },
  });
  return measureCloseUpOf(image);
}

/** No colour to tell skin by: mean chroma below MONOCHROME_CHROMA. */
export function isMonochrome(image: RgbImage): boolean {
  return meanChroma(image) < MONOCHROME_CHROMA;
}

/** Mean BT.601 chroma of the image (0 for a grey picture). */
export function meanChroma(image: RgbImage): number {
  const { data } = image;
  const n = image.width * image.height;
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const r = data[3 * i]!;
    const b = data[3 * i + 2]!;
    const l = 0.299 * r + 0.587 * data[3 * i + 1]! + 0.114 * b;
    sum += Math.hypot(0.564 * (b - l), 0.713 * (r - l));
  }
  return n ? sum / n : 0;
}

export async function measureCloseUpOf(image: RgbImage): Promise<CloseUpFeatures> {
  const { width, height } = image;
  const area = width * height;
  const faces = await detectFacesRaw(image);
  if (faces.length === 0) return { faces: 0, faceArea: 0, bodySkin: null, personSkin: null };
  const ovals = faces.map((face) => SILHOUETTE.map((i) => [face.mesh[i]![0], face.mesh[i]![1]] as TPoint));
  let largest = 0;
  let faceArea = 0;
  for (const [index, oval] of ovals.entries()) {
    const mask = createMask(width, height);
    fillPolygon(mask, oval);
    let sum = 0;
    for (const v of mask.data) sum += v;
    if (sum / area > faceArea) {
      faceArea = sum / area;
      largest = index;
    }
  }
  const round = (v: number) => Math.round(v * 1e4) / 1e4;
  if (isMonochrome(image)) {
    return { faces: faces.length, faceArea: round(faceArea), bodySkin: null, personSkin: null };
  }
  const heads = ovals.map((oval) => {
    let x0 = Number.POSITIVE_INFINITY;
    let y0 = Number.POSITIVE_INFINITY;
    let x1 = Number.NEGATIVE_INFINITY;
    let y1 = Number.NEGATIVE_INFINITY;
    for (const [x, y] of oval) {
      x0 = Math.min(x0, x);
      y0 = Math.min(y0, y);
      x1 = Math.max(x1, x);
      y1 = Math.max(y1, y);
    }
    const w = x1 - x0;
    const h = y1 - y0;
    return { x0: x0 - 0.5 * w, y0: y0 - 0.6 * h, x1: x1 + 0.5 * w, y1: y1 + 0.3 * h, w };
  });
  const skin = createMask(width, height);
  skinLikelihood(image, sampleSkinModel(image, faces[largest]!.mesh, heads[largest]!.w), skin);
  const person = await resizeMask(await segmentPersonRaw(image), width, height);
  let bodySkin = 0;
  let body = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (heads.some((h) => x >= h.x0 && x < h.x1 && y >= h.y0 && y < h.y1)) continue;
      const i = y * width + x;
      bodySkin += Math.min(1, skin.data[i]! * 1.6) * person.data[i]!;
      body += person.data[i]!;
    }
  }
  return {
    faces: faces.length,
    faceArea: round(faceArea),
    bodySkin: round(bodySkin / area),
    personSkin: body / area >= MIN_PERSON_AREA ? round(bodySkin / body) : null,
  };
}
