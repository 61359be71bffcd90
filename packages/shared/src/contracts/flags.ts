import { z } from "zod";

/** GET /api/feature/flags (spec 01 §3 Feature flags response) */
export const ZFeatureFlagsResponse = z.object({
  imageGenerationEnabled: z.boolean(),
});
export type TFeatureFlagsResponse = z.infer<typeof ZFeatureFlagsResponse>;
