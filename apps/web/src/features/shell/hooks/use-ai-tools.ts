import type { LucideIcon } from "lucide-react";
import { ImagePlus, ScanFace, Sparkles, WandSparkles } from "lucide-react";
import { useImageGenerationVisible } from "../../../lib/feature-flags.ts";

export type TAiToolId = "upscale" | "imageEdit" | "faceEdit" | "imageGeneration";

export interface AiTool {
  id: TAiToolId;
  path: string;
  icon: LucideIcon;
}

/** The AI Suite items of spec 01 §2, in menu order. */
export const AI_TOOLS: readonly AiTool[] = [
  { id: "upscale", path: "/upscale", icon: Sparkles },
  { id: "imageEdit", path: "/image-edit", icon: WandSparkles },
  { id: "faceEdit", path: "/face-edit", icon: ScanFace },
  { id: "imageGeneration", path: "/image-generation", icon: ImagePlus },
];

/** Image generation is listed only when enabled (spec 01 §6). */
export function useAiTools(): readonly AiTool[] {
  const isGenerationVisible = useImageGenerationVisible();
  return AI_TOOLS.filter((tool) => tool.id !== "imageGeneration" || isGenerationVisible);
}
