/**
 * A tool's samples (spec 02 §7 "Consistency"): GET {prefix} for everyone (success, samples);
 * POST {prefix}, DELETE {prefix}/{id} and PUT {prefix}/reorder for administrators only (403
 * FORBIDDEN otherwise). Generation registers them at /api/kling/samples.
 */
import {
  ZSampleCreateBody,
  ZSampleCreateResponse,
  ZSampleIdParams,
  ZSamplesReorderBody,
  ZSamplesResponse,
} from "@gyeol/shared/contracts/generation";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AuthGuards } from "../auth/auth.guards.ts";
import type { SamplesService } from "./samples.service.ts";

export function registerSamplesRoutes(
  app: FastifyInstance,
  {
    samples,
    guards,
    tool,
    prefix,
  }: { samples: SamplesService; guards: AuthGuards; tool: string; prefix: string },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { onRequest: guards.requireAdmin };

  r.get(prefix, { schema: { response: { 200: ZSamplesResponse } } }, async () => ({
    success: true as const,
    samples: await samples.list(tool),
  }));

  r.post(
    prefix,
    {
      ...admin,
      bodyLimit: 6 * 1024 * 1024,
      schema: { body: ZSampleCreateBody, response: { 200: ZSampleCreateResponse } },
    },
    async (request) => ({
      success: true as const,
      sample: await samples.create(request.user!, tool, request.body),
    }),
  );

  r.put(
    `${prefix}/reorder`,
    { ...admin, schema: { body: ZSamplesReorderBody, response: { 200: ZSamplesResponse } } },
    async (request) => ({ success: true as const, samples: await samples.reorder(tool, request.body) }),
  );

  r.delete(
    `${prefix}/:id`,
    {
      ...admin,
      schema: { params: ZSampleIdParams, response: { 200: z.object({ success: z.literal(true) }) } },
    },
    async (request) => {
      await samples.remove(tool, request.params.id);
      return { success: true as const };
    },
  );
}
