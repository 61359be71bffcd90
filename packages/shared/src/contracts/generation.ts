/**
 * Reference-image generation on Kling (spec 02 §3 Consistency sample, §7 "Consistency"). Field
 * names are the spec's; the page and any outside client depend on them.
 */
import { z } from "zod";
import {
  CHARACTER_MODES,
  GENERATION_ASPECT_RATIOS,
  GENERATION_MAX_IMAGES,
  GENERATION_MIN_IMAGES,
  GENERATION_PROMPT_MAX,
} from "../generation.ts";
import { JOB_STATUSES } from "./images.ts";
import { ZMultiLine, ZSingleLine } from "./text.ts";

/**
 * POST /api/kling/image-generation, the text fields of the multipart body. The files come in
 * `character_reference_images`; `image_roles` (ours) names each file's slot in order, `reference`
 * (the spec's only slot, the default) or `character`, and `character_mode` is Kling's
 * image_reference for the character image.
 */
export const ZGenerationFields = z.object({
  prompt: ZMultiLine.max(GENERATION_PROMPT_MAX).default(""),
  num_images: z.coerce.number().int().min(GENERATION_MIN_IMAGES).max(GENERATION_MAX_IMAGES).default(1),
  aspect_ratio: z.enum(GENERATION_ASPECT_RATIOS).default("1x1"),
  image_roles: ZSingleLine.max(200).optional(),
  character_mode: z.enum(CHARACTER_MODES).default("subject"),
});
export type TGenerationFields = z.infer<typeof ZGenerationFields>;

/** The start's answer: accepted with a task id to poll (spec 02 §4.2's second ending). */
export const ZGenerationStartResponse = z.object({
  success: z.literal(true),
  error: z.null(),
  images: z.array(z.string()),
  partial: z.boolean(),
  status: z.enum(JOB_STATUSES),
  taskId: z.string(),
  /** Credits charged (the server's figure). */
  cost: z.number().int(),
});
export type TGenerationStartResponse = z.infer<typeof ZGenerationStartResponse>;

/** spec 02 §3 Consistency sample. */
export const ZGenerationSample = z.object({
  id: z.number().int(),
  prompt: z.string(),
  aspect_ratio: z.string(),
  num_images: z.number().int(),
  ref_image_url: z.string().nullable(),
  result_urls: z.array(z.string()),
  thumbnail_url: z.string().nullable(),
  display_order: z.number().int(),
});
export type TGenerationSample = z.infer<typeof ZGenerationSample>;

export const ZSamplesResponse = z.object({ success: z.literal(true), samples: z.array(ZGenerationSample) });
export type TSamplesResponse = z.infer<typeof ZSamplesResponse>;

/** POST /api/kling/samples (admins): our own image URLs are copied into public sample files. */
export const ZSampleCreateBody = z.object({
  thumbnail_data_url: ZSingleLine.max(4_000_000).nullable().optional(),
  ref_image_url: ZSingleLine.max(2048).nullable().optional(),
  result_urls: z.array(ZSingleLine.min(1).max(2048)).min(1).max(GENERATION_MAX_IMAGES),
  prompt: ZMultiLine.trim().min(1).max(GENERATION_PROMPT_MAX),
  aspect_ratio: z.enum(GENERATION_ASPECT_RATIOS).default("1x1"),
  num_images: z.number().int().min(GENERATION_MIN_IMAGES).max(GENERATION_MAX_IMAGES).default(1),
});
export type TSampleCreateBody = z.infer<typeof ZSampleCreateBody>;

export const ZSampleCreateResponse = z.object({ success: z.literal(true), sample: ZGenerationSample });

/** PUT /api/kling/samples/reorder */
export const ZSamplesReorderBody = z.object({
  samples: z
    .array(z.object({ id: z.number().int().positive(), display_order: z.number().int().min(0).max(100_000) }))
    .min(1)
    .max(500),
});
export type TSamplesReorderBody = z.infer<typeof ZSamplesReorderBody>;

export const ZSampleIdParams = z.object({ id: z.coerce.number().int().positive() });
