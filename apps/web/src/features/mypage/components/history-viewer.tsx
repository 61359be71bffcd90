import { Download } from "lucide-react";
import { useTranslation } from "react-i18next";
import { FullscreenCompare } from "../../../components/ui/fullscreen-compare.tsx";
import type { THistoryTile } from "../api/image-history.ts";

const LINK_CLASS =
  "inline-flex h-10 items-center gap-2 rounded-full px-4 text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white";

/** The full-screen viewer (spec 02 §2.5): original/result slider and a download link for each. */
export function HistoryViewer({ tile, onClose }: { tile: THistoryTile | null; onClose: () => void }) {
  const { t } = useTranslation();
  const afterUrl = tile?.imageUrl ?? tile?.thumbnailUrl ?? null;
  if (!tile || !afterUrl) return null;
  const beforeUrl = tile.originalUrl ?? afterUrl;
  return (
    <FullscreenCompare
      open
      onOpenChange={(isOpen) => !isOpen && onClose()}
      title={tile.prompt ?? t("mypage.history.viewer.title")}
      closeLabel={t("mypage.history.viewer.close")}
      beforeUrl={beforeUrl}
      afterUrl={afterUrl}
      labels={{
        before: t("mypage.history.viewer.before"),
        after: t("mypage.history.viewer.after"),
        compare: t("mypage.history.viewer.title"),
      }}
      testId="history-viewer"
      actions={
        <>
          {tile.originalUrl && (
            <a
              href={tile.originalUrl}
              download
              data-testid="history-download-original"
              className={`${LINK_CLASS} bg-white/90 text-ink hover:bg-white`}
            >
              <Download aria-hidden="true" className="size-4" />
              {t("mypage.history.viewer.downloadOriginal")}
            </a>
          )}
          <a
            href={afterUrl}
            download
            data-testid="history-download-result"
            className={`${LINK_CLASS} bg-accent-600 text-white hover:bg-accent-700`}
          >
            <Download aria-hidden="true" className="size-4" />
            {t("mypage.history.viewer.downloadResult")}
          </a>
        </>
      }
    />
  );
}
