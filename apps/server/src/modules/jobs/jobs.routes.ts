/**
 * POST /api/jobs/{jobId}/cancel (beyond the spec, issue 12): the owner stops a queued or running
 * job of any tool and gets its credits back once. 404 for someone else's job, 409 once it ended.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AuthGuards } from "../auth/auth.guards.ts";
import type { JobsService } from "./jobs.service.ts";

const ZJobParams = z.object({ jobId: z.uuid() });
const ZCancelResponse = z.object({
  success: z.literal(true),
  status: z.literal("failed"),
  code: z.literal("JOB_CANCELLED"),
});

export function registerJobsRoutes(
  app: FastifyInstance,
  { jobs, guards }: { jobs: JobsService; guards: AuthGuards },
) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      "/api/jobs/:jobId/cancel",
      { onRequest: guards.requireUser, schema: { params: ZJobParams, response: { 200: ZCancelResponse } } },
      async (request) => ({
        success: true as const,
        ...(await jobs.cancel(request.user!.id, request.params.jobId)),
      }),
    );
}
