import { THEME_CHOICES, type TThemeChoice } from "@gyeol/shared/theme";
import { type LucideIcon, Monitor, Moon, Sun } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { chooseTheme, useThemeChoice } from "../lib/theme.ts";
import { cn } from "./ui/cn.ts";

const ICONS: Record<TThemeChoice, LucideIcon> = { system: Monitor, light: Sun, dark: Moon };

/**
 * 시스템 / 라이트 / 다크 (issue 17): a radio group, so arrow keys move the choice and a screen
 * reader announces "Theme, Dark, selected, 3 of 3". The choice is a cookie (lib/theme.ts). Its
 * strings are under footer.* because the footer paints with the landing's core strings.
 */
export function ThemeSwitch({
  testIdPrefix = "theme",
  className,
}: {
  testIdPrefix?: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const choice = useThemeChoice();
  const name = useId();

  return (
    <fieldset className={cn("flex flex-wrap items-center gap-x-3 gap-y-2", className)}>
      {/* A floated legend is laid out as a flex item and still names the group. */}
      <legend className="float-left text-[13px] font-semibold text-muted">{t("footer.theme.label")}</legend>
      <div className="inline-flex items-center rounded-full border border-line bg-surface p-0.5">
        {THEME_CHOICES.map((option) => {
          const Icon = ICONS[option];
          const isChosen = option === choice;
          return (
            <label
              key={option}
              className={cn(
                "inline-flex h-8 cursor-pointer items-center gap-1.5 rounded-full px-3 text-xs font-semibold transition-colors",
                "has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-accent-500",
                isChosen ? "bg-ink text-white" : "text-ink-soft hover:text-ink",
              )}
            >
              <input
                type="radio"
                name={name}
                value={option}
                checked={isChosen}
                onChange={() => chooseTheme(option)}
                data-testid={`${testIdPrefix}-${option}`}
                className="sr-only"
              />
              <Icon aria-hidden="true" className="size-3.5" />
              {t(`footer.theme.${option}`)}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
