/**
 * POST /api/runpod-upscale (spec 02 §7 "Retouch"). Its status, live events and cancel are the job
 * platform's routes (modules/jobs/jobs.routes.ts); the maintenance switch is the intake's.
 */
import { ZUpscaleStartBody, ZUpscaleStartResponse } from "@gyeol/shared/contracts/images";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AuthGuards } from "../auth/auth.guards.ts";
import type { RetouchService } from "./retouch.service.ts";

export function registerRetouchRoutes(
  app: FastifyInstance,
  { retouch, guards }: { retouch: RetouchService; guards: AuthGuards },
) {
  app.withTypeProvider<ZodTypeProvider>().post(
    "/api/runpod-upscale",
    {
      onRequest: guards.requireUser,
      schema: { body: ZUpscaleStartBody, response: { 200: ZUpscaleStartResponse } },
    },
    async (request) => retouch.start(request.user!, request.body.input),
  );
}
