import {
  ENGINE_MAX_ASPECT_RATIO,
  findEngineInputProblem,
  type TAutoResize,
  type TEngineInputProblem,
} from "@gyeol/shared/retouch";
import { IMAGE_POLICIES } from "@gyeol/shared/uploads";
import {
  prepareImage,
  type TDecodedImage,
  type TPreparedUpload,
} from "../../../lib/uploads/prepare-image.ts";
import { ImageRefusedError } from "../../../lib/uploads/upload-errors.ts";

export {
  ResizeError,
  readImageSize,
  type TDecodedImage,
  type TPreparedUpload,
} from "../../../lib/uploads/prepare-image.ts";

/**
 * An image the engine cannot process (packages/shared ENGINE_*), found before uploading; `code`
 * is the server's error code for it, so the page says the same thing either way.
 */
export class ImageLimitError extends ImageRefusedError {
  override name = "ImageLimitError";
  constructor(override readonly code: TEngineInputProblem) {
    super(code);
  }
}

/**
 * Retouch's own refusal of a picture (the upload hook's check): the shape survives the resize, and
 * raising the short side of a 20000×2 strip to 1000 px would ask the canvas for ten million pixels
 * a row, so it is refused before anything is drawn; then the engine's limits on the planned size.
 */
export function retouchImageProblem(
  original: { width: number; height: number },
  resize: TAutoResize,
): ImageLimitError | null {
  const longer = Math.max(original.width, original.height);
  if (longer > ENGINE_MAX_ASPECT_RATIO * Math.min(original.width, original.height))
    return new ImageLimitError("IMAGE_ASPECT_RATIO_UNSUPPORTED");
  const problem = findEngineInputProblem(resize.width, resize.height);
  return problem ? new ImageLimitError(problem) : null;
}

/**
 * Client-side auto-resize before upload (spec 02 §5 "Retouch"): retouch's image policy (the
 * shared tiers, JPEG at 0.9) through the platform's prepareImage, plus the engine's own limits.
 */
export function prepareRetouchUpload(
  file: File,
  decode?: (file: Blob) => Promise<TDecodedImage>,
): Promise<TPreparedUpload> {
  return prepareImage(file, IMAGE_POLICIES.retouch, {
    ...(decode ? { decode } : {}),
    check: (original, resize) => {
      const refusal = retouchImageProblem(original, resize);
      if (refusal) throw refusal;
    },
  });
}
