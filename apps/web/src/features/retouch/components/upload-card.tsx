import { IMAGE_POLICIES } from "@gyeol/shared/uploads";
import { useTranslation } from "react-i18next";
import { DropZone } from "../../../components/tool/drop-zone.tsx";
import { UploadCard as ToolUploadCard } from "../../../components/tool/upload-card.tsx";
import type { TRetouchUpload } from "../hooks/use-retouch-upload.ts";
import { ImagePreview } from "./image-preview.tsx";

interface UploadCardProps {
  upload: TRetouchUpload;
  onFile: (file: File) => void;
  isLocked: boolean;
  aside?: React.ReactNode;
}

/** Retouch's photo (spec 02 §2.1): the platform's upload card with retouch's policy and preview. */
export function UploadCard({ upload, onFile, isLocked, aside }: UploadCardProps) {
  const { t } = useTranslation();
  const { image, phase, progress, pendingPreview } = upload;
  return (
    <ToolUploadCard
      title={t("retouch.upload.title")}
      aside={aside}
      phase={phase}
      progress={progress}
      pendingPreview={pendingPreview}
      preview={image ? <ImagePreview image={image} onRemove={upload.remove} isLocked={isLocked} /> : null}
      dropZone={
        <DropZone
          onFile={onFile}
          isBusy={phase !== "idle"}
          policy={IMAGE_POLICIES.retouch}
          hint={t("retouch.upload.hint")}
          inputLabel={t("retouch.upload.inputLabel")}
          testIdPrefix="retouch"
        />
      }
      testIdPrefix="retouch"
    />
  );
}
