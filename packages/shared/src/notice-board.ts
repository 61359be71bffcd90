import type { TLocale } from "./constants.ts";
import { NOTICE_PAGE_SIZE } from "./constants.ts";
import { formatDate } from "./dates.ts";
import { escapeHtml, jsonForScript } from "./html.ts";

/**
 * The notice board sent filled in (issue 29): /notice is prerendered with its loading row, and the
 * server puts the first page's rows in its place when it sends the page, with the list itself in a
 * data block the app starts from. The board is then whole as HTML, so its app can wait for the
 * visitor's first sign of use like every other public page, instead of starting right after the
 * paint to fetch the rows (a phone's main thread busy while the page is read).
 *
 * The rows are the app's own markup: the web build renders the board with token fields and keeps
 * the pieces (apps/web/src/entry-server.tsx noticeBoardTemplate), so hydration matches.
 */

/** The data block holding the first page as GET /api/notices answered it. */
export const NOTICE_LIST_DATA_ID = "gyeol-notice-list";
/** Written by the web build next to the prerendered pages: the pieces, by prerendered file. */
export const NOTICE_BOARD_FILE = "notice-board.json";

/** Fields the server fills in a row, one pass (a title that reads like a token stays text). */
export const NOTICE_ROW_TOKEN = /%GYEOL_NOTICE_(ID|NUMBER|TITLE|AUTHOR|DATE)%/g;
export const NOTICE_TOTAL_TOKEN = "%GYEOL_NOTICE_TOTAL%";
export const noticeRowToken = (field: "ID" | "NUMBER" | "TITLE" | "AUTHOR" | "DATE") =>
  `%GYEOL_NOTICE_${field}%`;

export interface TNoticeBoardTemplate {
  /** The loading row as prerendered: the rows take its place. */
  loading: string;
  /** The pager as prerendered (one page: Next disabled), and for more pages with the total as a token. */
  pager: string;
  pagerMany: string;
  /** The empty board's row. */
  empty: string;
  /** A row, pinned and not, with row tokens. */
  pinnedRow: string;
  row: string;
  /** What the author column shows when the account is gone (spec 01 §2), as text. */
  authorFallback: string;
}
export type TNoticeBoardTemplates = Record<string, TNoticeBoardTemplate>;

export interface TServedNoticeList {
  success: true;
  items: { id: number; title: string; pinned: boolean; author_name: string | null; created_at: string }[];
  page: number;
  totalPages: number;
}

/**
 * The prerendered board with the first page's rows, its pager and the list for the app, starting
 * on the visitor's first sign of use; null when the page is not the template's (a build older than
 * the pieces), which is then sent as it is and fetches its rows itself.
 */
export function fillNoticeBoard(
  html: string,
  template: TNoticeBoardTemplate,
  list: TServedNoticeList,
  locale: TLocale,
): string | null {
  if (list.page !== 1 || !html.includes(template.loading) || !html.includes(template.pager)) return null;
  if (!html.includes('data-start="paint"') || !html.includes("</head>")) return null;
  const rows =
    list.items.length === 0
      ? template.empty
      : list.items
          .map((item, index) => {
            const values: Record<string, string> = {
              ID: String(item.id),
              NUMBER: String(NOTICE_PAGE_SIZE * (list.page - 1) + index + 1),
              TITLE: escapeHtml(item.title),
              AUTHOR: escapeHtml(item.author_name || template.authorFallback),
              DATE: escapeHtml(formatDate(item.created_at, locale)),
            };
            return (item.pinned ? template.pinnedRow : template.row).replace(
              NOTICE_ROW_TOKEN,
              (_token, field: string) => values[field] ?? "",
            );
          })
          .join("");
  const pager =
    list.totalPages > 1
      ? template.pagerMany.replaceAll(NOTICE_TOTAL_TOKEN, () => String(list.totalPages))
      : template.pager;
  const data = `<script type="application/json" id="${NOTICE_LIST_DATA_ID}">${jsonForScript(list)}</script>`;
  return html
    .replace(template.loading, () => rows)
    .replace(template.pager, () => pager)
    .replace('data-start="paint"', 'data-start="intent"')
    .replace("</head>", () => `${data}</head>`);
}
