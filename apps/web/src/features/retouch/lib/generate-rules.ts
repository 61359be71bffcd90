/**
 * When Generate may be pressed (spec 02 §2.1, §5 "Retouch"): never while processing or loading,
 * never with fewer credits than the cost; the sticky bar's button also needs an upload (the main
 * button without one explains that an image is needed instead).
 */
export type TGenerateBlock = "processing" | "loading" | "credits" | "noImage";

export interface TGenerateState {
  hasImage: boolean;
  credits: number;
  cost: number;
  isProcessing: boolean;
  isLoading: boolean;
}

export function generateBlock(
  state: TGenerateState,
  { requiresImage }: { requiresImage: boolean },
): TGenerateBlock | null {
  if (state.isProcessing) return "processing";
  if (state.isLoading) return "loading";
  if (requiresImage && !state.hasImage) return "noImage";
  if (state.hasImage && state.credits < state.cost) return "credits";
  return null;
}
