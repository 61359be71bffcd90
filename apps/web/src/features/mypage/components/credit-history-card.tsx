import type { TCreditHistoryItem } from "@gyeol/shared/contracts/payment";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button.tsx";
import { cn } from "../../../components/ui/cn.ts";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { formatDateTime, formatNumber } from "../../../lib/dates.ts";
import { usePageLocale } from "../../../lib/locale.ts";
import { useCreditHistory } from "../api/credit-history.ts";

function HistoryLine({ item }: { item: TCreditHistoryItem }) {
  const { t } = useTranslation();
  const locale = usePageLocale();
  const isGain = item.delta > 0;
  return (
    <li
      data-testid="credit-line"
      data-kind={item.kind}
      className="flex items-center justify-between gap-4 py-3.5"
    >
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-semibold text-ink" title={item.reason}>
          {item.kind === "purchase" && item.bucket === "subscription"
            ? t("mypage.credits.kinds.subscriptionPurchase")
            : t(`mypage.credits.kinds.${item.kind}`)}
          <span className="rounded-full bg-canvas px-2 py-0.5 text-[11px] font-bold text-ink-soft ring-1 ring-line">
            {t(`mypage.credits.buckets.${item.bucket}`)}
          </span>
        </p>
        <p className="mt-0.5 text-xs text-muted tabular-nums">{formatDateTime(item.created_at, locale)}</p>
      </div>
      <div className="shrink-0 text-right">
        <p
          data-testid="credit-line-delta"
          className={cn("font-bold tabular-nums", isGain ? "text-emerald-700" : "text-ink")}
        >
          {isGain ? "+" : item.delta < 0 ? "−" : ""}
          {formatNumber(Math.abs(item.delta), locale)}
        </p>
        <p className="mt-0.5 text-xs text-muted tabular-nums">
          {t("mypage.credits.balanceAfter", { value: formatNumber(item.balance_after, locale) })}
        </p>
      </div>
    </li>
  );
}

/** The credit ledger, newest first, with Load more (spec 02 §2.5; dates in Asia/Seoul). */
export function CreditHistoryCard() {
  const { t } = useTranslation();
  const history = useCreditHistory();
  const items = history.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <section
      data-testid="credit-history"
      className="rounded-[1.75rem] border border-line bg-surface p-6 shadow-soft sm:p-7"
    >
      <h2 className="text-lg font-bold text-ink">{t("mypage.credits.title")}</h2>
      <p className="mt-1 text-sm text-muted">{t("mypage.credits.description")}</p>
      {history.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner className="size-5 text-accent-500" />
        </div>
      ) : history.isError ? (
        <p role="alert" className="mt-5 rounded-2xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {t("mypage.credits.failed")}
        </p>
      ) : items.length === 0 ? (
        <p
          data-testid="credit-history-empty"
          className="mt-5 rounded-2xl bg-canvas px-4 py-8 text-center text-sm text-muted"
        >
          {t("mypage.credits.empty")}
        </p>
      ) : (
        <>
          <ul className="mt-3 divide-y divide-line">
            {items.map((item) => (
              <HistoryLine key={item.id} item={item} />
            ))}
          </ul>
          {history.hasNextPage && (
            <Button
              variant="secondary"
              size="sm"
              className="mt-4 w-full"
              onClick={() => void history.fetchNextPage()}
              isLoading={history.isFetchingNextPage}
              data-testid="credit-history-more"
            >
              {t("mypage.credits.loadMore")}
            </Button>
          )}
        </>
      )}
    </section>
  );
}
