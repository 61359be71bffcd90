/**
 * Image edit's provider (issue 15, drivers/image-edit): Seedream (BytePlus ModelArk), OpenAI's
 * Images API, or ComfyUI (issue 25, IMAGE_EDIT_PROVIDER=comfyui; the ComfyUI port says where).
 */
import { z } from "zod";
import { definePort, issues, trimSlashes, zBool, zInt, zOptionalText } from "./env.ts";

export type TImageEditConfig = TImageEditVendorConfig | TImageEditComfyConfig;

/** ComfyUI runs the image-edit workflow (workflows/image-edit.json) on the ComfyUI port's runner. */
export interface TImageEditComfyConfig {
  provider: "comfyui";
  isTestProvider: boolean;
}

export interface TImageEditVendorConfig {
  provider: "seedream" | "openai";
  apiKey: string;
  baseUrl: string;
  model: string;
  timeoutMs: number;
  maxRetries: number;
  isTestProvider: boolean;
}

export interface TImageEditPortConfig {
  /** Image edit's provider; undefined = not connected (the page says so, issue 15). */
  imageEdit: TImageEditConfig | undefined;
}

/** The chosen provider's key, base URL and model; an explicit provider without its key is an error. */
export const imageEditPort = definePort(
  "image-edit",
  {
    IMAGE_EDIT_PROVIDER: zOptionalText.pipe(z.enum(["seedream", "openai", "comfyui"]).optional()),
    SEEDREAM_API_KEY: zOptionalText,
    SEEDREAM_BASE_URL: zOptionalText.pipe(z.url().optional()),
    SEEDREAM_MODEL: zOptionalText,
    OPENAI_IMAGES_API_KEY: zOptionalText,
    OPENAI_IMAGES_BASE_URL: zOptionalText.pipe(z.url().optional()),
    OPENAI_IMAGES_MODEL: zOptionalText,
    IMAGE_EDIT_TIMEOUT_MS: zInt(300_000, 100, 3_600_000),
    IMAGE_EDIT_MAX_RETRIES: zInt(2, 0, 10),
    IMAGE_EDIT_TEST_PROVIDER: zBool(false),
  },
  (e) => {
    const provider =
      e.IMAGE_EDIT_PROVIDER ??
      (e.SEEDREAM_API_KEY ? "seedream" : e.OPENAI_IMAGES_API_KEY ? "openai" : undefined);
    if (!provider) return { imageEdit: undefined } satisfies TImageEditPortConfig;
    const common = {
      timeoutMs: e.IMAGE_EDIT_TIMEOUT_MS,
      maxRetries: e.IMAGE_EDIT_MAX_RETRIES,
      isTestProvider: e.IMAGE_EDIT_TEST_PROVIDER,
    };
    if (provider === "comfyui") {
      const imageEdit: TImageEditComfyConfig = { provider, isTestProvider: e.IMAGE_EDIT_TEST_PROVIDER };
      return { imageEdit: Object.freeze(imageEdit) } satisfies TImageEditPortConfig;
    }
    if (provider === "seedream") {
      if (!e.SEEDREAM_API_KEY) return issues("SEEDREAM_API_KEY: required when IMAGE_EDIT_PROVIDER=seedream");
      const imageEdit: TImageEditVendorConfig = {
        provider,
        apiKey: e.SEEDREAM_API_KEY,
        baseUrl: trimSlashes(e.SEEDREAM_BASE_URL ?? "https://ark.ap-southeast.bytepluses.com/api/v3"),
        model: e.SEEDREAM_MODEL ?? "seedream-4-0-250828",
        ...common,
      };
      return { imageEdit: Object.freeze(imageEdit) } satisfies TImageEditPortConfig;
    }
    if (!e.OPENAI_IMAGES_API_KEY)
      return issues("OPENAI_IMAGES_API_KEY: required when IMAGE_EDIT_PROVIDER=openai");
    const imageEdit: TImageEditVendorConfig = {
      provider,
      apiKey: e.OPENAI_IMAGES_API_KEY,
      baseUrl: trimSlashes(e.OPENAI_IMAGES_BASE_URL ?? "https://api.openai.com/v1"),
      model: e.OPENAI_IMAGES_MODEL ?? "gpt-image-1",
      ...common,
    };
    return { imageEdit: Object.freeze(imageEdit) } satisfies TImageEditPortConfig;
  },
);
