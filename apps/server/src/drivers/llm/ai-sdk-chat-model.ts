/**
 * The ChatModel on the AI SDK 6 (`ai` + `@ai-sdk/openai-compatible`; major 7 needs Node 22).
 * POST {LLM_BASE_URL}/chat/completions with `stream_options.include_usage`, so streamed replies
 * report their usage too. Timeouts: LLM_TIMEOUT_MS for the whole reply and LLM_STREAM_IDLE_MS
 * between two streamed pieces (a provider that goes silent mid-stream). Retries: the SDK's, on
 * 408/409/429/5xx and lost connections, LLM_MAX_RETRIES times with its backoff (which honours
 * the provider's retry-after(-ms)). Errors become LLM_* AppErrors (llm-errors.ts). This is the one
 * vendor call not on drivers/http/vendor-http.ts (issue 26): the SDK, a kept library, already does
 * its timeout, retry and backoff, and a second retry layer under it would multiply the tries.
 */
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import {
  APICallError,
  generateText,
  type ModelMessage,
  NoObjectGeneratedError,
  Output,
  streamText,
  tool,
} from "ai";
import { z } from "zod";
import type {
  ChatModel,
  ChatRequest,
  ChatResult,
  ChatTurn,
  ChatUsage,
  PromptResult,
  TPromptOutputMode,
} from "./chat-model.ts";
import { ChatCutOffError, ChatStoppedError } from "./chat-model.ts";
import { toLlmError } from "./llm-errors.ts";

/** The object a helper asks for (issue 27): one prompt, nothing around it. */
const ZPromptObject = z.object({
  prompt: z.string().describe("The image prompt alone, one paragraph, with no other words around it."),
});
const PROMPT_TOOL = "submit_prompt";

/**
 * A provider that refused the way we asked for structured output (response_format json_schema,
 * tools), not the request itself: the next way is tried. A 400 about the content is not this.
 */
function isUnsupportedOutput(error: unknown): boolean {
  const apiError = APICallError.isInstance(error) ? error : undefined;
  if (!apiError || ![400, 404, 422, 501].includes(apiError.statusCode ?? 0)) return false;
  const said = `${apiError.message} ${apiError.responseBody ?? ""}`;
  if (apiError.statusCode === 404 && /model/i.test(said) && !/tool|function|response_format/i.test(said))
    return false;
  return /response_format|json_schema|json schema|structured|schema|tool|function/i.test(said);
}

export interface TLlmSettings {
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  visionModel: string;
  timeoutMs: number;
  streamIdleMs: number;
  maxRetries: number;
  isTestProvider: boolean;
}

function toMessages(turns: readonly ChatTurn[]): ModelMessage[] {
  return turns.map((turn): ModelMessage => {
    if (turn.role === "assistant") return { role: "assistant", content: turn.text };
    if (!turn.images?.length) return { role: "user", content: turn.text };
    return {
      role: "user",
      content: [
        ...(turn.text ? [{ type: "text" as const, text: turn.text }] : []),
        ...turn.images.map((image) => ({
          type: "image" as const,
          image: image.bytes,
          mediaType: image.mediaType,
        })),
      ],
    };
  });
}

export function createAiSdkChatModel(settings: TLlmSettings): ChatModel {
  const providerSettings = {
    name: "llm",
    baseURL: settings.baseUrl,
    // Ollama and LM Studio ignore the key; OpenAI and gateways need it.
    ...(settings.apiKey ? { apiKey: settings.apiKey } : {}),
    includeUsage: true,
  };
  const provider = createOpenAICompatible(providerSettings);
  // The same provider sending response_format {type: json_schema} for structured output.
  const structured = createOpenAICompatible({ ...providerSettings, supportsStructuredOutputs: true });
  /** The first way of asking for a prompt this provider takes (learnt on the first refusal). */
  let promptMode: TPromptOutputMode = "json_schema";
  const modelFor = (request: ChatRequest) =>
    request.turns.some((turn) => turn.images?.length) ? settings.visionModel : settings.model;

  function callSettings(request: ChatRequest, modelId: string) {
    return {
      model: provider.chatModel(modelId),
      system: request.system,
      messages: toMessages(request.turns),
      maxRetries: settings.maxRetries,
      ...(request.maxOutputTokens ? { maxOutputTokens: request.maxOutputTokens } : {}),
      ...(request.signal ? { abortSignal: request.signal } : {}),
    };
  }

  return {
    model: settings.model,
    isTestProvider: settings.isTestProvider,

    async stream(request, onDelta): Promise<ChatResult> {
      const modelId = modelFor(request);
      let text = "";
      let failure: unknown;
      const result = streamText({
        ...callSettings(request, modelId),
        timeout: { totalMs: settings.timeoutMs, chunkMs: settings.streamIdleMs },
        // streamText does not throw: errors arrive as parts (and here); keep the first.
        onError: ({ error }) => {
          failure ??= error;
        },
      });
      try {
        for await (const part of result.fullStream) {
          if (part.type === "text-delta") {
            text += part.text;
            onDelta(part.text);
          } else if (part.type === "error") {
            failure ??= part.error;
          } else if (part.type === "abort") {
            break;
          }
        }
      } catch (error) {
        failure ??= error;
      }
      if (request.signal?.aborted) throw new ChatStoppedError(text);
      if (failure !== undefined) {
        // Some text had arrived: the reply was cut off, and what came is kept.
        if (text) throw new ChatCutOffError(text, toLlmError(failure));
        throw toLlmError(failure);
      }
      const [usage, finishReason] = await Promise.all([result.totalUsage, result.finishReason]).catch(
        (error: unknown) => {
          // A timeout between pieces (LLM_STREAM_IDLE_MS) ends the stream with an abort part.
          if (text) throw new ChatCutOffError(text, toLlmError(error));
          throw toLlmError(error);
        },
      );
      return {
        text,
        finishReason,
        model: modelId,
        usage: {
          inputTokens: usage.inputTokens,
          outputTokens: usage.outputTokens,
          totalTokens: usage.totalTokens,
        },
      };
    },

    async generatePrompt(request): Promise<PromptResult> {
      const modelId = modelFor(request);
      const usageOf = (usage: {
        inputTokens: number | undefined;
        outputTokens: number | undefined;
        totalTokens: number | undefined;
      }): ChatUsage => ({
        inputTokens: usage.inputTokens,
        outputTokens: usage.outputTokens,
        totalTokens: usage.totalTokens,
      });
      for (;;) {
        const mode = promptMode;
        try {
          if (mode === "json_schema") {
            try {
              const result = await generateText({
                ...callSettings(request, modelId),
                model: structured.chatModel(modelId),
                output: Output.object({ schema: ZPromptObject, name: "prompt" }),
                timeout: { totalMs: settings.timeoutMs },
              });
              return {
                prompt: result.output.prompt,
                mode,
                usage: usageOf(result.totalUsage),
                model: modelId,
              };
            } catch (error) {
              // It answered, but not with the object: what it wrote is read as text.
              if (NoObjectGeneratedError.isInstance(error) && error.text !== undefined)
                return {
                  prompt: error.text,
                  mode: "text",
                  usage: usageOf(
                    error.usage ?? {
                      inputTokens: undefined,
                      outputTokens: undefined,
                      totalTokens: undefined,
                    },
                  ),
                  model: modelId,
                };
              throw error;
            }
          }
          if (mode === "tool") {
            const result = await generateText({
              ...callSettings(request, modelId),
              tools: {
                [PROMPT_TOOL]: tool({
                  description: "Hand over the image prompt.",
                  inputSchema: ZPromptObject,
                }),
              },
              toolChoice: { type: "tool", toolName: PROMPT_TOOL },
              timeout: { totalMs: settings.timeoutMs },
            });
            const call = result.toolCalls.find((c) => c.toolName === PROMPT_TOOL);
            const parsed = ZPromptObject.safeParse(call?.input);
            return parsed.success
              ? { prompt: parsed.data.prompt, mode, usage: usageOf(result.totalUsage), model: modelId }
              : { prompt: result.text, mode: "text", usage: usageOf(result.totalUsage), model: modelId };
          }
          const result = await generateText({
            ...callSettings(request, modelId),
            timeout: { totalMs: settings.timeoutMs },
          });
          return { prompt: result.text, mode, usage: usageOf(result.totalUsage), model: modelId };
        } catch (error) {
          if (request.signal?.aborted) throw new ChatStoppedError("");
          const cause = APICallError.isInstance(error) ? error : (error as { lastError?: unknown }).lastError;
          if (mode !== "text" && isUnsupportedOutput(cause ?? error)) {
            promptMode = mode === "json_schema" ? "tool" : "text";
            continue;
          }
          throw toLlmError(error);
        }
      }
    },

    async generate(request): Promise<ChatResult> {
      const modelId = modelFor(request);
      try {
        const result = await generateText({
          ...callSettings(request, modelId),
          timeout: { totalMs: settings.timeoutMs },
        });
        return {
          text: result.text,
          finishReason: result.finishReason,
          model: modelId,
          usage: {
            inputTokens: result.totalUsage.inputTokens,
            outputTokens: result.totalUsage.outputTokens,
            totalTokens: result.totalUsage.totalTokens,
          },
        };
      } catch (error) {
        if (request.signal?.aborted) throw new ChatStoppedError("");
        throw toLlmError(error);
      }
    },
  };
}
