/**
 * Reference-image generation's own rules (spec 02 §5 "Consistency", §9): a reference image or a
 * prompt that is not blank; 1–4 images at 15 credits each; at most one reference and four
 * character images, each stored as the caller's tool upload (so the upload checks and the
 * content classifier apply, and the 30-day purge) and within Kling's limits (shorter side ≥ 300
 * px, proportions 1:2.5 to 2.5:1). Intake, the charge, the banned-keyword check of the prompt,
 * status and cancel belong to the job platform. Every check (the images' type, size and content,
 * Kling's limits, the prompt, the credits) runs before an image is stored, so a refused request
 * leaves no file (issue 27).
 */

import type { TGenerationFields, TGenerationStartResponse } from "@gyeol/shared/contracts/generation";
import {
  canGenerate,
  GENERATION_MAX_CHARACTER_IMAGES,
  GENERATION_MAX_REFERENCE_IMAGES,
  generationCost,
} from "@gyeol/shared/generation";
import { TOOLS } from "@gyeol/shared/tools";
import type { UserRow } from "../../db/schema.ts";
import type { ReferenceImageProvider } from "../../drivers/ai/reference-image-provider.ts";
import { AppError } from "../../lib/app-error.ts";
import { fieldError } from "../../lib/validation-issues.ts";
import type { ImagesService } from "../images/images.service.ts";
import type { JobIntakeService } from "../jobs/job-intake.service.ts";
import { GENERATION_TOOL, type TGenerationPayload } from "./generation.job.ts";

/** Kling's image limits (vendors CONTRACTS §2.3). */
const MIN_SIDE_PX = 300;
const MAX_PROPORTION = 2.5;

export const GENERATION_FILE_FIELD = "character_reference_images";
export const NOT_CONFIGURED_MESSAGE =
  "No image-generation provider is connected: the operator sets KLING_ACCESS_KEY and KLING_SECRET_KEY.";

export interface GenerationServiceDeps {
  images: Pick<
    ImagesService,
    "checkToolUpload" | "storeCheckedToolUpload" | "discardToolUploads" | "ownedKeyOf"
  >;
  intake: Pick<JobIntakeService, "accept" | "precheck">;
  /** null: no provider is connected (the flags say so; a start answers 503). */
  provider: ReferenceImageProvider | null;
}

export type GenerationService = ReturnType<typeof createGenerationService>;

type TRole = "reference" | "character";

function rolesOf(text: string | undefined, count: number): TRole[] {
  const given = text ? text.split(",").map((role) => role.trim()) : [];
  if (given.length > 0 && given.length !== count)
    throw fieldError("image_roles", "invalid_value", "Name one role per image.");
  return Array.from({ length: count }, (_, i) => {
    const role = given[i] ?? "reference";
    if (role !== "reference" && role !== "character")
      throw fieldError("image_roles", "invalid_value", "A role is reference or character.");
    return role;
  });
}

export function createGenerationService({ images, intake, provider }: GenerationServiceDeps) {
  return {
    isEnabled: () => provider !== null,
    isTestProvider: () => provider?.isTestProvider ?? false,

    async start(
      user: Pick<UserRow, "id">,
      fields: TGenerationFields,
      files: readonly { bytes: Buffer }[],
    ): Promise<TGenerationStartResponse> {
      if (!provider) throw new AppError(503, "GENERATION_NOT_CONFIGURED", NOT_CONFIGURED_MESSAGE);
      const roles = rolesOf(fields.image_roles, files.length);
      const referenceCount = roles.filter((role) => role === "reference").length;
      if (referenceCount > GENERATION_MAX_REFERENCE_IMAGES)
        throw fieldError(GENERATION_FILE_FIELD, "too_big", "Send one reference image.");
      if (roles.length - referenceCount > GENERATION_MAX_CHARACTER_IMAGES)
        throw fieldError(GENERATION_FILE_FIELD, "too_big", "Send at most four character images.");
      const prompt = fields.prompt.trim();
      if (!canGenerate({ prompt, hasReference: referenceCount > 0 }))
        throw fieldError("prompt", "blank", "Enter a prompt or upload a reference image.");

      const cost = generationCost(fields.num_images);
      // The checks first: the prompt and the credits, then each image (nothing is written yet).
      await intake.precheck(user, { cost, userPrompt: prompt });
      const checked: Awaited<ReturnType<ImagesService["checkToolUpload"]>>[] = [];
      for (const file of files) {
        const image = await images.checkToolUpload(file.bytes);
        if (Math.min(image.width, image.height) < MIN_SIDE_PX)
          throw new AppError(
            400,
            "IMAGE_TOO_SMALL",
            `Each image needs at least ${MIN_SIDE_PX} px on its shorter side.`,
          );
        const proportion = Math.max(image.width, image.height) / Math.min(image.width, image.height);
        if (proportion > MAX_PROPORTION)
          throw new AppError(
            400,
            "IMAGE_ASPECT_RATIO_UNSUPPORTED",
            "Each image must be between 1:2.5 and 2.5:1 in proportion.",
          );
        checked.push(image);
      }

      const accepted = await intake.accept<TGenerationPayload>(user, GENERATION_TOOL, async () => {
        let referenceKey: string | null = null;
        const characterKeys: string[] = [];
        const written: string[] = [];
        try {
          for (const [index, image] of checked.entries()) {
            const stored = await images.storeCheckedToolUpload(user, image);
            const key = await images.ownedKeyOf(user, stored.imageUrl);
            written.push(key);
            if (roles[index] === "reference") referenceKey = key;
            else characterKeys.push(key);
          }
        } catch (error) {
          await images.discardToolUploads(written);
          throw error;
        }
        return {
          discard: () => images.discardToolUploads(written),
          payload: {
            prompt,
            numImages: fields.num_images,
            aspectRatio: fields.aspect_ratio,
            characterMode: fields.character_mode,
            referenceKey,
            characterKeys,
          },
          cost,
          reason: `${TOOLS.generation.creditReason} ×${fields.num_images}`,
          history: {
            originalKey: referenceKey ?? characterKeys[0] ?? null,
            prompt: prompt || null,
            seed: null,
          },
          userPrompt: prompt,
        };
      });
      return {
        success: true,
        error: null,
        images: [],
        partial: false,
        status: "in-progress",
        taskId: accepted.jobId,
        cost: accepted.cost,
      };
    },
  };
}
