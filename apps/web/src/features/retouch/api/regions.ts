import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiPost } from "../../../lib/api-client.ts";

/** The answer of ZRegionsResponse (shared contract). */
export interface TRegionsResponse {
  success: true;
  facesFound: number;
  overlayUrl: string | null;
}

/** POST /api/image/regions: the protected areas the engine finds, drawn over the photo. */
export function fetchRegions(imageUrl: string, signal?: AbortSignal): Promise<TRegionsResponse> {
  return apiPost<TRegionsResponse>("/api/image/regions", { imageUrl }, { signal });
}

export const regionsQuery = (imageUrl: string) =>
  queryOptions({
    queryKey: ["retouch", "regions", imageUrl] as const,
    queryFn: ({ signal }) => fetchRegions(imageUrl, signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

export function useRegions(imageUrl: string | null) {
  return useQuery({ ...regionsQuery(imageUrl ?? ""), enabled: imageUrl !== null });
}
