/**
 * The AI SDK driver against the contract fake of /v1/chat/completions (CONTRACTS.md §4.5):
 * streamed and not, text and image parts, usage, the provider's error bodies, retries, slow and
 * broken streams, and stop.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type ChatFake, startChatFake } from "../../../test/fakes/openai-chat-fake.ts";
import { isAppError } from "../../lib/app-error.ts";
import { createAiSdkChatModel, type TLlmSettings } from "./ai-sdk-chat-model.ts";
import { ChatCutOffError, ChatStoppedError } from "./chat-model.ts";

let fake: ChatFake;

beforeEach(async () => {
  fake = await startChatFake({ apiKey: "sk-test", model: "text-model", visionModel: "vision-model" });
});
afterEach(async () => {
  await fake.close();
});

function model(overrides: Partial<TLlmSettings> = {}) {
  return createAiSdkChatModel({
    baseUrl: fake.baseUrl,
    apiKey: "sk-test",
    model: "text-model",
    visionModel: "vision-model",
    timeoutMs: 10_000,
    streamIdleMs: 5_000,
    maxRetries: 2,
    isTestProvider: false,
    ...overrides,
  });
}

const hello = { system: "You write prompts.", turns: [{ role: "user" as const, text: "a cat" }] };

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (isAppError(error)) return error.code;
    throw error;
  }
  throw new Error("expected a failure");
}

describe("AI SDK chat model", () => {
  it("streams a reply piece by piece and reports its usage", async () => {
    const deltas: string[] = [];
    const result = await model().stream(hello, (text) => deltas.push(text));
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.join("")).toBe(result.text);
    expect(result.text).toContain('Here is a prompt for "a cat"');
    expect(result.usage.inputTokens).toBe(42);
    expect(result.usage.outputTokens).toBeGreaterThan(0);
    expect(result.model).toBe("text-model");
    const sent = fake.requests[0]!;
    expect(sent.authorization).toBe("Bearer sk-test");
    expect(sent.body.stream).toBe(true);
    expect(sent.body.stream_options).toEqual({ include_usage: true });
    expect(sent.body.messages[0]).toEqual({ role: "system", content: "You write prompts." });
  });

  it("answers without streaming, with usage", async () => {
    const result = await model().generate(hello);
    expect(result.text).toContain("```prompt");
    expect(result.usage.totalTokens).toBeGreaterThan(42);
    expect(fake.requests[0]!.body.stream).toBeFalsy();
  });

  it("sends an image as an image_url data part to the vision model", async () => {
    const bytes = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
    const result = await model().generate({
      system: "s",
      turns: [
        { role: "user", text: "earlier" },
        { role: "assistant", text: "ok" },
        { role: "user", text: "describe", images: [{ bytes, mediaType: "image/jpeg" }] },
      ],
    });
    expect(result.model).toBe("vision-model");
    expect(result.text).toContain("I looked at 1 image");
    const body = fake.requests[0]!.body;
    expect(body.model).toBe("vision-model");
    const content = body.messages.at(-1)!.content as Array<{ type: string; image_url?: { url: string } }>;
    expect(content[0]).toEqual({ type: "text", text: "describe" });
    expect(content[1]!.type).toBe("image_url");
    expect(content[1]!.image_url!.url).toBe(
      `data:image/jpeg;base64,${Buffer.from(bytes).toString("base64")}`,
    );
  });

  it("retries a 5xx and a 429, then answers", async () => {
    fake.script.push({ kind: "error", status: 500 }, { kind: "error", status: 429 });
    const result = await model().generate(hello);
    expect(result.text).toContain("```prompt");
    expect(fake.requests).toHaveLength(3);
  });

  it("turns the provider's failures into our codes", async () => {
    fake.script.push(
      { kind: "error", status: 503 },
      { kind: "error", status: 503 },
      { kind: "error", status: 503 },
    );
    expect(await codeOf(model().generate(hello))).toBe("LLM_UNAVAILABLE");
    expect(fake.requests).toHaveLength(3);

    fake.script.push(
      { kind: "error", status: 429 },
      { kind: "error", status: 429 },
      { kind: "error", status: 429 },
    );
    expect(await codeOf(model().stream(hello, () => {}))).toBe("LLM_RATE_LIMITED");

    fake.script.push({ kind: "error", status: 400, message: "Invalid content", code: "content_filter" });
    const before = fake.requests.length;
    const error = await model()
      .generate(hello)
      .catch((e: unknown) => e);
    expect(isAppError(error) && error.code).toBe("LLM_REJECTED");
    expect((error as Error).message).toContain("Invalid content");
    expect(fake.requests.length - before).toBe(1); // a 400 is not retried

    expect(await codeOf(model({ apiKey: "wrong" }).generate(hello))).toBe("LLM_REJECTED");
    expect(await codeOf(model({ model: "no-such-model" }).stream(hello, () => {}))).toBe("LLM_REJECTED");
  });

  it("a provider that cannot be reached is unavailable", async () => {
    const address = fake.baseUrl;
    await fake.close();
    const m = createAiSdkChatModel({
      baseUrl: address,
      apiKey: undefined,
      model: "text-model",
      visionModel: "text-model",
      timeoutMs: 5_000,
      streamIdleMs: 5_000,
      maxRetries: 0,
      isTestProvider: false,
    });
    expect(await codeOf(m.generate(hello))).toBe("LLM_UNAVAILABLE");
    expect(await codeOf(m.stream(hello, () => {}))).toBe("LLM_UNAVAILABLE");
    fake = await startChatFake();
  });

  it("a slow provider times out; a stalled stream times out between pieces", async () => {
    fake.script.push({ kind: "slow", delayMs: 1_000 });
    expect(await codeOf(model({ timeoutMs: 300, maxRetries: 0 }).generate(hello))).toBe("LLM_TIMEOUT");

    // A stall after some text: the reply is cut off, and what came is kept (issue 27).
    fake.script.push({ kind: "stall", after: 2 });
    const deltas: string[] = [];
    const error = await model({ streamIdleMs: 300, maxRetries: 0 })
      .stream(hello, (text) => deltas.push(text))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChatCutOffError);
    expect((error as ChatCutOffError).partial).toBe(deltas.join(""));
    expect(deltas.length).toBe(2);
    expect(
      isAppError((error as ChatCutOffError).failure) && (error as ChatCutOffError).failure,
    ).toMatchObject({
      code: "LLM_TIMEOUT",
    });
  });

  it("a stream that breaks or ends early mid-way is cut off, keeping what arrived (issue 27)", async () => {
    for (const kind of ["broken", "truncated"] as const) {
      fake.script.push({ kind, after: 3 });
      const deltas: string[] = [];
      const error = await model({ maxRetries: 0 })
        .stream(hello, (text) => deltas.push(text))
        .catch((e: unknown) => e);
      expect(error, kind).toBeInstanceOf(ChatCutOffError);
      expect((error as ChatCutOffError).partial).toBe(deltas.join(""));
      expect((error as ChatCutOffError).partial.length).toBeGreaterThan(0);
      expect((error as ChatCutOffError).failure).toMatchObject({ code: "LLM_UNAVAILABLE" });
    }
    // Broken before any text: simply unavailable.
    fake.script.push({ kind: "broken", after: 0 });
    expect(await codeOf(model({ maxRetries: 0 }).stream(hello, () => {}))).toBe("LLM_UNAVAILABLE");
  });

  it("stop keeps what had arrived", async () => {
    fake.chunkDelayMs = 20;
    const stop = new AbortController();
    const deltas: string[] = [];
    const error = await model()
      .stream({ ...hello, signal: stop.signal }, (text) => {
        deltas.push(text);
        if (deltas.length === 3) stop.abort();
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChatStoppedError);
    expect((error as ChatStoppedError).partial).toBe(deltas.join(""));
  });
});

describe("a prompt as structured output (issue 27)", () => {
  const ask = { system: "Write a prompt.", turns: [{ role: "user" as const, text: "a cat" }] };

  it("asks for a JSON-schema object and takes its prompt", async () => {
    const result = await model().generatePrompt(ask);
    expect(result).toMatchObject({
      mode: "json_schema",
      prompt: expect.stringContaining("portrait photo, a cat"),
    });
    const sent = fake.requests[0]!.body;
    expect(sent.response_format?.type).toBe("json_schema");
    expect(sent.response_format?.json_schema?.name).toBe("prompt");
    expect(JSON.stringify(sent.response_format?.json_schema?.schema)).toContain('"prompt"');
  });

  it("falls back to a tool call, then to text, for a provider that refuses them, and remembers", async () => {
    await fake.close();
    fake = await startChatFake({ apiKey: "sk-test", model: "text-model", responseFormat: "reject" });
    const m = model({ visionModel: "text-model" });
    const first = await m.generatePrompt(ask);
    expect(first.mode).toBe("tool");
    expect(first.prompt).toContain("portrait photo, a cat");
    expect(fake.requests.map((r) => Boolean(r.body.response_format))).toEqual([true, false]);
    expect(fake.requests[1]!.body.tools?.[0]?.function.name).toBe("submit_prompt");
    expect(fake.requests[1]!.body.tool_choice).toEqual({
      type: "function",
      function: { name: "submit_prompt" },
    });
    await m.generatePrompt(ask);
    expect(fake.requests).toHaveLength(3); // learnt: straight to the tool

    await fake.close();
    fake = await startChatFake({
      apiKey: "sk-test",
      model: "text-model",
      responseFormat: "reject",
      tools: "reject",
    });
    const plain = model({ visionModel: "text-model" });
    const text = await plain.generatePrompt(ask);
    expect(text.mode).toBe("text");
    expect(text.prompt).toContain("```prompt"); // the whole reply, for the caller to read
    expect(fake.requests).toHaveLength(3);
  });

  it("reads a provider that ignores response_format as text; a refusal of the content is not a fallback", async () => {
    await fake.close();
    fake = await startChatFake({ apiKey: "sk-test", model: "text-model", responseFormat: "ignore" });
    const m = model({ visionModel: "text-model" });
    const result = await m.generatePrompt(ask);
    expect(result.mode).toBe("text");
    expect(result.prompt).toContain("```prompt");
    expect(fake.requests).toHaveLength(1);

    fake.script.push({ kind: "error", status: 400, message: "Invalid content", code: "content_filter" });
    expect(await codeOf(m.generatePrompt(ask))).toBe("LLM_REJECTED");
    expect(fake.requests.at(-1)!.body.response_format?.type).toBe("json_schema");
    fake.script.push(
      { kind: "error", status: 503 },
      { kind: "error", status: 503 },
      { kind: "error", status: 503 },
    );
    expect(await codeOf(m.generatePrompt(ask))).toBe("LLM_UNAVAILABLE");
  });
});
