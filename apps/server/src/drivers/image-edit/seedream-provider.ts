/**
 * Seedream 4.0 on BytePlus ModelArk (vendors CONTRACTS.md §1): POST {base}/images/generations,
 * Bearer key, synchronous JSON. Images go as data URLs (ours are private and may live on local
 * storage the vendor cannot reach); several outputs use sequential_image_generation "auto" with
 * max_images and a prompt that asks for that many; watermark off; response_format url. A group may
 * come back with some entries carrying only `error` (OutputImageSensitiveContentDetected): those
 * are this request's missing images. Result URLs expire in 24 h, so each is downloaded at once.
 * Seedream has no mask field (takesMask false): the job sends each masked tile with the spec 02 §5
 * overlay drawn on it, says in the prompt what the colour means, and blends the result back
 * through the first tile's mask (image-edit.job.ts).
 */

import { vendorFetch } from "../http/vendor-http.ts";
import {
  callImageEditVendor,
  type ImageEditProvider,
  ImageEditProviderError,
  readBytes,
  type TEditOutput,
  vendorErrorOf,
} from "./image-edit-provider.ts";

export interface SeedreamOptions {
  apiKey: string;
  baseUrl: string;
  model: string;
  timeoutMs: number;
  maxRetries: number;
  isTestProvider: boolean;
  backoffMs?: number;
  /** Largest result image downloaded, in bytes. */
  maxResultBytes?: number;
  fetch?: typeof fetch;
}

/** Seedream's seed range is [-1, 2147483647]; ours reaches 9999999999 (spec 02 §5). */
const VENDOR_SEED_MAX = 2_147_483_647;
export function vendorSeed(seed: number): number {
  return seed <= VENDOR_SEED_MAX ? seed : seed % VENDOR_SEED_MAX;
}

interface SeedreamImage {
  url?: string;
  b64_json?: string;
  size?: string;
  error?: { code?: string; message?: string };
}

export function createSeedreamProvider(options: SeedreamOptions): ImageEditProvider {
  const doFetch = options.fetch ?? fetch;
  const maxResultBytes = options.maxResultBytes ?? 64 * 1024 * 1024;
  return {
    name: "seedream",
    isTestProvider: options.isTestProvider,
    takesMask: false,
    async edit(request) {
      const images = request.images.map(
        (image) => `data:${image.mime};base64,${image.bytes.toString("base64")}`,
      );
      const many = request.numImages > 1;
      const body = {
        model: options.model,
        // §1.3: with "auto" the model decides how many; the prompt must ask for N.
        prompt: many ? `${request.prompt}\n\nGenerate ${request.numImages} images.` : request.prompt,
        image: images.length === 1 ? images[0] : images,
        size: `${request.width}x${request.height}`,
        seed: vendorSeed(request.seed),
        sequential_image_generation: many ? "auto" : "disabled",
        ...(many ? { sequential_image_generation_options: { max_images: request.numImages } } : {}),
        response_format: "url",
        stream: false,
        watermark: false,
      };
      const text = JSON.stringify(body);
      const response = await callImageEditVendor(
        `${options.baseUrl}/images/generations`,
        () => ({
          method: "POST",
          headers: {
            authorization: `Bearer ${options.apiKey}`,
            "content-type": "application/json",
            "x-client-request-id": request.requestId,
          },
          body: text,
        }),
        {
          maxRetries: options.maxRetries,
          timeoutMs: options.timeoutMs,
          signal: request.signal,
          ...(options.backoffMs !== undefined ? { backoffMs: options.backoffMs } : {}),
          fetch: doFetch,
        },
      );
      const raw = await response.text();
      if (!response.ok) {
        const error = vendorErrorOf(response.status, raw);
        throw new ImageEditProviderError(error.code, error.message, response.status);
      }
      let data: SeedreamImage[];
      try {
        data = (JSON.parse(raw) as { data?: SeedreamImage[] }).data ?? [];
      } catch {
        throw new ImageEditProviderError(
          "InvalidResponse",
          "the provider answered something that is not JSON",
        );
      }
      const outputs: TEditOutput[] = [];
      for (const item of data.slice(0, request.numImages)) {
        if (item.error || (!item.url && !item.b64_json)) {
          outputs.push({
            ok: false,
            vendorCode: item.error?.code ?? "MissingImage",
            message: item.error?.message ?? "no image",
          });
          continue;
        }
        if (item.b64_json) {
          outputs.push({ ok: true, bytes: Buffer.from(item.b64_json, "base64") });
          continue;
        }
        // Copied at once: the vendor's URL lives 24 h.
        try {
          const bytes = await vendorFetch(
            item.url!,
            {},
            {
              timeoutMs: options.timeoutMs,
              signal: request.signal,
              retries: options.maxRetries,
              ...(options.backoffMs !== undefined ? { backoffMs: options.backoffMs } : {}),
              fetch: doFetch,
              vendor: "Seedream's result host",
            },
            async (file) => {
              if (!file.ok) throw new Error(`HTTP ${file.status}`);
              return readBytes(file, maxResultBytes);
            },
          );
          outputs.push({ ok: true, bytes });
        } catch (error) {
          request.signal.throwIfAborted();
          outputs.push({ ok: false, vendorCode: "DownloadFailed", message: String(error) });
        }
      }
      while (outputs.length < request.numImages)
        outputs.push({ ok: false, vendorCode: "MissingImage", message: "the provider made fewer images" });
      return outputs;
    },
  };
}
