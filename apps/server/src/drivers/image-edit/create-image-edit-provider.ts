/** Image edit's provider from the config (IMAGE_EDIT_PROVIDER), or none when not connected. */
import type { TComfyuiConfig, TImageEditConfig } from "../../config.ts";
import { createComfyImageEditProvider } from "../comfyui/comfy-image-edit-provider.ts";
import type { ComfyRunner } from "../comfyui/comfy-runner.ts";
import type { ImageEditProvider } from "./image-edit-provider.ts";
import { createOpenAiImagesProvider } from "./openai-images-provider.ts";
import { createSeedreamProvider } from "./seedream-provider.ts";

export function createImageEditProvider(
  config: TImageEditConfig | undefined,
  comfy?: { runner: ComfyRunner; config: TComfyuiConfig },
): ImageEditProvider | undefined {
  if (!config) return undefined;
  if (config.provider === "comfyui") {
    const workflow = comfy?.config.workflows["image-edit"];
    if (!comfy || !workflow) throw new Error("ComfyUI image edit is configured without a ComfyUI runner");
    return createComfyImageEditProvider({
      runner: comfy.runner,
      workflow,
      timeoutMs: comfy.config.timeoutMs,
      isTestProvider: config.isTestProvider,
    });
  }
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
