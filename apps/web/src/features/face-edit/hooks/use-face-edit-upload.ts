import { IMAGE_POLICIES, isAllowedFileName } from "@gyeol/shared/uploads";
import { useCallback, useEffect, useRef, useState } from "react";
import toast from "react-hot-toast";
import { useTranslation } from "react-i18next";
import { describeUploadError, titledFailure } from "../../../lib/tool-errors.ts";
import { prepareImage, ResizeError } from "../../../lib/uploads/prepare-image.ts";
import { type TUploadPhase, uploadToolImage } from "../../../lib/uploads/upload-image.ts";

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
 * Select → check JPG/PNG → downscale so width + height ≈ 3000 (spec 02 §5, shared policy) → upload,
 * with progress; a toast when the photo was resized, and the upload's refusals.
 */
export function useFaceEditUpload() {
  const { t } = useTranslation();
  const [image, setImage] = useState<TFaceEditImage | null>(null);
  const [pendingPreview, setPendingPreview] = useState<string | null>(null);
  const [phase, setPhase] = useState<TUploadPhase>("idle");
  const [progress, setProgress] = useState(0);
  const objectUrlsRef = useRef<string[]>([]);

  useEffect(
    () => () => {
      for (const url of objectUrlsRef.current) URL.revokeObjectURL(url);
    },
    [],
  );

  const select = useCallback(
    async (file: File): Promise<boolean> => {
      const policy = IMAGE_POLICIES.faceEdit;
      if (
        !isAllowedFileName(policy, file.name) ||
        (file.type !== "" && !["image/jpeg", "image/png"].includes(file.type))
      ) {
        toast.error(t("faceEdit.upload.invalidType"));
        return false;
      }
      setPhase("preparing");
      setProgress(0);
      try {
        const prepared = await prepareImage(file, policy);
        if (prepared.resize.isResized) {
          toast(
            t("faceEdit.upload.resized", {
              from: `${prepared.original.width}×${prepared.original.height}`,
              to: `${prepared.width}×${prepared.height}`,
            }),
            { duration: RESIZE_TOAST_MS, icon: "📐" },
          );
        }
        const previewUrl = URL.createObjectURL(prepared.blob);
        objectUrlsRef.current.push(previewUrl);
        setPendingPreview(previewUrl);
        setPhase("uploading");
        const uploaded = await uploadToolImage(prepared.blob, prepared.filename, setProgress);
        setImage({
          url: uploaded.imageUrl,
          previewUrl,
          blob: prepared.blob,
          width: uploaded.width ?? prepared.width,
          height: uploaded.height ?? prepared.height,
        });
        return true;
      } catch (error) {
        if (error instanceof ResizeError) toast.error(t("tool.upload.resizeFailed"));
        else toast.error(titledFailure("upload", describeUploadError(error, t), t));
        return false;
      } finally {
        setPendingPreview(null);
        setPhase("idle");
      }
    },
    [t],
  );

  const remove = useCallback(() => setImage(null), []);

  return { image, pendingPreview, phase, progress, select, remove };
}

export type TFaceEditUpload = ReturnType<typeof useFaceEditUpload>;
