import type { TNoticeListResponse } from "@gyeol/shared/contracts/notices";
import { NOTICE_LIST_DATA_ID } from "@gyeol/shared/notice-board";

/**
 * The board's first page as the server sent it with /notice (shared/notice-board.ts): the rows
 * are in the HTML already, and the app starts from the same list, so hydration matches and no
 * request repeats it. Read once; later visits to the board fetch as usual.
 */
let served: TNoticeListResponse | null | undefined;
/** The list the build renders the board's pieces with (entry-server.tsx); the browser never sets it. */
let forBuild: TNoticeListResponse | undefined;

export function setNoticeListForBuild(list: TNoticeListResponse | undefined): void {
  forBuild = list;
}

function isNoticeList(value: unknown): value is TNoticeListResponse {
  if (typeof value !== "object" || value === null) return false;
  const list = value as Partial<TNoticeListResponse>;
  return Array.isArray(list.items) && list.page === 1 && typeof list.totalPages === "number";
}

function readServed(): TNoticeListResponse | null {
  const element = document.getElementById(NOTICE_LIST_DATA_ID);
  if (!element) return null;
  element.remove();
  try {
    const data: unknown = JSON.parse(element.textContent ?? "");
    return isNoticeList(data) ? data : null;
  } catch {
    return null;
  }
}

/** The first page the server sent with the HTML, if any (taken once). */
export function takeServedNoticeList(page: number): TNoticeListResponse | undefined {
  if (forBuild !== undefined || typeof document === "undefined") return page === 1 ? forBuild : undefined;
  served ??= readServed();
  const taken = page === 1 && served ? served : undefined;
  if (taken) served = null;
  return taken;
}
