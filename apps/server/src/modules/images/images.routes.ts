/**
 * The image calls of spec 02 §7 "Retouch" and spec 01 §7: uploads (multipart and presigned),
 * downloads, history, the regions preview and the CDN cookies. Every call needs a signed-in user;
 * each answers only about that user's own files.
 */
import {
  HISTORY_MAX_LIMIT,
  ZConfirmUploadBody,
  ZDownloadQuery,
  ZHistoryQuery,
  ZHistoryResponse,
  ZPresignDownloadBody,
  ZPresignDownloadResponse,
  ZPresignUploadBody,
  ZPresignUploadResponse,
  ZRegionsBody,
  ZRegionsResponse,
  ZUploadQuery,
  ZUploadResponse,
} from "@gyeol/shared/contracts/images";
import { NOTICE_IMAGE_MAX_BYTES, UPLOAD_IMAGE_FIELD } from "@gyeol/shared/contracts/notices";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { createJsonMemo } from "../../http/json-memo.ts";
import { pollRouteLogging } from "../../http/poll-log-level.ts";
import { readMultipart } from "../../http/read-multipart.ts";
import { AppError } from "../../lib/app-error.ts";
import { fieldError } from "../../lib/validation-issues.ts";
import type { AuthGuards } from "../auth/auth.guards.ts";
import type { ImagesService } from "./images.service.ts";

const ZUserIdParams = z.object({ userId: z.coerce.number().int().positive() });

export function registerImagesRoutes(
  app: FastifyInstance,
  { images, guards, maxUploadBytes }: { images: ImagesService; guards: AuthGuards; maxUploadBytes: number },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: guards.requireUser };

  r.post(
    "/api/image/upload-s3",
    { ...auth, schema: { querystring: ZUploadQuery, response: { 200: ZUploadResponse } } },
    async (request) => {
      const user = request.user!;
      const isNoticeImage = request.query.purpose === "notice";
      // Refused before a byte of the body is read (the drain hook closes what is left).
      if (isNoticeImage && user.role !== "admin")
        throw new AppError(403, "FORBIDDEN", "Only the administrator can add pictures to notices.");
      const { files } = await readMultipart(request, {
        fileField: UPLOAD_IMAGE_FIELD,
        maxFiles: 1,
        // The notice editor keeps its 10 MB rule; tool uploads get UPLOAD_MAX_BYTES, admins too.
        maxFileBytes: isNoticeImage ? NOTICE_IMAGE_MAX_BYTES : maxUploadBytes,
        maxFieldBytes: 1024,
        tooManyFilesMessage: "Upload one image at a time.",
      });
      const image = files[0];
      if (!image)
        throw fieldError(
          UPLOAD_IMAGE_FIELD,
          "required",
          `Send the image in the "${UPLOAD_IMAGE_FIELD}" field.`,
        );
      const stored = isNoticeImage
        ? await images.uploadEditorImage(user, image.bytes)
        : request.query.purpose === "mask"
          ? await images.uploadMaskImage(user, image.bytes)
          : await images.uploadToolImage(user, image.bytes);
      return { success: true as const, ...stored };
    },
  );

  r.post(
    "/api/image/presign-upload",
    { ...auth, schema: { body: ZPresignUploadBody, response: { 200: ZPresignUploadResponse } } },
    async (request) => images.presignUpload(request.user!, request.body),
  );

  r.post("/api/image/confirm-upload", { ...auth, schema: { body: ZConfirmUploadBody } }, async (request) =>
    images.confirmUpload(request.user!, request.body.key),
  );

  r.post(
    "/api/image/presign-download",
    { ...auth, schema: { body: ZPresignDownloadBody, response: { 200: ZPresignDownloadResponse } } },
    async (request) => images.presignDownload(request.user!, request.body.url),
  );

  r.get(
    "/api/image/download",
    { ...auth, schema: { querystring: ZDownloadQuery } },
    async (request, reply) => {
      const file = await images.download(request.user!, request.query.url);
      return reply
        .type(file.mime)
        .header("content-disposition", `attachment; filename="${file.filename}"`)
        .header("x-content-type-options", "nosniff")
        .send(file.bytes);
    },
  );

  // An unchanged page's answer is the same object on every read (images.service.ts history), so
  // its JSON is made once; the schema check fastify's serializer would do happens in the memo.
  const historyJson = createJsonMemo(ZHistoryResponse);
  r.get(
    "/api/image/history/:userId",
    {
      // The page re-reads history while it polls a job (spec 02 §4.1): a recent session check will
      // do, and its request lines are logged only at debug (poll-log-level.ts).
      ...pollRouteLogging(app),
      onRequest: guards.requireReader,
      schema: { params: ZUserIdParams, querystring: ZHistoryQuery },
    },
    async (request, reply) => {
      const answer = await images.history(request.user!, request.params.userId, {
        ...request.query,
        limit: Math.min(request.query.limit, HISTORY_MAX_LIMIT),
      });
      return reply.type("application/json; charset=utf-8").send(historyJson(answer));
    },
  );

  r.post(
    "/api/image/regions",
    { ...auth, schema: { body: ZRegionsBody, response: { 200: ZRegionsResponse } } },
    async (request) => images.regions(request.user!, request.body.imageUrl),
  );

  r.post("/api/image/ensure-cloudfront-cookies", auth, async (_request, reply) => {
    const cookies = images.cdnCookies();
    if (!cookies) return { success: true, enabled: false };
    for (const cookie of cookies) {
      reply.setCookie(cookie.name, cookie.value, {
        path: "/",
        httpOnly: true,
        secure: true,
        sameSite: "none",
        expires: cookie.expires,
        ...(cookie.domain ? { domain: cookie.domain } : {}),
      });
    }
    return { success: true, enabled: true };
  });
}
