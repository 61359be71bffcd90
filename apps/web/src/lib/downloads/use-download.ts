import { useCallback, useState } from "react";
import toast from "react-hot-toast";
import { useTranslation } from "react-i18next";
import { describeError } from "../api-errors.ts";
import { titledFailure } from "../tool-errors.ts";
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
      } catch (error) {
        // Titled as a download (issue 26), with the server's reason when it gave one.
        const reason = describeError(error, t, "");
        toast.error(reason ? titledFailure("download", reason, t) : t("tool.downloadFailed"));
      } finally {
        setBusyUrl(null);
      }
    },
    [t],
  );
  return { download, busyUrl };
}
