/** POST /api/runpod-upscale and GET /api/image/status/{jobId} (spec 02 §7 "Retouch"). */
import {
  ZImageStatusResponse,
  ZUpscaleStartBody,
  ZUpscaleStartResponse,
} from "@gyeol/shared/contracts/images";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { createJsonMemo } from "../../http/json-memo.ts";
import type { AuthGuards } from "../auth/auth.guards.ts";
import { MAINTENANCE_MESSAGE, type RetouchService } from "./retouch.service.ts";

const ZJobParams = z.object({ jobId: z.uuid() });
const ZMaintenanceResponse = z.object({
  success: z.literal(false),
  maintenance: z.literal(true),
  code: z.literal("MAINTENANCE"),
  error: z.string(),
});

export function registerRetouchRoutes(
  app: FastifyInstance,
  { retouch, guards, isMaintenance }: { retouch: RetouchService; guards: AuthGuards; isMaintenance: boolean },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/api/runpod-upscale",
    {
      onRequest: guards.requireUser,
      schema: {
        body: ZUpscaleStartBody,
        response: { 200: ZUpscaleStartResponse, 503: ZMaintenanceResponse },
      },
    },
    async (request, reply) => {
      // spec 02 §8: "503 with maintenance flag, or MAINTENANCE".
      if (isMaintenance) {
        return reply.code(503).send({
          success: false as const,
          maintenance: true as const,
          code: "MAINTENANCE" as const,
          error: MAINTENANCE_MESSAGE,
        });
      }
      return retouch.start(request.user!, request.body.input);
    },
  );

  // A finished job's answer is the same object on every poll (retouch.service.ts), so its JSON is
  // made once; the schema check that fastify's serializer would do happens in the memo.
  const statusJson = createJsonMemo(ZImageStatusResponse);
  r.get(
    "/api/image/status/:jobId",
    { onRequest: guards.requireReader, schema: { params: ZJobParams } },
    async (request, reply) => {
      const answer = await retouch.status(request.user!, request.params.jobId);
      return reply.type("application/json; charset=utf-8").send(statusJson(answer));
    },
  );
}
