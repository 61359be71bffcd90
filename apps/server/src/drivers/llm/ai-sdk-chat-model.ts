/**
 * The ChatModel on the AI SDK 6 (`ai` + `@ai-sdk/openai-compatible`; major 7 needs Node 22).
 * POST {LLM_BASE_URL}/chat/completions with `stream_options.include_usage`, so streamed replies
 * report their usage too. Timeouts: LLM_TIMEOUT_MS for the whole reply and LLM_STREAM_IDLE_MS
 * between two streamed pieces (a provider that goes silent mid-stream). Retries: the SDK's, on
 * 408/409/429/5xx and lost connections, LLM_MAX_RETRIES times with its backoff (which honours
 * the provider's retry-after(-ms)). Errors become LLM_* AppErrors (llm-errors.ts).
 */
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { generateText, type ModelMessage, streamText } from "ai";
import type { ChatModel, ChatRequest, ChatResult, ChatTurn } from "./chat-model.ts";
import { ChatStoppedError } from "./chat-model.ts";
import { toLlmError } from "./llm-errors.ts";

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
  const provider = createOpenAICompatible({
    name: "llm",
    baseURL: settings.baseUrl,
    // Ollama and LM Studio ignore the key; OpenAI and gateways need it.
    ...(settings.apiKey ? { apiKey: settings.apiKey } : {}),
    includeUsage: true,
  });
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
      if (failure !== undefined) throw toLlmError(failure);
      const [usage, finishReason] = await Promise.all([result.totalUsage, result.finishReason]).catch(
        (error: unknown) => {
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
