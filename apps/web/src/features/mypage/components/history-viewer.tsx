import { Download } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FullscreenCompare } from "../../../components/ui/fullscreen-compare.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { useDownload } from "../../../lib/downloads/use-download.ts";
import type { THistoryTile } from "../api/image-history.ts";

const LINK_CLASS =
  "inline-flex h-10 items-center gap-2 rounded-full px-4 text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white";

/**
 * The full-screen viewer (spec 02 §2.5): original/result slider and a download for each, through
 * the tools' presign-and-retry download (a signed cross-origin URL ignores `<a download>`).
 */
export function HistoryViewer({ tile, onClose }: { tile: THistoryTile | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { download, busyUrl } = useDownload();
  // A generation run of several images: the viewer opens on the first and steps through all.
  const [shown, setShown] = useState<{ key: string; index: number } | null>(null);
  const images = tile?.images ?? [];
  const index = shown && shown.key === tile?.key ? Math.min(shown.index, images.length - 1) : 0;
  const afterUrl = images[index] ?? tile?.imageUrl ?? tile?.thumbnailUrl ?? null;
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
          {images.length > 1 && (
            <span className="inline-flex gap-1" data-testid="history-viewer-images">
              {images.map((url, i) => (
                <button
                  key={url}
                  type="button"
                  aria-pressed={i === index}
                  aria-label={t("mypage.history.viewer.imageOf", { index: i + 1, count: images.length })}
                  onClick={() => setShown({ key: tile.key, index: i })}
                  className={`${LINK_CLASS} w-10 justify-center px-0 ${i === index ? "bg-paper text-paper-ink" : "bg-white/25 text-white hover:bg-white/40"}`}
                >
                  {i + 1}
                </button>
              ))}
            </span>
          )}
          {tile.originalUrl && (
            <DownloadButton
              url={tile.originalUrl}
              busyUrl={busyUrl}
              onDownload={download}
              testId="history-download-original"
              className={`${LINK_CLASS} bg-paper/90 text-paper-ink hover:bg-paper`}
              label={t("mypage.history.viewer.downloadOriginal")}
            />
          )}
          <DownloadButton
            url={afterUrl}
            busyUrl={busyUrl}
            onDownload={download}
            testId="history-download-result"
            className={`${LINK_CLASS} bg-accent-600 text-white hover:bg-accent-700`}
            label={t("mypage.history.viewer.downloadResult")}
          />
        </>
      }
    />
  );
}

function DownloadButton(props: {
  url: string;
  busyUrl: string | null;
  onDownload: (url: string) => Promise<void>;
  testId: string;
  className: string;
  label: string;
}) {
  const isBusy = props.busyUrl === props.url;
  return (
    <button
      type="button"
      onClick={() => void props.onDownload(props.url)}
      disabled={props.busyUrl !== null}
      aria-busy={isBusy}
      data-testid={props.testId}
      className={`${props.className} disabled:cursor-wait disabled:opacity-80`}
    >
      {isBusy ? <Spinner className="size-4" /> : <Download aria-hidden="true" className="size-4" />}
      {props.label}
    </button>
  );
}
