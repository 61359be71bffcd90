import { Check, KeyRound } from "lucide-react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../../lib/dates.ts";
import { usePageLocale } from "../../../lib/locale.ts";
import { useSignInMethodsQuery } from "../api/account.ts";

const PROVIDERS = ["google", "naver", "kakao"] as const;

/** My Page: how this account signs in (password, Google, Naver, Kakao); one person, one account. */
export function SignInMethodsCard({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const locale = usePageLocale();
  const methods = useSignInMethodsQuery(userId);

  const rows = methods.data
    ? [
        {
          key: "password",
          label: t("account.methods.password"),
          isLinked: methods.data.hasPassword,
          since: null,
        },
        ...PROVIDERS.map((provider) => {
          const identity = methods.data.identities.find((item) => item.provider === provider);
          return {
            key: provider,
            label: t(`account.methods.${provider}`),
            isLinked: identity !== undefined,
            since: identity?.created_at ?? null,
          };
        }),
      ]
    : [];

  return (
    <section
      data-testid="sign-in-methods"
      className="rounded-3xl border border-line bg-surface p-6 shadow-card"
    >
      <h2 className="flex items-center gap-2 text-lg font-bold text-ink">
        <KeyRound aria-hidden="true" className="size-5 text-accent-600" />
        {t("account.methods.title")}
      </h2>
      <p className="mt-1 text-sm text-muted">{t("account.methods.description")}</p>
      {methods.isPending && <p className="mt-4 text-sm text-muted">{t("account.methods.loading")}</p>}
      {methods.isError && <p className="mt-4 text-sm text-accent-700">{t("account.methods.failed")}</p>}
      <ul className="mt-4 divide-y divide-line">
        {rows.map((row) => (
          <li
            key={row.key}
            data-testid={`sign-in-method-${row.key}`}
            className="flex items-center justify-between gap-3 py-3"
          >
            <span className="text-[15px] font-medium text-ink">{row.label}</span>
            {row.isLinked ? (
              <span className="flex items-center gap-1.5 text-sm font-semibold text-emerald-700">
                <Check aria-hidden="true" className="size-4" />
                {row.since
                  ? t("account.methods.since", { date: formatDate(row.since, locale) })
                  : t("account.methods.linked")}
              </span>
            ) : (
              <span className="text-sm text-muted">{t("account.methods.notLinked")}</span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
