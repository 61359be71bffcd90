import { AFFILIATE_QUERY_KEYS } from "@gyeol/shared/constants";
import { useEffect, useRef } from "react";
import { useSearchParams } from "react-router";
import { reportAffiliateClick } from "../api/affiliate-click.ts";

/**
 * A referral link is origin + /?aff=code (spec 01 §1): report the click once, then take aff and
 * campaign out of the address bar (replace, so Back does not report it again), keeping the rest.
 */
export function useAffiliateCapture(): void {
  const [params, setParams] = useSearchParams();
  const handledCode = useRef<string | null>(null);
  const aff = params.get("aff")?.trim() || null;
  const campaign = params.get("campaign")?.trim() || undefined;

  useEffect(() => {
    if (!aff || handledCode.current === aff) return;
    handledCode.current = aff;
    reportAffiliateClick({ aff, campaign })
      .catch((error: unknown) => console.warn("[affiliate] click was not recorded", error))
      .finally(() => {
        setParams(
          (current) => {
            const next = new URLSearchParams(current);
            for (const key of AFFILIATE_QUERY_KEYS) next.delete(key);
            return next;
          },
          { replace: true, preventScrollReset: true },
        );
      });
  }, [aff, campaign, setParams]);
}
