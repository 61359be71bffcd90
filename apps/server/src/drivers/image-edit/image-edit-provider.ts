/**
 * The image-edit provider port (issue 15, spec 02 §2.2/§7): a prompt, 1–8 input images (the first
 * may carry the user's mask) and 1–4 wanted outputs. A provider answers one entry per wanted image,
 * each the image's bytes or the vendor's reason it is missing (a per-image partial failure), or
 * throws ImageEditProviderError when the whole request failed. Three drivers: Seedream 4.0 on
 * BytePlus ModelArk, the OpenAI Images API (vendors CONTRACTS.md §1, §5) and Qwen-Image-Edit on
 * ComfyUI (issue 25, drivers/comfyui/comfy-image-edit-provider.ts; it throws ComfyError, whose
 * COMFYUI_* code is the job's).
 */
import { imageEditCodeOfVendor, type TImageEditFailureCode } from "@gyeol/shared/image-edit";
import { JobFailure } from "../../lib/job-failure.ts";
import { isVendorHttpError, vendorFetch } from "../http/vendor-http.ts";

export interface TEditInputImage {
  bytes: Buffer;
  mime: "image/jpeg" | "image/png";
  width: number;
  height: number;
  /**
   * The user's mask at any size: a greyscale PNG, white where the edit goes; null when the tile
   * has none, or when the job already drew it onto `bytes` (a tile the provider takes no mask for).
   */
  mask: Buffer | null;
}

export interface TImageEditRequest {
  prompt: string;
  images: readonly TEditInputImage[];
  numImages: number;
  width: number;
  height: number;
  seed: number;
  /** Sent as the vendor's client request id (our job id), so logs on both sides meet. */
  requestId: string;
  /** The provider's own queue place and progress (0–1), when it reports them (ComfyUI). */
  onProgress?(progress: { queuePosition?: number; fraction?: number }): void;
  signal: AbortSignal;
}

export type TEditOutput = { ok: true; bytes: Buffer } | { ok: false; vendorCode: string; message: string };

export interface ImageEditProvider {
  name: "seedream" | "openai" | "comfyui";
  /** A stand-in started by `npm run dev` (the page says "test provider"). */
  isTestProvider: boolean;
  /**
   * Whether the vendor takes a real inpainting mask (issue 25).
   * - true (OpenAI, ComfyUI): the job hands over each tile untouched with its mask in
   *   `TEditInputImage.mask`; the driver turns it into the vendor's form (OpenAI: a PNG of the
   *   first image's size, transparent where painted) and the prompt is the user's own.
   * - false (Seedream): the vendor never sees a mask. The job composites the spec 02 §5 overlay
   *   onto every masked tile before the call (the user's colour at 35 %, re-encoded as JPEG in
   *   the spec's quality steps, at most 9,437,184 bytes), passes those tiles with `mask: null`
   *   and appends a sentence saying what the colour means to the prompt; afterwards it blends the
   *   result back through the first tile's mask onto the original first tile (image-edit.job.ts).
   */
  takesMask: boolean;
  /**
   * With `takesMask`: the vendor applies a mask to the first image only (OpenAI's one `mask`
   * field). Masks on the other tiles then reach the model as overlays, as for a vendor without a
   * mask input. Unset: every tile's mask is handed over.
   */
  masksFirstImageOnly?: boolean;
  edit(request: TImageEditRequest): Promise<TEditOutput[]>;
  /**
   * The most pictures the model reads as they are; more are combined (ComfyUI's Qwen reads 3 and
   * gets a collage of the rest). Undefined: every picture the tool allows.
   */
  maxInputImages?: number;
  /** Stops the request of this id (our job id) when its owner cancels; absent: nothing to stop. */
  cancel?(requestId: string): Promise<void>;
}

/**
 * Codes our drivers make up when the vendor named none (a proxy's HTML page, a bare 5xx, no
 * answer, a body that is not JSON, fewer images than asked): they pick the modal's row but are
 * not the vendor's, so the status answer does not present them as such.
 */
const STAND_IN_CODES = new Set([
  "GatewayTimeout",
  "ConnectionFailed",
  "InvalidResponse",
  "MissingImage",
  "DownloadFailed",
]);

/** The vendor's own code, or null when `code` is one our drivers made up. */
export function reportedVendorCode(code: string | null | undefined): string | null {
  if (!code || STAND_IN_CODES.has(code) || /^HTTP_\d{3}$/.test(code)) return null;
  return code;
}

/**
 * The whole request failed: our code (the page's error modal row) and the vendor's own.
 * `providerCode` is what the job platform keeps beside our code for the status answer's
 * `error.code` (spec 02 §7–§8): the vendor's code, or null when the vendor named none.
 */
export class ImageEditProviderError extends JobFailure {
  override name = "ImageEditProviderError";
  declare readonly code: TImageEditFailureCode;
  constructor(
    readonly vendorCode: string,
    message: string,
    readonly httpStatus: number | null = null,
  ) {
    super(imageEditCodeOfVendor(vendorCode), message, { providerCode: reportedVendorCode(vendorCode) });
  }
}

/** Seedream's and OpenAI's error body: `{"error":{"code","message",…}}`. */
export function vendorErrorOf(status: number, body: string): { code: string; message: string } {
  try {
    const parsed = JSON.parse(body) as { error?: { code?: unknown; type?: unknown; message?: unknown } };
    const error = parsed.error;
    if (error && typeof error === "object") {
      const code =
        typeof error.code === "string" && error.code
          ? error.code
          : typeof error.type === "string" && error.type
            ? error.type
            : `HTTP_${status}`;
      return { code, message: typeof error.message === "string" ? error.message : "" };
    }
  } catch {
    // A proxy's HTML page (524) or nothing.
  }
  if (status === 524 || status === 504)
    return { code: "GatewayTimeout", message: `HTTP ${status} from a proxy` };
  if (status >= 500) return { code: "InternalServiceError", message: `HTTP ${status}` };
  return { code: `HTTP_${status}`, message: body.slice(0, 200) };
}

export interface RetryOptions {
  maxRetries: number;
  timeoutMs: number;
  /** First backoff; doubles per retry, at most 8 s (the ModelArk SDK's 0.5–8 s). */
  backoffMs?: number;
  signal: AbortSignal;
  fetch?: typeof fetch;
}

/**
 * One provider call on the vendor HTTP helper (drivers/http/vendor-http.ts): 429, 5xx (a proxy's
 * 524 too) and lost connections are tried again with backoff (0.5–8 s, or the vendor's
 * Retry-After); any other answer is returned as it is. The timeout is per attempt; the job's
 * signal stops everything. No answer at all becomes GatewayTimeout or ConnectionFailed.
 */
export async function callImageEditVendor(url: string, init: () => RequestInit, options: RetryOptions) {
  try {
    return await vendorFetch(url, init, {
      timeoutMs: options.timeoutMs,
      signal: options.signal,
      retries: options.maxRetries,
      backoffMs: options.backoffMs ?? 500,
      maxBackoffMs: 8000,
      ...(options.fetch ? { fetch: options.fetch } : {}),
      vendor: "the provider",
    });
  } catch (error) {
    if (!isVendorHttpError(error)) throw error;
    throw new ImageEditProviderError(
      error.kind === "timeout" ? "GatewayTimeout" : "ConnectionFailed",
      error.kind === "timeout" ? "the provider did not answer in time" : error.message,
    );
  }
}

/** Reads a response body up to `maxBytes` (a result image; a hostile URL gets no more). */
export async function readBytes(response: Response, maxBytes: number): Promise<Buffer> {
  const length = Number(response.headers.get("content-length") ?? "0");
  if (length > maxBytes) throw new Error(`the result is larger than ${maxBytes} bytes`);
  const bytes = Buffer.from(await response.arrayBuffer());
  if (bytes.length > maxBytes) throw new Error(`the result is larger than ${maxBytes} bytes`);
  return bytes;
}
