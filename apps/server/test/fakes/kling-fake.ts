/**
 * A contract fake of Kling's image API (vendors CONTRACTS §2), on 127.0.0.1:
 * - every request needs `Authorization: Bearer <JWT>`: HS256 over {alg, typ}, signed with the
 *   secret key, iss = the access key, nbf ≤ now < exp; else 401 with code 1001 (none), 1002
 *   (bad signature or issuer), 1003 (not yet valid) or 1004 (expired)
 * - POST /v1/images/generations and /v1/images/multi-image2image (JSON) → 200 `{code: 0, data:
 *   {task_id, task_status: "submitted", …}}`; a body outside the contract (an image with a
 *   `data:` prefix or not base64, n outside 1–9, an unknown aspect ratio, negative_prompt with an
 *   image, a prompt over 2500) → 400 code 1201
 * - GET /v1/images/<endpoint>/{task_id} → `submitted` → `processing` → `succeed` (one step per
 *   poll) with `task_result.images[{index, url}]` served here, or `failed` with task_status_msg
 * - outcomes: ok; partial (fewer images than n); refuse (the submit answers 400 code 1301); busy
 *   (the next `busyAnswers` submits answer 429 code 1303); failTask (the task ends `failed`);
 *   hang (the task stays `processing`; a test may change a task's outcome later)
 * - weather (issue 27): `pollFailures` lists how the next polls fail on the way ("network": the
 *   connection drops without an answer; 500 code 5000, 503 code 5001, 429 code 1302), and
 *   `dropSubmitAnswers` how many submits create their task but lose the answer
 * - a task is found by its external_task_id too (CONTRACTS §2.4), and carries created_at (ms)
 * - POST /__fake/outcome {outcome} (no token: the fake's control, not Kling's API) sets the outcome
 *   of the next tasks from another process (the browser journeys)
 * Errors are Kling's envelope `{code, message, request_id}`.
 */
import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";

export type TKlingOutcome = "ok" | "partial" | "refuse" | "busy" | "failTask" | "hang";

const ASPECT_RATIOS = new Set(["16:9", "9:16", "1:1", "4:3", "3:4", "3:2", "2:3", "21:9"]);
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

export type TKlingWeather = "network" | 500 | 503 | 429;

export interface KlingTask {
  id: string;
  /** Unix milliseconds, as Kling reports it. */
  createdAt: number;
  endpoint: "generations" | "multi-image2image";
  body: Record<string, unknown>;
  polls: number;
  outcome: TKlingOutcome;
}

export interface KlingFake {
  baseUrl: string;
  accessKey: string;
  secretKey: string;
  outcome: TKlingOutcome;
  /** How many submits answer 1303 while the outcome is busy. */
  busyAnswers: number;
  /** The fake's clock in unix seconds (tests move it to expire tokens). */
  nowSeconds: () => number;
  resultPng: Buffer;
  /** Renders a task's result image instead of resultPng (the dev stand-in tints the reference). */
  render?: (task: KlingTask, index: number) => Promise<Buffer>;
  tasks: Map<string, KlingTask>;
  /** Task-creating submissions accepted (refused ones not counted). */
  submits: number;
  /** Every request's bearer token, in order. */
  tokens: string[];
  /** How the next polls fail on the way, first in first out. */
  pollFailures: TKlingWeather[];
  /** Polls answered (failures on the way included). */
  polls: number;
  /** Submits that make their task and then drop the connection instead of answering. */
  dropSubmitAnswers: number;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function isImageField(value: unknown): boolean {
  if (typeof value !== "string" || value.length === 0) return false;
  if (/^https?:\/\//.test(value)) return true;
  // CONTRACTS §2.3: raw base64, the `data:image/png;base64,` form is "Incorrect".
  return !value.startsWith("data:") && BASE64.test(value);
}

export async function startKlingFake(
  resultPng: Buffer,
  options: { port?: number; render?: KlingFake["render"] } = {},
): Promise<KlingFake> {
  const fake = {
    accessKey: "kling_test_access",
    secretKey: "kling_test_secret",
    outcome: "ok" as TKlingOutcome,
    busyAnswers: 2,
    nowSeconds: () => Math.floor(Date.now() / 1000),
    resultPng,
    tasks: new Map<string, KlingTask>(),
    submits: 0,
    tokens: [] as string[],
    pollFailures: [] as TKlingWeather[],
    polls: 0,
    dropSubmitAnswers: 0,
    render: options.render,
  } as KlingFake;
  let origin = "";

  function verify(authorization: string | undefined): number {
    if (!authorization?.startsWith("Bearer ")) return 1001;
    const token = authorization.slice("Bearer ".length);
    fake.tokens.push(token);
    const [header, payload, signature] = token.split(".");
    if (!header || !payload || !signature) return 1002;
    const expected = createHmac("sha256", fake.secretKey).update(`${header}.${payload}`).digest();
    const given = Buffer.from(signature, "base64url");
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 1002;
    try {
      const head = JSON.parse(Buffer.from(header, "base64url").toString("utf8"));
      const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
      if (head.alg !== "HS256" || claims.iss !== fake.accessKey) return 1002;
      const now = fake.nowSeconds();
      if (typeof claims.nbf !== "number" || claims.nbf > now) return 1003;
      if (typeof claims.exp !== "number" || claims.exp <= now) return 1004;
    } catch {
      return 1002;
    }
    return 0;
  }

  function contractProblem(endpoint: KlingTask["endpoint"], body: Record<string, unknown>): string | null {
    if (typeof body.prompt !== "string" || body.prompt.length > 2500) return "prompt";
    if (
      body.n !== undefined &&
      (!Number.isInteger(body.n) || (body.n as number) < 1 || (body.n as number) > 9)
    )
      return "n";
    if (body.aspect_ratio !== undefined && !ASPECT_RATIOS.has(body.aspect_ratio as string))
      return "aspect_ratio";
    if (endpoint === "generations") {
      if (body.image !== undefined && !isImageField(body.image)) return "image";
      if (body.image && body.negative_prompt) return "negative_prompt";
      if (body.image_reference !== undefined && !["subject", "face"].includes(body.image_reference as string))
        return "image_reference";
      if (body.image_reference && !body.image) return "image";
    } else {
      const list = body.subject_image_list;
      if (!Array.isArray(list) || list.length < 1 || list.length > 4) return "subject_image_list";
      if (!list.every((item) => isImageField((item as { subject_image?: unknown }).subject_image)))
        return "subject_image";
      for (const key of ["scene_image", "style_image"])
        if (body[key] !== undefined && !isImageField(body[key])) return key;
    }
    return null;
  }

  const server: Server = createServer(async (request, response) => {
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    };
    const refuse = (status: number, code: number, message: string) =>
      send(status, { code, message, request_id: randomUUID() });
    const url = new URL(request.url ?? "/", origin);
    const result = url.pathname.match(/^\/results\/([\w-]+)\/(\d+)\.png$/);
    if (request.method === "GET" && result) {
      const task = fake.tasks.get(result[1]!);
      const bytes = task && fake.render ? await fake.render(task, Number(result[2])) : fake.resultPng;
      response.writeHead(200, { "content-type": "image/png" });
      response.end(bytes);
      return;
    }
    // The fake's own control (not Kling's API): a browser journey in another process steers the
    // outcome of the tasks submitted next (image edit's Seedream fake has the same route).
    if (request.method === "POST" && url.pathname === "/__fake/outcome") {
      try {
        const body = JSON.parse((await readBody(request)) || "{}") as { outcome?: TKlingOutcome };
        if (body.outcome) fake.outcome = body.outcome;
        return send(200, { outcome: fake.outcome });
      } catch {
        return send(400, { error: "bad control body" });
      }
    }
    const authCode = verify(request.headers.authorization);
    if (authCode !== 0) return refuse(401, authCode, "authentication failed");
    const route = url.pathname.match(/^\/v1\/images\/(generations|multi-image2image)(?:\/([\w-]+))?$/);
    if (!route) return refuse(404, 1202, "invalid method");
    const endpoint = route[1] as KlingTask["endpoint"];
    const taskId = route[2];

    if (request.method === "POST" && !taskId) {
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(await readBody(request));
      } catch {
        return refuse(400, 1200, "invalid params");
      }
      const problem = contractProblem(endpoint, body);
      if (problem) return refuse(400, 1201, `invalid value: ${problem}`);
      if (fake.outcome === "refuse") return refuse(400, 1301, "content security policy triggered");
      if (fake.outcome === "busy" && fake.busyAnswers > 0) {
        fake.busyAnswers--;
        return refuse(429, 1303, "parallel task over resource pack limit");
      }
      fake.submits++;
      const id = randomUUID().replaceAll("-", "");
      const now = Date.now();
      fake.tasks.set(id, { id, createdAt: now, endpoint, body, polls: 0, outcome: fake.outcome });
      if (fake.dropSubmitAnswers > 0) {
        fake.dropSubmitAnswers--;
        response.socket?.destroy();
        return;
      }
      return send(200, {
        code: 0,
        message: "SUCCEED",
        request_id: randomUUID(),
        data: {
          task_id: id,
          task_status: "submitted",
          task_info: { external_task_id: body.external_task_id ?? "" },
          created_at: now,
          updated_at: now,
        },
      });
    }

    if (request.method === "GET" && taskId) {
      fake.polls++;
      const weather = fake.pollFailures.shift();
      if (weather === "network") {
        response.socket?.destroy();
        return;
      }
      if (weather === 500) return refuse(500, 5000, "internal error");
      if (weather === 503) return refuse(503, 5001, "service temporarily unavailable");
      if (weather === 429) return refuse(429, 1302, "requests too fast");
      const task =
        fake.tasks.get(taskId) ?? [...fake.tasks.values()].find((t) => t.body.external_task_id === taskId);
      if (!task || task.endpoint !== endpoint) return refuse(404, 1203, "task not found");
      task.polls++;
      const base = {
        task_id: task.id,
        task_info: { external_task_id: task.body.external_task_id ?? "" },
        created_at: task.createdAt,
        updated_at: Date.now(),
      };
      const running = task.outcome === "hang" || task.polls < 3;
      if (running) {
        return send(200, {
          code: 0,
          message: "SUCCEED",
          request_id: randomUUID(),
          data: { ...base, task_status: task.polls < 2 ? "submitted" : "processing", task_status_msg: "" },
        });
      }
      if (task.outcome === "failTask") {
        return send(200, {
          code: 0,
          message: "SUCCEED",
          request_id: randomUUID(),
          data: { ...base, task_status: "failed", task_status_msg: "internal generation error" },
        });
      }
      const asked = typeof task.body.n === "number" ? task.body.n : 1;
      const made = task.outcome === "partial" ? Math.max(1, asked - 1) : asked;
      return send(200, {
        code: 0,
        message: "SUCCEED",
        request_id: randomUUID(),
        data: {
          ...base,
          task_status: "succeed",
          task_status_msg: "",
          final_unit_deduction: String(made),
          watermark_info: { enabled: false },
          task_result: {
            images: Array.from({ length: made }, (_, index) => ({
              index,
              url: `${origin}/results/${task.id}/${index}.png`,
            })),
          },
        },
      });
    }
    return refuse(404, 1202, "invalid method");
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.baseUrl = origin;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}

const TINTS = ["#f4c7c3", "#c3e0f4", "#d6f4c3", "#f4e6c3"];
const SIDE: Record<string, [number, number]> = {
  "1:1": [768, 768],
  "3:4": [672, 896],
  "9:16": [576, 1024],
  "4:3": [896, 672],
  "16:9": [1024, 576],
  "2:3": [640, 960],
  "3:2": [960, 640],
};

function sourceOf(task: KlingTask): Buffer | null {
  const body = task.body as {
    image?: string;
    scene_image?: string;
    subject_image_list?: Array<{ subject_image?: string }>;
  };
  const b64 = body.image ?? body.scene_image ?? body.subject_image_list?.[0]?.subject_image;
  return b64 && !/^https?:/.test(b64) ? Buffer.from(b64, "base64") : null;
}

/**
 * Results that move with the input (the dev stand-in and the browser journey): the reference or
 * first character image tinted a different hue per index, or a gradient for a prompt alone, at
 * the asked aspect ratio.
 */
export async function renderTinted(task: KlingTask, index: number): Promise<Buffer> {
  const [width, height] = SIDE[String(task.body.aspect_ratio)] ?? [768, 768];
  const tint = TINTS[index % TINTS.length]!;
  const source = sourceOf(task);
  if (source) {
    return sharp(source).resize(width, height, { fit: "cover" }).tint(tint).png().toBuffer();
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${tint}"/><stop offset="1" stop-color="#7a5cff"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
