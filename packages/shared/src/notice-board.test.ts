import { describe, expect, it } from "vitest";
import {
  fillNoticeBoard,
  NOTICE_LIST_DATA_ID,
  NOTICE_TOTAL_TOKEN,
  noticeRowToken,
  type TNoticeBoardTemplate,
  type TServedNoticeList,
} from "./notice-board.ts";

const row = (pinned: boolean) =>
  `<tr data-pinned="${pinned}"><td>${pinned ? "📌" : noticeRowToken("NUMBER")}</td><td><a href="/notice/${noticeRowToken("ID")}">${noticeRowToken("TITLE")}</a></td><td>${noticeRowToken("AUTHOR")}</td><td>${noticeRowToken("DATE")}</td></tr>`;

const TEMPLATE: TNoticeBoardTemplate = {
  loading: '<tr><td data-testid="notice-loading">…</td></tr>',
  pager: '<nav><button disabled="">‹</button><span>1 / 1</span><button disabled="">›</button></nav>',
  pagerMany: `<nav><button disabled="">‹</button><span>1 / ${NOTICE_TOTAL_TOKEN}</span><button>›</button></nav>`,
  empty: '<tr><td data-testid="notice-empty">없음</td></tr>',
  pinnedRow: row(true),
  row: row(false),
  authorFallback: "관리자",
};

const PAGE = `<html><head><title>공지</title></head><body><script defer data-start="paint" data-entry="/e.js"></script><div id="root"><table><tbody>${TEMPLATE.loading}</tbody></table>${TEMPLATE.pager}</div></body></html>`;

function list(items: TServedNoticeList["items"], totalPages = 1): TServedNoticeList {
  return { success: true, items, page: 1, totalPages };
}
const item = (id: number, fields: Partial<TServedNoticeList["items"][number]> = {}) => ({
  id,
  title: `공지 ${id}`,
  pinned: false,
  author_name: "운영팀",
  created_at: "2026-11-28T16:30:00.000Z",
  ...fields,
});

function dataBlock(html: string): unknown {
  const match = html.match(
    new RegExp(`<script type="application/json" id="${NOTICE_LIST_DATA_ID}">(.*?)</script>`),
  );
  if (!match?.[1]) throw new Error("no data block");
  return JSON.parse(match[1]);
}

describe("fillNoticeBoard", () => {
  it("puts the rows, numbered, with Seoul dates and the author or the fallback, in the loading row's place", () => {
    const served = list([item(7, { pinned: true }), item(5, { author_name: null }), item(4)], 3);
    const html = fillNoticeBoard(PAGE, TEMPLATE, served, "ko");
    if (!html) throw new Error("not filled");
    expect(html).not.toContain(TEMPLATE.loading);
    expect(html).not.toContain("%GYEOL_");
    const rows = html.match(/<tr data-pinned[\s\S]*?<\/tr>/g) ?? [];
    expect(rows).toHaveLength(3);
    expect(rows[0]).toContain('data-pinned="true"');
    expect(rows[0]).toContain('href="/notice/7"');
    // Numbers count every row of the page, pinned ones included (notice-rules.ts noticeNumber).
    expect(rows[1]).toContain("<td>2</td>");
    expect(rows[1]).toContain("<td>관리자</td>");
    expect(rows[2]).toContain("<td>3</td>");
    // 16:30 UTC on the 28th is the 29th in Seoul.
    expect(rows[2]).toContain("2026. 11. 29.");
    expect(fillNoticeBoard(PAGE, TEMPLATE, served, "en")).toContain("11/29/2026");
    expect(html).toContain("<span>1 / 3</span><button>›</button>");
    expect(html).toContain('data-start="intent"');
    expect(dataBlock(html)).toEqual(served);
  });

  it("shows the empty board and the one-page pager for no notices", () => {
    const html = fillNoticeBoard(PAGE, TEMPLATE, list([]), "ko");
    expect(html).toContain(TEMPLATE.empty);
    expect(html).toContain(TEMPLATE.pager);
    expect(html).not.toContain(TEMPLATE.loading);
  });

  it("keeps titles and authors text: markup escaped, tokens and replacement patterns not read", () => {
    const served = list([
      item(1, {
        title: '<img src=x onerror="alert(1)"> & %GYEOL_NOTICE_AUTHOR% $& $1',
        author_name: "</script>",
      }),
    ]);
    const html = fillNoticeBoard(PAGE, TEMPLATE, served, "ko") ?? "";
    expect(html).toContain(
      "&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; %GYEOL_NOTICE_AUTHOR% $&amp; $1</a>",
    );
    expect(html).toContain("<td>&lt;/script&gt;</td>");
    // The data block cannot be closed from inside.
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    expect(dataBlock(html)).toEqual(served);
  });

  it("leaves a page it does not fit alone: another page, a later page of the board, a build without the pieces", () => {
    expect(
      fillNoticeBoard("<html><head></head><body></body></html>", TEMPLATE, list([item(1)]), "ko"),
    ).toBeNull();
    expect(fillNoticeBoard(PAGE, TEMPLATE, { ...list([item(1)], 2), page: 2 }, "ko")).toBeNull();
    expect(
      fillNoticeBoard(PAGE.replace('data-start="paint"', 'data-start="intent"'), TEMPLATE, list([]), "ko"),
    ).toBeNull();
  });
});
