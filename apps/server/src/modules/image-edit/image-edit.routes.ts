/**
 * Image edit's calls (spec 02 §7 "Image edit"): POST /api/seedream/generate and
 * GET /api/seedream/history. Its status (GET /api/seedream/status/{taskId}) and cancel are the job
 * platform's routes; auto-prompt is modules/ai's.
 */
import { ZSampleIdParams, ZSamplesReorderBody } from "@gyeol/shared/contracts/generation";
import {
  ZImageEditGenerateBody,
  ZImageEditGenerateQuery,
  ZImageEditGenerateResponse,
  ZImageEditHistoryQuery,
  ZImageEditHistoryResponse,
  ZImageEditSample,
  ZImageEditSampleCreateBody,
  ZImageEditSamplesResponse,
} from "@gyeol/shared/contracts/image-edit";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
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

  // Samples (spec 02 §7): GET for everyone; POST, DELETE and PUT reorder for administrators only.
  const prefix = "/api/seedream/samples";
  const admin = { onRequest: guards.requireAdmin };
  r.get(prefix, { schema: { response: { 200: ZImageEditSamplesResponse } } }, async () => ({
    success: true as const,
    samples: await imageEdit.samples.list(),
  }));
  r.post(
    prefix,
    {
      ...admin,
      schema: {
        body: ZImageEditSampleCreateBody,
        response: { 200: z.object({ success: z.literal(true), sample: ZImageEditSample }) },
      },
    },
    async (request) => ({
      success: true as const,
      sample: await imageEdit.samples.create(request.user!, request.body),
    }),
  );
  r.put(
    `${prefix}/reorder`,
    { ...admin, schema: { body: ZSamplesReorderBody, response: { 200: ZImageEditSamplesResponse } } },
    async (request) => ({
      success: true as const,
      samples: await imageEdit.samples.reorder(request.body.samples),
    }),
  );
  r.delete(
    `${prefix}/:id`,
    {
      ...admin,
      schema: { params: ZSampleIdParams, response: { 200: z.object({ success: z.literal(true) }) } },
    },
    async (request) => {
      await imageEdit.samples.remove(request.params.id);
      return { success: true as const };
    },
  );
}
