import { type TFeatureFlagsResponse, ZFeatureFlagsResponse } from "@gyeol/shared/contracts/flags";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";

/**
 * GET /api/feature/flags (spec 01 §3 Feature flags response). The values come straight from the
 * validated config, so there is no service behind this route.
 */
export function registerFlagsRoutes(app: FastifyInstance, flags: TFeatureFlagsResponse) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get("/api/feature/flags", { schema: { response: { 200: ZFeatureFlagsResponse } } }, async () => flags);
}
