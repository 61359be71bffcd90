/**
 * A contract fake of the OpenAI-compatible chat API (vendors/CONTRACTS.md §4.5), on 127.0.0.1:
 * - POST /v1/chat/completions, `authorization: Bearer <key>` when the fake has a key (401 with
 *   OpenAI's error envelope otherwise), body `{model, messages:[{role, content: string |
 *   [{type:'text',text} | {type:'image_url',image_url:{url}}]}], stream, stream_options?}`
 * - not streamed: `{id, object:'chat.completion', created, model, choices:[{index:0,
 *   message:{role:'assistant', content}, finish_reason:'stop'}], usage:{prompt_tokens,
 *   completion_tokens, total_tokens}}`
 * - streamed: SSE `data: {…"object":"chat.completion.chunk","choices":[{"index":0,"delta":{…}}]}`
 *   chunks, a final chunk with `choices:[]` and `usage` when `stream_options.include_usage`, then
 *   `data: [DONE]`
 * - errors: `{"error":{"message","type","param","code"}}` with the HTTP status
 * - an unknown model → 404 model_not_found; image parts sent to a model that is not the vision
 *   model → 400 (as a text-only model's server answers)
 *
 * - structured output (issue 27): `response_format: {type: 'json_schema', json_schema: {name,
 *   schema, strict}}` is answered with a JSON object as the content, `{type: 'json_object'}` too;
 *   `tools` with `tool_choice: {type: 'function', function: {name}}` with an assistant message
 *   whose `tool_calls` carry the arguments as a JSON string and `finish_reason: 'tool_calls'`.
 *   A fake made with `responseFormat: "reject"` / `tools: "reject"` answers those requests 400
 *   the way servers without the feature do; `"ignore"` answers them with plain text.
 *
 * Tests script what the next calls do (`fake.script.push(...)`): an error status, a slow answer
 * (headers late), a stream that stalls, breaks or ends early mid-way, a given reply, or a given
 * prompt (answered in whatever form was asked for). Without a script the reply is made from the
 * request (it names the last user text and counts its images) and holds a ```prompt block, so
 * every helper has a prompt to take. `npm run dev` starts this as a stand-in provider
 * (scripts/dev.mjs), with a delay between chunks so the streaming shows. A process that cannot
 * reach `script` (the browser journeys, the dev stand-in) steers one reply by writing a marker in
 * the message: `[[fake:broken]]` (the stream drops after 12 pieces) or `[[fake:stall]]`, for
 * the first reply to that message only.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type TChatFakeStep =
  /** Answer with this status and OpenAI's error envelope (retry-after-ms: 1 on 429/5xx). */
  | { kind: "error"; status: number; message?: string; type?: string; code?: string }
  /** Wait this long before the headers (the client's timeout is what ends it). */
  | { kind: "slow"; delayMs: number; reply?: string }
  /** Stream part of the reply, then close the connection without [DONE]. */
  | { kind: "broken"; after?: number }
  /** Stream part of the reply, then go silent (keep the connection open) until closed. */
  | { kind: "stall"; after?: number }
  /** Answer with exactly this text. */
  | { kind: "reply"; text: string }
  /** Stream part of the reply, then end the response cleanly without a finish reason or [DONE]. */
  | { kind: "truncated"; after?: number }
  /** Answer with 200 and a body that is not JSON. */
  | { kind: "garbage" }
  /** Answer with this prompt in the form asked for (a JSON object, a tool call, or a prompt block). */
  | { kind: "prompt"; prompt: string };

export interface RecordedChatRequest {
  authorization: string | undefined;
  body: {
    model: string;
    stream?: boolean;
    stream_options?: { include_usage?: boolean };
    response_format?: { type: string; json_schema?: { name?: string; schema?: unknown } };
    tools?: Array<{ type: string; function: { name: string; parameters?: unknown } }>;
    tool_choice?: string | { type: string; function?: { name: string } };
    messages: Array<{
      role: string;
      content: string | Array<{ type: string; text?: string; image_url?: { url: string } }>;
    }>;
  };
}

export interface ChatFake {
  /** Base URL to give as LLM_BASE_URL (…/v1). */
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  visionModel: string;
  /** Steps for the next calls, first in first out. */
  script: TChatFakeStep[];
  requests: RecordedChatRequest[];
  /** Pause between two streamed chunks (0 in tests; the dev stand-in slows down). */
  chunkDelayMs: number;
  close(): Promise<void>;
}

export interface ChatFakeOptions {
  apiKey?: string;
  model?: string;
  visionModel?: string;
  chunkDelayMs?: number;
  port?: number;
  /** Said at the start of every default reply (the dev stand-in says it is a test provider). */
  banner?: string;
  /** response_format json_schema/json_object: answered (default), refused with 400, or ignored. */
  responseFormat?: "answer" | "reject" | "ignore";
  /** tools: called (default), refused with 400, or ignored. */
  tools?: "call" | "reject" | "ignore";
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function lastUserParts(body: RecordedChatRequest["body"]) {
  const last = [...body.messages].reverse().find((m) => m.role === "user");
  if (!last) return { text: "", images: 0 };
  if (typeof last.content === "string") return { text: last.content, images: 0 };
  return {
    text: last.content
      .filter((p) => p.type === "text")
      .map((p) => p.text ?? "")
      .join(" "),
    images: last.content.filter((p) => p.type === "image_url").length,
  };
}

/** The default reply: what was asked, and a prompt block made from it. */
export function defaultChatReply(body: RecordedChatRequest["body"], banner = ""): string {
  const { text, images } = lastUserParts(body);
  const subject = text.replace(/\s+/g, " ").trim().slice(0, 120) || "the attached photo";
  const seen = images > 0 ? ` I looked at ${images} image${images > 1 ? "s" : ""}.` : "";
  return (
    `${banner}Here is a prompt for "${subject}".${seen}\n\n` +
    "```prompt\n" +
    `portrait photo, ${subject}, soft window light, 85mm lens, natural skin texture\n` +
    "```\n\nTell me what to change."
  );
}

/** The prompt of the default reply. */
export function defaultPrompt(body: RecordedChatRequest["body"]): string {
  const { text } = lastUserParts(body);
  const subject = text.replace(/\s+/g, " ").trim().slice(0, 120) || "the attached photo";
  return `portrait photo, ${subject}, soft window light, 85mm lens, natural skin texture`;
}

/** Splits text into small pieces the way a model streams tokens. */
function pieces(text: string): string[] {
  return text.match(/[\s\S]{1,6}/g) ?? [];
}

export async function startChatFake(options: ChatFakeOptions = {}): Promise<ChatFake> {
  const fake: ChatFake = {
    baseUrl: "",
    apiKey: options.apiKey,
    model: options.model ?? "fake-chat",
    visionModel: options.visionModel ?? options.model ?? "fake-chat",
    script: [],
    requests: [],
    chunkDelayMs: options.chunkDelayMs ?? 0,
    close: async () => {},
  };
  const open = new Set<ServerResponse>();
  const markedSeen = new Set<string>();

  function sendError(response: ServerResponse, status: number, message: string, type: string, code: string) {
    response.writeHead(status, {
      "content-type": "application/json",
      ...(status === 429 || status >= 500 ? { "retry-after-ms": "1" } : {}),
    });
    response.end(JSON.stringify({ error: { message, type, param: null, code } }));
  }

  async function stream(
    response: ServerResponse,
    body: RecordedChatRequest["body"],
    text: string,
    end: "done" | "broken" | "stall" | "truncated",
    after: number,
  ) {
    const id = `chatcmpl-${Date.now()}`;
    const created = Math.floor(Date.now() / 1000);
    const chunk = (choices: unknown[], extra: Record<string, unknown> = {}) =>
      `data: ${JSON.stringify({ id, object: "chat.completion.chunk", created, model: body.model, choices, ...extra })}\n\n`;
    response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    response.write(chunk([{ index: 0, delta: { role: "assistant", content: "" }, finish_reason: null }]));
    const all = pieces(text);
    const sent = end === "done" ? all : all.slice(0, after);
    for (const piece of sent) {
      if (response.destroyed) return;
      if (fake.chunkDelayMs > 0) await sleep(fake.chunkDelayMs);
      response.write(chunk([{ index: 0, delta: { content: piece }, finish_reason: null }]));
    }
    if (end === "broken") {
      // What was written reaches the client first; then the connection drops.
      response.write("", () => response.socket?.destroy());
      return;
    }
    if (end === "truncated") {
      response.end();
      return;
    }
    if (end === "stall") return; // left open; close() or the client ends it
    response.write(chunk([{ index: 0, delta: {}, finish_reason: "stop" }]));
    if (body.stream_options?.include_usage) {
      response.write(
        chunk([], {
          usage: { prompt_tokens: 42, completion_tokens: all.length, total_tokens: 42 + all.length },
        }),
      );
    }
    response.write("data: [DONE]\n\n");
    response.end();
  }

  const server: Server = createServer(async (request, response) => {
    open.add(response);
    response.on("close", () => open.delete(response));
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    if (request.method !== "POST" || url.pathname !== "/v1/chat/completions") {
      sendError(response, 404, `Unknown path ${url.pathname}`, "invalid_request_error", "not_found");
      return;
    }
    let body: RecordedChatRequest["body"];
    try {
      body = JSON.parse(await readBody(request));
    } catch {
      sendError(response, 400, "We could not parse the JSON body.", "invalid_request_error", "invalid_json");
      return;
    }
    fake.requests.push({ authorization: request.headers.authorization, body });
    if (fake.apiKey && request.headers.authorization !== `Bearer ${fake.apiKey}`) {
      sendError(response, 401, "Incorrect API key provided.", "invalid_request_error", "invalid_api_key");
      return;
    }
    if (body.model !== fake.model && body.model !== fake.visionModel) {
      sendError(
        response,
        404,
        `The model \`${body.model}\` does not exist.`,
        "invalid_request_error",
        "model_not_found",
      );
      return;
    }
    if (lastUserParts(body).images > 0 && body.model !== fake.visionModel) {
      sendError(
        response,
        400,
        "This model does not support image input.",
        "invalid_request_error",
        "bad_image",
      );
      return;
    }
    // A marked message breaks its first reply only, so a retry of it gets a whole one.
    const lastText = lastUserParts(body).text;
    let marked = /\[\[fake:(broken|stall)\]\]/.exec(lastText)?.[1] as "broken" | "stall" | undefined;
    if (marked && markedSeen.has(lastText)) marked = undefined;
    if (marked) markedSeen.add(lastText);
    const step = fake.script.shift() ?? (marked ? ({ kind: marked, after: 12 } as const) : undefined);
    if (step?.kind === "error") {
      sendError(
        response,
        step.status,
        step.message ?? "The server had an error while processing your request.",
        step.type ?? (step.status >= 500 ? "server_error" : "invalid_request_error"),
        step.code ?? String(step.status),
      );
      return;
    }
    if (step?.kind === "garbage") {
      response.writeHead(200, { "content-type": "application/json" });
      response.end("<html>502 Bad Gateway</html>");
      return;
    }
    const wantsObject =
      body.response_format?.type === "json_schema" || body.response_format?.type === "json_object";
    const choice = body.tool_choice;
    const toolName =
      body.tools?.length && typeof choice === "object" && choice.function?.name
        ? choice.function.name
        : body.tools?.length && choice === "required"
          ? body.tools[0]!.function.name
          : undefined;
    if (wantsObject && options.responseFormat === "reject") {
      sendError(
        response,
        400,
        `response_format type ${body.response_format!.type} is not supported by this server`,
        "invalid_request_error",
        "unsupported_response_format",
      );
      return;
    }
    if (body.tools?.length && options.tools === "reject") {
      sendError(
        response,
        400,
        "tools are not supported by this model",
        "invalid_request_error",
        "unsupported_tools",
      );
      return;
    }
    if (step?.kind === "slow") await sleep(step.delayMs);
    if (response.destroyed) return;
    const promptText = step?.kind === "prompt" ? step.prompt : defaultPrompt(body);
    let text = defaultChatReply(body, options.banner);
    if (step?.kind === "prompt") text = `Here is a prompt.\n\n\`\`\`prompt\n${step.prompt}\n\`\`\``;
    if (wantsObject && options.responseFormat !== "ignore") text = JSON.stringify({ prompt: promptText });
    if (step?.kind === "reply") text = step.text;
    else if (step?.kind === "slow" && step.reply !== undefined) text = step.reply;
    if (toolName && options.tools !== "ignore" && !body.stream && step?.kind !== "reply") {
      const args = JSON.stringify({ prompt: promptText });
      response.writeHead(200, { "content-type": "application/json" });
      response.end(
        JSON.stringify({
          id: `chatcmpl-${Date.now()}`,
          object: "chat.completion",
          created: Math.floor(Date.now() / 1000),
          model: body.model,
          choices: [
            {
              index: 0,
              message: {
                role: "assistant",
                content: null,
                tool_calls: [
                  {
                    id: `call_${Date.now()}`,
                    type: "function",
                    function: { name: toolName, arguments: args },
                  },
                ],
              },
              finish_reason: "tool_calls",
            },
          ],
          usage: { prompt_tokens: 42, completion_tokens: 10, total_tokens: 52 },
        }),
      );
      return;
    }
    if (body.stream) {
      if (step?.kind === "truncated") return stream(response, body, text, "truncated", step.after ?? 3);
      if (step?.kind === "broken") return stream(response, body, text, "broken", step.after ?? 3);
      if (step?.kind === "stall") return stream(response, body, text, "stall", step.after ?? 3);
      return stream(response, body, text, "done", 0);
    }
    if (step?.kind === "broken" || step?.kind === "stall") {
      response.socket?.destroy();
      return;
    }
    const completion = pieces(text).length;
    response.writeHead(200, { "content-type": "application/json" });
    response.end(
      JSON.stringify({
        id: `chatcmpl-${Date.now()}`,
        object: "chat.completion",
        created: Math.floor(Date.now() / 1000),
        model: body.model,
        choices: [{ index: 0, message: { role: "assistant", content: text }, finish_reason: "stop" }],
        usage: { prompt_tokens: 42, completion_tokens: completion, total_tokens: 42 + completion },
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  fake.baseUrl = `http://127.0.0.1:${port}/v1`;
  fake.close = async () => {
    for (const response of open) response.socket?.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return fake;
}
