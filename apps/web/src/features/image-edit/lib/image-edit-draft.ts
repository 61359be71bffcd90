/**
 * Image edit's draft (issue 26, lib/drafts): the prompt, auto-prompt, settings and seed lock, and
 * each tile as its re-encoded JPEG with its upload's URL, its mask (PNG and URL) and the mask
 * editor's strokes, so a restored tile can be masked on from where it was left.
 */
import type { TMaskDoc } from "../../../components/mask-editor/model.ts";
import type { TEditTile } from "../components/tile-grid.tsx";
import type { TEditSettings } from "./image-edit-rules.ts";

export interface TImageEditDraftTile {
  blob: Blob;
  /** null: the upload had not finished; the restored tile uploads again. */
  url: string | null;
  width: number;
  height: number;
  mask: { url: string; blob: Blob; color: "blue" | "red" } | null;
  maskDoc: TMaskDoc | null;
}

export interface TImageEditDraft {
  prompt: string;
  isAutoPrompt: boolean;
  settings: TEditSettings;
  isSeedLocked: boolean;
  tiles: TImageEditDraftTile[];
}

/** The draft of what is on screen, or null when there is nothing to keep (no prompt, no tile). */
export function imageEditDraftOf(input: {
  prompt: string;
  isAutoPrompt: boolean;
  settings: TEditSettings;
  isSeedLocked: boolean;
  tiles: readonly TEditTile[];
}): TImageEditDraft | null {
  const tiles = input.tiles.flatMap((tile): TImageEditDraftTile[] =>
    tile.blob && tile.status !== "error"
      ? [
          {
            blob: tile.blob,
            url: tile.status === "ready" ? tile.url : null,
            width: tile.width,
            height: tile.height,
            mask:
              tile.mask?.blob && tile.mask.url
                ? { url: tile.mask.url, blob: tile.mask.blob, color: tile.mask.color }
                : null,
            maskDoc: tile.maskDoc ?? null,
          },
        ]
      : [],
  );
  if (input.prompt.trim() === "" && tiles.length === 0) return null;
  return {
    prompt: input.prompt,
    isAutoPrompt: input.isAutoPrompt,
    settings: input.settings,
    isSeedLocked: input.isSeedLocked,
    tiles,
  };
}

/** The tiles of a draft, with fresh ids and preview URLs; a tile without its URL is "uploading". */
export function tilesOfDraft(
  draft: TImageEditDraft,
  objectUrl: (blob: Blob) => string,
  newId: () => string = () => crypto.randomUUID(),
): TEditTile[] {
  return draft.tiles.map((tile) => ({
    id: newId(),
    blob: tile.blob,
    previewUrl: objectUrl(tile.blob),
    url: tile.url,
    width: tile.width,
    height: tile.height,
    status: tile.url ? "ready" : "uploading",
    mask: tile.mask
      ? {
          url: tile.mask.url,
          blob: tile.mask.blob,
          previewUrl: objectUrl(tile.mask.blob),
          color: tile.mask.color,
        }
      : null,
    maskDoc: tile.maskDoc,
  }));
}
