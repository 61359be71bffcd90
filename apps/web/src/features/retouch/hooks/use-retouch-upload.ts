import { LARGE_IMAGE_ALERT_PX } from "@gyeol/shared/retouch";
import { IMAGE_POLICIES } from "@gyeol/shared/uploads";
import { createElement, useCallback, useEffect, useRef, useState } from "react";
import toast from "react-hot-toast";
import { useTranslation } from "react-i18next";
import { NSFW_TOAST_MS, NsfwRefusalToast } from "../../../components/tool/nsfw-refusal-toast.tsx";
import { titledFailure } from "../../../lib/tool-errors.ts";
import { useImageUpload } from "../../../lib/uploads/use-image-upload.ts";
import type { TRetouchImage } from "../lib/build-upscale-input.ts";
import { readImageSize, retouchImageProblem } from "../lib/resize-image.ts";

export interface TUploadedImage extends TRetouchImage {
  /** What the page shows: a local object URL for an upload, the server URL for a handoff. */
  previewUrl: string;
}

const RESIZE_TOAST_MS = 4000;

function sizeText(width: number, height: number): string {
  return `${width}×${height}`;
}

/**
 * Select → validate → auto-resize → upload (spec 02 §4.1, §5) through the shared upload hook with
 * retouch's policy and engine limits: a toast for a resize (4 s) and for every refusal (the NSFW
 * one with its own advice); the 4k alert for very large originals; progress while the bytes go up.
 */
export function useRetouchUpload() {
  const { t } = useTranslation();
  const [image, setImage] = useState<TUploadedImage | null>(null);
  const [pendingPreview, setPendingPreview] = useState<string | null>(null);
  const [isLoadingUrl, setIsLoadingUrl] = useState(false);
  const [isLargeAlertOpen, setIsLargeAlertOpen] = useState(false);
  const objectUrlsRef = useRef<string[]>([]);
  const uploader = useImageUpload({
    policy: IMAGE_POLICIES.retouch,
    check: retouchImageProblem,
    onError: ({ kind, message }) => {
      if (kind === "nsfw")
        toast.error(createElement(NsfwRefusalToast), { id: "retouch-nsfw", duration: NSFW_TOAST_MS });
      else toast.error(titledFailure("upload", message, t));
    },
  });
  const { upload } = uploader;

  useEffect(
    () => () => {
      for (const url of objectUrlsRef.current) URL.revokeObjectURL(url);
    },
    [],
  );

  const select = useCallback(
    async (file: File) => {
      let previewUrl: string | null = null;
      try {
        const uploaded = await upload(file, {
          onPrepared: (prepared) => {
            const { original, resize } = prepared;
            if (resize.isResized) {
              const key = resize.isMinSideApplied ? "retouch.upload.resizedMin" : "retouch.upload.resized";
              toast(
                t(key, {
                  from: sizeText(original.width, original.height),
                  to: sizeText(prepared.width, prepared.height),
                }),
                { duration: RESIZE_TOAST_MS, icon: "📐" },
              );
            }
            if (Math.max(original.width, original.height) >= LARGE_IMAGE_ALERT_PX) setIsLargeAlertOpen(true);
            const url = URL.createObjectURL(prepared.blob);
            objectUrlsRef.current.push(url);
            previewUrl = url;
            setPendingPreview(url);
          },
        });
        if (!uploaded) return;
        setImage({
          url: uploaded.url,
          previewUrl: previewUrl ?? uploaded.url,
          width: uploaded.width,
          height: uploaded.height,
        });
      } finally {
        setPendingPreview(null);
      }
    },
    [t, upload],
  );

  /** An image already on our storage, sent from another page (spec 02 §2.1 handoff) or from history. */
  const loadFromUrl = useCallback(
    async (url: string): Promise<boolean> => {
      setIsLoadingUrl(true);
      try {
        const size = await readImageSize(url);
        setImage({ url, previewUrl: url, ...size });
        return true;
      } catch {
        toast.error(t("retouch.upload.handoffFailed"));
        return false;
      } finally {
        setIsLoadingUrl(false);
      }
    },
    [t],
  );

  const remove = useCallback(() => setImage(null), []);

  return {
    image,
    pendingPreview,
    phase: isLoadingUrl && uploader.phase === "idle" ? ("preparing" as const) : uploader.phase,
    progress: uploader.progress,
    isLargeAlertOpen,
    closeLargeAlert: () => setIsLargeAlertOpen(false),
    select,
    loadFromUrl,
    remove,
  };
}

export type TRetouchUpload = ReturnType<typeof useRetouchUpload>;
