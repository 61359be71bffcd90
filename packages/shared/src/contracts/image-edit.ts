/**
 * Image edit's calls (spec 02 §7 "Image edit"): POST /api/seedream/generate and
 * GET /api/seedream/history. Field names are the spec's (snake_case where it says so); the status
 * answer is contracts/jobs.ts ZSeedreamStatusResponse. Beyond the spec: `masks`, one optional
 * mask upload per image (the mask editor's white-on-black PNG), `mask_colors`, the overlay colour
 * the user chose for each mask (spec 02 §3 tile.maskColor), and `cost`.
 */
import { z } from "zod";
import {
  IMAGE_EDIT_MAX_INPUTS,
  IMAGE_EDIT_MAX_OUTPUTS,
  IMAGE_EDIT_MIN_OUTPUTS,
  IMAGE_EDIT_SEED_MAX,
  IMAGE_EDIT_SEED_MIN,
  parseEditSize,
} from "../image-edit.ts";
import { MASK_COLORS } from "../mask.ts";
import { ZRunInputs } from "./images.ts";
import { ZMultiLine, ZSingleLine } from "./text.ts";

export const IMAGE_EDIT_PROMPT_MAX = 4000;

export const ZImageEditGenerateQuery = z.object({ async: z.enum(["0", "1"]).optional() });

export const ZImageEditGenerateBody = z.object({
  prompt: ZMultiLine.trim().min(1).max(IMAGE_EDIT_PROMPT_MAX),
  /** Our own upload URLs (POST /api/image/presign-upload → confirm-upload), in tile order. */
  images: z.array(ZSingleLine.min(1).max(2048)).min(1).max(IMAGE_EDIT_MAX_INPUTS),
  /** One entry per image: a mask upload (purpose=mask) or null for an unmasked tile. */
  masks: z.array(ZSingleLine.min(1).max(2048).nullable()).max(IMAGE_EDIT_MAX_INPUTS).optional(),
  /**
   * One entry per mask, in the same order: the overlay colour the user chose (blue or red). A
   * provider without a mask input gets the tile with the mask drawn on it in this colour at 35 %
   * and a prompt that says what the colour means. Missing or null: MASK_DEFAULT_COLOR (blue).
   */
  mask_colors: z.array(z.enum(MASK_COLORS).nullable()).max(IMAGE_EDIT_MAX_INPUTS).optional(),
  num_images: z.number().int().min(IMAGE_EDIT_MIN_OUTPUTS).max(IMAGE_EDIT_MAX_OUTPUTS),
  size: z.string().refine((text) => parseEditSize(text) !== null, {
    message: "size is {w}x{h}, each side 1 to 4096",
  }),
  seed: z.number().int().min(IMAGE_EDIT_SEED_MIN).max(IMAGE_EDIT_SEED_MAX),
  /** Sent back by a page that resumes a run; a new run sends null. */
  seedream_task_id: ZSingleLine.max(100).nullable().optional(),
  auto_prompt_used: z.boolean().optional(),
  async: z.boolean().optional(),
});
export type TImageEditGenerateBody = z.infer<typeof ZImageEditGenerateBody>;

export const ZImageEditGenerateResponse = z.object({
  success: z.literal(true),
  status: z.enum(["processing", "completed", "failed"]),
  /** Poll GET /api/seedream/status/{seedream_task_id}. */
  seedream_task_id: z.string(),
  urls: z.array(z.string()),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  /** Credits charged now (15 per image); missing images are refunded when the job ends. */
  cost: z.number().int(),
});
export type TImageEditGenerateResponse = z.infer<typeof ZImageEditGenerateResponse>;

export const ZImageEditHistoryQuery = z.object({
  grouped: z.enum(["0", "1"]).optional(),
  status: z.enum(["completed", "processing", "failed"]).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(9),
  offset: z.coerce.number().int().min(0).default(0),
  q: ZSingleLine.trim().max(200).optional(),
});
export type TImageEditHistoryQuery = z.infer<typeof ZImageEditHistoryQuery>;

/** spec 02 §3 "Image-edit history item" (grouped: one item per run, every image in all_image_urls). */
export const ZImageEditHistoryItem = z.object({
  id: z.number().int(),
  seedream_task_id: z.string().nullable(),
  prompt: z.string().nullable(),
  status: z.enum(["completed", "processing", "failed"]),
  seed: z.number().int().nullable(),
  image_url: z.string().nullable(),
  all_image_urls: z.array(z.string()),
  original_image_url: z.string().nullable(),
  created_at: z.string(),
  /** Ours (issue 26): the run's prompt, seed, size, count, tiles and masks, for "run again". */
  run_inputs: ZRunInputs.nullable().optional(),
});
export type TImageEditHistoryItem = z.infer<typeof ZImageEditHistoryItem>;

export const ZImageEditHistoryResponse = z.object({
  success: z.literal(true),
  items: z.array(ZImageEditHistoryItem),
  pagination: z.object({ hasMore: z.boolean(), nextOffset: z.number().int().nullable() }),
});
export type TImageEditHistoryResponse = z.infer<typeof ZImageEditHistoryResponse>;

/** spec 02 §3 "Image-edit sample" (GET /api/seedream/samples, everyone). */
export const ZImageEditSample = z.object({
  id: z.number().int(),
  prompt: z.string(),
  seed: z.number().int().nullable(),
  width: z.number().int(),
  height: z.number().int(),
  num_images: z.number().int(),
  ref_image_urls: z.array(z.string()),
  result_urls: z.array(z.string()),
  thumbnail_url: z.string().nullable(),
  display_order: z.number().int(),
});
export type TImageEditSample = z.infer<typeof ZImageEditSample>;

export const ZImageEditSamplesResponse = z.object({
  success: z.literal(true),
  samples: z.array(ZImageEditSample),
});

/**
 * POST /api/seedream/samples (administrators): a prompt and at least one image (spec 02 §5), the
 * admin's own uploads and results, copied into public sample files.
 */
export const ZImageEditSampleCreateBody = z.object({
  prompt: ZMultiLine.trim().min(1).max(IMAGE_EDIT_PROMPT_MAX),
  seed: z.number().int().min(IMAGE_EDIT_SEED_MIN).max(IMAGE_EDIT_SEED_MAX).nullable().optional(),
  width: z.number().int().min(1).max(4096).default(2048),
  height: z.number().int().min(1).max(4096).default(2048),
  num_images: z.number().int().min(IMAGE_EDIT_MIN_OUTPUTS).max(IMAGE_EDIT_MAX_OUTPUTS).default(1),
  ref_image_urls: z.array(ZSingleLine.min(1).max(2048)).max(IMAGE_EDIT_MAX_INPUTS).default([]),
  result_urls: z.array(ZSingleLine.min(1).max(2048)).max(IMAGE_EDIT_MAX_INPUTS).default([]),
});
export type TImageEditSampleCreateBody = z.infer<typeof ZImageEditSampleCreateBody>;
