import {
  parseThemeChoice,
  THEME_COOKIE,
  THEME_COOKIE_MAX_AGE_S,
  type TThemeChoice,
} from "@gyeol/shared/theme";
import { useSyncExternalStore } from "react";

/**
 * The visitor's colour theme (issue 17). The cookie is the one record: the server puts it on
 * <html data-theme> when it sends a page (no flash on the first paint), and this module keeps
 * <html> in step when the choice changes. "system" is no cookie and no attribute, so the
 * stylesheet follows prefers-color-scheme.
 */

const listeners = new Set<() => void>();

export function readThemeChoice(): TThemeChoice {
  if (typeof document === "undefined") return "system";
  const entry = document.cookie.split("; ").find((part) => part.startsWith(`${THEME_COOKIE}=`));
  return parseThemeChoice(entry?.slice(THEME_COOKIE.length + 1));
}

/** The canvas of each theme (styles.css), for the browser bar (index.html's theme-color metas). */
const CANVAS: Record<Exclude<TThemeChoice, "system">, string> = { light: "#faf7f4", dark: "#1a1517" };

/** <html data-theme> for the choice; the attribute alone switches every token in styles.css. */
export function applyThemeChoice(choice: TThemeChoice, root: HTMLElement = document.documentElement) {
  if (choice === "system") root.removeAttribute("data-theme");
  else root.setAttribute("data-theme", choice);
}

/** The browser bar's colour: the chosen canvas, or index.html's pair (dark OS first) for system. */
function syncThemeColor(choice: TThemeChoice) {
  for (const meta of document.head.querySelectorAll('meta[name="theme-color"]')) meta.remove();
  const metas =
    choice === "system"
      ? [
          { media: "(prefers-color-scheme: dark)", content: CANVAS.dark },
          { media: null, content: CANVAS.light },
        ]
      : [{ media: null, content: CANVAS[choice] }];
  for (const { media, content } of metas) {
    const meta = document.createElement("meta");
    meta.name = "theme-color";
    if (media) meta.media = media;
    meta.content = content;
    document.head.append(meta);
  }
}

export function chooseTheme(choice: TThemeChoice) {
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox and older Safari; the value is one of three fixed words.
  document.cookie =
    choice === "system"
      ? `${THEME_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`
      : `${THEME_COOKIE}=${choice}; Path=/; Max-Age=${THEME_COOKIE_MAX_AGE_S}; SameSite=Lax${secure}`;
  applyThemeChoice(choice);
  syncThemeColor(choice);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The current choice; a prerendered page was rendered as "system" and hydrates as that first. */
export function useThemeChoice(): TThemeChoice {
  return useSyncExternalStore(subscribe, readThemeChoice, () => "system");
}
