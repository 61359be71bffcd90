import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ResultViewer } from "../../../components/tool/result-viewer/result-viewer.tsx";
import { useDownload } from "../../../lib/downloads/use-download.ts";
import type { THistoryTile } from "../api/image-history.ts";

/**
 * The full-screen viewer (spec 02 §2.5): the tools' one result viewer (issue 26), opened on the
 * original/result split, with a download for each through the tools' presign-and-retry download
 * (a signed cross-origin URL ignores `<a download>`). A generation run of several images opens on
 * the first and steps through all.
 */
export function HistoryViewer({ tile, onClose }: { tile: THistoryTile | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { download, busyUrl } = useDownload();
  const [shown, setShown] = useState<{ key: string; index: number } | null>(null);
  const fallback = tile?.imageUrl ?? tile?.thumbnailUrl ?? null;
  const images = tile?.images?.length ? tile.images : fallback ? [fallback] : [];
  const index = shown && shown.key === tile?.key ? Math.min(shown.index, images.length - 1) : 0;
  if (!tile || images.length === 0) return null;
  return (
    <ResultViewer
      index={index}
      images={images}
      onIndex={(next) => setShown({ key: tile.key, index: next })}
      onClose={onClose}
      title={tile.prompt ?? t("mypage.history.viewer.title")}
      beforeUrl={tile.originalUrl}
      onDownload={(url) => void download(url)}
      busyUrl={busyUrl}
      isSplitAtStart
      testId="history-viewer"
    />
  );
}
