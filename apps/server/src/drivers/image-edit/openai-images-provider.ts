/**
 * The OpenAI Images API (vendors CONTRACTS.md §5): POST {base}/images/edits as multipart/form-data
 * with every input as a repeated `image[]` part, `mask` (a PNG of the first image's size whose
 * transparent pixels mark the area to edit) when the first tile has one, `model` sent explicitly
 * (the SDK's default for edits is another model), `n`, a `size` the model takes, `output_format`
 * jpeg. Results are base64 only. Fewer images than asked count as missing ones.
 */
import sharp from "sharp";
import {
  callImageEditVendor,
  type ImageEditProvider,
  ImageEditProviderError,
  type TEditInputImage,
  type TEditOutput,
  vendorErrorOf,
} from "./image-edit-provider.ts";

export interface OpenAiImagesOptions {
  apiKey: string;
  baseUrl: string;
  model: string;
  timeoutMs: number;
  maxRetries: number;
  isTestProvider: boolean;
  backoffMs?: number;
  fetch?: typeof fetch;
}

/** gpt-image-1 takes three sizes: the one nearest the asked proportions. */
export function openAiSizeFor(width: number, height: number): "1024x1024" | "1536x1024" | "1024x1536" {
  const ratio = width / height;
  if (ratio >= 1.25) return "1536x1024";
  if (ratio <= 0.8) return "1024x1536";
  return "1024x1024";
}

/** The mask as OpenAI reads it: the first image's size, alpha 0 where the user painted. */
export async function openAiMaskOf(image: TEditInputImage): Promise<Buffer> {
  const grey = await sharp(image.mask!)
    .greyscale()
    .resize(image.width, image.height, { fit: "fill" })
    .extractChannel(0)
    .raw()
    .toBuffer();
  const rgba = Buffer.alloc(image.width * image.height * 4);
  for (let i = 0; i < grey.length; i++) rgba[i * 4 + 3] = 255 - grey[i]!;
  return sharp(rgba, { raw: { width: image.width, height: image.height, channels: 4 } })
    .png()
    .toBuffer();
}

export function createOpenAiImagesProvider(options: OpenAiImagesOptions): ImageEditProvider {
  return {
    name: "openai",
    isTestProvider: options.isTestProvider,
    takesMask: true,
    // §5.2: "With several images, the mask applies to the first image": the others' masks go as overlays.
    masksFirstImageOnly: true,
    async edit(request) {
      const first = request.images[0]!;
      const mask = first.mask ? await openAiMaskOf(first) : null;
      const form = () => {
        const data = new FormData();
        request.images.forEach((image, i) => {
          const extension = image.mime === "image/png" ? "png" : "jpg";
          data.append(
            "image[]",
            new Blob([new Uint8Array(image.bytes)], { type: image.mime }),
            `image-${i + 1}.${extension}`,
          );
        });
        if (mask) data.append("mask", new Blob([new Uint8Array(mask)], { type: "image/png" }), "mask.png");
        data.append("prompt", request.prompt);
        data.append("model", options.model);
        data.append("n", String(request.numImages));
        data.append("size", openAiSizeFor(request.width, request.height));
        data.append("output_format", "jpeg");
        data.append("user", request.requestId);
        return data;
      };
      const response = await callImageEditVendor(
        `${options.baseUrl}/images/edits`,
        () => ({ method: "POST", headers: { authorization: `Bearer ${options.apiKey}` }, body: form() }),
        {
          maxRetries: options.maxRetries,
          timeoutMs: options.timeoutMs,
          signal: request.signal,
          ...(options.backoffMs !== undefined ? { backoffMs: options.backoffMs } : {}),
          ...(options.fetch ? { fetch: options.fetch } : {}),
        },
      );
      const raw = await response.text();
      if (!response.ok) {
        const error = vendorErrorOf(response.status, raw);
        throw new ImageEditProviderError(error.code, error.message, response.status);
      }
      let data: Array<{ b64_json?: string }>;
      try {
        data = (JSON.parse(raw) as { data?: Array<{ b64_json?: string }> }).data ?? [];
      } catch {
        throw new ImageEditProviderError(
          "InvalidResponse",
          "the provider answered something that is not JSON",
        );
      }
      const outputs: TEditOutput[] = data
        .slice(0, request.numImages)
        .map((item) =>
          item.b64_json
            ? { ok: true as const, bytes: Buffer.from(item.b64_json, "base64") }
            : { ok: false as const, vendorCode: "MissingImage", message: "no image" },
        );
      while (outputs.length < request.numImages)
        outputs.push({ ok: false, vendorCode: "MissingImage", message: "the provider made fewer images" });
      return outputs;
    },
  };
}
