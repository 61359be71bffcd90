import type { TAffiliateClickQuery } from "@gyeol/shared/contracts/affiliate";
import { apiGet } from "../../../lib/api-client.ts";

/** GET /api/affiliate/click?aff=&campaign= (spec 01 §7). */
export function reportAffiliateClick(
  query: TAffiliateClickQuery,
): Promise<{ success: boolean; recorded?: boolean }> {
  return apiGet("/api/affiliate/click", { query: { aff: query.aff, campaign: query.campaign } });
}
