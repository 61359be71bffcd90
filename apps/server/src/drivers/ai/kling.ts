/**
 * Kling's image API (vendors CONTRACTS §2): a fresh HS256 JWT per request (iss = access key,
 * exp = now + 30 min, nbf = now − 5 s), images as raw base64 without a `data:` prefix, a task
 * created and then polled until `succeed` or `failed`, the result URLs downloaded (they are
 * Kling's for 30 days; we keep our own copy). One reference or character image goes to
 * /v1/images/generations with `image_reference` (subject or face); several images (a reference
 * and characters, or more than one character) go to /v1/images/multi-image2image.
 *
 * Kling's business codes map to ours (GenerationError.code):
 *   1300, 1301 (policy, content safety)      → GENERATION_CONTENT_REFUSED
 *   1302, 1303 (too fast, concurrency)       → retried with exponential backoff from ≥ 1 s, then GENERATION_BUSY
 *   1000–1004, 1100–1103, 1304 (auth, account) → GENERATION_PROVIDER_REFUSED
 *   1200, 1201 (parameters)                  → GENERATION_INVALID_INPUT
 *   anything else, 5xxx, a lost connection   → GENERATION_FAILED
 *
 * Weather (issue 27): once a task exists, a poll that fails on the way (a lost connection, a 5xx,
 * a 429 or Kling's 1302/1303/5xxx) is tried again with backoff for the task's whole lifetime
 * (KLING_TIMEOUT_MS from the task's own created_at, so a worker that resumes it after a crash
 * keeps the same deadline); only the task's `failed` status or that deadline ends the run. A
 * submit lost on the way is looked up by its external_task_id before it is sent again, so a
 * retry never makes a second task.
 */
import { createHmac } from "node:crypto";
import { backoffDelay, sleepFor, vendorFetch } from "../http/vendor-http.ts";
import type {
  ReferenceImageProvider,
  TReferenceImageRequest,
  TReferenceImageResult,
} from "./reference-image-provider.ts";
import { GenerationError } from "./reference-image-provider.ts";

export interface TKlingConfig {
  accessKey: string;
  secretKey: string;
  baseUrl: string;
  model: string;
  pollIntervalMs: number;
  /** First wait after a 1302/1303 (CONTRACTS §2.7: at least 1 s in production). */
  retryBaseMs: number;
  /** The longest a task may take before the job fails. */
  timeoutMs: number;
  isTestProvider: boolean;
}

const TOKEN_TTL_SECONDS = 1800;
const NOT_BEFORE_SKEW_SECONDS = 5;
const REQUEST_TIMEOUT_MS = 30_000;
const BUSY_RETRIES = 4;
/** The longest wait between two tries of a busy submit or a download. */
const MAX_BUSY_BACKOFF_MS = 30_000;
const DOWNLOAD_RETRIES = 2;
/** The longest wait between two polls while Kling's answers keep failing. */
const MAX_POLL_BACKOFF_MS = 60_000;
const MAX_RESULT_BYTES = 40 * 1024 * 1024;
/** Models the multi-reference endpoint takes (CONTRACTS §2.5). */
const MULTI_MODELS = new Set(["kling-v2", "kling-v2-1"]);

const base64url = (value: Buffer | string) => Buffer.from(value).toString("base64url");

/** CONTRACTS §2.2: header {alg: HS256, typ: JWT}, payload {iss, exp, nbf}, HMAC-SHA256 with the secret key. */
export function signKlingToken(accessKey: string, secretKey: string, nowSeconds: number): string {
  const header = base64url(JSON.stringify({ alg: "HS256", typ: "JWT" }));
  const payload = base64url(
    JSON.stringify({
      iss: accessKey,
      exp: nowSeconds + TOKEN_TTL_SECONDS,
      nbf: nowSeconds - NOT_BEFORE_SKEW_SECONDS,
    }),
  );
  const signature = createHmac("sha256", secretKey).update(`${header}.${payload}`).digest("base64url");
  return `${header}.${payload}.${signature}`;
}

/** Our code for one of Kling's business codes. */
export function klingErrorCode(code: number): string {
  if (code === 1300 || code === 1301) return "GENERATION_CONTENT_REFUSED";
  if (code === 1302 || code === 1303) return "GENERATION_BUSY";
  if ((code >= 1000 && code <= 1004) || (code >= 1100 && code <= 1103) || code === 1304)
    return "GENERATION_PROVIDER_REFUSED";
  if (code === 1200 || code === 1201) return "GENERATION_INVALID_INPUT";
  return "GENERATION_FAILED";
}

/** A failed task's message that speaks of content safety reads as a refusal (CONTRACTS §2.4 task_status_msg). */
const REFUSAL_MESSAGE = /(risk|safety|sensitive|policy|inappropriate|nsfw)/i;

interface KlingEnvelope {
  code?: number;
  message?: string;
  data?: {
    task_id?: string;
    task_status?: string;
    task_status_msg?: string;
    task_result?: { images?: Array<{ index?: number; url?: string }> };
    /** Unix milliseconds (CONTRACTS §2.3). */
    created_at?: number;
  };
}

/** A failure on the way that says nothing about the task: the same call may be made again. */
class TransientKlingError extends GenerationError {
  constructor(
    message: string,
    options?: { cause?: unknown },
    /** Kling's business code, when it answered. */
    readonly klingCode?: number,
  ) {
    super("GENERATION_FAILED", message, options);
  }
}

/** HTTP statuses and Kling codes that are weather, not a verdict (CONTRACTS §2.7). */
function isTransient(status: number, code: number): boolean {
  return status === 429 || status >= 500 || code === 1302 || code === 1303 || code >= 5000;
}

/** Which endpoint a request goes to: one image with image_reference, or the multi-reference one. */
function routeOf(request: Pick<TReferenceImageRequest, "reference" | "characters">): "single" | "multi" {
  const count = request.characters.length + (request.reference ? 1 : 0);
  return request.characters.length > 1 || (request.characters.length > 0 && count > 1) ? "multi" : "single";
}

export function createKlingProvider(
  config: TKlingConfig,
  options: { nowSeconds?: () => number; fetch?: typeof fetch } = {},
): ReferenceImageProvider {
  const nowSeconds = options.nowSeconds ?? (() => Math.floor(Date.now() / 1000));
  const doFetch = options.fetch ?? fetch;

  /** One request; a lost connection or a transient answer throws TransientKlingError. */
  async function once(method: "GET" | "POST", path: string, body: unknown, signal: AbortSignal) {
    let answer: { response: Response; envelope: KlingEnvelope };
    try {
      answer = await vendorFetch(
        `${config.baseUrl}${path}`,
        {
          method,
          headers: {
            authorization: `Bearer ${signKlingToken(config.accessKey, config.secretKey, nowSeconds())}`,
            ...(body === undefined ? {} : { "content-type": "application/json" }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        },
        // One attempt: the loops below retry by Kling's own codes, and a submit is looked up first.
        { timeoutMs: REQUEST_TIMEOUT_MS, signal, retries: 0, fetch: doFetch, vendor: "Kling" },
        async (response) => ({
          response,
          envelope: (await response.json().catch(() => ({}))) as KlingEnvelope,
        }),
      );
    } catch (error) {
      signal.throwIfAborted();
      throw new TransientKlingError("Kling could not be reached.", { cause: error });
    }
    const { response, envelope } = answer;
    const code = typeof envelope.code === "number" ? envelope.code : response.ok ? 0 : 5000;
    if (response.ok && code === 0) return envelope;
    const said = `Kling answered ${response.status} code ${code}: ${envelope.message ?? ""}`;
    if (isTransient(response.status, code)) throw new TransientKlingError(said, undefined, code);
    throw new GenerationError(klingErrorCode(code), said);
  }

  /** Polls a task until it ends, riding out failures on the way until its deadline. */
  async function poll(path: string, taskId: string, signal: AbortSignal) {
    let deadline = Date.now() + config.timeoutMs;
    let failures = 0;
    for (;;) {
      let data: NonNullable<KlingEnvelope["data"]> | undefined;
      try {
        data = (await once("GET", `${path}/${encodeURIComponent(taskId)}`, undefined, signal)).data ?? {};
        failures = 0;
        // The task's lifetime runs from when Kling made it, whichever run of the job polls it.
        if (typeof data.created_at === "number" && data.created_at > 0)
          deadline = Math.min(deadline, data.created_at + config.timeoutMs);
      } catch (error) {
        if (!(error instanceof TransientKlingError)) throw error;
        failures += 1;
      }
      if (data?.task_status === "succeed" || data?.task_status === "failed") return data;
      if (Date.now() > deadline)
        throw new GenerationError("GENERATION_FAILED", "Kling's task took too long.");
      const wait =
        failures === 0 ? config.pollIntervalMs : config.pollIntervalMs * 2 ** Math.min(failures, 10);
      await sleepFor(Math.min(wait, Math.max(MAX_POLL_BACKOFF_MS, config.pollIntervalMs)), signal);
    }
  }

  /** A submit: Kling's "too fast" and "too many at once" are waited out with backoff (§2.7). */
  async function call(method: "GET" | "POST", path: string, body: unknown, signal: AbortSignal) {
    for (let attempt = 0; ; attempt++) {
      try {
        return await once(method, path, body, signal);
      } catch (error) {
        const busy =
          error instanceof TransientKlingError && (error.klingCode === 1302 || error.klingCode === 1303);
        if (!busy) throw error;
        if (attempt >= BUSY_RETRIES) throw new GenerationError("GENERATION_BUSY", error.message);
        await sleepFor(backoffDelay(attempt, config.retryBaseMs, MAX_BUSY_BACKOFF_MS), signal);
      }
    }
  }

  /**
   * Creates the task. A submit lost on the way (no answer, a 5xx) may have made it: it is looked
   * up by our external_task_id before the submit is sent again.
   */
  async function submit(path: string, body: unknown, request: TReferenceImageRequest): Promise<string> {
    for (let attempt = 0; ; attempt++) {
      try {
        const created = await call("POST", path, body, request.signal);
        const id = created.data?.task_id;
        if (!id) throw new GenerationError("GENERATION_FAILED", "Kling gave no task id.");
        return id;
      } catch (error) {
        if (!(error instanceof TransientKlingError) || attempt >= BUSY_RETRIES) throw error;
        const found = await once(
          "GET",
          `${path}/${encodeURIComponent(request.externalTaskId)}`,
          undefined,
          request.signal,
        ).catch(() => undefined);
        if (found?.data?.task_id) return found.data.task_id;
        await sleepFor(backoffDelay(attempt, config.retryBaseMs, MAX_BUSY_BACKOFF_MS), request.signal);
      }
    }
  }

  function submitBody(request: TReferenceImageRequest) {
    const common = {
      n: request.numImages,
      aspect_ratio: request.aspectRatio,
      external_task_id: request.externalTaskId,
    };
    const b64 = (bytes: Buffer) => bytes.toString("base64");
    if (routeOf(request) === "multi") {
      return {
        path: "/v1/images/multi-image2image",
        body: {
          model_name: MULTI_MODELS.has(config.model) ? config.model : "kling-v2-1",
          prompt: request.prompt,
          subject_image_list: request.characters.map((bytes) => ({ subject_image: b64(bytes) })),
          ...(request.reference ? { scene_image: b64(request.reference) } : {}),
          ...common,
        },
      };
    }
    const image = request.characters[0] ?? request.reference;
    return {
      path: "/v1/images/generations",
      body: {
        model_name: config.model,
        prompt: request.prompt,
        ...(image
          ? {
              image: b64(image),
              // A character image keeps its person (subject) or face; a reference is a subject.
              image_reference: request.characters.length > 0 ? request.characterMode : "subject",
            }
          : {}),
        ...common,
      },
    };
  }

  /** A result image; a download lost on the way (no answer, 429, 5xx) is tried again (the URL lives 30 days). */
  async function download(url: string, signal: AbortSignal): Promise<Buffer> {
    try {
      return await vendorFetch(
        url,
        {},
        {
          timeoutMs: REQUEST_TIMEOUT_MS,
          signal,
          retries: DOWNLOAD_RETRIES,
          backoffMs: config.retryBaseMs,
          maxBackoffMs: MAX_BUSY_BACKOFF_MS,
          fetch: doFetch,
          vendor: "Kling's result host",
        },
        async (response) => {
          if (!response.ok) throw new Error(`HTTP ${response.status}`);
          const declared = Number(response.headers.get("content-length") ?? 0);
          if (declared > MAX_RESULT_BYTES) throw new Error("result too large");
          const bytes = Buffer.from(await response.arrayBuffer());
          if (bytes.length > MAX_RESULT_BYTES) throw new Error("result too large");
          return bytes;
        },
      );
    } catch (error) {
      signal.throwIfAborted();
      throw new GenerationError("GENERATION_FAILED", "A Kling result could not be downloaded.", {
        cause: error,
      });
    }
  }

  return {
    provider: "kling",
    isTestProvider: config.isTestProvider,

    async generate(request): Promise<TReferenceImageResult> {
      const { path, body } = submitBody(request);
      let taskId = request.providerTaskId;
      if (!taskId) {
        taskId = await submit(path, body, request);
        await request.onProviderTaskId(taskId);
      }
      const data = await poll(path, taskId, request.signal);
      if (data.task_status === "succeed") {
        const urls = (data.task_result?.images ?? [])
          .slice()
          .sort((a, b) => (a.index ?? 0) - (b.index ?? 0))
          .map((image) => image.url)
          .filter((url): url is string => typeof url === "string" && /^https?:\/\//.test(url))
          .slice(0, request.numImages);
        if (urls.length === 0) throw new GenerationError("GENERATION_FAILED", "Kling's task made no image.");
        const images: Buffer[] = [];
        for (const url of urls) images.push(await download(url, request.signal));
        return { images, partial: images.length < request.numImages };
      }
      const message = data.task_status_msg ?? "";
      throw new GenerationError(
        REFUSAL_MESSAGE.test(message) ? "GENERATION_CONTENT_REFUSED" : "GENERATION_FAILED",
        `Kling's task failed: ${message}`,
      );
    },
  };
}
