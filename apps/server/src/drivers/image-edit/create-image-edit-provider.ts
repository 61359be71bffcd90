/** Image edit's provider from the config (IMAGE_EDIT_PROVIDER), or none when not connected. */
import type { TImageEditConfig } from "../../config.ts";
import type { ImageEditProvider } from "./image-edit-provider.ts";
import { createOpenAiImagesProvider } from "./openai-images-provider.ts";
import { createSeedreamProvider } from "./seedream-provider.ts";

export function createImageEditProvider(config: TImageEditConfig | undefined): ImageEditProvider | undefined {
  if (!config) return undefined;
  const options = {
    apiKey: config.apiKey,
    baseUrl: config.baseUrl,
    model: config.model,
    timeoutMs: config.timeoutMs,
    maxRetries: config.maxRetries,
    isTestProvider: config.isTestProvider,
  };
  return config.provider === "seedream"
    ? createSeedreamProvider(options)
    : createOpenAiImagesProvider(options);
}
