import { Palette } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ThemeSwitch } from "../../../components/theme-switch.tsx";

/** My Page: the screen's theme, the same choice as the footer's switch (issue 17). */
export function AppearanceCard() {
  const { t } = useTranslation();
  return (
    <section
      data-testid="mypage-appearance"
      className="rounded-3xl border border-line bg-surface p-6 shadow-card"
    >
      <h2 className="flex items-center gap-2 text-lg font-bold text-ink">
        <Palette aria-hidden="true" className="size-5 text-accent-600" />
        {t("appearance.title")}
      </h2>
      <p className="mt-1 text-sm text-muted">{t("appearance.description")}</p>
      <ThemeSwitch testIdPrefix="mypage-theme" className="mt-4" />
    </section>
  );
}
