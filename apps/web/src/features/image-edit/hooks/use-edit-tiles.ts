import type { TRunInputImage } from "@gyeol/shared/contracts/images";
import { IMAGE_EDIT_MAX_INPUTS } from "@gyeol/shared/image-edit";
import { useCallback, useEffect, useRef, useState } from "react";
import toast from "react-hot-toast";
import { useTranslation } from "react-i18next";
import type { TMaskSaveDetails } from "../../../components/mask-editor/mask-editor.tsx";
import type { TMaskDoc } from "../../../components/mask-editor/model.ts";
import { usePageLocale } from "../../../lib/locale.ts";
import { presignedUpload } from "../api/image-edit-api.ts";
import type { TEditErrorState } from "../components/result-panel.tsx";
import type { TEditTile } from "../components/tile-grid.tsx";
import {
  canvasToJpeg,
  decodeToCanvas,
  describeEditUploadError,
  describeFileProblem,
} from "../lib/edit-upload-errors.ts";
import { imageEditLimitValues } from "../lib/image-edit-limits.ts";
import { checkEditFile, encodeWithinLimit, moveItem, TileTooLargeError } from "../lib/image-edit-rules.ts";

/**
 * Image edit's input tiles (spec 02 §2.2): a file is checked, decoded upright, re-encoded as a JPEG
 * within the size limit and uploaded presigned; a mask is saved per tile. Every refusal is said
 * through onError, titled "upload". The object URLs made for previews go with the page.
 */
export function useEditTiles(onError: (error: TEditErrorState) => void) {
  const { t } = useTranslation();
  const locale = usePageLocale();
  const [tiles, setTilesValue] = useState<TEditTile[]>([]);
  const tilesRef = useRef(tiles);
  const setTiles = useCallback((next: (current: TEditTile[]) => TEditTile[]) => {
    tilesRef.current = next(tilesRef.current);
    setTilesValue(tilesRef.current);
  }, []);
  const objectUrls = useRef<string[]>([]);
  const onErrorRef = useRef(onError);
  onErrorRef.current = onError;
  const uploadError = useCallback((message: string) => onErrorRef.current({ title: "upload", message }), []);

  useEffect(
    () => () => {
      for (const url of objectUrls.current) URL.revokeObjectURL(url);
    },
    [],
  );
  const objectUrl = useCallback((blob: Blob) => {
    const url = URL.createObjectURL(blob);
    objectUrls.current.push(url);
    return url;
  }, []);
  const patchTile = useCallback(
    (id: string, patch: Partial<TEditTile>) =>
      setTiles((current) => current.map((tile) => (tile.id === id ? { ...tile, ...patch } : tile))),
    [setTiles],
  );
  const dropTile = useCallback(
    (id: string) => setTiles((current) => current.filter((item) => item.id !== id)),
    [setTiles],
  );

  const uploadTile = useCallback(
    async (id: string, blob: Blob) => {
      try {
        const uploaded = await presignedUpload(blob, `${id}.jpg`, "input");
        patchTile(id, { url: uploaded.imageUrl, status: "ready" });
      } catch (failure) {
        dropTile(id);
        uploadError(describeEditUploadError(failure, t));
      }
    },
    [patchTile, dropTile, uploadError, t],
  );

  /** Checks a file before and after decoding it; null when it may become a tile. */
  const readFile = useCallback(
    async (file: File): Promise<HTMLCanvasElement | null> => {
      const early = checkEditFile(file, null);
      const canvas = early ? null : await decodeToCanvas(file);
      const problem = canvas ? checkEditFile(file, { width: canvas.width, height: canvas.height }) : early;
      if (problem) uploadError(describeFileProblem(problem, file, t, locale));
      else if (!canvas) uploadError(t("imageEdit.upload.unreadable"));
      return problem ? null : canvas;
    },
    [uploadError, t, locale],
  );

  const addFiles = useCallback(
    async (files: readonly File[]) => {
      for (const file of files) {
        if (tilesRef.current.length >= IMAGE_EDIT_MAX_INPUTS) {
          toast.error(t("imageEdit.tiles.full"));
          return;
        }
        const canvas = await readFile(file);
        if (!canvas) continue;
        const id = crypto.randomUUID();
        const { width, height } = canvas;
        const tile: TEditTile = {
          id,
          blob: null,
          previewUrl: null,
          url: null,
          width,
          height,
          status: "uploading",
          mask: null,
        };
        setTiles((current) => [...current, tile]);
        try {
          const { blob } = await encodeWithinLimit((quality) => canvasToJpeg(canvas, quality));
          patchTile(id, { blob, previewUrl: objectUrl(blob) });
          await uploadTile(id, blob);
        } catch (failure) {
          dropTile(id);
          uploadError(
            failure instanceof TileTooLargeError
              ? t("imageEdit.upload.tooLargeAfter", { maxMb: imageEditLimitValues(locale).composedMaxMb })
              : describeEditUploadError(failure, t),
          );
        }
      }
    },
    [t, locale, readFile, objectUrl, patchTile, dropTile, uploadTile, uploadError, setTiles],
  );

  const addFromUrl = useCallback(
    async (url: string, name: string) => {
      try {
        const response = await fetch(url, { credentials: "include" });
        const blob = await response.blob();
        await addFiles([new File([blob], name, { type: blob.type || "image/jpeg" })]);
      } catch {
        uploadError(t("imageEdit.upload.unreadable"));
      }
    },
    [addFiles, uploadError, t],
  );

  /** Saves a tile's mask (an empty one clears it); true when the editor may close. */
  const saveMask = useCallback(
    async (tile: TEditTile, maskBlob: Blob, doc: TMaskDoc, details: TMaskSaveDetails) => {
      if (details.isEmpty) {
        patchTile(tile.id, { mask: null, maskDoc: doc });
        toast(t("imageEdit.tiles.maskCleared"));
        return;
      }
      const uploaded = await presignedUpload(maskBlob, "mask.png", "mask");
      const mask = {
        url: uploaded.imageUrl,
        previewUrl: objectUrl(maskBlob),
        color: details.color,
        blob: maskBlob,
      };
      patchTile(tile.id, { mask, maskDoc: doc });
      toast.success(t("imageEdit.tiles.maskSavedToast"));
    },
    [patchTile, objectUrl, t],
  );

  /**
   * Issue 26 "run again": a history run's tiles and masks take the place of the current ones. They
   * are our own uploads still kept, so they are used as they are (nothing is uploaded again); each
   * is fetched for its preview, size and the mask editor. Says how many could not be read (purged).
   */
  const recall = useCallback(
    async (images: readonly TRunInputImage[]): Promise<number> => {
      const read = await Promise.all(
        images.slice(0, IMAGE_EDIT_MAX_INPUTS).map(async (image): Promise<TEditTile | null> => {
          if (!image.url) return null;
          try {
            const blob = await fetchBlob(image.url);
            const canvas = await decodeToCanvas(blob);
            if (!canvas) return null;
            const maskBlob = image.mask_url ? await fetchBlob(image.mask_url).catch(() => null) : null;
            return {
              id: crypto.randomUUID(),
              blob,
              previewUrl: objectUrl(blob),
              url: image.url,
              width: canvas.width,
              height: canvas.height,
              status: "ready",
              mask:
                image.mask_url && maskBlob
                  ? {
                      url: image.mask_url,
                      previewUrl: objectUrl(maskBlob),
                      color: image.mask_color ?? "blue",
                      blob: maskBlob,
                    }
                  : null,
              maskDoc: null,
            };
          } catch {
            return null;
          }
        }),
      );
      const tilesRead = read.filter((tile): tile is TEditTile => tile !== null);
      setTiles(() => tilesRead);
      return images.length - tilesRead.length;
    },
    [objectUrl, setTiles],
  );

  /** Tiles restored from a draft come first; those already here (a handoff) follow. */
  const restore = useCallback(
    (restored: readonly TEditTile[]) => {
      setTiles((current) => [...restored, ...current].slice(0, IMAGE_EDIT_MAX_INPUTS));
      for (const tile of restored)
        if (tile.status === "uploading" && tile.blob) void uploadTile(tile.id, tile.blob);
    },
    [setTiles, uploadTile],
  );

  return {
    tiles,
    tilesRef,
    objectUrl,
    addFiles,
    addFromUrl,
    saveMask,
    restore,
    recall,
    move: (from: number, to: number) => setTiles((current) => moveItem(current, from, to)),
    remove: (index: number) => setTiles((current) => current.filter((_, i) => i !== index)),
  };
}

async function fetchBlob(url: string): Promise<Blob> {
  const response = await fetch(url, { credentials: "include" });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.blob();
}
