import { z } from "zod";

/** GET /api/feature/flags (spec 01 §3 Feature flags response) */
export const ZFeatureFlagsResponse = z.object({
  imageGenerationEnabled: z.boolean(),
  /**
   * Which checkout the pricing page leads to (beyond the spec): the FAQ's payment question talks
   * about the built-in test checkout only where it is the one in use.
   */
  paymentProvider: z.enum(["sandbox", "paddle"]),
});
export type TFeatureFlagsResponse = z.infer<typeof ZFeatureFlagsResponse>;
