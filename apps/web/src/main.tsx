import "./styles.css";
import { STORAGE_KEY_USER } from "@gyeol/shared/constants";
import { isValidElement, StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./app/app.tsx";
import { type AppRouter, createAppRouter } from "./app/router.tsx";
import { AppReadySignal } from "./lib/app-ready.ts";
import { i18n } from "./lib/i18n/i18n.ts";
import { isLocale, setDocumentLanguage, setServerLocale, syncLocaleCookie } from "./lib/locale.ts";
import { readStorage } from "./lib/storage.ts";
import { applyThemeChoice, readThemeChoice } from "./lib/theme.ts";

/** The language the server's HTML was prerendered in (before it is set to the one shown). */
const prerenderedLang = document.documentElement.lang;
// Hydration renders what the server sent: a page without /en in the language it chose (issue 30).
if (isLocale(prerenderedLang)) setServerLocale(prerenderedLang);
setDocumentLanguage(i18n.language);
// The server reads the stored language from a cookie: keep it in step with local storage.
syncLocaleCookie();
// The server already put the theme cookie on <html>; this covers HTML it did not send (Vite's dev server).
applyThemeChoice(readThemeChoice());

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

// Public pages arrive prerendered (scripts/prerender.mjs) as a signed-out visitor sees them in the
// page's language with no query: hydrate them when that is what this visitor gets. A signed-in user,
// a stored language other than the page's, or a query gets a fresh render over it (no mismatch to
// recover from); every other page arrives empty.
const isPrerenderedAsShown =
  root.firstElementChild !== null &&
  // A query (?tab=packs) may choose another view than the prerendered default.
  window.location.search === "" &&
  readStorage(STORAGE_KEY_USER) === null &&
  prerenderedLang === i18n.language;

/**
 * Back to the browser before the next step. The app's start is main-thread work in a page already
 * shown (this module's evaluation, the router, the page's strings and chunk, hydration): in one task
 * it would keep a tap waiting for a long while on a slow phone (bench:web's total blocking time).
 */
const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

void (async () => {
  await yieldToBrowser();
  // One router: its first match names the page to load ahead, and it is the one the app renders
  // (matching the route table is the costly part of making one).
  const router = createAppRouter();
  await yieldToBrowser();
  // The language's strings (the core; a page that needs the rest loads it with its chunk) and the
  // page's own chunk, together, before the first render: hydrating a page still loading would let
  // data that arrives meanwhile (the auth check, a query) differ from the HTML, and a render without
  // its strings would paint keys.
  await Promise.all([i18n.changeLanguage(i18n.language), preloadCurrentPage(router)]).catch(
    (error: unknown) => console.error("[main] loading the page's strings or script failed", error),
  );
  const app = (
    <StrictMode>
      <App router={router} />
      <AppReadySignal />
    </StrictMode>
  );
  // As a transition, hydration yields to the browser between components instead of blocking the
  // main thread in one long task while the page is already shown.
  if (isPrerenderedAsShown) startTransition(() => void hydrateRoot(root, app));
  else createRoot(root).render(app);
})();

async function preloadCurrentPage(router: AppRouter): Promise<void> {
  const element = router.state.matches.at(-1)?.route.element;
  const page = isValidElement(element) ? element.type : undefined;
  if (typeof page === "function" && "preload" in page && typeof page.preload === "function")
    await Promise.resolve(page.preload()).catch(() => undefined);
}
