import { z } from "zod";
import {
  EASY_VALUE_MAX,
  EASY_VALUE_MIN,
  FACE_EDIT_RESIZE_FACTOR_MAX,
  FACE_EDIT_RESIZE_FACTOR_MIN,
  FACE_EDIT_SEED_MAX,
  FACE_EDIT_SEED_MIN,
} from "../face-edit.ts";
import { ZSingleLine } from "./text.ts";

/**
 * Face edit calls (spec 02 §3 "Face edit request input", §7 "Face edit and My Page"). Field names
 * and the Korean gender words are the spec's; outside clients depend on them.
 */

/** A number written with at most `places` decimals (the spec fixes two for resize_factor, three for easy_value). */
function decimals(places: number) {
  const scale = 10 ** places;
  return (v: number) => Math.abs(v * scale - Math.round(v * scale)) < 1e-6;
}

export const ZFaceEditInput = z.object({
  image: ZSingleLine.min(1).max(2048),
  /** The saved mask (a private upload); the spec allows null, the page requires one before Run. */
  mask: ZSingleLine.min(1).max(2048).nullable(),
  seed: z.number().int().min(FACE_EDIT_SEED_MIN).max(FACE_EDIT_SEED_MAX),
  resize_factor: z
    .number()
    .min(FACE_EDIT_RESIZE_FACTOR_MIN)
    .max(FACE_EDIT_RESIZE_FACTOR_MAX)
    .refine(decimals(2), "resize_factor has at most two decimals"),
  easy_value: z
    .number()
    .min(EASY_VALUE_MIN)
    .max(EASY_VALUE_MAX)
    .refine(decimals(3), "easy_value has at most three decimals"),
  gender: z.enum(["여성", "남성"]),
});
export type TFaceEditInput = z.infer<typeof ZFaceEditInput>;

/** POST /api/runpod-face-edit */
export const ZFaceEditStartBody = z.object({ input: ZFaceEditInput });
export type TFaceEditStartBody = z.infer<typeof ZFaceEditStartBody>;

/**
 * POST /api/runpod-face-edit's answer: the spec reads success and jobId (poll
 * GET /api/image/status/{jobId}?source=face_edit); imageId, status and cost as retouch's.
 */
export const ZFaceEditStartResponse = z.object({
  success: z.literal(true),
  jobId: z.string(),
  imageId: z.number().int(),
  status: z.literal("in-progress"),
  /** Credits charged for this job (the server's figure, estimateFaceEditCost). */
  cost: z.number().int(),
});
export type TFaceEditStartResponse = z.infer<typeof ZFaceEditStartResponse>;
