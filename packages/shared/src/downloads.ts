/**
 * Downloads of any tool's images (spec 02 §8 "Download"): a presigned URL, asked again up to 2
 * times 1 s apart after an HTTP 403, then the direct (proxied) URL.
 */
export const PRESIGN_DOWNLOAD_RETRIES = 2;
export const PRESIGN_RETRY_WAIT_MS = 1000;
