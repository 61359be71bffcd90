/**
 * Image edit's calls (spec 02 §7 "Image edit"): POST /api/seedream/generate and
 * GET /api/seedream/history. Its status (GET /api/seedream/status/{taskId}) and cancel are the job
 * platform's routes; auto-prompt is modules/ai's; its samples (/api/seedream/samples) modules/samples'.
 */
import {
  ZImageEditGenerateBody,
  ZImageEditGenerateQuery,
  ZImageEditGenerateResponse,
  ZImageEditHistoryQuery,
  ZImageEditHistoryResponse,
} from "@gyeol/shared/contracts/image-edit";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AuthGuards } from "../auth/auth.guards.ts";
import type { ImageEditService } from "./image-edit.service.ts";

export function registerImageEditRoutes(
  app: FastifyInstance,
  { imageEdit, guards }: { imageEdit: ImageEditService; guards: AuthGuards },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // ?async=1 is what the page sends; the job always runs on a worker, so every answer is
  // "processing" with the task id to poll (spec 02 §4.3's first branch).
  r.post(
    "/api/seedream/generate",
    {
      onRequest: guards.requireUser,
      schema: {
        querystring: ZImageEditGenerateQuery,
        body: ZImageEditGenerateBody,
        response: { 200: ZImageEditGenerateResponse },
      },
    },
    async (request) => imageEdit.start(request.user!, request.body),
  );

  r.get(
    "/api/seedream/history",
    {
      onRequest: guards.requireReader,
      schema: { querystring: ZImageEditHistoryQuery, response: { 200: ZImageEditHistoryResponse } },
    },
    async (request) => imageEdit.history(request.user!, request.query),
  );
}
