import { LARGE_IMAGE_ALERT_PX } from "@gyeol/shared/retouch";
import { createElement, useCallback, useEffect, useRef, useState } from "react";
import toast from "react-hot-toast";
import { useTranslation } from "react-i18next";
import { NSFW_TOAST_MS, NsfwRefusalToast } from "../../../components/tool/nsfw-refusal-toast.tsx";
import { classifyToolError, describeUploadError, titledFailure } from "../../../lib/tool-errors.ts";
import { type TUploadPhase, uploadToolImage } from "../../../lib/uploads/upload-image.ts";
import type { TRetouchImage } from "../lib/build-upscale-input.ts";
import { ImageLimitError, prepareRetouchUpload, ResizeError, readImageSize } from "../lib/resize-image.ts";
import { describeRetouchError } from "../lib/retouch-errors.ts";
import { isAllowedRetouchFile } from "../lib/validate-file.ts";

export interface TUploadedImage extends TRetouchImage {
  /** What the page shows: a local object URL for an upload, the server URL for a handoff. */
  previewUrl: string;
}

const RESIZE_TOAST_MS = 4000;

function sizeText(width: number, height: number): string {
  return `${width}×${height}`;
}

/**
 * Select → validate → auto-resize → upload (spec 02 §4.1, §5): toasts for a wrong type, a resize
 * (4 s) and failures; the 4k alert for very large originals; progress while the bytes go up.
 */
export function useRetouchUpload() {
  const { t } = useTranslation();
  const [image, setImage] = useState<TUploadedImage | null>(null);
  const [pendingPreview, setPendingPreview] = useState<string | null>(null);
  const [phase, setPhase] = useState<TUploadPhase>("idle");
  const [progress, setProgress] = useState(0);
  const [isLargeAlertOpen, setIsLargeAlertOpen] = useState(false);
  const objectUrlsRef = useRef<string[]>([]);

  useEffect(
    () => () => {
      for (const url of objectUrlsRef.current) URL.revokeObjectURL(url);
    },
    [],
  );

  const select = useCallback(
    async (file: File) => {
      if (!isAllowedRetouchFile(file)) {
        toast.error(t("retouch.upload.invalidType"));
        return;
      }
      setPhase("preparing");
      setProgress(0);
      try {
        const prepared = await prepareRetouchUpload(file);
        const { original, resize } = prepared;
        if (resize.isResized) {
          const key = resize.isMinSideApplied ? "retouch.upload.resizedMin" : "retouch.upload.resized";
          toast(
            t(key, {
              from: sizeText(original.width, original.height),
              to: sizeText(prepared.width, prepared.height),
            }),
            {
              duration: RESIZE_TOAST_MS,
              icon: "📐",
            },
          );
        }
        if (Math.max(original.width, original.height) >= LARGE_IMAGE_ALERT_PX) setIsLargeAlertOpen(true);
        const previewUrl = URL.createObjectURL(prepared.blob);
        objectUrlsRef.current.push(previewUrl);
        setPendingPreview(previewUrl);
        setPhase("uploading");
        const uploaded = await uploadToolImage(prepared.blob, prepared.filename, setProgress);
        setImage({
          url: uploaded.imageUrl,
          previewUrl,
          width: uploaded.width ?? prepared.width,
          height: uploaded.height ?? prepared.height,
        });
      } catch (error) {
        if (error instanceof ResizeError) toast.error(t("tool.upload.resizeFailed"));
        else if (error instanceof ImageLimitError) toast.error(t(`errors.codes.${error.code}`));
        else if (classifyToolError(error) === "other")
          toast.error(titledFailure("upload", describeUploadError(error, t), t));
        else if (classifyToolError(error) === "nsfw") {
          toast.error(createElement(NsfwRefusalToast), { id: "retouch-nsfw", duration: NSFW_TOAST_MS });
        } else toast.error(describeRetouchError(error, t));
      } finally {
        setPendingPreview(null);
        setPhase("idle");
      }
    },
    [t],
  );

  /** An image already on our storage, sent from another page (spec 02 §2.1 handoff) or from history. */
  const loadFromUrl = useCallback(
    async (url: string): Promise<boolean> => {
      setPhase("preparing");
      try {
        const size = await readImageSize(url);
        setImage({ url, previewUrl: url, ...size });
        return true;
      } catch {
        toast.error(t("retouch.upload.handoffFailed"));
        return false;
      } finally {
        setPhase("idle");
      }
    },
    [t],
  );

  const remove = useCallback(() => setImage(null), []);

  return {
    image,
    pendingPreview,
    phase,
    progress,
    isLargeAlertOpen,
    closeLargeAlert: () => setIsLargeAlertOpen(false),
    select,
    loadFromUrl,
    remove,
  };
}

export type TRetouchUpload = ReturnType<typeof useRetouchUpload>;
