/**
 * POST /api/image/upload-s3 (spec 01 §7): multipart field `image` → { success, imageUrl }.
 *
 * For now only administrators may call it (the notice editor's pasted and dropped images,
 * spec 01 §6). Issue 4 opens it to every signed-in user for the tools' uploads; it then stores
 * those as private files behind signed URLs and runs the NSFW check on them first.
 */
import {
  NOTICE_IMAGE_MAX_BYTES,
  UPLOAD_IMAGE_FIELD,
  ZImageUploadResponse,
} from "@gyeol/shared/contracts/notices";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { readMultipart } from "../../http/read-multipart.ts";
import { AppError } from "../../lib/app-error.ts";
import type { AuthGuards } from "../auth/auth.guards.ts";
import type { ImagesService } from "./images.service.ts";

export function registerImagesRoutes(
  app: FastifyInstance,
  { images, guards }: { images: ImagesService; guards: AuthGuards },
) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      "/api/image/upload-s3",
      { preHandler: guards.requireAdmin, schema: { response: { 200: ZImageUploadResponse } } },
      async (request) => {
        const { files } = await readMultipart(request, {
          fileField: UPLOAD_IMAGE_FIELD,
          maxFiles: 1,
          maxFileBytes: NOTICE_IMAGE_MAX_BYTES,
          maxFieldBytes: 1024,
          tooManyFilesMessage: "Upload one image at a time.",
        });
        const image = files[0];
        if (!image)
          throw new AppError(400, "VALIDATION_ERROR", `Send the image in the "${UPLOAD_IMAGE_FIELD}" field.`);
        return { success: true as const, imageUrl: await images.uploadEditorImage(image.bytes) };
      },
    );
}
