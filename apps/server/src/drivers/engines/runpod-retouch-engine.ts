/**
 * The RunPod serverless driver: the original product's GPU worker behind a queue-based endpoint.
 * POST {base}/{endpointId}/run with `Authorization: Bearer <key>` and `{ input }` (the spec 02 §3
 * fields exactly) → `{ id, status: "IN_QUEUE" }`; GET {base}/{endpointId}/status/{id} →
 * `{ id, status: IN_QUEUE | IN_PROGRESS | COMPLETED | FAILED | CANCELLED | TIMED_OUT, output?, error? }`.
 *
 * The worker's output (decided here, since the original's is not shown): an image given as an
 * http(s) URL, a data: URI or bare base64 — either the output itself, or under `image`,
 * `image_url`, `images[0]` or `output[0]`. The driver downloads or decodes it, checks it is a
 * JPEG/PNG by its bytes, and the job stores it through the storage driver (a provider's URLs
 * expire, ours are the durable copy).
 */
import type { TUpscaleInput } from "@gyeol/shared/contracts/images";
import { detectImageType } from "../../lib/image-type.ts";
import { EngineJobError, type RetouchEngine } from "./retouch-engine.ts";

export interface RunpodOptions {
  apiKey: string;
  endpointId: string;
  baseUrl: string;
  pollIntervalMs: number;
  /** Largest result accepted (config.uploads.maxBytes × 4: results are upscaled). */
  maxResultBytes: number;
  fetch?: typeof fetch;
}

type TRunpodStatus = "IN_QUEUE" | "IN_PROGRESS" | "COMPLETED" | "FAILED" | "CANCELLED" | "TIMED_OUT";

interface RunpodStatusBody {
  id: string;
  status: TRunpodStatus;
  output?: unknown;
  error?: unknown;
}

/** The spec 02 §3 upscale job input, exactly: our optional additions stay on our side. */
export function toRunpodInput(input: TUpscaleInput) {
  return {
    image: input.image,
    seed: input.seed,
    prompt: input.prompt,
    output_format: input.output_format,
    output_quality: input.output_quality,
    lora_index: input.lora_index,
    numImages: input.numImages,
    width: input.width,
    height: input.height,
    scale_factor: input.scale_factor,
    upper_lip: input.upper_lip,
    lower_lip: input.lower_lip,
    filter_strength: input.filter_strength,
    filter_index: input.filter_index,
    filter_prompt: input.filter_prompt,
    left_eyebrow: input.left_eyebrow,
    right_eyebrow: input.right_eyebrow,
    nose: input.nose,
    hair: input.hair,
  };
}

/** The image reference inside a worker's output, or null. */
export function findOutputImage(output: unknown): string | null {
  if (typeof output === "string") return output;
  if (Array.isArray(output)) return output.length > 0 ? findOutputImage(output[0]) : null;
  if (output && typeof output === "object") {
    const o = output as Record<string, unknown>;
    for (const field of ["image", "image_url", "imageUrl", "images", "output", "result"]) {
      if (o[field] !== undefined) {
        const found = findOutputImage(o[field]);
        if (found) return found;
      }
    }
  }
  return null;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });

export function createRunpodRetouchEngine(options: RunpodOptions): RetouchEngine {
  const http = options.fetch ?? fetch;
  const endpoint = `${options.baseUrl}/${encodeURIComponent(options.endpointId)}`;
  const headers = { authorization: `Bearer ${options.apiKey}`, "content-type": "application/json" };

  async function call<T>(url: string, init: RequestInit, signal: AbortSignal): Promise<T> {
    let response: Response;
    try {
      response = await http(url, { ...init, headers, signal });
    } catch (error) {
      signal.throwIfAborted();
      throw new EngineJobError("PROVIDER_UNAVAILABLE", `RunPod could not be reached: ${String(error)}`);
    }
    if (!response.ok) {
      const text = await response.text().catch(() => "");
      throw new EngineJobError("PROVIDER_ERROR", `RunPod answered ${response.status}: ${text.slice(0, 200)}`);
    }
    return (await response.json()) as T;
  }

  async function fetchImage(reference: string, signal: AbortSignal): Promise<Buffer> {
    let bytes: Buffer;
    if (/^https?:\/\//i.test(reference)) {
      const response = await http(reference, { signal });
      if (!response.ok)
        throw new EngineJobError("PROVIDER_ERROR", `result download answered ${response.status}`);
      const length = Number(response.headers.get("content-length") ?? 0);
      if (length > options.maxResultBytes) throw new EngineJobError("PROVIDER_ERROR", "result too large");
      bytes = Buffer.from(await response.arrayBuffer());
    } else {
      bytes = Buffer.from(reference.replace(/^data:image\/[a-z]+;base64,/i, ""), "base64");
    }
    if (bytes.length > options.maxResultBytes) throw new EngineJobError("PROVIDER_ERROR", "result too large");
    if (!detectImageType(bytes)) throw new EngineJobError("PROVIDER_ERROR", "the result is not an image");
    return bytes;
  }

  return {
    provider: "runpod",
    workload: "remote",
    async run({ input, providerJobId, onProviderJobId, signal }) {
      let id = providerJobId;
      if (!id) {
        const started = await call<{ id?: string }>(
          `${endpoint}/run`,
          { method: "POST", body: JSON.stringify({ input: toRunpodInput(input) }) },
          signal,
        );
        if (!started.id) throw new EngineJobError("PROVIDER_ERROR", "RunPod did not return a job id");
        id = started.id;
        await onProviderJobId(id);
      }
      for (;;) {
        const body = await call<RunpodStatusBody>(
          `${endpoint}/status/${encodeURIComponent(id)}`,
          { method: "GET" },
          signal,
        );
        if (body.status === "COMPLETED") {
          const reference = findOutputImage(body.output);
          if (!reference) throw new EngineJobError("PROVIDER_ERROR", "RunPod finished without an image");
          const jpeg = await fetchImage(reference, signal);
          return { jpeg, width: null, height: null, facesFound: null, identityScore: null, engine: "runpod" };
        }
        if (body.status === "FAILED" || body.status === "CANCELLED" || body.status === "TIMED_OUT") {
          const detail = typeof body.error === "string" ? body.error : JSON.stringify(body.error ?? "");
          throw new EngineJobError(
            body.status === "TIMED_OUT" ? "PROVIDER_TIMEOUT" : "ENGINE_FAILED",
            `RunPod job ${body.status}: ${detail.slice(0, 300)}`,
          );
        }
        await sleep(options.pollIntervalMs, signal);
      }
    },
  };
}
