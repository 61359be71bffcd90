import { PRESIGN_DOWNLOAD_RETRIES, PRESIGN_RETRY_WAIT_MS } from "@gyeol/shared/downloads";
import { ApiError, apiPost, isApiError } from "../api-client.ts";

export interface TPresignDownload {
  success: true;
  downloadUrl: string;
  filename: string;
}

/** POST /api/image/presign-download {url} */
export function presignDownload(url: string): Promise<TPresignDownload> {
  return apiPost<TPresignDownload>("/api/image/presign-download", { url });
}

export interface TDownloadDeps {
  presign: (url: string) => Promise<TPresignDownload>;
  fetchBlob: (url: string) => Promise<Response>;
  save: (blob: Blob, filename: string) => void;
  wait: (ms: number) => Promise<void>;
}

function saveBlob(blob: Blob, filename: string): void {
  const href = URL.createObjectURL(blob);
  const anchor = document.createElement("a");
  anchor.href = href;
  anchor.download = filename;
  anchor.rel = "noopener";
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

const defaultDeps: TDownloadDeps = {
  presign: presignDownload,
  fetchBlob: (url) => fetch(url, { credentials: "include", cache: "no-store" }),
  save: saveBlob,
  wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

export function filenameFromUrl(url: string): string {
  const last = url.split("?")[0]?.split("/").pop() ?? "";
  return last && /\.(jpe?g|png)$/i.test(last) ? decodeURIComponent(last) : "gyeol-image.jpg";
}

/**
 * Any tool's download, and My Page's (spec 02 §8 "Download"): a presigned URL first; on HTTP 403 (from the presign call or from the
 * signed URL itself) it asks again up to 2 times, 1 s apart, then falls back to the proxy
 * GET /api/image/download?url=. Any other failure goes straight to the fallback.
 */
export async function downloadImage(url: string, overrides: Partial<TDownloadDeps> = {}): Promise<void> {
  const deps = { ...defaultDeps, ...overrides };
  for (let attempt = 0; attempt <= PRESIGN_DOWNLOAD_RETRIES; attempt += 1) {
    let isForbidden = false;
    try {
      const presigned = await deps.presign(url);
      const response = await deps.fetchBlob(presigned.downloadUrl);
      if (response.ok) {
        deps.save(await response.blob(), presigned.filename || filenameFromUrl(url));
        return;
      }
      isForbidden = response.status === 403;
    } catch (error) {
      isForbidden = isApiError(error) && error.status === 403;
    }
    if (!isForbidden) break;
    if (attempt < PRESIGN_DOWNLOAD_RETRIES) await deps.wait(PRESIGN_RETRY_WAIT_MS);
  }
  const fallback = await deps.fetchBlob(`/api/image/download?url=${encodeURIComponent(url)}`);
  if (!fallback.ok) throw new ApiError(fallback.status, `HTTP_${fallback.status}`, "Download failed.");
  deps.save(await fallback.blob(), filenameFromUrl(url));
}
