/**
 * The colour theme a visitor chose (issue 17: WCAG AA contrast in both themes). "system" follows
 * the OS through prefers-color-scheme and is the default; "light" and "dark" are remembered in a
 * cookie, which the server writes onto <html data-theme> when it sends a page, so the first paint
 * already has the chosen theme (the CSP allows no inline script that could set it earlier).
 */
export const THEME_CHOICES = ["system", "light", "dark"] as const;
export type TThemeChoice = (typeof THEME_CHOICES)[number];

export const THEME_COOKIE = "gyeol_theme";
/** A year: the choice is a preference of this browser, not of the account. */
export const THEME_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** A cookie's value as a choice; anything unknown (or no cookie) is "system". */
export function parseThemeChoice(value: string | undefined | null): TThemeChoice {
  return value === "light" || value === "dark" ? value : "system";
}

const DARK_OS_MEDIA = ' media="(prefers-color-scheme: dark)"';
const DARK_THEME_COLOR = /<meta name="theme-color" media="\(prefers-color-scheme: dark\)"[^>]*>\s*/i;

/**
 * The page with <html data-theme> for an explicit choice; "system" leaves it to the stylesheet.
 * The browser bar's colour follows too: index.html has a theme-color for a dark OS before the
 * light one, so Dark makes that one unconditional and Light drops it.
 */
export function withThemeAttribute(html: string, choice: TThemeChoice): string {
  if (choice === "system") return html;
  const page = html.replace(/<html\b([^>]*)>/i, (_tag, attributes: string) => {
    const rest = attributes.replace(/\sdata-theme="[^"]*"/i, "");
    return `<html${rest} data-theme="${choice}">`;
  });
  return choice === "dark"
    ? page.replace(DARK_THEME_COLOR, (tag) => tag.replace(DARK_OS_MEDIA, ""))
    : page.replace(DARK_THEME_COLOR, "");
}
