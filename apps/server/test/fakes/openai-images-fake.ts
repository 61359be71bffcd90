/**
 * A contract fake of the OpenAI Images API's edits (vendors CONTRACTS.md §5), on 127.0.0.1:
 * - POST /v1/images/edits, multipart/form-data, `authorization: Bearer <key>` (401 otherwise):
 *   `image[]` parts (1–16 png/webp/jpg files, each < 50 MB), an optional `mask` (a PNG under 4 MB
 *   of the first image's size with an alpha channel, whose alpha-0 pixels are the area to edit:
 *   400 invalid_image otherwise), `prompt`, `model`, `n` (1–10), `size` (1024x1024, 1536x1024,
 *   1024x1536 or auto), `output_format`, `user`
 * - 200 `{created, data:[{b64_json}], background, output_format, quality, size, usage}` (no URLs)
 * - errors `{"error":{"message","type","param","code"}}`; the safety block is 400
 *   `moderation_blocked` of type image_generation_user_error
 * Scripted like the Seedream fake (image-edit-fake-common.ts); "partial" answers one image fewer.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { Holder, readBody, resultJpeg, type TImageEditFakeOutcome } from "./image-edit-fake-common.ts";

export interface OpenAiImagesRequest {
  authorization: string | undefined;
  fields: Record<string, string>;
  images: Array<{ name: string; type: string; bytes: Buffer }>;
  mask: {
    type: string;
    bytes: Buffer;
    width: number;
    height: number;
    hasAlpha: boolean;
    /** Pixels with alpha 0: the area the model may change. */
    transparent: number;
  } | null;
}

export interface OpenAiImagesFake {
  /** Give as OPENAI_IMAGES_BASE_URL (…/v1). */
  baseUrl: string;
  apiKey: string;
  model: string;
  outcome: TImageEditFakeOutcome;
  hold: boolean;
  requests: OpenAiImagesRequest[];
  close(): Promise<void>;
}

/** §5.2: the mask is a PNG under 4 MB. */
const MAX_MASK_BYTES = 4 * 1024 * 1024;
const SIZES = new Set(["1024x1024", "1536x1024", "1024x1536", "auto"]);

export async function startOpenAiImagesFake(
  options: { apiKey?: string; model?: string } = {},
): Promise<OpenAiImagesFake> {
  const holder = new Holder();
  const fake = {
    baseUrl: "",
    apiKey: options.apiKey ?? "sk-test-images",
    model: options.model ?? "gpt-image-1",
    outcome: "ok" as TImageEditFakeOutcome,
    get hold() {
      return holder.holding;
    },
    set hold(value: boolean) {
      holder.holding = value;
    },
    requests: [] as OpenAiImagesRequest[],
    close: async () => {},
  };
  const send = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { "content-type": "application/json", "x-request-id": `req_${Date.now()}` });
    response.end(JSON.stringify(body));
  };
  const fail = (
    response: ServerResponse,
    status: number,
    message: string,
    type: string,
    code: string | null,
    param: string | null = null,
  ) => send(response, status, { error: { message, type, param, code } });

  async function edits(request: IncomingMessage, response: ServerResponse) {
    const raw = await readBody(request);
    let form: FormData;
    try {
      form = await new Request("http://fake/", {
        method: "POST",
        headers: { "content-type": request.headers["content-type"] ?? "" },
        body: raw,
      }).formData();
    } catch {
      return fail(response, 400, "Could not parse multipart form", "invalid_request_error", null);
    }
    const fields: Record<string, string> = {};
    const images: OpenAiImagesRequest["images"] = [];
    let maskFile: File | null = null;
    for (const [name, value] of form.entries()) {
      if (typeof value === "string") fields[name] = value;
      else if (name === "image[]" || name === "image")
        images.push({ name: value.name, type: value.type, bytes: Buffer.from(await value.arrayBuffer()) });
      else if (name === "mask") maskFile = value;
    }
    let mask: OpenAiImagesRequest["mask"] = null;
    if (maskFile) {
      const bytes = Buffer.from(await maskFile.arrayBuffer());
      const image = sharp(bytes);
      const meta = await image.metadata().catch(() => null);
      const alpha = meta?.hasAlpha ? await sharp(bytes).extractChannel(3).raw().toBuffer() : Buffer.alloc(0);
      mask = {
        type: maskFile.type,
        bytes,
        width: meta?.width ?? 0,
        height: meta?.height ?? 0,
        hasAlpha: meta?.hasAlpha === true,
        transparent: alpha.reduce((sum, a) => sum + (a === 0 ? 1 : 0), 0),
      };
    }
    fake.requests.push({ authorization: request.headers.authorization, fields, images, mask });
    try {
      await holder.wait(request);
    } catch {
      return;
    }
    if (request.headers.authorization !== `Bearer ${fake.apiKey}`)
      return fail(response, 401, "Incorrect API key provided.", "invalid_request_error", "invalid_api_key");
    if (fields.model !== fake.model)
      return fail(
        response,
        404,
        `The model '${fields.model}' does not exist.`,
        "invalid_request_error",
        "model_not_found",
        "model",
      );
    if (!fields.prompt)
      return fail(
        response,
        400,
        "Missing required parameter: 'prompt'.",
        "invalid_request_error",
        null,
        "prompt",
      );
    if (images.length < 1 || images.length > 16)
      return fail(
        response,
        400,
        "Between 1 and 16 images are required.",
        "invalid_request_error",
        null,
        "image",
      );
    const first = await sharp(images[0]!.bytes)
      .metadata()
      .catch(() => null);
    if (!first?.width)
      return fail(response, 400, "Invalid image file.", "invalid_request_error", "invalid_image", "image");
    if (mask && (mask.bytes.length >= MAX_MASK_BYTES || !mask.hasAlpha))
      return fail(
        response,
        400,
        "Invalid mask image: it must be a PNG with an alpha channel, less than 4 MB.",
        "invalid_request_error",
        "invalid_image",
        "mask",
      );
    if (mask && (mask.type !== "image/png" || mask.width !== first.width || mask.height !== first.height))
      return fail(
        response,
        400,
        "Invalid mask image: it must be a PNG of the image's size.",
        "invalid_request_error",
        "invalid_image",
        "mask",
      );
    const n = Number(fields.n ?? "1");
    if (!Number.isInteger(n) || n < 1 || n > 10)
      return fail(response, 400, "Invalid 'n'.", "invalid_request_error", null, "n");
    const size = fields.size ?? "auto";
    if (!SIZES.has(size))
      return fail(response, 400, "Invalid 'size'.", "invalid_request_error", null, "size");
    switch (fake.outcome) {
      case "fail":
      case "sensitive":
        return fail(
          response,
          400,
          "Your request was rejected by the safety system. safety_violations=[violence].",
          "image_generation_user_error",
          "moderation_blocked",
        );
      case "oversize":
      case "aspect":
      case "invalid":
        return fail(
          response,
          400,
          "Invalid image file or mode.",
          "invalid_request_error",
          "invalid_image",
          "image",
        );
      case "internal":
        return fail(
          response,
          500,
          "The server had an error while processing your request.",
          "server_error",
          "server_error",
        );
      case "proxy524":
        response.writeHead(524, { "content-type": "text/html" });
        return response.end("<html><body>524: A timeout occurred</body></html>");
      default:
        break;
    }
    const [w, h] = size === "auto" ? [1024, 1024] : size.split("x").map(Number);
    const count = fake.outcome === "partial" && n > 1 ? n - 1 : n;
    const data = [];
    for (let i = 0; i < count; i++) data.push({ b64_json: (await resultJpeg(w!, h!, i)).toString("base64") });
    send(response, 200, {
      created: Math.floor(Date.now() / 1000),
      data,
      background: "opaque",
      output_format: fields.output_format ?? "png",
      quality: "high",
      size,
      usage: {
        input_tokens: 100,
        input_tokens_details: { image_tokens: 90, text_tokens: 10 },
        output_tokens: 1000 * count,
        total_tokens: 100 + 1000 * count,
        output_tokens_details: { image_tokens: 1000 * count, text_tokens: 0 },
      },
    });
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://fake");
    if (request.method === "POST" && url.pathname === "/v1/images/edits") {
      edits(request, response).catch((error) => {
        if (!response.headersSent) fail(response, 500, String(error), "server_error", "server_error");
      });
      return;
    }
    fail(response, 404, "Not found", "invalid_request_error", null);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      holder.holding = false;
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake as OpenAiImagesFake;
}
