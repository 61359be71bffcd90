import type { TUpscaleInput, TUpscaleStartResponse } from "@gyeol/shared/contracts/images";
import { useMutation } from "@tanstack/react-query";
import { apiPost } from "../../../lib/api-client.ts";

/** POST /api/runpod-upscale with `{ input }` (spec 02 §7 "Retouch"). */
export function startUpscale(input: TUpscaleInput): Promise<TUpscaleStartResponse> {
  return apiPost<TUpscaleStartResponse>("/api/runpod-upscale", { input });
}

export function useStartUpscale() {
  return useMutation({ mutationFn: startUpscale });
}
