/**
 * Every tool's samples (spec 02 §7 "Consistency", "Image edit"), registered once for the tools of
 * sample-tools.ts: GET {prefix} for everyone (success, samples); POST {prefix}, DELETE
 * {prefix}/{id} and PUT {prefix}/reorder for administrators only (403 FORBIDDEN otherwise).
 */
import { ZSampleIdParams, ZSamplesReorderBody } from "@gyeol/shared/contracts/generation";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AuthGuards } from "../auth/auth.guards.ts";
import { SAMPLE_TOOLS, type SampleTool } from "./sample-tools.ts";
import type { SamplesService } from "./samples.service.ts";

export function registerSamplesRoutes(
  app: FastifyInstance,
  {
    samples,
    guards,
    tools = SAMPLE_TOOLS,
  }: {
    samples: SamplesService;
    guards: AuthGuards;
    // biome-ignore lint/suspicious/noExplicitAny: tools with their own body and sample types
    tools?: ReadonlyArray<SampleTool<any, any>>;
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { onRequest: guards.requireAdmin };

  for (const tool of tools) {
    const list = z.object({ success: z.literal(true), samples: z.array(tool.sample) });
    const one = z.object({ success: z.literal(true), sample: tool.sample });

    r.get(tool.prefix, { schema: { response: { 200: list } } }, async () => ({
      success: true as const,
      samples: await samples.list(tool),
    }));

    r.post(
      tool.prefix,
      {
        ...admin,
        ...(tool.bodyLimit ? { bodyLimit: tool.bodyLimit } : {}),
        schema: { body: tool.createBody, response: { 200: one } },
      },
      async (request) => ({
        success: true as const,
        sample: await samples.create(request.user!, tool, request.body),
      }),
    );

    r.put(
      `${tool.prefix}/reorder`,
      { ...admin, schema: { body: ZSamplesReorderBody, response: { 200: list } } },
      async (request) => ({ success: true as const, samples: await samples.reorder(tool, request.body) }),
    );

    r.delete(
      `${tool.prefix}/:id`,
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
}
