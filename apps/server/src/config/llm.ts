/** The language-model port (issue 14, drivers/llm): an OpenAI-compatible API, connected or not. */
import { z } from "zod";
import { definePort, issues, trimSlashes, zBool, zInt, zOptionalText } from "./env.ts";

export interface TLlmConfig {
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  visionModel: string;
  timeoutMs: number;
  streamIdleMs: number;
  maxRetries: number;
  isTestProvider: boolean;
}

export interface TLlmPortConfig {
  /** The language model of the chat and prompt helpers; undefined = not connected (issue 14). */
  llm: TLlmConfig | undefined;
}

/** Both LLM_BASE_URL and LLM_MODEL, or neither. */
export const llmPort = definePort(
  "llm",
  {
    LLM_BASE_URL: zOptionalText.pipe(z.url().optional()),
    LLM_API_KEY: zOptionalText,
    LLM_MODEL: zOptionalText,
    LLM_VISION_MODEL: zOptionalText,
    LLM_TIMEOUT_MS: zInt(120_000, 100, 3_600_000),
    LLM_STREAM_IDLE_MS: zInt(30_000, 100, 600_000),
    LLM_MAX_RETRIES: zInt(2, 0, 10),
    LLM_TEST_PROVIDER: zBool(false),
  },
  (e) => {
    if (!e.LLM_BASE_URL && !e.LLM_MODEL) return { llm: undefined } satisfies TLlmPortConfig;
    if (!e.LLM_BASE_URL)
      return issues("LLM_BASE_URL: required with LLM_MODEL (e.g. http://localhost:11434/v1)");
    if (!e.LLM_MODEL) return issues("LLM_MODEL: required with LLM_BASE_URL (the model's name at that API)");
    const llm: TLlmConfig = {
      baseUrl: trimSlashes(e.LLM_BASE_URL),
      apiKey: e.LLM_API_KEY,
      model: e.LLM_MODEL,
      visionModel: e.LLM_VISION_MODEL ?? e.LLM_MODEL,
      timeoutMs: e.LLM_TIMEOUT_MS,
      streamIdleMs: e.LLM_STREAM_IDLE_MS,
      maxRetries: e.LLM_MAX_RETRIES,
      isTestProvider: e.LLM_TEST_PROVIDER,
    };
    return { llm: Object.freeze(llm) } satisfies TLlmPortConfig;
  },
);
