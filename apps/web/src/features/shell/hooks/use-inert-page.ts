import { useEffect } from "react";

/** What a sheet over the page hides: the page itself, the footer and the floating community button. */
const COVERED = "#main, footer, [data-testid='community-home']";

/**
 * While a panel covers the page (the mobile menu, the AI tools sheet on phones), the page under it
 * is inert: Tab cannot wander into what the panel hides, and a screen reader does not read it.
 */
export function useInertPage(isActive: boolean): void {
  useEffect(() => {
    if (!isActive) return;
    const covered = [...document.querySelectorAll<HTMLElement>(COVERED)];
    for (const element of covered) element.inert = true;
    return () => {
      for (const element of covered) element.inert = false;
    };
  }, [isActive]);
}
