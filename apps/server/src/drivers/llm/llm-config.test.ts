/** LLM_* and CHAT_CHARGE_ENABLED in the config (issue 14): both base URL and model, or neither. */
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../config.ts";

describe("language-model configuration", () => {
  it("is off without LLM_BASE_URL and LLM_MODEL, and charging is off by default", () => {
    const config = loadConfig({});
    expect(config.llm).toBeUndefined();
    expect(config.chatChargeEnabled).toBe(false);
  });

  it("reads the model, a vision model that defaults to it, timeouts and retries", () => {
    const config = loadConfig({
      LLM_BASE_URL: "http://localhost:11434/v1/",
      LLM_MODEL: "qwen2.5vl:7b",
      CHAT_CHARGE_ENABLED: "true",
    });
    expect(config.llm).toEqual({
      baseUrl: "http://localhost:11434/v1",
      apiKey: undefined,
      model: "qwen2.5vl:7b",
      visionModel: "qwen2.5vl:7b",
      timeoutMs: 120_000,
      streamIdleMs: 30_000,
      maxRetries: 2,
      isTestProvider: false,
    });
    expect(config.chatChargeEnabled).toBe(true);
    const vision = loadConfig({
      LLM_BASE_URL: "https://api.openai.com/v1",
      LLM_MODEL: "gpt-4o-mini",
      LLM_VISION_MODEL: "gpt-4o",
      LLM_API_KEY: "sk-x",
      LLM_MAX_RETRIES: "0",
    });
    expect(vision.llm).toMatchObject({ visionModel: "gpt-4o", apiKey: "sk-x", maxRetries: 0 });
  });

  it("refuses one without the other, and a base that is not a URL", () => {
    expect(() => loadConfig({ LLM_MODEL: "llama3.2" })).toThrow(/LLM_BASE_URL: required with LLM_MODEL/);
    expect(() => loadConfig({ LLM_BASE_URL: "http://localhost:11434/v1" })).toThrow(
      /LLM_MODEL: required with LLM_BASE_URL/,
    );
    expect(() => loadConfig({ LLM_BASE_URL: "localhost", LLM_MODEL: "x" })).toThrow(ConfigError);
    expect(() => loadConfig({ CHAT_CHARGE_ENABLED: "maybe" })).toThrow(/CHAT_CHARGE_ENABLED/);
  });
});
