import type { TLlmConfig } from "../../config.ts";
import { createAiSdkChatModel } from "./ai-sdk-chat-model.ts";
import type { ChatModel } from "./chat-model.ts";

/** The language model, chosen once at boot; undefined while LLM_BASE_URL / LLM_MODEL are unset. */
export function createChatModel(config: TLlmConfig | undefined): ChatModel | undefined {
  return config ? createAiSdkChatModel(config) : undefined;
}
