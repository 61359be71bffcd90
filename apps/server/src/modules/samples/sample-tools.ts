/**
 * The tools that keep samples (spec 02 §2.2, §2.3, §3, §7): each is a row kind of the one samples
 * table, one route prefix and its own wire shapes. What differs between tools is declared here;
 * storing, listing, deleting and reordering are samples.service.ts's, the routes samples.routes.ts's.
 */

import {
  type TGenerationSample,
  type TSampleCreateBody,
  ZGenerationSample,
  ZSampleCreateBody,
} from "@gyeol/shared/contracts/generation";
import {
  type TImageEditSample,
  type TImageEditSampleCreateBody,
  ZImageEditSample,
  ZImageEditSampleCreateBody,
} from "@gyeol/shared/contracts/image-edit";
import { TOOLS } from "@gyeol/shared/tools";
import type { z } from "zod";
import type { SampleRow } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";

/** What the samples service needs from a sample's stored row to present it. */
export interface TStoredSample {
  row: SampleRow;
  /** The row's payload (its tool's own fields), {} when unreadable. */
  payload: Record<string, unknown>;
  resultUrls: string[];
  refUrls: string[];
  thumbnailUrl: string | null;
}

export interface SampleTool<TBody, TSample> {
  /** The samples table's `tool` (kept as the spec's names: kling, seedream). */
  tool: string;
  /** GET/POST {prefix}, PUT {prefix}/reorder, DELETE {prefix}/{id}. */
  prefix: string;
  createBody: z.ZodType<TBody>;
  sample: z.ZodType<TSample>;
  /** A bigger body than the default limit (a thumbnail data URL). */
  bodyLimit?: number;
  /** The tool's own rule for a sample, beyond its schema. */
  check?(body: TBody): void;
  refUrls(body: TBody): string[];
  resultUrls(body: TBody): string[];
  /** A thumbnail the page drew (data URL); otherwise one is made from the first result or reference. */
  thumbnailDataUrl?(body: TBody): string | null | undefined;
  /** The row's payload: the tool's own fields. */
  payload(body: TBody): Record<string, unknown>;
  present(stored: TStoredSample): TSample;
}

const num = (value: unknown): number | undefined => (typeof value === "number" ? value : undefined);

/** Generation (Consistency): /api/kling/samples, one optional reference, 1–4 results. */
export const GENERATION_SAMPLES: SampleTool<TSampleCreateBody, TGenerationSample> = {
  tool: TOOLS.generation.samples,
  prefix: `${TOOLS.generation.apiPrefix}/samples`,
  createBody: ZSampleCreateBody,
  sample: ZGenerationSample,
  bodyLimit: 6 * 1024 * 1024,
  refUrls: (body) => (body.ref_image_url ? [body.ref_image_url] : []),
  resultUrls: (body) => body.result_urls,
  thumbnailDataUrl: (body) => body.thumbnail_data_url,
  payload: (body) => ({ aspect_ratio: body.aspect_ratio, num_images: body.num_images }),
  present: ({ row, payload, resultUrls, refUrls, thumbnailUrl }) => ({
    id: row.id,
    prompt: row.prompt,
    aspect_ratio: typeof payload.aspect_ratio === "string" ? payload.aspect_ratio : "1x1",
    num_images: num(payload.num_images) ?? resultUrls.length,
    ref_image_url: refUrls[0] ?? null,
    result_urls: resultUrls,
    thumbnail_url: thumbnailUrl,
    display_order: row.display_order,
  }),
};

/** Image edit: /api/seedream/samples, up to 8 references and results, the seed and size. */
export const IMAGE_EDIT_SAMPLES: SampleTool<TImageEditSampleCreateBody, TImageEditSample> = {
  tool: TOOLS.imageEdit.samples,
  prefix: `${TOOLS.imageEdit.apiPrefix}/samples`,
  createBody: ZImageEditSampleCreateBody,
  sample: ZImageEditSample,
  check(body) {
    // spec 02 §5 "Admin save of a sample needs a prompt and at least one image".
    if (body.ref_image_urls.length + body.result_urls.length === 0)
      throw new AppError(400, "VALIDATION_ERROR", "A sample needs a prompt and at least one image.");
  },
  refUrls: (body) => body.ref_image_urls,
  resultUrls: (body) => body.result_urls,
  payload: (body) => ({
    seed: body.seed ?? null,
    width: body.width,
    height: body.height,
    num_images: body.num_images,
  }),
  present: ({ row, payload, resultUrls, refUrls, thumbnailUrl }) => ({
    id: row.id,
    prompt: row.prompt,
    seed: num(payload.seed) ?? null,
    width: num(payload.width) ?? 2048,
    height: num(payload.height) ?? 2048,
    num_images: num(payload.num_images) ?? Math.max(1, resultUrls.length),
    ref_image_urls: refUrls,
    result_urls: resultUrls,
    thumbnail_url: thumbnailUrl,
    display_order: row.display_order,
  }),
};

// biome-ignore lint/suspicious/noExplicitAny: a list of tools with their own body and sample types
export const SAMPLE_TOOLS: ReadonlyArray<SampleTool<any, any>> = [GENERATION_SAMPLES, IMAGE_EDIT_SAMPLES];
