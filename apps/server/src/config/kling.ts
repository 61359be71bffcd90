/**
 * Reference-image generation on Kling (issue 16, drivers/ai/kling.ts): both keys, or neither; or on
 * ComfyUI (issue 25) with GENERATION_PROVIDER=comfyui (the ComfyUI port says where it runs).
 */
import { z } from "zod";
import type { TKlingConfig } from "../drivers/ai/kling.ts";
import { definePort, issues, trimSlashes, zBool, zInt, zOptionalText } from "./env.ts";

export interface TKlingPortConfig {
  /** Who generates: Kling (the default, connected or not) or ComfyUI. */
  generationProvider: "kling" | "comfyui";
  /** Kling's image API for reference-image generation; undefined: not connected. */
  kling: TKlingConfig | undefined;
}

export const klingPort = definePort(
  "kling",
  {
    GENERATION_PROVIDER: zOptionalText.pipe(z.enum(["kling", "comfyui"]).optional()),
    KLING_ACCESS_KEY: zOptionalText,
    KLING_SECRET_KEY: zOptionalText,
    KLING_BASE_URL: zOptionalText.pipe(z.url().optional()),
    KLING_MODEL: zOptionalText,
    KLING_POLL_INTERVAL_MS: zInt(3000, 10, 600_000),
    KLING_RETRY_BASE_MS: zInt(1000, 1, 600_000),
    KLING_TIMEOUT_MS: zInt(900_000, 1000, 3_600_000),
    KLING_TEST_PROVIDER: zBool(false),
  },
  (e) => {
    const generationProvider = e.GENERATION_PROVIDER ?? "kling";
    if (!e.KLING_ACCESS_KEY && !e.KLING_SECRET_KEY)
      return { generationProvider, kling: undefined } satisfies TKlingPortConfig;
    if (!e.KLING_ACCESS_KEY) return issues("KLING_ACCESS_KEY: required with KLING_SECRET_KEY");
    if (!e.KLING_SECRET_KEY) return issues("KLING_SECRET_KEY: required with KLING_ACCESS_KEY");
    const kling: TKlingConfig = {
      accessKey: e.KLING_ACCESS_KEY,
      secretKey: e.KLING_SECRET_KEY,
      baseUrl: trimSlashes(e.KLING_BASE_URL ?? "https://api-singapore.klingai.com"),
      model: e.KLING_MODEL ?? "kling-v1-5",
      pollIntervalMs: e.KLING_POLL_INTERVAL_MS,
      retryBaseMs: e.KLING_RETRY_BASE_MS,
      timeoutMs: e.KLING_TIMEOUT_MS,
      isTestProvider: e.KLING_TEST_PROVIDER,
    };
    return { generationProvider, kling: Object.freeze(kling) } satisfies TKlingPortConfig;
  },
);
