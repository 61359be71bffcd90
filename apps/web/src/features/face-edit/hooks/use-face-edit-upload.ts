import { IMAGE_POLICIES } from "@gyeol/shared/uploads";
import { useCallback, useEffect, useRef, useState } from "react";
import toast from "react-hot-toast";
import { useTranslation } from "react-i18next";
import { useImageUpload } from "../../../lib/uploads/use-image-upload.ts";

export interface TFaceEditImage {
  /** The uploaded image (the job's input). */
  url: string;
  /** What the page shows and the mask editor paints over: the uploaded bytes, locally. */
  previewUrl: string;
  blob: Blob;
  width: number;
  height: number;
}

const RESIZE_TOAST_MS = 4000;

/**
 * Select → the shared upload hook with face edit's policy (JPG/PNG, downscaled so width + height ≈
 * 3000; spec 02 §5) → the image, with progress; a toast when the photo was resized, and the
 * upload's refusals in the hook's words.
 */
export function useFaceEditUpload() {
  const { t } = useTranslation();
  const [image, setImage] = useState<TFaceEditImage | null>(null);
  const [pendingPreview, setPendingPreview] = useState<string | null>(null);
  const objectUrlsRef = useRef<string[]>([]);
  const uploader = useImageUpload({ policy: IMAGE_POLICIES.faceEdit });
  const { upload } = uploader;

  useEffect(
    () => () => {
      for (const url of objectUrlsRef.current) URL.revokeObjectURL(url);
    },
    [],
  );

  const select = useCallback(
    async (file: File): Promise<boolean> => {
      let previewUrl: string | null = null;
      try {
        const uploaded = await upload(file, {
          onPrepared: (prepared) => {
            if (prepared.resize.isResized) {
              toast(
                t("faceEdit.upload.resized", {
                  from: `${prepared.original.width}×${prepared.original.height}`,
                  to: `${prepared.width}×${prepared.height}`,
                }),
                { duration: RESIZE_TOAST_MS, icon: "📐" },
              );
            }
            const url = URL.createObjectURL(prepared.blob);
            objectUrlsRef.current.push(url);
            previewUrl = url;
            setPendingPreview(url);
          },
        });
        if (!uploaded || !previewUrl) return false;
        setImage({
          url: uploaded.url,
          previewUrl,
          blob: uploaded.blob,
          width: uploaded.width,
          height: uploaded.height,
        });
        return true;
      } finally {
        setPendingPreview(null);
      }
    },
    [t, upload],
  );

  const remove = useCallback(() => setImage(null), []);

  return { image, pendingPreview, phase: uploader.phase, progress: uploader.progress, select, remove };
}

export type TFaceEditUpload = ReturnType<typeof useFaceEditUpload>;
