import type { TNoticeListResponse } from "@gyeol/shared/contracts/notices";
import { fillNoticeBoard, NOTICE_LIST_DATA_ID } from "@gyeol/shared/notice-board";
import { afterEach, describe, expect, it } from "vitest";
import { noticeBoardTemplate, renderPage } from "../../entry-server.tsx";
import { setNoticeListForBuild } from "./api/served-list.ts";

/**
 * The notice board the server sends filled in (shared/notice-board.ts) is byte for byte what the
 * app renders with the same list, so hydration keeps every row (app-start.e2e.ts checks that in
 * Chromium); a change to the board's markup that the pieces cannot follow fails here or the build.
 */
const item = (id: number, fields: Partial<TNoticeListResponse["items"][number]> = {}) => ({
  id,
  title: `${id}월 정기 점검 안내`,
  pinned: false,
  author_name: "운영팀",
  created_at: new Date(Date.UTC(2026, 10, id, 16, 30)).toISOString(),
  ...fields,
});

const LISTS: [string, TNoticeListResponse][] = [
  ["an empty board", { success: true, items: [], page: 1, totalPages: 1 }],
  ["one pinned notice", { success: true, items: [item(3, { pinned: true })], page: 1, totalPages: 1 }],
  [
    "a full page of ten, two pinned, with markup in a title and a deleted author",
    {
      success: true,
      items: [
        item(12, { pinned: true, title: `점검 <b>"긴급"</b> & 'A/S' 안내 $& $1` }),
        item(11, { pinned: true, author_name: null }),
        ...[10, 9, 8, 7, 6, 5, 4, 3].map((id) => item(id, id === 8 ? { author_name: "" } : {})),
      ],
      page: 1,
      totalPages: 37,
    },
  ],
];

/** A page around the board as the server gets it: the boot script waiting for the paint. */
const wrap = (root: string) =>
  `<html><head></head><body><script data-start="paint"></script><div id="root">${root}</div></body></html>`;

describe("the notice board filled in by the server", () => {
  afterEach(() => setNoticeListForBuild(undefined));

  it.each([
    ["/notice", "ko"],
    ["/en/notice", "en"],
    ["/notice", "en"],
  ] as const)(
    "%s (%s) reads exactly as the app renders it",
    async (path, locale) => {
      const template = await noticeBoardTemplate(path, locale);
      const waiting = await renderPage(path, locale);
      for (const [what, list] of LISTS) {
        const filled = fillNoticeBoard(wrap(waiting), template, list, locale);
        setNoticeListForBuild(list);
        const rendered = await renderPage(path, locale);
        setNoticeListForBuild(undefined);
        const expected = wrap(rendered)
          .replace('data-start="paint"', 'data-start="intent"')
          .replace(
            "</head>",
            () =>
              `<script type="application/json" id="${NOTICE_LIST_DATA_ID}">${JSON.stringify(list).replace(/</g, "\\u003c")}</script></head>`,
          );
        expect(filled, what).toBe(expected);
      }
    },
    60_000,
  );
});
