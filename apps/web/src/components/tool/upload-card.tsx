import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { TUploadPhase } from "../../lib/uploads/upload-image.ts";
import { OptionCard } from "../ui/option-card.tsx";
import { Spinner } from "../ui/spinner.tsx";

interface UploadCardProps {
  title: ReactNode;
  aside?: ReactNode;
  phase: TUploadPhase;
  /** 0..1 while uploading. */
  progress: number;
  /** The picked image, blurred behind the progress while it is prepared and sent. */
  pendingPreview: string | null;
  /** The uploaded image (the tool's preview), or null for the drop zone. */
  preview: ReactNode | null;
  dropZone: ReactNode;
  /** Prefix of the test ids: `<prefix>-upload-card`, `<prefix>-uploading`. */
  testIdPrefix: string;
}

/** Any tool's upload area (spec 02 §2.1, §2.4): drop zone, then progress, then the tool's preview. */
export function UploadCard({
  title,
  aside,
  phase,
  progress,
  pendingPreview,
  preview,
  dropZone,
  testIdPrefix,
}: UploadCardProps) {
  const { t } = useTranslation();
  return (
    <OptionCard title={title} aside={aside} testId={`${testIdPrefix}-upload-card`}>
      {phase !== "idle" ? (
        <div
          data-testid={`${testIdPrefix}-uploading`}
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
                ? t("tool.upload.uploading", { percent: Math.round(progress * 100) })
                : t("tool.upload.preparing")}
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
      ) : (
        (preview ?? dropZone)
      )}
    </OptionCard>
  );
}
