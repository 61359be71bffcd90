import type { TLocale } from "@gyeol/shared/constants";
import { IMAGE_EDIT_INPUT_RATIO_TEXT } from "@gyeol/shared/image-edit";
import type { TFunction } from "i18next";
import { isApiError } from "../../../lib/api-client.ts";
import { describeError } from "../../../lib/api-errors.ts";
import { describeToolError } from "../../../lib/tool-errors.ts";
import { IMAGE_EDIT_LOCAL_CODES } from "../api/image-edit-api.ts";
import { imageEditLimitValues, megabytes } from "./image-edit-limits.ts";
import type { TFileProblem } from "./image-edit-rules.ts";

type TLocalCode = keyof typeof IMAGE_EDIT_LOCAL_CODES;
const isLocalCode = (code: string): code is TLocalCode => code in IMAGE_EDIT_LOCAL_CODES;

/** Why a tile's upload failed: the server's code when it has one, else the step that failed. */
export function describeEditUploadError(failure: unknown, t: TFunction): string {
  if (isApiError(failure) && isLocalCode(failure.code)) return t(`imageEdit.errors.${failure.code}`);
  return describeToolError(failure, t) ?? describeError(failure, t, t("tool.upload.failed"));
}

/** The sentence of a file the page refuses, with the limit and the file's own figure. */
export function describeFileProblem(
  problem: TFileProblem,
  file: { type: string },
  t: TFunction,
  locale: TLocale,
): string {
  switch (problem.key) {
    case "type":
      return t("toolLimits.editInvalidType", { type: file.type || "?" });
    case "tooLarge":
      return t("toolLimits.editTooLarge", {
        size: megabytes(problem.bytes),
        maxMb: imageEditLimitValues(locale).maxMb,
      });
    case "tooSmall":
      return t("imageEdit.upload.tooSmall", {
        ...imageEditLimitValues(locale),
        width: problem.width,
        height: problem.height,
      });
    case "ratio":
      return t("toolLimits.editTileRatio", {
        width: problem.width,
        height: problem.height,
        ...IMAGE_EDIT_INPUT_RATIO_TEXT,
      });
  }
}

/** The picture of a file, upright, as a canvas (null when the browser cannot read it). */
export async function decodeToCanvas(file: Blob): Promise<HTMLCanvasElement | null> {
  try {
    const bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
    const canvas = document.createElement("canvas");
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    canvas.getContext("2d")?.drawImage(bitmap, 0, 0);
    bitmap.close();
    return canvas;
  } catch {
    return null;
  }
}

export const canvasToJpeg = (canvas: HTMLCanvasElement, quality: number) =>
  new Promise<Blob>((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error("encode failed"))),
      "image/jpeg",
      quality,
    ),
  );
