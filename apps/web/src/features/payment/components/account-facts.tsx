import type { TPublicUser } from "@gyeol/shared/contracts/user";
import { useTranslation } from "react-i18next";
import { formatNumber } from "../../../lib/dates.ts";
import { usePageLocale } from "../../../lib/locale.ts";

const KNOWN_PLANS = new Set(["free", "basic", "deluxe", "premium"]);

/** E-mail, credits and (on success) the plan, default free (spec 01 §2 payment screens). */
export function AccountFacts({ user, hasPlan }: { user: TPublicUser; hasPlan: boolean }) {
  const { t } = useTranslation();
  const locale = usePageLocale();
  const plan = user.plan || "free";
  const rows: Array<[string, string, string]> = [
    ["email", t("payment.account.email"), user.email],
    [
      "credits",
      t("payment.account.credits"),
      t("payment.account.creditsValue", { value: formatNumber(user.credits, locale) }),
    ],
  ];
  if (hasPlan) {
    rows.push([
      "plan",
      t("payment.account.plan"),
      KNOWN_PLANS.has(plan) ? t(`plans.names.${plan as "free"}`) : plan,
    ]);
  }
  return (
    <dl className="mt-7 divide-y divide-line rounded-2xl bg-canvas px-5 text-left ring-1 ring-line">
      {rows.map(([key, label, value]) => (
        <div key={key} className="flex items-center justify-between gap-4 py-3.5">
          <dt className="shrink-0 text-sm text-muted">{label}</dt>
          <dd data-testid={`payment-${key}`} className="min-w-0 truncate font-semibold text-ink tabular-nums">
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
