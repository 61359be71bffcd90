/**
 * The presigned upload (spec 02 §7 "Consistency", "Image edit"): POST /api/image/presign-upload →
 * PUT the bytes to the returned URL with its required headers → POST /api/image/confirm-upload, on
 * local storage and S3 alike. `kind: "mask"` is kept as a mask (issue 26), `input` as a photo.
 */
import { ApiError, apiPost, isApiError } from "../api-client.ts";

/** The page's own failure codes for each step (spec 02 §8 "Local codes"), each with a sentence in tool.upload.steps. */
export const UPLOAD_STEP_CODES = {
  PRESIGN_FAILED: "PRESIGN_FAILED",
  S3_PUT_FAILED: "S3_PUT_FAILED",
  CONFIRM_FAILED: "CONFIRM_FAILED",
  INVALID_BLOB: "INVALID_BLOB",
} as const;

export type TUploadStepCode = keyof typeof UPLOAD_STEP_CODES;

export function isUploadStepCode(code: string): code is TUploadStepCode {
  return code in UPLOAD_STEP_CODES;
}

/**
 * Answers that say nothing of their own (the client's codes for no answer, a bare 5xx): those
 * become the step's code. Any other server code is kept, since the server named the real cause
 * (issue 26: a GIF named .jpg is UNSUPPORTED_IMAGE_TYPE, not "couldn't upload, try again").
 */
const SILENT_CODES = new Set(["NETWORK_ERROR", "INVALID_RESPONSE", "REQUEST_FAILED", "INTERNAL_ERROR"]);

function stepError(error: unknown, code: TUploadStepCode): ApiError {
  if (isApiError(error) && !SILENT_CODES.has(error.code)) return error;
  const status = isApiError(error) ? error.status : 0;
  return new ApiError(status, code, error instanceof Error ? error.message : String(error));
}

async function sha256Hex(blob: Blob): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", await blob.arrayBuffer());
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

export interface TPresignedUpload {
  imageUrl: string;
  key: string;
  width: number | null;
  height: number | null;
}

/** One file up by the presigned route; `kind` input for a photo, mask for a mask. */
export async function presignedUpload(
  blob: Blob,
  filename: string,
  kind: "input" | "mask",
  {
    fetchImpl = fetch,
    onProgress,
  }: { fetchImpl?: typeof fetch; onProgress?: (fraction: number) => void } = {},
): Promise<TPresignedUpload> {
  const mime = blob.type === "image/png" ? "image/png" : blob.type === "image/jpeg" ? "image/jpeg" : null;
  if (!mime || blob.size === 0)
    throw new ApiError(0, UPLOAD_STEP_CODES.INVALID_BLOB, "The image could not be read.");
  let presigned: { url: string; key: string; requiredHeaders: Record<string, string> };
  try {
    presigned = await apiPost("/api/image/presign-upload", {
      filename,
      mime,
      kind,
      contentLength: blob.size,
      checksumSha256: await sha256Hex(blob),
    });
  } catch (error) {
    throw stepError(error, UPLOAD_STEP_CODES.PRESIGN_FAILED);
  }
  // fetch reports no upload progress: the three steps are the progress (signed, stored, confirmed).
  onProgress?.(0.1);
  let put: Response;
  try {
    put = await fetchImpl(presigned.url, {
      method: "PUT",
      headers: presigned.requiredHeaders,
      body: blob,
      // Our local storage signs the URL itself; S3 needs no cookie either.
      credentials: "omit",
    });
  } catch (error) {
    throw stepError(error, UPLOAD_STEP_CODES.S3_PUT_FAILED);
  }
  if (!put.ok) throw new ApiError(put.status, UPLOAD_STEP_CODES.S3_PUT_FAILED, `PUT ${put.status}`);
  onProgress?.(0.9);
  try {
    const confirmed = await apiPost<{ imageUrl: string; width: number | null; height: number | null }>(
      "/api/image/confirm-upload",
      { key: presigned.key },
    );
    onProgress?.(1);
    return {
      imageUrl: confirmed.imageUrl,
      key: presigned.key,
      width: confirmed.width,
      height: confirmed.height,
    };
  } catch (error) {
    throw stepError(error, UPLOAD_STEP_CODES.CONFIRM_FAILED);
  }
}
