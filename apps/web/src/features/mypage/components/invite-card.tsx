import { AFFILIATE_EARNINGS_LIMIT, type TAffiliateEarning } from "@gyeol/shared/contracts/affiliate";
import { AFFILIATE_REWARD_SHARE } from "@gyeol/shared/policy";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Copy, Gift, Share2 } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import toast from "react-hot-toast";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { formatDateTime, formatNumber } from "../../../lib/dates.ts";
import { usePageLocale } from "../../../lib/locale.ts";
import { affiliateEarningsQuery, buildShareLink, ensureAffiliateCode } from "../../../lib/share/affiliate.ts";

function EarningLine({ item }: { item: TAffiliateEarning }) {
  const { t } = useTranslation();
  const locale = usePageLocale();
  return (
    <li data-testid="invite-earning" className="flex items-center justify-between gap-4 py-3">
      <div className="min-w-0">
        <p className="truncate font-semibold text-ink">
          {t("mypage.invite.earning", { buyer: item.buyer ?? t("mypage.invite.unnamedBuyer") })}
        </p>
        <p className="mt-0.5 text-xs text-muted tabular-nums">
          {formatDateTime(item.created_at, locale)}
          {item.purchase_credits !== null &&
            ` · ${t("mypage.invite.purchase", { credits: formatNumber(item.purchase_credits, locale) })}`}
        </p>
      </div>
      <p data-testid="invite-earning-credits" className="shrink-0 font-bold text-emerald-700 tabular-nums">
        +{formatNumber(item.credits, locale)}
        <span className="ml-1 text-xs font-semibold">{t("mypage.invite.creditsUnit")}</span>
      </p>
    </li>
  );
}

/** Copies through the clipboard API, or the selected field where that is missing (plain http). */
async function copyText(text: string, field: HTMLInputElement | null): Promise<void> {
  if (navigator.clipboard?.writeText) return navigator.clipboard.writeText(text);
  field?.select();
  if (!document.execCommand?.("copy")) throw new Error("copy refused");
}

/**
 * My Page's "내 초대 링크 / My invite link" (issue 30; spec 01 §1 affiliate programme): the link with
 * copy and share, its visits, sign-ups and payments, and what it earned, person by person (a masked
 * name, never an e-mail). Hidden while the programme is off.
 */
export function InviteCard() {
  const { t } = useTranslation();
  const locale = usePageLocale();
  const queryClient = useQueryClient();
  const earnings = useQuery(affiliateEarningsQuery());
  const fieldRef = useRef<HTMLInputElement>(null);
  const fieldId = useId();
  const [code, setCode] = useState<string | null>(null);
  const [isCodeFailed, setIsCodeFailed] = useState(false);
  const data = earnings.data;
  const knownCode = data?.affiliate_code ?? code;
  const canShare = typeof navigator !== "undefined" && typeof navigator.share === "function";

  // A link is made the first time it is shown (POST /api/affiliate/ensure-code), then kept.
  useEffect(() => {
    if (!data?.enabled || data.affiliate_code !== null || code !== null) return;
    let isCurrent = true;
    ensureAffiliateCode()
      .then(({ affiliate_code }) => {
        if (!isCurrent) return;
        setCode(affiliate_code);
        void queryClient.invalidateQueries({ queryKey: affiliateEarningsQuery().queryKey });
      })
      .catch(() => isCurrent && setIsCodeFailed(true));
    return () => {
      isCurrent = false;
    };
  }, [data, code, queryClient]);

  if (data && !data.enabled) return null;
  const link = knownCode ? buildShareLink(window.location.origin, knownCode) : null;
  const share = Math.round((data?.reward_share ?? AFFILIATE_REWARD_SHARE) * 100);

  async function onCopy() {
    if (!link) return;
    try {
      await copyText(link, fieldRef.current);
      toast.success(t("mypage.invite.copied"), { id: "invite-copied" });
    } catch {
      toast.error(t("mypage.invite.copyFailed"), { id: "invite-copy-failed" });
    }
  }

  async function onShare() {
    if (!link) return;
    try {
      await navigator.share({
        title: t("mypage.invite.shareTitle"),
        text: t("mypage.invite.shareText"),
        url: link,
      });
    } catch (error) {
      // Closing the share sheet is no failure; anything else falls back to copying.
      if (!(error instanceof DOMException && error.name === "AbortError")) await onCopy();
    }
  }

  const stats = data
    ? ([
        ["clicks", data.clicks],
        ["referred", data.referred],
        ["paid", data.paid],
        ["earned", data.total_credits],
      ] as const)
    : [];

  return (
    <section
      id="invite"
      aria-labelledby={`${fieldId}-title`}
      data-testid="mypage-invite"
      className="scroll-mt-24 rounded-[1.75rem] border border-line bg-surface p-6 shadow-soft sm:p-7"
    >
      <h2 id={`${fieldId}-title`} className="flex items-center gap-2 text-lg font-bold text-ink">
        <Gift aria-hidden="true" className="size-5 text-accent-600" />
        {t("mypage.invite.title")}
      </h2>
      <p className="mt-1 text-sm leading-relaxed text-muted">{t("mypage.invite.description", { share })}</p>

      {earnings.isError || isCodeFailed ? (
        <p role="alert" className="mt-5 rounded-2xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {t("mypage.invite.failed")}
        </p>
      ) : !link ? (
        <p className="mt-5 flex items-center gap-2 text-sm text-muted" aria-live="polite">
          <Spinner className="size-4 text-accent-500" />
          {t("mypage.invite.loading")}
        </p>
      ) : (
        <>
          <label htmlFor={fieldId} className="mt-5 block text-xs font-semibold text-muted">
            {t("mypage.invite.linkLabel")}
          </label>
          <div className="mt-1.5 flex flex-col gap-2 sm:flex-row">
            <input
              ref={fieldRef}
              id={fieldId}
              readOnly
              value={link}
              data-testid="invite-link"
              onFocus={(event) => event.currentTarget.select()}
              className="h-11 w-full min-w-0 rounded-xl border border-line-strong bg-canvas px-3.5 sm:flex-1 text-[14px] text-ink tabular-nums outline-none focus:border-accent-400 focus:ring-4 focus:ring-accent-100"
            />
            <div className="flex gap-2">
              <Button
                variant="primary"
                className="h-11 flex-1 sm:flex-none"
                onClick={() => void onCopy()}
                data-testid="invite-copy"
              >
                <Copy aria-hidden="true" className="size-4" />
                {t("mypage.invite.copy")}
              </Button>
              {canShare && (
                <Button
                  variant="secondary"
                  className="h-11 flex-1 sm:flex-none"
                  onClick={() => void onShare()}
                  data-testid="invite-share"
                >
                  <Share2 aria-hidden="true" className="size-4" />
                  {t("mypage.invite.share")}
                </Button>
              )}
            </div>
          </div>
        </>
      )}

      {data && (
        <>
          <dl className="mt-5 grid grid-cols-2 gap-2 sm:grid-cols-4">
            {stats.map(([key, value]) => (
              <div key={key} className="rounded-2xl bg-canvas px-3.5 py-3 ring-1 ring-line">
                <dt className="text-xs font-medium text-muted">{t(`mypage.invite.stats.${key}`)}</dt>
                <dd
                  data-testid={`invite-${key}`}
                  className="mt-0.5 text-lg font-extrabold text-ink tabular-nums"
                >
                  {formatNumber(value, locale)}
                </dd>
              </div>
            ))}
          </dl>
          <h3 className="mt-6 text-sm font-bold text-ink">{t("mypage.invite.earningsTitle")}</h3>
          {data.earnings.length === 0 ? (
            <p
              data-testid="invite-earnings-empty"
              className="mt-2 rounded-2xl bg-canvas px-4 py-6 text-center text-sm text-muted"
            >
              {t("mypage.invite.earningsEmpty")}
            </p>
          ) : (
            <>
              <ul className="mt-1 divide-y divide-line">
                {data.earnings.map((item) => (
                  <EarningLine key={item.id} item={item} />
                ))}
              </ul>
              {data.earnings.length >= AFFILIATE_EARNINGS_LIMIT && (
                <p className="mt-2 text-xs text-muted">
                  {t("mypage.invite.more", { count: AFFILIATE_EARNINGS_LIMIT })}
                </p>
              )}
            </>
          )}
        </>
      )}
    </section>
  );
}
