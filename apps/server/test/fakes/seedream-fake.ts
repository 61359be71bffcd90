/**
 * A contract fake of Seedream 4.0 on BytePlus ModelArk (vendors CONTRACTS.md §1), on 127.0.0.1:
 * - POST /api/v3/images/generations, `authorization: Bearer <key>` (401 AuthenticationError
 *   otherwise), JSON `{model, prompt, image: string | string[], size "WxH" | 1K/2K/4K, seed,
 *   sequential_image_generation "auto"|"disabled", sequential_image_generation_options
 *   {max_images}, response_format "url"|"b64_json", stream, watermark}`
 * - images: https URLs or `data:image/<jpeg|png>;base64,…`, at most 10, each ≤ 10 MB
 *   (InvalidParameter.OversizeImage), aspect ratio in [1/3, 3] (InvalidParameter), width and
 *   height > 14 px
 * - 200 `{model, created, data:[{url, size} | {error:{code,message}}], usage:{generated_images,
 *   output_tokens, total_tokens}}`; `url`s are served by the fake under /files/ with
 *   X-Tos-Expires=86400, as the vendor's TOS links
 * - errors `{"error":{"code","message","param","type"}}`, messages ending "Request ID: …"
 * Scripted (`outcome`): a per-image partial failure, sensitive content on input, an oversize
 * image, an aspect-ratio refusal, a parameter refusal, InternalServiceError, a proxy's 524 HTML
 * page; `hold` keeps requests open (slow responses) until it is turned off; `delayMs` answers late.
 */
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { Holder, readBody, resultJpeg, type TImageEditFakeOutcome } from "./image-edit-fake-common.ts";

export interface SeedreamRequestBody {
  model: string;
  prompt: string;
  image?: string | string[];
  size?: string;
  seed?: number;
  sequential_image_generation?: "auto" | "disabled";
  sequential_image_generation_options?: { max_images?: number };
  response_format?: "url" | "b64_json";
  stream?: boolean;
  watermark?: boolean;
}

export interface SeedreamFake {
  /** Give as SEEDREAM_BASE_URL (…/api/v3). */
  baseUrl: string;
  apiKey: string;
  model: string;
  outcome: TImageEditFakeOutcome;
  hold: boolean;
  delayMs: number;
  /** Every request the generations endpoint received, in order (answered or not). */
  requests: Array<{ headers: IncomingMessage["headers"]; body: SeedreamRequestBody }>;
  /** Result files downloaded so far. */
  downloads: number;
  close(): Promise<void>;
}

const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

/** The data URL's picture at the asked size (capped at 1024 px a side), its hue turned per index. */
async function recoloured(dataUrl: string, width: number, height: number, index: number): Promise<Buffer> {
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(",") + 1), "base64");
  const scale = Math.min(1, 1024 / Math.max(width, height));
  return sharp(bytes)
    .rotate()
    .resize(Math.round(width * scale), Math.round(height * scale), { fit: "cover" })
    .modulate({ hue: 60 * (index + 1), saturation: 1.3 })
    .jpeg({ quality: 88 })
    .toBuffer();
}

export interface SeedreamFakeOptions {
  apiKey?: string;
  model?: string;
  port?: number;
  /**
   * `flat` (default): each result a flat colour per index (tests read the pixels); `recolour`:
   * the first input image at the asked size with its hue turned per index, so a stand-in result
   * looks like an edit of the picture (npm run dev, the browser journey).
   */
  results?: "flat" | "recolour";
}

export async function startSeedreamFake(options: SeedreamFakeOptions = {}): Promise<SeedreamFake> {
  const files = new Map<string, Buffer>();
  const holder = new Holder();
  const fake = {
    baseUrl: "",
    apiKey: options.apiKey ?? "ark-test-key",
    model: options.model ?? "seedream-4-0-250828",
    outcome: "ok" as TImageEditFakeOutcome,
    get hold() {
      return holder.holding;
    },
    set hold(value: boolean) {
      holder.holding = value;
    },
    delayMs: 0,
    requests: [] as SeedreamFake["requests"],
    downloads: 0,
    close: async () => {},
  };

  const send = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { "content-type": "application/json", "x-request-id": randomUUID() });
    response.end(JSON.stringify(body));
  };
  const fail = (
    response: ServerResponse,
    status: number,
    code: string,
    message: string,
    type = "BadRequest",
  ) =>
    send(response, status, {
      error: { code, message: `${message} Request ID: ${randomUUID().replaceAll("-", "")}`, param: "", type },
    });

  async function checkImage(url: string): Promise<{ code: string; message: string } | null> {
    if (/^https:\/\//.test(url)) return null;
    const match = /^data:image\/(jpeg|png);base64,(.+)$/s.exec(url);
    if (!match)
      return {
        code: "InvalidParameter",
        message: "The parameter `image` specified in the request is not valid.",
      };
    const bytes = Buffer.from(match[2]!, "base64");
    if (bytes.length > MAX_IMAGE_BYTES)
      return {
        code: "InvalidParameter.OversizeImage",
        message: `The request failed because the size of the input image (${Math.ceil(bytes.length / 1048576)} MB) exceeds the limit (10 MB).`,
      };
    const meta = await sharp(bytes)
      .metadata()
      .catch(() => null);
    if (!meta?.width || !meta.height || meta.width <= 14 || meta.height <= 14)
      return {
        code: "InvalidParameter",
        message: "The parameter `image` specified in the request is not valid.",
      };
    const ratio = meta.width / meta.height;
    if (ratio < 1 / 3 || ratio > 3)
      return { code: "InvalidParameter", message: "The aspect ratio of the input image is not valid." };
    return null;
  }

  async function generations(request: IncomingMessage, response: ServerResponse) {
    const raw = await readBody(request);
    let body: SeedreamRequestBody;
    try {
      body = JSON.parse(raw.toString("utf8")) as SeedreamRequestBody;
    } catch {
      return fail(response, 400, "InvalidParameter", "The request body is not valid JSON.");
    }
    fake.requests.push({ headers: request.headers, body });
    try {
      await holder.wait(request);
    } catch {
      return; // the client went away (a crashed worker)
    }
    if (fake.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, fake.delayMs));
    if (request.headers.authorization !== `Bearer ${fake.apiKey}`)
      return fail(
        response,
        401,
        "AuthenticationError",
        "The API key or AK/SK in the request is missing or invalid.",
        "Unauthorized",
      );
    if (body.model !== fake.model)
      return fail(
        response,
        404,
        "InvalidEndpointOrModel.NotFound",
        "The model or endpoint does not exist.",
        "NotFound",
      );
    if (typeof body.prompt !== "string" || !body.prompt)
      return fail(
        response,
        400,
        "MissingParameter",
        "The request failed because it is missing one or multiple required parameters.",
      );
    const images = body.image === undefined ? [] : Array.isArray(body.image) ? body.image : [body.image];
    if (images.length > 10)
      return fail(
        response,
        400,
        "InvalidParameter",
        "One or more parameters specified in the request are not valid.",
      );
    for (const image of images) {
      const problem = await checkImage(image);
      if (problem) return fail(response, 400, problem.code, problem.message);
    }
    const size = /^(\d+)x(\d+)$/.exec(body.size ?? "2048x2048");
    if (!size)
      return fail(
        response,
        400,
        "InvalidParameter",
        "The parameter `size` specified in the request is not valid.",
      );
    const width = Number(size[1]);
    const height = Number(size[2]);
    if (width / height < 1 / 16 || width / height > 16)
      return fail(
        response,
        400,
        "InvalidParameter",
        "The parameter `size` specified in the request is not valid.",
      );
    const sequential = body.sequential_image_generation ?? "disabled";
    // Reference images + generated images ≤ 15 (§1.3); max_images counts only with "auto".
    const maxImages =
      sequential === "auto" ? (body.sequential_image_generation_options?.max_images ?? 15) : 1;
    if (maxImages < 1 || maxImages > 15 || images.length + maxImages > 15)
      return fail(
        response,
        400,
        "InvalidParameter",
        "One or more parameters specified in the request are not valid.",
      );
    switch (fake.outcome) {
      case "fail":
      case "sensitive":
        return fail(
          response,
          400,
          "InputImageSensitiveContentDetected",
          "The request failed because the input image may contain sensitive information.",
        );
      case "oversize":
        return fail(
          response,
          400,
          "InvalidParameter.OversizeImage",
          "The request failed because the size of the input image (12 MB) exceeds the limit (10 MB).",
        );
      case "aspect":
        return fail(
          response,
          400,
          "InvalidParameter.AspectRatioTooLarge",
          "Aspect ratio must be between 0.4 and 2.5.",
        );
      case "invalid":
        return fail(
          response,
          400,
          "InvalidParameter",
          "One or more parameters specified in the request are not valid.",
        );
      case "internal":
        return fail(
          response,
          500,
          "InternalServiceError",
          "The service encountered an unexpected internal error.",
          "InternalServerError",
        );
      case "proxy524":
        response.writeHead(524, { "content-type": "text/html" });
        return response.end("<html><body><h1>524: A timeout occurred</h1></body></html>");
      default:
        break;
    }
    const count = sequential === "auto" ? maxImages : 1;
    const data: unknown[] = [];
    let generated = 0;
    for (let i = 0; i < count; i++) {
      if (fake.outcome === "partial" && i === 1) {
        data.push({
          error: {
            code: "OutputImageSensitiveContentDetected",
            message: "The request failed because the output image may contain sensitive information.",
          },
        });
        continue;
      }
      const jpeg =
        options.results === "recolour" && images[0]?.startsWith("data:")
          ? await recoloured(images[0], width, height, i)
          : await resultJpeg(width, height, i);
      generated++;
      if (body.response_format === "b64_json") {
        data.push({ b64_json: jpeg.toString("base64"), size: `${width}x${height}` });
      } else {
        const id = randomUUID();
        files.set(id, jpeg);
        data.push({
          url: `${fake.baseUrl.replace(/\/api\/v3$/, "")}/files/${id}.jpeg?X-Tos-Expires=86400`,
          size: `${width}x${height}`,
        });
      }
    }
    send(response, 200, {
      model: body.model,
      created: Math.floor(Date.now() / 1000),
      data,
      usage: {
        generated_images: generated,
        output_tokens: generated * 16384,
        total_tokens: generated * 16384,
      },
    });
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://fake");
    // The fake's own control (not the vendor's API): a test or `npm run dev` steers the next answers.
    if (request.method === "POST" && url.pathname === "/__fake/outcome") {
      readBody(request)
        .then((raw) => {
          const body = JSON.parse(raw.toString("utf8") || "{}") as {
            outcome?: TImageEditFakeOutcome;
            hold?: boolean;
            delayMs?: number;
          };
          if (body.outcome) fake.outcome = body.outcome;
          if (body.hold !== undefined) fake.hold = body.hold;
          if (body.delayMs !== undefined) fake.delayMs = body.delayMs;
          send(response, 200, { outcome: fake.outcome, hold: fake.hold, delayMs: fake.delayMs });
        })
        .catch(() => send(response, 400, { error: "bad control body" }));
      return;
    }
    if (request.method === "POST" && url.pathname === "/api/v3/images/generations") {
      generations(request, response).catch((error) => {
        if (!response.headersSent)
          fail(response, 500, "InternalServiceError", String(error), "InternalServerError");
      });
      return;
    }
    const file = /^\/files\/([0-9a-f-]+)\.jpeg$/.exec(url.pathname);
    if (request.method === "GET" && file && files.has(file[1]!)) {
      fake.downloads++;
      response.writeHead(200, { "content-type": "image/jpeg" });
      response.end(files.get(file[1]!));
      return;
    }
    response.writeHead(404, { "content-type": "application/json" });
    response.end(
      JSON.stringify({ error: { code: "NotFound", message: "not found", param: "", type: "NotFound" } }),
    );
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  fake.baseUrl = `http://127.0.0.1:${port}/api/v3`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      holder.holding = false;
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake as SeedreamFake;
}
