import { useTranslation } from "react-i18next";
import { OptionCard } from "../../../components/ui/option-card.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import type { TRetouchUpload } from "../hooks/use-retouch-upload.ts";
import { DropZone } from "./drop-zone.tsx";
import { ImagePreview } from "./image-preview.tsx";

interface UploadCardProps {
  upload: TRetouchUpload;
  onFile: (file: File) => void;
  isLocked: boolean;
  aside?: React.ReactNode;
}

/** Upload area, progress and preview (spec 02 §2.1). */
export function UploadCard({ upload, onFile, isLocked, aside }: UploadCardProps) {
  const { t } = useTranslation();
  const { image, phase, progress, pendingPreview } = upload;
  const isBusy = phase !== "idle";

  return (
    <OptionCard title={t("retouch.upload.title")} aside={aside} testId="retouch-upload-card">
      {isBusy ? (
        <div
          data-testid="retouch-uploading"
          className="relative grid min-h-60 place-items-center overflow-hidden rounded-2xl bg-canvas-deep"
        >
          {pendingPreview && (
            <img
              src={pendingPreview}
              alt=""
              className="absolute inset-0 size-full scale-105 object-cover blur-md"
            />
          )}
          <div className="relative flex w-56 flex-col items-center gap-3 rounded-2xl bg-surface/90 px-5 py-4 shadow-card backdrop-blur">
            <Spinner className="size-6 text-accent-600" />
            <p className="text-sm font-semibold text-ink" role="status">
              {phase === "uploading"
                ? t("retouch.upload.uploading", { percent: Math.round(progress * 100) })
                : t("retouch.upload.preparing")}
            </p>
            {phase === "uploading" && (
              <div
                className="h-1.5 w-full overflow-hidden rounded-full bg-line"
                role="progressbar"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={Math.round(progress * 100)}
              >
                <div
                  className="h-full rounded-full bg-accent-600 transition-[width]"
                  style={{ width: `${progress * 100}%` }}
                />
              </div>
            )}
          </div>
        </div>
      ) : image ? (
        <ImagePreview image={image} onRemove={upload.remove} isLocked={isLocked} />
      ) : (
        <DropZone onFile={onFile} isBusy={isBusy} />
      )}
    </OptionCard>
  );
}
