import type {
  TImageUploadResponse,
  TNoticeCreateResponse,
  TNoticeDetailResponse,
  TNoticeFields,
  TNoticeListResponse,
} from "@gyeol/shared/contracts/notices";
import { NOTICE_FILES_FIELD, UPLOAD_IMAGE_FIELD } from "@gyeol/shared/notices";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiGet, apiPost, apiRequest } from "../../../lib/api-client.ts";
import { takeServedNoticeList } from "./served-list.ts";

/** The notice board calls of spec 01 §7. */

export const noticeKeys = {
  all: ["notices"] as const,
  list: (page: number) => ["notices", "list", page] as const,
  detail: (id: number) => ["notices", "detail", id] as const,
};

export function fetchNoticeList(page: number, signal?: AbortSignal): Promise<TNoticeListResponse> {
  return apiGet<TNoticeListResponse>("/api/notices", { query: { page }, signal });
}

export function fetchNotice(id: number, signal?: AbortSignal): Promise<TNoticeDetailResponse> {
  return apiGet<TNoticeDetailResponse>(`/api/notices/${id}`, { signal });
}

export const noticeListQuery = (page: number) =>
  queryOptions({
    queryKey: noticeKeys.list(page),
    queryFn: ({ signal }) => fetchNoticeList(page, signal),
    staleTime: 10_000,
  });

export const noticeQuery = (id: number) =>
  queryOptions({
    queryKey: noticeKeys.detail(id),
    queryFn: ({ signal }) => fetchNotice(id, signal),
    staleTime: 10_000,
    // A missing notice stays missing; do not ask twice.
    retry: (count, error) => count < 1 && !(error as { status?: number }).status?.toString().startsWith("4"),
  });

export function useNoticeList(page: number) {
  return useQuery({
    ...noticeListQuery(page),
    // The first page, when the server sent it with the board (served-list.ts): no request, and the
    // app renders the rows the HTML already shows, fresh from the moment it is read.
    initialData: () => takeServedNoticeList(page),
  });
}

export function useNotice(id: number | null) {
  return useQuery({ ...noticeQuery(id ?? 0), enabled: id !== null });
}

/** POST /api/notices: multipart with title, content, pinned "1" or empty, and repeated files. */
export function createNotice(fields: TNoticeFields, files: File[]): Promise<TNoticeCreateResponse> {
  const form = new FormData();
  form.append("title", fields.title);
  form.append("content", fields.content);
  form.append("pinned", fields.pinned ? "1" : "");
  for (const file of files) form.append(NOTICE_FILES_FIELD, file, file.name);
  return apiPost<TNoticeCreateResponse>("/api/notices", form);
}

export function updateNotice(id: number, fields: TNoticeFields): Promise<{ success: true }> {
  return apiRequest<{ success: true }>(`/api/notices/${id}`, { method: "PUT", body: fields });
}

export function deleteNotice(id: number): Promise<{ success: true }> {
  return apiRequest<{ success: true }>(`/api/notices/${id}`, { method: "DELETE" });
}

/** POST /api/image/upload-s3 with the field `image`: the URL to put in the body. */
export async function uploadImage(file: File): Promise<string> {
  const form = new FormData();
  form.append(UPLOAD_IMAGE_FIELD, file, file.name);
  // A notice picture is public; without the purpose the server keeps it as a private tool input.
  const response = await apiPost<TImageUploadResponse>("/api/image/upload-s3?purpose=notice", form);
  return response.imageUrl;
}

export function useSaveNotice(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ fields, files }: { fields: TNoticeFields; files: File[] }) => {
      if (id === null) return (await createNotice(fields, files)).id;
      await updateNotice(id, fields);
      return id;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: noticeKeys.all }),
  });
}

export function useDeleteNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNotice,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: noticeKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: noticeKeys.all });
    },
  });
}
