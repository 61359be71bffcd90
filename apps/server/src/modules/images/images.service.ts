/**
 * Images uploaded on their own, outside a notice: for now the ones pasted or dropped into the
 * notice editor. Stored as public files because notices are public.
 */
import type { FileStorage } from "../../drivers/storage/storage.ts";
import { AppError } from "../../lib/app-error.ts";
import { detectImageType } from "../../lib/image-type.ts";
import { EDITOR_IMAGES_FOLDER } from "../notices/notices.service.ts";

export type ImagesService = ReturnType<typeof createImagesService>;

export function createImagesService({ storage }: { storage: FileStorage }) {
  return {
    /** Stores an editor image and returns the URL to put in the notice body. */
    async uploadEditorImage(bytes: Uint8Array): Promise<string> {
      const type = detectImageType(bytes);
      if (!type) {
        throw new AppError(
          400,
          "VALIDATION_ERROR",
          "Only image files (JPEG, PNG, GIF, WebP) can be uploaded.",
        );
      }
      const key = await storage.put({
        visibility: "public",
        folder: EDITOR_IMAGES_FOLDER,
        extension: type.extension,
        contentType: type.mime,
        bytes,
      });
      return storage.publicUrl(key);
    },
  };
}
