import { useCallback, useState } from "react";
import toast from "react-hot-toast";
import { useTranslation } from "react-i18next";
import { downloadImage } from "./download-image.ts";

/** Download with presign, 403 retries and the proxy fallback; one failed-to-download toast. */
export function useDownload() {
  const { t } = useTranslation();
  const [busyUrl, setBusyUrl] = useState<string | null>(null);
  const download = useCallback(
    async (url: string) => {
      setBusyUrl(url);
      try {
        await downloadImage(url);
      } catch {
        toast.error(t("tool.downloadFailed"));
      } finally {
        setBusyUrl(null);
      }
    },
    [t],
  );
  return { download, busyUrl };
}
