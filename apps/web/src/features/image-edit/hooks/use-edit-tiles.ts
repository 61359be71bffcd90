import type { TRunInputImage } from "@gyeol/shared/contracts/images";
import {
  IMAGE_EDIT_INPUT_RATIO_TEXT,
  IMAGE_EDIT_MAX_INPUTS,
  isEditInputRatioAllowed,
} from "@gyeol/shared/image-edit";
import { IMAGE_POLICIES } from "@gyeol/shared/uploads";
import { useCallback, useEffect, useRef, useState } from "react";
import toast from "react-hot-toast";
import { useTranslation } from "react-i18next";
import type { TMaskSaveDetails } from "../../../components/mask-editor/mask-editor.tsx";
import type { TMaskDoc } from "../../../components/mask-editor/model.ts";
import { ImageRefusedError } from "../../../lib/uploads/upload-errors.ts";
import { useImageUpload } from "../../../lib/uploads/use-image-upload.ts";
import type { TEditErrorState } from "../components/result-panel.tsx";
import type { TEditTile } from "../components/tile-grid.tsx";
import { moveItem } from "../lib/image-edit-rules.ts";

/**
 * Image edit's input tiles (spec 02 §2.2) on the shared upload hook: image edit's policy (JPG/PNG,
 * 50 MB, 921,600 pixels, re-encoded upright as JPEG within 9 MB) plus its ratio rule, then the
 * presigned upload; a mask is saved per tile (presigned, kind mask). Every refusal is said through
 * onError, titled "upload". The object URLs made for previews go with the page.
 */
export function useEditTiles(onError: (error: TEditErrorState) => void) {
  const { t } = useTranslation();
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
  const onUploadError = useCallback(
    ({ message }: { message: string }) => uploadError(message),
    [uploadError],
  );
  const inputs = useImageUpload({
    policy: IMAGE_POLICIES.imageEdit,
    transport: "presigned",
    kind: "input",
    // Issue 26: a ratio the vendor takes, 1:3 to 3:1, so no run starts that must be refused.
    check: ({ width, height }) =>
      isEditInputRatioAllowed(width, height)
        ? null
        : new ImageRefusedError(
            "IMAGE_RATIO_OUT_OF_RANGE",
            t("toolLimits.editTileRatio", { width, height, ...IMAGE_EDIT_INPUT_RATIO_TEXT }),
          ),
    onError: onUploadError,
  });
  // A refused mask is said as a toast over the mask editor, which stays open with the drawing.
  const masks = useImageUpload({ policy: IMAGE_POLICIES.imageEdit, transport: "presigned", kind: "mask" });
  const { upload, uploadBlob } = inputs;
  const uploadMask = masks.uploadBlob;

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

  /** A tile restored from a draft: its prepared bytes go up again. */
  const uploadTile = useCallback(
    async (id: string, blob: Blob) => {
      const uploaded = await uploadBlob(blob, `${id}.jpg`);
      if (uploaded) patchTile(id, { url: uploaded.url, status: "ready" });
      else dropTile(id);
    },
    [uploadBlob, patchTile, dropTile],
  );

  const addFiles = useCallback(
    async (files: readonly File[]) => {
      for (const file of files) {
        if (tilesRef.current.length >= IMAGE_EDIT_MAX_INPUTS) {
          toast.error(t("imageEdit.tiles.full"));
          return;
        }
        const id = crypto.randomUUID();
        const uploaded = await upload(file, {
          // The tile shows as soon as its picture is ready; it uploads in place.
          onPrepared: (prepared) =>
            setTiles((current) => [
              ...current,
              {
                id,
                blob: prepared.blob,
                previewUrl: objectUrl(prepared.blob),
                url: null,
                width: prepared.width,
                height: prepared.height,
                status: "uploading",
                mask: null,
              },
            ]),
        });
        if (uploaded) patchTile(id, { url: uploaded.url, status: "ready" });
        else dropTile(id);
      }
    },
    [t, upload, objectUrl, patchTile, dropTile, setTiles],
  );

  const addFromUrl = useCallback(
    async (url: string, name: string) => {
      try {
        const response = await fetch(url, { credentials: "include" });
        const blob = await response.blob();
        await addFiles([new File([blob], name, { type: blob.type || "image/jpeg" })]);
      } catch {
        uploadError(t("tool.upload.unreadable"));
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
      const uploaded = await uploadMask(maskBlob, "mask.png");
      if (!uploaded) throw new Error("The mask was not uploaded.");
      const mask = {
        url: uploaded.url,
        previewUrl: objectUrl(maskBlob),
        color: details.color,
        blob: maskBlob,
      };
      patchTile(tile.id, { mask, maskDoc: doc });
      toast.success(t("imageEdit.tiles.maskSavedToast"));
    },
    [patchTile, objectUrl, uploadMask, t],
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
            const size = await imageSizeOf(blob);
            if (!size) return null;
            const maskBlob = image.mask_url ? await fetchBlob(image.mask_url).catch(() => null) : null;
            return {
              id: crypto.randomUUID(),
              blob,
              previewUrl: objectUrl(blob),
              url: image.url,
              width: size.width,
              height: size.height,
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

/** An image's upright size, or null when the browser cannot decode it. */
async function imageSizeOf(blob: Blob): Promise<{ width: number; height: number } | null> {
  try {
    const bitmap = await createImageBitmap(blob, { imageOrientation: "from-image" });
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return null;
  }
}

async function fetchBlob(url: string): Promise<Blob> {
  const response = await fetch(url, { credentials: "include" });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.blob();
}
