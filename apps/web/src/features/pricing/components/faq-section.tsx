import {
  AFFILIATE_REWARD_SHARE,
  MAKEUP_SKIN_CORRECTION_PLANS,
  ONE_TIME_CREDIT_VALIDITY_DAYS,
  REFUND_WINDOW_DAYS,
  UPSCALE_CREDITS_RANGE,
} from "@gyeol/shared/policy";
import { localizePath } from "@gyeol/shared/routes";
import { useQuery } from "@tanstack/react-query";
import { ChevronDown } from "lucide-react";
import { type KeyboardEvent, memo, type ReactNode, useId, useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { Link } from "react-router";
import { featureFlagsQuery } from "../../../lib/feature-flags.ts";
import { usePageLocale } from "../../../lib/locale.ts";
import { faqEntryIds, type TFaqEntryId } from "../lib/faq.ts";

/** The FAQ's answers quote policy.ts, so they always say what the product does. */
function useFaqAnswer() {
  const { t } = useTranslation();
  const locale = usePageLocale();
  return (id: TFaqEntryId): ReactNode => {
    switch (id) {
      case "credits":
        return t("pricing.faq.items.credits.a", UPSCALE_CREDITS_RANGE);
      case "expiry":
        return ONE_TIME_CREDIT_VALIDITY_DAYS === null
          ? t("pricing.faq.items.expiry.aNever")
          : t("pricing.faq.items.expiry.aDays", { days: ONE_TIME_CREDIT_VALIDITY_DAYS });
      case "refunds":
        return t("pricing.faq.items.refunds.a", { days: REFUND_WINDOW_DAYS });
      case "makeup":
        return t("pricing.faq.items.makeup.a", {
          plans: MAKEUP_SKIN_CORRECTION_PLANS.map((plan) => t(`plans.names.${plan}`)).join(" · "),
        });
      case "affiliate":
        // Points to where the link and its earnings are (issue 30: My Page, "My invite link").
        return (
          <Trans
            i18nKey="pricing.faq.items.affiliate.a"
            values={{ share: Math.round(AFFILIATE_REWARD_SHARE * 100) }}
            components={{
              mypage: (
                <Link
                  to={`${localizePath("/mypage", locale)}#invite`}
                  data-testid="faq-invite-link"
                  className="font-semibold text-accent-700 underline underline-offset-2"
                />
              ),
            }}
          />
        );
      default:
        return t(`pricing.faq.items.${id}.a`);
    }
  };
}

/** Up, Down, Home and End move between the questions (WAI-ARIA accordion pattern). */
function moveFocus(event: KeyboardEvent<HTMLButtonElement>) {
  const list = event.currentTarget.closest("[data-faq-list]");
  if (!list) return;
  const triggers = [...list.querySelectorAll<HTMLButtonElement>("[data-faq-trigger]")];
  const index = triggers.indexOf(event.currentTarget);
  const count = triggers.length;
  let next: number;
  if (event.key === "ArrowDown") next = (index + 1) % count;
  else if (event.key === "ArrowUp") next = (index - 1 + count) % count;
  else if (event.key === "Home") next = 0;
  else if (event.key === "End") next = count - 1;
  else return;
  event.preventDefault();
  triggers[next]?.focus();
}

/**
 * Ten questions, one open at a time, the first open at the start (spec 01 §2). A button per
 * question (aria-expanded) over its answer (a region named by it), with no measuring on mount: the
 * pricing page hydrates this on a phone, where a library accordion's layout reads cost a long task.
 */
export const FaqSection = memo(function FaqSection() {
  const { t } = useTranslation();
  const answer = useFaqAnswer();
  const { data: flags } = useQuery(featureFlagsQuery);
  const entryIds = faqEntryIds(flags?.paymentProvider ?? "paddle");
  const [openId, setOpenId] = useState<TFaqEntryId | null>(entryIds[0] ?? null);
  const baseId = useId();
  return (
    <section data-testid="pricing-faq" className="mx-auto mt-24 max-w-3xl">
      <div className="text-center">
        <p className="text-sm font-bold tracking-wide text-accent-600">{t("pricing.faq.eyebrow")}</p>
        <h2 className="mt-3 text-3xl font-extrabold tracking-tight text-ink">{t("pricing.faq.title")}</h2>
      </div>
      <div
        data-faq-list=""
        className="mt-10 overflow-hidden rounded-3xl border border-line bg-surface shadow-soft"
      >
        {entryIds.map((id) => {
          const isOpen = openId === id;
          const state = isOpen ? "open" : "closed";
          const triggerId = `${baseId}-${id}-q`;
          const panelId = `${baseId}-${id}-a`;
          return (
            <div
              key={id}
              data-testid={`faq-${id}`}
              data-state={state}
              className="border-b border-line last:border-b-0"
            >
              <h3 className="flex">
                <button
                  type="button"
                  id={triggerId}
                  data-faq-trigger=""
                  data-state={state}
                  aria-expanded={isOpen}
                  aria-controls={panelId}
                  onClick={() => setOpenId(isOpen ? null : id)}
                  onKeyDown={moveFocus}
                  className="group flex w-full items-center justify-between gap-4 px-6 py-5 text-left text-[16px] font-semibold text-ink transition-colors hover:bg-canvas/60"
                >
                  {t(`pricing.faq.items.${id}.q`)}
                  <ChevronDown
                    aria-hidden="true"
                    className="size-5 shrink-0 text-muted transition-transform duration-200 group-data-[state=open]:rotate-180"
                  />
                </button>
              </h3>
              <section
                id={panelId}
                aria-labelledby={triggerId}
                data-state={state}
                hidden={!isOpen}
                className="px-6 pb-5 text-[15px] leading-relaxed text-ink-soft"
              >
                {answer(id)}
              </section>
            </div>
          );
        })}
      </div>
    </section>
  );
});
