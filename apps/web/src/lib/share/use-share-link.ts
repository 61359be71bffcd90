import { useCallback, useState } from "react";
import toast from "react-hot-toast";
import { useTranslation } from "react-i18next";
import { buildShareLink, ensureAffiliateCode, useAffiliateEnabled } from "./affiliate.ts";

/** Copy the user's affiliate link from any tool (spec 02 §2.1, §2.4, §3): only while the programme is on. */
export function useShareLink() {
  const { t } = useTranslation();
  const isEnabled = useAffiliateEnabled();
  const [isCopiedOpen, setIsCopiedOpen] = useState(false);
  const [isCopying, setIsCopying] = useState(false);

  const copy = useCallback(async () => {
    setIsCopying(true);
    try {
      const { affiliate_code } = await ensureAffiliateCode();
      await navigator.clipboard.writeText(buildShareLink(window.location.origin, affiliate_code));
      setIsCopiedOpen(true);
    } catch {
      toast.error(t("tool.copyFailed"));
    } finally {
      setIsCopying(false);
    }
  }, [t]);

  return { isEnabled, isCopying, copy, isCopiedOpen, closeCopied: () => setIsCopiedOpen(false) };
}
