import { resolveRetouchControls, type TRetouchControls } from "@gyeol/shared/retouch";
import { analyzeImage, type TFaceAnalysis } from "./face/analyze.ts";
import { sampleSkinModel, skinLikelihood, type TRegionMasks } from "./face/regions.ts";
import { blendTowards, keepGroupIdentity, scoreIdentity, type TIdentityScore } from "./identity.ts";
import { createEnlargedRowReader, decodeImage, encodeJpeg, type RgbImage, readBoxMaskRow } from "./image.ts";
import { blurPlane, softOutfitMask } from "./masks.ts";
import { applyFairSkin, fairSkinWeight } from "./retouch/fair-skin.ts";
import { applyFilter, type TRowReader } from "./retouch/filters.ts";
import { applyMakeup } from "./retouch/makeup.ts";
import { applyRetouch, planRetouch, type TExclusions, type TRetouchPlan } from "./retouch/skin.ts";
import { getStyleParams, interpretFilterFields, type TFilter } from "./style.ts";
import { type UpscaleOptions, type UpscaleStats, upscaleImage } from "./upscale/upscale.ts";

/**
 * The upscale job input of spec 02 §3 (the fields the engine reads), plus the two "coming soon"
 * toggles. Exclusion booleans: true means "exclude this region" (the toggle is on); eyes are
 * always excluded. left/right are the subject's own (see face/mesh-indices.ts).
 */
export interface RetouchJob {
  lora_index: number;
  scale_factor: number;
  upper_lip: boolean;
  lower_lip: boolean;
  left_eyebrow: boolean;
  right_eyebrow: boolean;
  nose: boolean;
  hair: boolean;
  filter_index: number;
  filter_strength: number;
  filter_prompt?: string;
  /** Informational (the original size the client saw); the engine uses the decoded size. */
  width?: number;
  height?: number;
  /** Accepted for API parity; the built-in engine is deterministic. */
  seed?: number;
  exclude_background?: boolean;
  exclude_outfit?: boolean;
  /** The fine-tuning controls (issue 24), each 0..1; one left out takes the style's default. */
  blemish_removal?: number;
  dark_circles?: number;
  shine_reduction?: number;
  wrinkle_softening?: number;
  tone_evening?: number;
}

/**
 * A job with the basic style (lora_index 2), every region retouched (none excluded; the eyes always
 * are), no filter (spec 02 §5: index 0 at 0.01) and the original size; `overrides` change any field.
 */
export function retouchJob(overrides: Partial<RetouchJob> = {}): RetouchJob {
  return {
    lora_index: 2,
    scale_factor: 1,
    upper_lip: false,
    lower_lip: false,
    left_eyebrow: false,
    right_eyebrow: false,
    nose: false,
    hair: false,
    filter_index: 0,
    filter_strength: 0.01,
    ...overrides,
  };
}

export interface RetouchOptions {
  /** Multiplies the style's retouch strength (0..1.5, default 1). */
  strength?: number;
  upscale?: UpscaleOptions;
  maxPixels?: number;
  /** Return the region masks (at the analysis' mask size, see TFaceAnalysis) in the result. */
  includeRegions?: boolean;
}

export interface RetouchTimings {
  decodeMs: number;
  analyzeMs: number;
  retouchMs: number;
  filterMs: number;
  upscaleMs: number;
  identityMs: number;
  encodeMs: number;
  totalMs: number;
}

export interface RetouchResult {
  jpeg: Buffer;
  width: number;
  height: number;
  facesFound: number;
  noFace: boolean;
  /** Cosine of the face descriptors of input and result; null when no face was found. */
  identity: TIdentityScore | null;
  /**
   * How much of the retouch was kept (1: all of it): below 1 the result was blended back towards
   * the input until the main face kept its identity (IDENTITY_TARGET).
   */
  retouchShare: number;
  style: string;
  /** The controls the job ran with (its own values, the style's defaults for the rest). */
  controls: TRetouchControls;
  filter: { filter: TFilter; strength: number };
  upscale: UpscaleStats;
  timings: RetouchTimings;
  regions?: TRegionMasks;
}

function exclusionsOf(job: RetouchJob): TExclusions {
  return {
    upper_lip: Boolean(job.upper_lip),
    lower_lip: Boolean(job.lower_lip),
    left_eyebrow: Boolean(job.left_eyebrow),
    right_eyebrow: Boolean(job.right_eyebrow),
    nose: Boolean(job.nose),
    hair: Boolean(job.hair),
  };
}

/**
 * Skin likelihood for the filters (fair skin works on it, studio keeps its local contrast off it), row by row: the main face's skin colour, else a
 * generic range. Read from `image`, the photo before the retouch.
 */
function wholeImageSkinRows(image: RgbImage, analysis: TFaceAnalysis): TRowReader {
  const { width } = image;
  const face = analysis.faces[0];
  if (face) {
    const model = sampleSkinModel(image, face.mesh, face.box[2]);
    return (row, out) => {
      out.fill(0);
      const window = { x0: 0, y0: row, x1: width, y1: row + 1 };
      skinLikelihood(image, model, { data: out, width, height: 1 }, window, row * width);
    };
  }
  return (row, out) => {
    for (let x = 0, i = row * width; x < width; x++, i++) {
      const r = image.data[i * 3]!;
      const g = image.data[i * 3 + 1]!;
      const b = image.data[i * 3 + 2]!;
      const y = 0.299 * r + 0.587 * g + 0.114 * b;
      const cr = 128 + 0.713 * (r - y);
      const cb = 128 + 0.564 * (b - y);
      out[x] = cr > 135 && cr < 175 && cb > 85 && cb < 130 && y > 60 ? 1 : 0;
    }
  };
}

/**
 * How much the filter may change each pixel, row by row: 1 − the regions the job excluded, times
 * the person (background excluded), times 1 − the outfit (outfit excluded). Null: everywhere.
 */
function filterAllowRows(
  image: RgbImage,
  analysis: TFaceAnalysis,
  plan: TRetouchPlan | null,
  job: RetouchJob,
): TRowReader | null {
  const { width, height } = image;
  const person = job.exclude_background
    ? createEnlargedRowReader(analysis.regions.person, width, height)
    : null;
  const outfit = job.exclude_outfit
    ? createEnlargedRowReader(softOutfitMask(analysis.regions.outfit, analysis), width, height)
    : null;
  const excluded = plan?.excluded ?? null;
  if (!excluded && !person && !outfit) return null;
  const keep = new Float32Array(width);
  const personRow = new Float32Array(width);
  const outfitRow = new Float32Array(width);
  return (y, out) => {
    if (excluded) readBoxMaskRow(excluded, y, keep);
    person?.(y, personRow);
    outfit?.(y, outfitRow);
    for (let x = 0; x < width; x++) {
      let a = excluded ? 1 - keep[x]! : 1;
      if (person) a *= personRow[x]!;
      if (outfit) a *= 1 - outfitRow[x]!;
      out[x] = a;
    }
  };
}

/** Gentle local contrast for photos without a face (the "whole-image enhancement"). */
function enhanceWholeImage(image: RgbImage): RgbImage {
  const { width, height } = image;
  const n = width * height;
  const lum = new Float32Array(n);
  for (let i = 0; i < n; i++)
    lum[i] = 0.299 * image.data[i * 3]! + 0.587 * image.data[i * 3 + 1]! + 0.114 * image.data[i * 3 + 2]!;
  const low = blurPlane(lum, width, height, Math.max(4, Math.round(Math.max(width, height) / 50)));
  const out = new Uint8Array(image.data.length);
  for (let i = 0; i < n; i++) {
    const add = 0.12 * (lum[i]! - low[i]!);
    for (let c = 0; c < 3; c++)
      out[i * 3 + c] = Math.round(Math.min(255, Math.max(0, image.data[i * 3 + c]! + add)));
  }
  return { data: out, width, height };
}

/**
 * The retouch tool's built-in driver: face analysis → skin retouch inside the allowed regions → makeup (makeup styles) →
 * filter → tiled AI upscale to input × scale_factor → JPEG quality 100. A photo without a face
 * still gets whole-image enhancement and the upscale, and says noFace.
 */
export async function retouchPortrait(
  input: Buffer | Uint8Array,
  job: RetouchJob,
  options: RetouchOptions = {},
): Promise<RetouchResult> {
  const t0 = performance.now();
  // What the engine cannot process is refused from the header (shared ENGINE_* limits), before decoding.
  const image = await decodeImage(input, { maxPixels: options.maxPixels, isEngineInput: true });
  const t1 = performance.now();
  const analysis = await analyzeImage(image);
  const t2 = performance.now();
  const style = getStyleParams(job.lora_index);
  const strength = Math.min(1.5, Math.max(0, options.strength ?? 1));
  const noFace = analysis.faces.length === 0;
  const plan = noFace ? null : await planRetouch(analysis, exclusionsOf(job), image.width, image.height);
  const controls = resolveRetouchControls(job.lora_index, job);
  const retouched = plan
    ? applyRetouch(image, analysis, plan, style, strength, controls)
    : enhanceWholeImage(image);
  if (plan && style.makeup && retouched !== image)
    applyMakeup(retouched, analysis, plan.weights.skin, style.makeup, strength);
  const t3 = performance.now();

  const filter = interpretFilterFields(job);
  let filtered = retouched;
  if (filter.filter === "ppoyong" && !noFace) {
    // Over the retouch's own copy (the input stays for the identity check); where the look goes
    // is read from the input, before the retouch.
    filtered = retouched === image ? { ...image, data: new Uint8Array(image.data) } : retouched;
    const look = await fairSkinWeight(image, analysis);
    applyFairSkin(filtered, look, filter.strength, filterAllowRows(image, analysis, plan, job));
  } else if (filter.filter !== "none") {
    // Studio (and fair skin on a photo without a face: a whole-image look by skin colour).
    filtered = applyFilter(
      retouched,
      filter.filter,
      filter.strength,
      {
        allow: filterAllowRows(image, analysis, plan, job),
        skin: wholeImageSkinRows(image, analysis),
      },
      { inPlace: retouched !== image },
    );
  }
  const t4 = performance.now();

  // The identity check's two crops run side by side on the worker pool, before the upscale needs
  // those workers (beside the upscale, on the main thread, it kept the workers waiting for tiles).
  const mainFace = analysis.faces[0];
  const identityStarted = performance.now();
  let identity = mainFace ? await scoreIdentity(mainFace, image, filtered) : null;
  // A face that would no longer read as its owner's gets as much of the retouch as keeps it
  // (identity.ts keepIdentity): an older face, a black-and-white photo, a strong style.
  // Every face of a group photo is guarded, not only the main one (keepGroupIdentity).
  let retouchShare = 1;
  if (mainFace && identity && filtered !== image) {
    const kept = await keepGroupIdentity(analysis.faces, image, filtered, identity);
    retouchShare = kept.share;
    identity = kept.score ?? identity;
    if (retouchShare < 1) blendTowards(image, filtered, retouchShare);
  }
  const identityMs = performance.now() - identityStarted;
  // The skin keeps its texture at the output size (upscale/texture.ts).
  const { image: output, stats } = await upscaleImage(filtered, job.scale_factor, {
    ...options.upscale,
    skinTexture: plan?.weights.skin,
  });
  const t5 = performance.now();
  const jpeg = await encodeJpeg(output, 100);
  const t6 = performance.now();
  return {
    jpeg,
    width: output.width,
    height: output.height,
    facesFound: analysis.faces.length,
    noFace,
    identity,
    retouchShare,
    style: noFace ? "whole_image" : style.name,
    controls,
    filter,
    upscale: stats,
    timings: {
      decodeMs: t1 - t0,
      analyzeMs: t2 - t1,
      retouchMs: t3 - t2,
      filterMs: t4 - t3,
      upscaleMs: stats.ms,
      identityMs,
      encodeMs: t6 - t5,
      totalMs: t6 - t0,
    },
    ...(options.includeRegions ? { regions: analysis.regions } : {}),
  };
}
