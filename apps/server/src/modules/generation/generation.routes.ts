/**
 * POST /api/kling/image-generation (spec 02 §7 "Consistency"): multipart with
 * character_reference_images (files), num_images, prompt, aspect_ratio (+ ours: image_roles,
 * character_mode) → `{ success, error, images, partial, status, taskId }`. The task is polled at
 * GET /api/image/status/{taskId} (the job platform's route); 401 signed out; 503
 * GENERATION_NOT_CONFIGURED without a provider; the maintenance switch is the intake's.
 */

import fastifyMultipart from "@fastify/multipart";
import { ZGenerationFields, ZGenerationStartResponse } from "@gyeol/shared/contracts/generation";
import { GENERATION_MAX_CHARACTER_IMAGES, GENERATION_MAX_REFERENCE_IMAGES } from "@gyeol/shared/generation";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { readMultipart } from "../../http/read-multipart.ts";
import { zodValidationError } from "../../lib/validation-issues.ts";
import type { AuthGuards } from "../auth/auth.guards.ts";
import { GENERATION_FILE_FIELD, type GenerationService } from "./generation.service.ts";

export async function registerGenerationRoutes(
  app: FastifyInstance,
  {
    generation,
    guards,
    maxUploadBytes,
  }: { generation: GenerationService; guards: AuthGuards; maxUploadBytes: number },
) {
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, { throwFileSizeLimit: true });
    scope
      .withTypeProvider<ZodTypeProvider>()
      .post(
        "/api/kling/image-generation",
        { onRequest: guards.requireUser, schema: { response: { 200: ZGenerationStartResponse } } },
        async (request) => {
          const { fields, files } = await readMultipart(request, {
            fileField: GENERATION_FILE_FIELD,
            maxFiles: GENERATION_MAX_REFERENCE_IMAGES + GENERATION_MAX_CHARACTER_IMAGES,
            maxFileBytes: maxUploadBytes,
            maxFieldBytes: 16 * 1024,
            tooManyFilesMessage: "Send one reference image and at most four character images.",
          });
          const parsed = ZGenerationFields.safeParse(fields);
          if (!parsed.success) throw zodValidationError(parsed.error.issues, "body", fields);
          return generation.start(request.user!, parsed.data, files);
        },
      );
  });
}
