import { DEFAULT_ADMIN_USER_ID } from "@gyeol/shared/constants";
import type { TFeatureFlagsResponse } from "@gyeol/shared/contracts/flags";
import { queryOptions, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useSyncExternalStore } from "react";
import { apiGet } from "./api-client.ts";
import { useAuthSelect } from "./auth/auth-provider.tsx";
import { env } from "./env.ts";
import { hasQueryClient } from "./query-client-loader.ts";

/** GET /api/feature/flags; any failure reads as "enabled" (spec 01 §7). */
export async function fetchFeatureFlags(): Promise<TFeatureFlagsResponse> {
  try {
    const flags = await apiGet<Partial<TFeatureFlagsResponse>>("/api/feature/flags");
    return {
      imageGenerationEnabled: flags.imageGenerationEnabled !== false,
      paymentProvider: flags.paymentProvider === "sandbox" ? "sandbox" : "paddle",
      // Issue 15: the image-edit provider, or null when the operator has connected none.
      imageEditProvider:
        flags.imageEditProvider === "seedream" ||
        flags.imageEditProvider === "openai" ||
        flags.imageEditProvider === "comfyui"
          ? flags.imageEditProvider
          : null,
      imageEditTestProvider: flags.imageEditTestProvider === true,
      // Issue 25: a model that reads fewer pictures than allowed (ComfyUI's Qwen: 3); the page says so.
      ...(typeof flags.imageEditMaxInputImages === "number" && flags.imageEditMaxInputImages > 0
        ? { imageEditMaxInputImages: flags.imageEditMaxInputImages }
        : {}),
      // Issue 14: a page that cannot tell still offers the chat; the server then says why not.
      llmEnabled: flags.llmEnabled !== false,
      llmTestProvider: flags.llmTestProvider === true,
      // Issue 16: unknown reads as connected; the server then says why not.
      generationEnabled: flags.generationEnabled !== false,
      generationTestProvider: flags.generationTestProvider === true,
      // Issue 24: unknown reads as neither; the page then describes the engine once a result says.
      ...(flags.faceEditEngine === "builtin" ||
      flags.faceEditEngine === "runpod" ||
      flags.faceEditEngine === "comfyui"
        ? { faceEditEngine: flags.faceEditEngine }
        : {}),
    };
  } catch (error) {
    console.warn("[flags] could not load feature flags; using defaults", error);
    // Unknown provider: never tell a paying customer about test cards.
    return {
      imageGenerationEnabled: true,
      paymentProvider: "paddle",
      imageEditProvider: null,
      imageEditTestProvider: false,
      llmEnabled: true,
      llmTestProvider: false,
      generationEnabled: true,
      generationTestProvider: false,
    };
  }
}

export const featureFlagsQuery = queryOptions({
  queryKey: ["feature-flags"],
  queryFn: fetchFeatureFlags,
  staleTime: 5 * 60_000,
});

/** The rule of spec 01 §6 for the image-generation menu entry. */
export function isImageGenerationVisible(input: {
  buildFlag: boolean;
  serverFlag: boolean;
  userId: number | undefined;
}): boolean {
  return input.buildFlag && (input.serverFlag || input.userId === DEFAULT_ADMIN_USER_ID);
}

/**
 * The flags as the query cache holds them, fetched (once per staleTime) on mount. Not useQuery:
 * the header reads this on every page, and useQuery's observer is 3 KB of the landing's first
 * script (issue 17); pages that render from the flags use useQuery(featureFlagsQuery), same cache.
 * Until then the defaults apply, as they did while useQuery was fetching.
 */
function useCachedFeatureFlags(): TFeatureFlagsResponse | undefined {
  const client = useQueryClient();
  // The header renders before the query client loads (lib/query-client-loader.ts): no flags yet.
  const isLoaded = hasQueryClient(client);
  const data = useSyncExternalStore(
    useCallback(
      (onChange: () => void) => (isLoaded ? client.getQueryCache().subscribe(onChange) : () => undefined),
      [client, isLoaded],
    ),
    () => (isLoaded ? client.getQueryData(featureFlagsQuery.queryKey) : undefined),
    () => undefined,
  );
  useEffect(() => {
    if (isLoaded) void client.prefetchQuery(featureFlagsQuery);
  }, [client, isLoaded]);
  return data;
}

export function useImageGenerationVisible(): boolean {
  const data = useCachedFeatureFlags();
  const userId = useAuthSelect((state) => state.user?.id);
  return isImageGenerationVisible({
    buildFlag: env.imageGenerationEnabled,
    serverFlag: data?.imageGenerationEnabled ?? true,
    userId,
  });
}
