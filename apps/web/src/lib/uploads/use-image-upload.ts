/**
 * Any tool's image upload (issue 26), one way: the tool's policy from shared/uploads.ts (types,
 * bytes, pixels, resize tiers, JPEG quality steps) → prepareImage → the upload (multipart
 * /api/image/upload-s3 with byte progress, or the presigned route with step progress) → the
 * uploaded image, or one sentence naming the real cause (upload-errors.ts) said as a toast titled
 * "Upload failed" unless the tool takes it itself (onError).
 */
import type { TAutoResize } from "@gyeol/shared/retouch";
import { isAllowedFileName, isAllowedFileType, type TImagePolicy } from "@gyeol/shared/uploads";
import { useCallback, useRef, useState } from "react";
import toast from "react-hot-toast";
import { useTranslation } from "react-i18next";
import { usePageLocale } from "../locale.ts";
import { classifyToolError, type TToolErrorKind, titledFailure } from "../tool-errors.ts";
import { prepareImage, type TDecodedImage, type TPreparedUpload } from "./prepare-image.ts";
import { presignedUpload } from "./presigned-upload.ts";
import { describeImageUploadError, type ImageRefusedError, ImageTypeError } from "./upload-errors.ts";
import { type TUploadPhase, uploadToolImage } from "./upload-image.ts";

export type TUploadTransport = "multipart" | "presigned";

export interface TImageUploadConfig {
  policy: TImagePolicy;
  /** multipart: POST /api/image/upload-s3 (retouch, face edit); presigned: image edit, generation. */
  transport?: TUploadTransport;
  /** The presigned upload's kind (a mask is kept as a mask). */
  kind?: "input" | "mask";
  /** The tool's own refusal of the decoded and planned sizes (retouch's engine limits, image edit's ratio). */
  check?: (original: { width: number; height: number }, planned: TAutoResize) => ImageRefusedError | null;
  /** Tests: the decoder (the browser's createImageBitmap by default). */
  decode?: (file: Blob) => Promise<TDecodedImage>;
}

export interface TUploadedImage {
  url: string;
  /** The storage key (presigned uploads). */
  key: string | null;
  /** The bytes that went up, for a local preview. */
  blob: Blob;
  filename: string;
  width: number;
  height: number;
  original: { width: number; height: number };
  resize: TAutoResize;
}

export interface TUploadSteps {
  /** The picture is ready (resized, re-encoded) and its bytes start up. */
  onPrepared?: (prepared: TPreparedUpload) => void;
  onProgress?: (fraction: number) => void;
}

/** True when the policy takes the picked file's name and declared type (an empty type: the name decides). */
export function isPolicyFile(policy: TImagePolicy, file: { name: string; type: string }): boolean {
  return isAllowedFileName(policy, file.name) && (file.type === "" || isAllowedFileType(policy, file.type));
}

async function sendBlob(
  config: TImageUploadConfig,
  blob: Blob,
  filename: string,
  onProgress?: (fraction: number) => void,
): Promise<{ url: string; key: string | null; width: number | null; height: number | null }> {
  if (config.transport === "presigned") {
    const done = await presignedUpload(
      blob,
      filename,
      config.kind ?? "input",
      onProgress ? { onProgress } : {},
    );
    return { url: done.imageUrl, key: done.key, width: done.width, height: done.height };
  }
  const done = await uploadToolImage(blob, filename, onProgress);
  return { url: done.imageUrl, key: null, width: done.width ?? null, height: done.height ?? null };
}

/** Checks, prepares and uploads one picked file; throws what upload-errors.ts words. */
export async function uploadPickedImage(
  file: File,
  config: TImageUploadConfig,
  steps: TUploadSteps = {},
): Promise<TUploadedImage> {
  if (!isPolicyFile(config.policy, file)) throw new ImageTypeError(file);
  const { check, decode } = config;
  const prepared = await prepareImage(file, config.policy, {
    ...(decode ? { decode } : {}),
    check: (original, planned) => {
      const refusal = check?.(original, planned);
      if (refusal) throw refusal;
    },
  });
  steps.onPrepared?.(prepared);
  const sent = await sendBlob(config, prepared.blob, prepared.filename, steps.onProgress);
  return {
    url: sent.url,
    key: sent.key,
    blob: prepared.blob,
    filename: prepared.filename,
    width: sent.width ?? prepared.width,
    height: sent.height ?? prepared.height,
    original: prepared.original,
    resize: prepared.resize,
  };
}

export interface TImageUploadFailure {
  error: unknown;
  /** The sentence (the real cause, with the limit). */
  message: string;
  /** The refusals every paid tool answers alike (nsfw, credits, maintenance) or other. */
  kind: TToolErrorKind;
}

export interface TImageUploadOptions extends TImageUploadConfig {
  /** Says a failure; a toast "Upload failed — …" when not given. */
  onError?: (failure: TImageUploadFailure) => void;
}

/**
 * The hook: `upload(file)` and `uploadBlob(blob, name)` (a mask, as it is) resolve to the upload
 * or null after the failure was said; `phase` and `progress` follow the uploads under way (several
 * at once, as image edit's tiles, read as one).
 */
export function useImageUpload(options: TImageUploadOptions) {
  const { t } = useTranslation();
  const locale = usePageLocale();
  const [phase, setPhase] = useState<TUploadPhase>("idle");
  const [progress, setProgress] = useState(0);
  const [failure, setFailure] = useState<TImageUploadFailure | null>(null);
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const running = useRef(0);

  const fail = useCallback(
    (error: unknown) => {
      const { policy, onError } = optionsRef.current;
      const said: TImageUploadFailure = {
        error,
        message: describeImageUploadError(error, policy, t, locale),
        kind: classifyToolError(error),
      };
      setFailure(said);
      if (onError) onError(said);
      else toast.error(titledFailure("upload", said.message, t));
    },
    [t, locale],
  );

  const track = useCallback(
    async <T>(work: (onProgress: (fraction: number) => void) => Promise<T>): Promise<T | null> => {
      running.current += 1;
      setPhase("preparing");
      setProgress(0);
      setFailure(null);
      try {
        return await work(setProgress);
      } catch (error) {
        fail(error);
        return null;
      } finally {
        running.current -= 1;
        if (running.current === 0) setPhase("idle");
      }
    },
    [fail],
  );

  const upload = useCallback(
    (file: File, steps: TUploadSteps = {}) =>
      track((onProgress) =>
        uploadPickedImage(file, optionsRef.current, {
          onPrepared: (prepared) => {
            setPhase("uploading");
            steps.onPrepared?.(prepared);
          },
          onProgress: (fraction) => {
            onProgress(fraction);
            steps.onProgress?.(fraction);
          },
        }),
      ),
    [track],
  );

  /** Bytes already made on the page (a mask PNG): no policy, no resize. */
  const uploadBlob = useCallback(
    (blob: Blob, filename: string) =>
      track((onProgress) => {
        setPhase("uploading");
        return sendBlob(optionsRef.current, blob, filename, onProgress);
      }),
    [track],
  );

  return { phase, progress, failure, upload, uploadBlob, clearFailure: () => setFailure(null) };
}

export type TImageUpload = ReturnType<typeof useImageUpload>;
