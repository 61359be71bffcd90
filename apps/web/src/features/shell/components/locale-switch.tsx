import type { TLocale } from "@gyeol/shared/constants";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { cn } from "../../../components/ui/cn.ts";
import { i18n } from "../../../lib/i18n/i18n.ts";
import { localeSwitchTarget, setStoredLocale, usePageLocale } from "../../../lib/locale.ts";

const OPTIONS: readonly TLocale[] = ["ko", "en"];

/** A failed preload is no error: the switch itself loads the strings again. */
function preloadLanguage(locale: TLocale): void {
  if (!i18n.isReady(locale)) void i18n.load(locale).catch(() => undefined);
}

/** The KR|EN switch (spec 01 §2): stores the choice and moves to the other language's path. */
/** `className` carries the display (default inline-flex), so a caller can hide it on some widths. */
export function LocaleSwitch({
  testIdPrefix,
  className,
}: {
  testIdPrefix: "lang" | "mobile-lang";
  className?: string;
}) {
  const { t } = useTranslation();
  const locale = usePageLocale();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();

  function choose(target: TLocale) {
    setStoredLocale(target);
    navigate(localeSwitchTarget(pathname, search, target));
  }

  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of two toggle buttons, not a form fieldset.
    <div
      role="group"
      aria-label={t("locale.switchLabel")}
      className={cn(
        "items-center rounded-full border border-line bg-surface p-0.5",
        className ?? "inline-flex",
      )}
    >
      {OPTIONS.map((option) => {
        const isActive = option === locale;
        return (
          <button
            key={option}
            type="button"
            data-testid={`${testIdPrefix}-${option}`}
            aria-pressed={isActive}
            lang={option}
            title={t(option === "ko" ? "locale.koFull" : "locale.enFull")}
            onClick={() => choose(option)}
            // The other language's strings load ahead on intent, so the switch paints at once.
            onPointerEnter={() => preloadLanguage(option)}
            onFocus={() => preloadLanguage(option)}
            className={cn(
              "h-7 min-w-10 rounded-full px-2.5 text-xs font-bold tracking-wide transition-colors",
              isActive ? "bg-ink text-white" : "text-muted hover:text-ink",
            )}
          >
            {t(option === "ko" ? "locale.ko" : "locale.en")}
          </button>
        );
      })}
    </div>
  );
}
