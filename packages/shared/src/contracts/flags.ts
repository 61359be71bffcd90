import { z } from "zod";

/** GET /api/feature/flags (spec 01 §3 Feature flags response) */
export const ZFeatureFlagsResponse = z.object({
  imageGenerationEnabled: z.boolean(),
  /**
   * Which checkout the pricing page leads to (beyond the spec): the FAQ's payment question talks
   * about the built-in test checkout only where it is the one in use.
   */
  paymentProvider: z.enum(["sandbox", "paddle"]),
  /**
   * Issue 15: image edit's connected provider (IMAGE_EDIT_PROVIDER), or null: /image-edit says the
   * operator has not connected one; samples and history still show.
   */
  imageEditProvider: z.enum(["seedream", "openai", "comfyui"]).nullable().optional(),
  /**
   * Issue 25: the most pictures the image-edit model reads as they are (ComfyUI's Qwen-Image-Edit:
   * 3); more are combined into one, and the page says so. Absent: every picture the tool allows.
   */
  imageEditMaxInputImages: z.number().int().positive().optional(),
  /** The image-edit provider is the contract fake `npm run dev` starts: the page says "test provider". */
  imageEditTestProvider: z.boolean().optional(),
  /**
   * Issue 14: whether a language model is connected (LLM_BASE_URL / LLM_MODEL). Off: the chat page
   * and the prompt-helper buttons explain that the operator has not connected one.
   */
  llmEnabled: z.boolean(),
  /** The model is the local stand-in `npm run dev` starts: the chat page says "test provider". */
  llmTestProvider: z.boolean(),
  /**
   * Issue 16: whether a reference-image provider (Kling) is connected. Off: /image-generation says
   * the operator has not connected one; samples and history still show.
   */
  generationEnabled: z.boolean().optional(),
  /** The provider is the contract fake `npm run dev` starts: the page says "test provider". */
  generationTestProvider: z.boolean().optional(),
  /**
   * Issue 24: which engine runs face edit. "builtin": the built-in reshape (no generative provider
   * connected), which /face-edit describes before a run; "runpod": the connected generative endpoint;
   * "comfyui" (issue 25): SDXL inpainting on the operator's ComfyUI, generative too.
   */
  faceEditEngine: z.enum(["builtin", "runpod", "comfyui"]).optional(),
});
export type TFeatureFlagsResponse = z.infer<typeof ZFeatureFlagsResponse>;
