import { z } from "zod";
import { CHARACTER_MODES, GENERATION_ASPECT_RATIOS } from "../generation.ts";
import { MASK_COLORS } from "../mask.ts";
import {
  FILTER_PROMPT_PPOYONG,
  FILTER_PROMPT_STUDIO,
  RETOUCH_CONTROL_STEP,
  RETOUCH_SEED_MAX,
  RETOUCH_SEED_MIN,
} from "../retouch.ts";
import { ZMultiLine, ZSingleLine } from "./text.ts";

/**
 * Retouch/upscale and image calls (spec 02 §3, §7 "Retouch"). Field names are the spec's; the
 * browser and any outside client depend on them.
 */

const ZBool = z.boolean();
/**
 * A fine-tuning control's strength (issue 24), 0..1 in the slider's steps of 0.05, so what is stored
 * is what the engine runs (it rounds to those steps) and "run again" sends the same figure.
 */
const ZRetouchControl = z
  .number()
  .min(0)
  .max(1)
  .refine(
    (v) => Math.abs(v / RETOUCH_CONTROL_STEP - Math.round(v / RETOUCH_CONTROL_STEP)) < 1e-6,
    "a retouch control moves in steps of 0.05",
  );

/** spec 02 §3 Upscale job input. The region flags are exclusions: true keeps that region untouched. */
export const ZUpscaleInput = z.object({
  image: ZSingleLine.min(1).max(2048),
  seed: z.number().int().min(RETOUCH_SEED_MIN).max(RETOUCH_SEED_MAX),
  prompt: ZMultiLine.max(1000),
  output_format: z.literal("jpg"),
  output_quality: z.literal(100),
  lora_index: z.number().int().min(0).max(8),
  numImages: z.literal(1),
  width: z.number().int().min(1).max(20_000),
  height: z.number().int().min(1).max(20_000),
  scale_factor: z
    .number()
    .min(0)
    .max(2)
    .refine((v) => Math.abs(v * 10 - Math.round(v * 10)) < 1e-6, "scale_factor moves in steps of 0.1"),
  upper_lip: ZBool,
  lower_lip: ZBool,
  filter_strength: z.number().min(0).max(1),
  filter_index: z.union([z.literal(0), z.literal(1)]),
  filter_prompt: z.enum([FILTER_PROMPT_STUDIO, FILTER_PROMPT_PPOYONG]),
  left_eyebrow: ZBool,
  right_eyebrow: ZBool,
  nose: ZBool,
  hair: ZBool,
  /** Our additions (spec 02 §2.1 "Exclude background / outfit"), optional for outside clients. */
  exclude_background: ZBool.optional(),
  exclude_outfit: ZBool.optional(),
  /**
   * Our additions (issue 24): the fine-tuning controls, each 0..1; one left out takes the style's
   * default (retouch.ts defaultRetouchControls). Stored with the job, so "run again" reproduces it.
   */
  blemish_removal: ZRetouchControl.optional(),
  dark_circles: ZRetouchControl.optional(),
  shine_reduction: ZRetouchControl.optional(),
  wrinkle_softening: ZRetouchControl.optional(),
  tone_evening: ZRetouchControl.optional(),
});
export type TUpscaleInput = z.infer<typeof ZUpscaleInput>;

/**
 * What a retouch job ran with, as its owner's history answers it (issue 24 "run again"): the stored
 * job input less the image (the item's original_image_url) and the fixed fields. The controls are
 * there only when the job set them; one left out ran with the style's default.
 */
export const ZRetouchSettings = ZUpscaleInput.omit({
  image: true,
  prompt: true,
  output_format: true,
  output_quality: true,
  numImages: true,
});
export type TRetouchSettings = z.infer<typeof ZRetouchSettings>;

/**
 * One input image of an image-edit or generation run, as its owner's history answers it (issue 26
 * "run again"): a signed URL, or null once the upload was purged (30 days after its last use).
 * Image edit's images are `input` tiles in order, each with its mask (null: none); generation's are
 * its `reference` image and its `character` images.
 */
export const ZRunInputImage = z.object({
  url: z.string().nullable(),
  role: z.enum(["input", "reference", "character"]),
  mask_url: z.string().nullable(),
  mask_color: z.enum(MASK_COLORS).nullable(),
});
export type TRunInputImage = z.infer<typeof ZRunInputImage>;

/**
 * What an image-edit (source seedream) or generation (source kling) run was asked, read from its
 * stored job input, so "run again" refills the form with it (issue 26). Image edit has a seed and
 * an output size ("2048x2048"); generation an aspect ratio and a character mode; the others null.
 */
export const ZRunInputs = z.object({
  prompt: z.string(),
  num_images: z.number().int(),
  seed: z.number().int().nullable(),
  size: z.string().nullable(),
  aspect_ratio: z.enum(GENERATION_ASPECT_RATIOS).nullable(),
  character_mode: z.enum(CHARACTER_MODES).nullable(),
  images: z.array(ZRunInputImage),
});
export type TRunInputs = z.infer<typeof ZRunInputs>;

/** POST /api/runpod-upscale */
export const ZUpscaleStartBody = z.object({ input: ZUpscaleInput });
export type TUpscaleStartBody = z.infer<typeof ZUpscaleStartBody>;

export const JOB_STATUSES = ["in-progress", "completed", "failed"] as const;
export type TJobStatus = (typeof JOB_STATUSES)[number];

export const ZUpscaleStartResponse = z.object({
  success: z.literal(true),
  jobId: z.string(),
  imageId: z.number().int(),
  status: z.enum(JOB_STATUSES),
  /** Credits charged for this job (the server's figure). */
  cost: z.number().int(),
});
export type TUpscaleStartResponse = z.infer<typeof ZUpscaleStartResponse>;

/** GET /api/image/status/{jobId}: the spec's fields plus queue position, ETA and the engine's report. */
export const ZImageStatusResponse = z.object({
  success: z.literal(true),
  status: z.enum(JOB_STATUSES),
  imageUrl: z.string().nullable(),
  originalImageUrl: z.string().nullable(),
  images: z.array(z.string()).optional(),
  /** 1-based place in the queue while waiting; 0 while running; null when done. */
  queuePosition: z.number().int().nullable(),
  etaSeconds: z.number().int().nullable(),
  error: z.string().nullable(),
  code: z.string().nullable(),
  /** Built-in engine report: faces found and the identity cosine of input vs result. */
  facesFound: z.number().int().nullable().optional(),
  identityScore: z.number().nullable().optional(),
  /** Retouch: the share of the chosen retouch kept so the face stays its owner's (1: all of it). */
  retouchShare: z.number().min(0).max(1).nullable().optional(),
  engine: z.string().nullable().optional(),
  /** Generation (spec 02 §7 "Consistency"): completed with fewer images than were asked for. */
  partial: z.boolean().optional(),
});
export type TImageStatusResponse = z.infer<typeof ZImageStatusResponse>;

export const IMAGE_SOURCES = [
  "upscale",
  "product_try",
  "clothes",
  "kling",
  "consistency",
  "seedream",
  "face_edit",
] as const;
export type TImageSource = (typeof IMAGE_SOURCES)[number];

export const HISTORY_MAX_LIMIT = 50;

/** GET /api/image/history/{userId}?source=&limit=&offset=&q= */
export const ZHistoryQuery = z.object({
  source: z.enum(IMAGE_SOURCES).optional(),
  limit: z.coerce.number().int().min(1).max(HISTORY_MAX_LIMIT).default(25),
  offset: z.coerce.number().int().min(0).default(0),
  /** Only items of this status (image edit's history, spec 02 §7: status=completed). */
  status: z.enum(["completed", "processing", "failed"]).optional(),
  q: ZSingleLine.trim().max(200).optional(),
  /**
   * spec 02 §7 "Consistency": grouped=1 pages by task (one item per job, its images in
   * all_image_urls) with group_limit/group_offset, answering groupHasMore and nextGroupOffset too.
   */
  grouped: z.enum(["0", "1", "true", "false"]).optional(),
  group_limit: z.coerce.number().int().min(1).max(HISTORY_MAX_LIMIT).optional(),
  group_offset: z.coerce.number().int().min(0).optional(),
});
export type THistoryQuery = z.infer<typeof ZHistoryQuery>;

/** The page and offset a history query asks for (grouped queries name them group_limit/group_offset). */
export function historyPage(query: THistoryQuery): { grouped: boolean; limit: number; offset: number } {
  const grouped = query.grouped === "1" || query.grouped === "true";
  return {
    grouped,
    limit: Math.min(grouped ? (query.group_limit ?? query.limit) : query.limit, HISTORY_MAX_LIMIT),
    offset: grouped ? (query.group_offset ?? query.offset) : query.offset,
  };
}

/** spec 02 §3 History image item. */
export const ZHistoryItem = z.object({
  id: z.number().int(),
  image_url: z.string().nullable(),
  original_image_url: z.string().nullable(),
  thumbnail_url: z.string().nullable(),
  prompt: z.string().nullable(),
  seed: z.number().int().nullable(),
  source: z.enum(IMAGE_SOURCES),
  status: z.enum(["completed", "processing", "failed"]),
  created_at: z.string(),
  updated_at: z.string(),
  kling_task_id: z.string().nullable(),
  seedream_task_id: z.string().nullable(),
  all_image_urls: z.array(z.string()).nullable(),
  runpod_job_id: z.string().nullable(),
  /** Ours: why a failed item failed (JOB_CANCELLED when its owner cancelled it), null otherwise. */
  code: z.string().nullable().optional(),
  /** Ours (issue 24): a retouch item's settings, so "run again" reproduces it; null elsewhere. */
  retouch_settings: ZRetouchSettings.nullable().optional(),
  /** Ours (issue 26): an image-edit or generation run's inputs, for "run again"; absent elsewhere. */
  run_inputs: ZRunInputs.nullable().optional(),
});
export type THistoryItem = z.infer<typeof ZHistoryItem>;

export const ZHistoryResponse = z.object({
  success: z.literal(true),
  images: z.array(ZHistoryItem),
  pagination: z.object({
    hasMore: z.boolean(),
    nextOffset: z.number().int().nullable(),
    /** grouped=1 only (spec 02 §7 "Consistency"): the same page read as groups. */
    groupHasMore: z.boolean().optional(),
    nextGroupOffset: z.number().int().nullable().optional(),
  }),
  grouped: z.boolean().optional(),
});
export type THistoryResponse = z.infer<typeof ZHistoryResponse>;

/** POST /api/image/upload-s3 (multipart field image) */
/**
 * POST /api/image/upload-s3?purpose=: `tool` (the default) is a private tool input, purged 30 days
 * after its last use, for everyone; `mask` is a private mask drawn in the mask editor (face edit,
 * image edit), kept as a black-and-white PNG and purged like tool inputs; `notice` is a public
 * notice-editor picture, administrators only. The purpose, not the uploader's role, decides what
 * a file becomes.
 */
export const UPLOAD_PURPOSES = ["tool", "mask", "notice"] as const;
export type TUploadPurpose = (typeof UPLOAD_PURPOSES)[number];
export const ZUploadQuery = z.object({ purpose: z.enum(UPLOAD_PURPOSES).default("tool") });

export const ZUploadResponse = z.object({
  success: z.literal(true),
  imageUrl: z.string(),
  width: z.number().int().optional(),
  height: z.number().int().optional(),
});

/** POST /api/image/presign-upload */
export const ZPresignUploadBody = z.object({
  filename: ZSingleLine.min(1).max(255),
  mime: z.enum(["image/jpeg", "image/png"]),
  kind: z.enum(["input", "mask", "reference"]).default("input"),
  contentLength: z.number().int().min(1),
  checksumSha256: ZSingleLine.min(1).max(128),
});
export const ZPresignUploadResponse = z.object({
  success: z.literal(true),
  url: z.string(),
  key: z.string(),
  requiredHeaders: z.record(z.string(), z.string()),
});
/** POST /api/image/confirm-upload */
export const ZConfirmUploadBody = z.object({ key: ZSingleLine.min(1).max(512) });
/** POST /api/image/presign-download */
export const ZPresignDownloadBody = z.object({ url: ZSingleLine.min(1).max(4096) });
export const ZPresignDownloadResponse = z.object({
  success: z.literal(true),
  downloadUrl: z.string(),
  filename: z.string(),
});
/** GET /api/image/download?url= */
export const ZDownloadQuery = z.object({ url: ZSingleLine.min(1).max(4096) });

/** POST /api/image/regions (our addition): the detected regions drawn over the uploaded photo. */
export const ZRegionsBody = z.object({ imageUrl: ZSingleLine.min(1).max(2048) });
export const ZRegionsResponse = z.object({
  success: z.literal(true),
  facesFound: z.number().int(),
  overlayUrl: z.string().nullable(),
});
