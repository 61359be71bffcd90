import {
  AFFILIATE_REWARD_SHARE,
  MAKEUP_SKIN_CORRECTION_PLANS,
  ONE_TIME_CREDIT_VALIDITY_DAYS,
  REFUND_WINDOW_DAYS,
  UPSCALE_CREDITS_RANGE,
} from "@gyeol/shared/policy";
import { useQuery } from "@tanstack/react-query";
import { ChevronDown } from "lucide-react";
import { Accordion } from "radix-ui";
import { useTranslation } from "react-i18next";
import { featureFlagsQuery } from "../../../lib/feature-flags.ts";
import { faqEntryIds, type TFaqEntryId } from "../lib/faq.ts";

/** The FAQ's answers quote policy.ts, so they always say what the product does. */
function useFaqAnswer() {
  const { t } = useTranslation();
  return (id: TFaqEntryId): string => {
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
        return t("pricing.faq.items.affiliate.a", { share: Math.round(AFFILIATE_REWARD_SHARE * 100) });
      default:
        return t(`pricing.faq.items.${id}.a`);
    }
  };
}

/** Ten questions, one open at a time, the first open at the start (spec 01 §2). */
export function FaqSection() {
  const { t } = useTranslation();
  const answer = useFaqAnswer();
  const { data: flags } = useQuery(featureFlagsQuery);
  const entryIds = faqEntryIds(flags?.paymentProvider ?? "paddle");
  return (
    <section data-testid="pricing-faq" className="mx-auto mt-24 max-w-3xl">
      <div className="text-center">
        <p className="text-sm font-bold tracking-wide text-accent-600">{t("pricing.faq.eyebrow")}</p>
        <h2 className="mt-3 text-3xl font-extrabold tracking-tight text-ink">{t("pricing.faq.title")}</h2>
      </div>
      <Accordion.Root
        type="single"
        collapsible
        defaultValue={entryIds[0]}
        className="mt-10 overflow-hidden rounded-3xl border border-line bg-surface shadow-soft"
      >
        {entryIds.map((id) => (
          <Accordion.Item
            key={id}
            value={id}
            data-testid={`faq-${id}`}
            className="border-b border-line last:border-b-0"
          >
            <Accordion.Header>
              <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 px-6 py-5 text-left text-[16px] font-semibold text-ink transition-colors hover:bg-canvas/60">
                {t(`pricing.faq.items.${id}.q`)}
                <ChevronDown
                  aria-hidden="true"
                  className="size-5 shrink-0 text-muted transition-transform duration-200 group-data-[state=open]:rotate-180"
                />
              </Accordion.Trigger>
            </Accordion.Header>
            <Accordion.Content className="px-6 pb-5 text-[15px] leading-relaxed text-ink-soft">
              {answer(id)}
            </Accordion.Content>
          </Accordion.Item>
        ))}
      </Accordion.Root>
    </section>
  );
}
