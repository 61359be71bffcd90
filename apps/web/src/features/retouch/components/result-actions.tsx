import { Download, Expand, Link2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button.tsx";

interface ResultActionsProps {
  onZoom: () => void;
  onDownload: () => void;
  isDownloading: boolean;
  onShare?: () => void;
  isSharing: boolean;
}

/** Zoom, copy share link (affiliate programme on) and download (spec 02 §2.1). */
export function ResultActions({ onZoom, onDownload, isDownloading, onShare, isSharing }: ResultActionsProps) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button variant="secondary" size="sm" onClick={onZoom} data-testid="retouch-zoom">
        <Expand aria-hidden="true" className="size-4" />
        {t("retouch.result.zoom")}
      </Button>
      {onShare && (
        <Button
          variant="secondary"
          size="sm"
          onClick={onShare}
          isLoading={isSharing}
          data-testid="retouch-share"
        >
          {!isSharing && <Link2 aria-hidden="true" className="size-4" />}
          {t("retouch.result.share")}
        </Button>
      )}
      <Button
        size="sm"
        onClick={onDownload}
        isLoading={isDownloading}
        data-testid="retouch-download"
        className="ml-auto"
      >
        {!isDownloading && <Download aria-hidden="true" className="size-4" />}
        {t("retouch.result.download")}
      </Button>
    </div>
  );
}
