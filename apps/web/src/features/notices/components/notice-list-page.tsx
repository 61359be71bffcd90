import { localizePath } from "@gyeol/shared/routes";
import { ChevronLeft, ChevronRight, PenLine, Pin } from "lucide-react";
import { type ReactNode, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { buttonStyles } from "../../../components/ui/button.tsx";
import { describeError } from "../../../lib/api-errors.ts";
import { useAuth } from "../../../lib/auth/auth-provider.tsx";
import { formatDate } from "../../../lib/dates.ts";
import { usePageLocale } from "../../../lib/locale.ts";
import { useDocumentTitle } from "../../../lib/use-document-title.ts";
import { useNoticeList } from "../api/notices.ts";
import { noticeNumber, parsePageParam } from "../lib/notice-rules.ts";
import { NoticePageFrame } from "./notice-page-frame.tsx";

/** /notice (spec 01 §2 Notice list): pinned first, 10 a page, page kept in ?page. */
export function NoticeListPage() {
  const { t } = useTranslation();
  const locale = usePageLocale();
  const { user } = useAuth();
  const [searchParams, setSearchParams] = useSearchParams();
  const page = parsePageParam(searchParams.get("page"));
  const list = useNoticeList(page);
  useDocumentTitle(t("notices.list.title"));

  const totalPages = list.data?.totalPages ?? 1;
  const goTo = (next: number) => {
    setSearchParams(next === 1 ? {} : { page: String(next) });
    window.scrollTo({ top: 0 });
  };
  // A page past the end (an old link, a hand-typed ?page=99) is not an empty board: show the last
  // page instead, replacing the address so Back does not return to the dead one.
  const isPastLastPage = list.data !== undefined && list.data.totalPages >= 1 && page > list.data.totalPages;
  useEffect(() => {
    if (!isPastLastPage) return;
    setSearchParams(totalPages === 1 ? {} : { page: String(totalPages) }, { replace: true });
  }, [isPastLastPage, totalPages, setSearchParams]);

  return (
    <NoticePageFrame
      testId="notice-list"
      eyebrow={t("notices.eyebrow")}
      title={t("notices.list.title")}
      description={t("notices.list.description")}
      actions={
        user?.isAdmin ? (
          <Link
            to={localizePath("/notice/write", locale)}
            data-testid="notice-new"
            className={buttonStyles({ variant: "dark" })}
          >
            <PenLine aria-hidden="true" className="size-4" />
            {t("notices.list.newButton")}
          </Link>
        ) : null
      }
    >
      {list.isPending || isPastLastPage ? (
        // The table's own frame, with the empty board's row height: the page (this is how it is
        // prerendered) does not move when the list or the empty state takes its place.
        <NoticeTable>
          <tr>
            <td colSpan={4} data-testid="notice-loading" className="px-6 py-20 text-center text-muted">
              <span role="status">{t("common.loading")}</span>
            </td>
          </tr>
        </NoticeTable>
      ) : list.isError ? (
        <p
          role="alert"
          data-testid="notice-error"
          className="rounded-3xl bg-accent-50 px-6 py-10 text-center font-medium text-accent-800 ring-1 ring-accent-100"
        >
          {describeError(list.error, t, t("notices.errors.fetchFailed"))}
        </p>
      ) : (
        <NoticeTable>
          {list.data.items.length === 0 ? (
            <tr>
              <td colSpan={4} data-testid="notice-empty" className="px-6 py-20 text-center text-muted">
                {t("notices.list.empty")}
              </td>
            </tr>
          ) : (
            list.data.items.map((item, index) => {
              const number = noticeNumber(page, index, item.pinned);
              const author = item.author_name || t("notices.list.authorFallback");
              const date = formatDate(item.created_at, locale);
              return (
                <tr
                  key={item.id}
                  data-testid="notice-row"
                  data-pinned={item.pinned ? "true" : "false"}
                  className={`border-b border-line last:border-b-0 transition-colors hover:bg-accent-50/50 ${item.pinned ? "bg-accent-50/40" : ""}`}
                >
                  <td
                    data-testid="notice-number"
                    className="hidden px-5 py-4 text-center text-sm text-muted tabular-nums sm:table-cell"
                  >
                    {number === "pin" ? (
                      <Pin
                        aria-label={t("notices.list.pinned")}
                        className="mx-auto size-4 fill-accent-500 text-accent-600"
                      />
                    ) : (
                      number
                    )}
                  </td>
                  <td className="px-5 py-4">
                    <Link
                      to={localizePath(`/notice/${item.id}`, locale)}
                      data-testid="notice-title"
                      className="flex items-center gap-2 font-semibold text-ink hover:text-accent-700"
                    >
                      {number !== "pin" && (
                        <span
                          aria-hidden="true"
                          className="w-5 shrink-0 text-xs font-normal text-muted tabular-nums sm:hidden"
                        >
                          {number}
                        </span>
                      )}
                      {number === "pin" && (
                        <Pin
                          aria-hidden="true"
                          className="size-4 shrink-0 fill-accent-500 text-accent-600 sm:hidden"
                        />
                      )}
                      <span className="truncate">{item.title}</span>
                    </Link>
                    <p className="mt-1 text-[13px] text-muted sm:hidden">
                      {author} · {date}
                    </p>
                  </td>
                  <td
                    data-testid="notice-author"
                    className="hidden truncate px-5 py-4 text-sm text-ink-soft sm:table-cell"
                  >
                    {author}
                  </td>
                  <td className="hidden px-5 py-4 text-sm text-muted tabular-nums sm:table-cell">{date}</td>
                </tr>
              );
            })
          )}
        </NoticeTable>
      )}

      <nav aria-label={t("notices.list.pagination")} className="mt-6 flex items-center justify-center gap-3">
        <button
          type="button"
          data-testid="notice-prev"
          disabled={page <= 1}
          onClick={() => goTo(page - 1)}
          className={buttonStyles({ variant: "secondary", size: "sm" })}
        >
          <ChevronLeft aria-hidden="true" className="size-4" />
          {t("notices.list.previous")}
        </button>
        <span
          data-testid="notice-page"
          className="min-w-24 text-center text-sm font-medium text-ink-soft tabular-nums"
        >
          {t("notices.list.pageStatus", { page, total: totalPages })}
        </span>
        <button
          type="button"
          data-testid="notice-next"
          disabled={page >= totalPages}
          onClick={() => goTo(page + 1)}
          className={buttonStyles({ variant: "secondary", size: "sm" })}
        >
          {t("notices.list.next")}
          <ChevronRight aria-hidden="true" className="size-4" />
        </button>
      </nav>
    </NoticePageFrame>
  );
}

export default NoticeListPage;

/** The board's frame and column heads (hidden on phones) around its rows. */
function NoticeTable({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="overflow-hidden rounded-3xl border border-line bg-surface shadow-soft">
      <table className="w-full table-fixed border-collapse text-left">
        <thead className="hidden border-b border-line bg-canvas/70 text-xs font-bold tracking-wide text-muted uppercase sm:table-header-group">
          <tr>
            <th scope="col" className="w-20 px-5 py-3.5 text-center">
              {t("notices.list.columns.number")}
            </th>
            <th scope="col" className="px-5 py-3.5">
              {t("notices.list.columns.title")}
            </th>
            <th scope="col" className="w-36 px-5 py-3.5">
              {t("notices.list.columns.author")}
            </th>
            <th scope="col" className="w-36 px-5 py-3.5">
              {t("notices.list.columns.date")}
            </th>
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
