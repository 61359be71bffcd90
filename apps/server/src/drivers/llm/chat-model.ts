/**
 * The language-model port (issue 14): every prompt helper and the chat talk to a `ChatModel`,
 * never to a provider. The one driver is the AI SDK's OpenAI-compatible provider
 * (ai-sdk-chat-model.ts), so one setting reaches OpenAI, Ollama, vLLM, LM Studio or a gateway.
 * Unset (no LLM_BASE_URL / LLM_MODEL), there is no ChatModel and the features say so.
 */

export interface ChatImage {
  bytes: Uint8Array;
  /** image/jpeg, image/png … */
  mediaType: string;
}

export interface ChatTurn {
  role: "user" | "assistant";
  text: string;
  /** Only user turns carry images; a turn with one goes to the vision model. */
  images?: readonly ChatImage[];
}

export interface ChatRequest {
  /** The system prompt (modules/ai/prompts.ts), reviewed like code. */
  system: string;
  turns: readonly ChatTurn[];
  /** Aborts the call: the person pressed stop or went away. */
  signal?: AbortSignal;
  maxOutputTokens?: number;
}

export interface ChatUsage {
  inputTokens: number | undefined;
  outputTokens: number | undefined;
  totalTokens: number | undefined;
}

export interface ChatResult {
  text: string;
  usage: ChatUsage;
  /** stop, length, content-filter, error, other … as the provider said. */
  finishReason: string;
  /** The model that answered (LLM_MODEL, or LLM_VISION_MODEL for a turn with an image). */
  model: string;
}

/** How a helper's prompt came back (issue 27): structured, or read out of plain text. */
export type TPromptOutputMode = "json_schema" | "tool" | "text";

export interface PromptResult {
  /**
   * json_schema / tool: the `prompt` field the model filled in; text: the whole reply (a model
   * that offers neither, or ignored them), for the caller to read the prompt out of.
   */
  prompt: string;
  mode: TPromptOutputMode;
  usage: ChatUsage;
  model: string;
}

export interface ChatModel {
  /** LLM_MODEL, for logs and the flags. */
  readonly model: string;
  /** True for the local stand-in `npm run dev` starts (the page says "test provider"). */
  readonly isTestProvider: boolean;
  /**
   * Streams a reply, calling onDelta with each piece of text as it arrives, and resolves with
   * the whole. Rejects with an AppError whose code is one of LLM_* (llm-errors.ts); when the
   * signal aborts, rejects with ChatStoppedError holding what had arrived.
   */
  stream(request: ChatRequest, onDelta: (text: string) => void): Promise<ChatResult>;
  /** One reply, not streamed; same errors. */
  generate(request: ChatRequest): Promise<ChatResult>;
  /**
   * One prompt (the prompt helpers): asked for as structured output (a JSON-schema object
   * {prompt}), else as a call of a `submit_prompt` tool, else as plain text, whichever the
   * provider takes (learnt once per process). Same errors as generate.
   */
  generatePrompt(request: ChatRequest): Promise<PromptResult>;
}

/**
 * A streamed reply that broke after some text had arrived (a dropped connection, a stall): the
 * text is kept and the failure is the provider's being unavailable, never the person's doing.
 */
export class ChatCutOffError extends Error {
  override name = "ChatCutOffError";
  constructor(
    readonly partial: string,
    readonly failure: Error,
  ) {
    super("The reply was cut off.");
  }
}

/** The caller's signal aborted the reply; `partial` is the text that had arrived. */
export class ChatStoppedError extends Error {
  override name = "ChatStoppedError";
  constructor(readonly partial: string) {
    super("The reply was stopped.");
  }
}
