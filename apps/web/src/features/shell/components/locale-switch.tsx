import type { TLocale } from "@gyeol/shared/constants";
import type { MouseEvent } from "react";
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

/** A click the browser should handle itself: a new tab or window, a download, another button. */
function isModifiedClick(event: MouseEvent): boolean {
  return event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
}

/**
 * The KR|EN switch (spec 01 §2): stores the choice and moves to the other language's path.
 * `className` carries the display (default inline-flex), so a caller can hide it on some widths.
 *
 * Each option is a link to the other language's address, so it works before the app has
 * hydrated a prerendered page (a slow phone can take a second or two): there
 * scripts/prerendered-boot.js stores the choice (local storage and the cookie the server reads,
 * as setStoredLocale does) as the browser follows the link. Once hydrated, the click stays in
 * the app: the choice is stored and the router moves without a reload.
 */
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

  function choose(event: MouseEvent, target: TLocale) {
    if (isModifiedClick(event)) return;
    event.preventDefault();
    setStoredLocale(target);
    navigate(localeSwitchTarget(pathname, search, target));
  }

  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of two links, not a form fieldset.
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
          <a
            key={option}
            href={localeSwitchTarget(pathname, search, option)}
            data-testid={`${testIdPrefix}-${option}`}
            // prerendered-boot.js: the language to store when the link is followed before hydration.
            data-locale-switch={option}
            aria-current={isActive ? "true" : undefined}
            lang={option}
            hrefLang={option}
            title={t(option === "ko" ? "locale.koFull" : "locale.enFull")}
            onClick={(event) => choose(event, option)}
            // The other language's strings load ahead on intent, so the switch paints at once.
            onPointerEnter={() => preloadLanguage(option)}
            onFocus={() => preloadLanguage(option)}
            className={cn(
              "inline-flex h-7 min-w-10 items-center justify-center rounded-full px-2.5 text-xs font-bold tracking-wide transition-colors",
              isActive ? "bg-ink text-white" : "text-muted hover:text-ink",
            )}
          >
            {t(option === "ko" ? "locale.ko" : "locale.en")}
          </a>
        );
      })}
    </div>
  );
}
