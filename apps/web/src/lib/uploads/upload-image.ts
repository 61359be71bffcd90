import { UPLOAD_IMAGE_FIELD } from "@gyeol/shared/contracts/notices";
import { ApiError, AUTH_INVALID_EVENT, CLIENT_ERROR_CODES, failureFromResponse } from "../api-client.ts";

/** Where a tool's upload is: nothing under way, the image being prepared, the bytes going up. */
export type TUploadPhase = "idle" | "preparing" | "uploading";

export interface TUploadResponse {
  success: true;
  imageUrl: string;
  width?: number;
  height?: number;
}

function readField(body: unknown, key: string): string | undefined {
  if (body && typeof body === "object" && key in body) {
    const value = (body as Record<string, unknown>)[key];
    if (typeof value === "string" && value) return value;
  }
  return undefined;
}

/**
 * POST /api/image/upload-s3, multipart field `image` (spec 02 §7): any tool's private upload.
 * XMLHttpRequest, not fetch, because the screen shows upload progress; errors become the client's
 * ApiError.
 */
export function uploadToolImage(
  blob: Blob,
  filename: string,
  onProgress?: (fraction: number) => void,
): Promise<TUploadResponse> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    form.append(UPLOAD_IMAGE_FIELD, blob, filename);
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/image/upload-s3");
    xhr.withCredentials = true;
    xhr.responseType = "json";
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && onProgress) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new ApiError(0, CLIENT_ERROR_CODES.NETWORK_ERROR, "Network error"));
    xhr.onload = () => {
      const body: unknown = xhr.response;
      if (xhr.status >= 200 && xhr.status < 300) {
        // The shape of ZUploadResponse (shared contract); zod itself stays out of the browser bundle.
        if (readField(body, "imageUrl")) resolve(body as TUploadResponse);
        else
          reject(new ApiError(xhr.status, CLIENT_ERROR_CODES.INVALID_RESPONSE, "Unexpected upload answer."));
        return;
      }
      // The same ApiError as every fetch (status-chosen code, details.issues), never status text.
      const failure = failureFromResponse(xhr.status, body);
      if (xhr.status === 401 || xhr.status === 419) {
        const detail = { message: failure.message, code: failure.code };
        window.dispatchEvent(new CustomEvent(AUTH_INVALID_EVENT, { detail }));
      }
      reject(failure);
    };
    xhr.send(form);
  });
}
