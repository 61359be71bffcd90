import { z } from "zod";

/**
 * Answer of GET /api/affiliate/click (spec 01 §7 says "not shown"; this is ours). `recorded` is
 * false when the code is well-formed but belongs to nobody, or the programme is off. A recorded
 * click also sets the first-touch `gyeol_aff` cookie (30 days) that checkout reads.
 */
export const ZAffiliateClickResponse = z.object({
  success: z.literal(true),
  recorded: z.boolean(),
});
export type TAffiliateClickResponse = z.infer<typeof ZAffiliateClickResponse>;
