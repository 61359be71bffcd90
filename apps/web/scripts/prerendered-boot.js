// Runs in the browser, on prerendered public pages only (issue 17, Delivery). scripts/prerender.mjs
// puts it, as a deferred classic script, where Vite's module entry was: the entry's URL in
// data-entry, the chunks it imports (Vite's modulepreload list) in data-preload, the chunks the
// app waits for on this page (its own, its language's strings) in data-page, the whole stylesheet
// in data-css, when the app starts in data-start; and it prepends public/zod-jitless.js to it (one
// request instead of two).
//
// The prerendered HTML, with the CSS rules it uses inline, is the whole first view: its text and
// hero image paint from it alone, and nothing else is fetched until they are on screen: on a slow
// phone the app's scripts, the stylesheet and the web font would otherwise share the connection
// with the hero image. Then the stylesheet and Pretendard load: the page arrives with
// <html data-fonts="after-paint">, under which styles.css sets text in the metric-matched fallback
// face only, so nothing moves when the font swaps in.
//
// The app (which hydrates the HTML) starts on the visitor's first sign of use, or once the page has
// been idle a few seconds (data-start="intent", issue 29 item 4): a page that reads and navigates as
// HTML does not need it to be read, and its start (evaluating the modules, hydrating, compiling a
// thousand functions) was most of the landing's blocking time on a slow phone. A page whose view
// waits for data (the notice list) starts it right after the paint (data-start="paint"). A click
// on a control that needs the app, or a form's submission, before it is ready is held and made
// again once it is: the first tap is late, never lost (and a form is never sent as a plain GET).
(() => {
  const { entry, preload = "", page = "", css, start = "paint" } = document.currentScript?.dataset ?? {};
  /** Long enough for a slow phone's hero image; a stalled image must not keep the page inert. */
  const MAX_WAIT_MS = 4000;
  /** How long the stylesheet, once here, waits for Pretendard before it applies without it. */
  const MAX_FONT_WAIT_MS = 1500;
  /** How long a painted page of data-start="intent" waits for a sign of use before it starts the app. */
  const IDLE_START_MS = 3000;
  /** react-compare-slider's ReactCompareSliderCssVars.rawPosition (prerendered-boot.test.ts). */
  const COMPARE_POSITION_PROPERTY = "--rcs-raw-position";
  /** lib/app-ready.ts APP_READY_EVENT: the app has committed its first render (prerendered-boot.test.ts). */
  const APP_READY_EVENT = "gyeol:app-ready";
  /** What a click needs the app for; links work as HTML. A label counts when its control is a box. */
  const HELD_CONTROLS =
    'button,[role="button"],[role="tab"],[role="switch"],[role="checkbox"],[role="radio"],[role="menuitem"],input[type="checkbox"],input[type="radio"]';
  /** The first signs that a visitor is about to use the page (a mouse's movement counts too). */
  const INTENT_EVENTS = ["pointerdown", "touchstart", "keydown", "focusin", "wheel", "pointermove"];
  /** How long a held tap waits before the page shows it is on its way: a fast device shows nothing. */
  const PROGRESS_AFTER_MS = 150;

  /**
   * Whether the app waits for a sign of use. Not for a visitor who chose a theme (the server put it
   * on <html data-theme>): the footer's theme switch, prerendered on "system", shows that choice
   * only once the app runs.
   */
  const waitsForUse = start === "intent" && !document.documentElement.hasAttribute("data-theme");
  /**
   * The chunks the entry imports (Vite's modulepreload list), and those the app waits for on this
   * page before its first render (the page's own chunk, its language's strings: data-page, from the
   * build's manifest), fetched with the entry instead of after it.
   */
  const preloads = `${preload} ${page}`.split(" ").filter(Boolean);
  const addLink = (rel, href, attributes = {}) => {
    const link = Object.assign(document.createElement("link"), { rel, href }, attributes);
    document.head.append(link);
    return link;
  };
  let isAppReady = false;
  let isAppStarted = false;
  /**
   * The clicks and submissions made before the app was ready, to make again, in order, once it is
   * (a radio group moved by the arrow keys ends on the last choice). A tap repeated on the same
   * control while it waits is impatience, not a second toggle: it counts once.
   */
  const held = [];
  let lastHeldControl;

  /**
   * While a held tap waits for the app, a thin bar across the top of the page says it was taken (on
   * a slow phone the wait is a second or two). Outside #root, so hydration never sees it; drawn from
   * inline styles and the theme's accent, since the stylesheet may not have applied yet.
   */
  let progress;
  let progressTimer;
  const showWaiting = () => {
    if (progressTimer !== undefined) return;
    progressTimer = setTimeout(() => {
      if (isAppReady) return;
      progress = document.createElement("div");
      progress.dataset.bootProgress = "";
      progress.setAttribute("aria-hidden", "true");
      Object.assign(progress.style, {
        position: "fixed",
        top: "0",
        left: "0",
        width: "100%",
        height: "3px",
        zIndex: "2147483647",
        pointerEvents: "none",
        background: "var(--color-accent-500, #b84e71)",
        transformOrigin: "0 0",
        transform: "scaleX(0.15)",
      });
      document.body.append(progress);
      // Towards nine tenths, slowing as it goes; it finishes when the app is ready.
      if (!window.matchMedia?.("(prefers-reduced-motion: reduce)").matches)
        progress.animate?.([{ transform: "scaleX(0.15)" }, { transform: "scaleX(0.9)" }], {
          duration: 3000,
          easing: "cubic-bezier(0.1, 0.7, 0.3, 1)",
          fill: "forwards",
        });
    }, PROGRESS_AFTER_MS);
  };
  const hideWaiting = () => {
    clearTimeout(progressTimer);
    const bar = progress;
    progress = undefined;
    if (!bar) return;
    const remove = () => bar.remove();
    // Across the page, then gone (the later animation's transform wins over the growing one's).
    const fade = [
      { transform: "scaleX(1)", opacity: 1 },
      { transform: "scaleX(1)", opacity: 0 },
    ];
    const finish = bar.animate?.(fade, { duration: 200, fill: "forwards" });
    if (finish) finish.finished.then(remove, remove);
    else remove();
  };

  const onIntent = (event) => {
    if (event.type === "pointermove" && event.pointerType !== "mouse") return;
    startApp();
  };
  /** Settles when the visitor first uses a page that waited for it (never, on any other page). */
  let markUsed;
  const usedPage = new Promise((resolve) => {
    markUsed = resolve;
  });
  const startApp = () => {
    if (isAppStarted) return;
    isAppStarted = true;
    if (waitsForUse) markUsed();
    for (const type of INTENT_EVENTS) window.removeEventListener(type, onIntent, true);
    for (const href of preloads) addLink("modulepreload", href);
    if (entry) import(entry);
  };

  document.addEventListener(
    APP_READY_EVENT,
    () =>
      // After the frame the app's first render paints in, so a menu it opens is the app's own. Until
      // then a click still joins the queue: none overtakes one made before it.
      requestAnimationFrame(() =>
        setTimeout(() => {
          isAppReady = true;
          hideWaiting();
          for (const replay of held.splice(0)) replay();
        }, 0),
      ),
    { once: true },
  );
  document.addEventListener(
    "click",
    (event) => {
      if (isAppReady || !(event.target instanceof Element) || event.target.closest("a[href]")) return;
      const label = event.target.closest("label");
      const control =
        event.target.closest(HELD_CONTROLS) ??
        (label?.control?.matches('input[type="checkbox"],input[type="radio"]') ? label : null);
      if (!control) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      if (control !== lastHeldControl) held.push(() => control.isConnected && control.click());
      lastHeldControl = control;
      showWaiting();
      startApp();
    },
    true,
  );
  document.addEventListener(
    "submit",
    (event) => {
      if (isAppReady || !(event.target instanceof HTMLFormElement)) return;
      const form = event.target;
      const submitter = event.submitter?.form === form ? event.submitter : undefined;
      event.preventDefault();
      event.stopImmediatePropagation();
      held.push(() => form.isConnected && form.requestSubmit(submitter));
      lastHeldControl = undefined;
      showWaiting();
      startApp();
    },
    true,
  );

  const loadAssets = () => {
    // The stylesheet and Pretendard change every element's style and every line's shaping. Each
    // applied on arrival would restyle and lay out the whole page again (three long tasks on a slow
    // phone: the font switch, the font's arrival, the stylesheet); so the stylesheet is fetched
    // as print-only, the font through the font loading API, and both are applied in one frame.
    const sheet = css
      ? new Promise((resolve) => {
          // A print stylesheet would be fetched last; menus and dialogs need it soon after hydrating.
          const link = addLink("stylesheet", css, { media: "print", fetchPriority: "high" });
          link.addEventListener("load", () => resolve(link), { once: true });
          link.addEventListener("error", () => resolve(link), { once: true });
        })
      : Promise.resolve(undefined);
    const font = document.fonts.load('1em "Pretendard Subset"').catch(() => undefined);
    const late = () => new Promise((resolve) => setTimeout(resolve, MAX_FONT_WAIT_MS));
    sheet
      // A slow font must not keep the stylesheet (menus and dialogs need it) from applying for long.
      // Nor may it once the visitor has started using the page: the app's menus need it, and the
      // app, its scripts fetched ahead, can be ready within the font's wait.
      .then((link) => Promise.race([font, late(), usedPage]).then(() => link))
      .then((link) =>
        requestAnimationFrame(() => {
          // react-compare-slider (the hero's slider) registers its position property when its
          // module runs, and a registration restyles every element: once more, right after this
          // frame's restyle. Registered here, in the frame that restyles the page anyway, the
          // library's own call finds it taken and changes nothing (it catches the error).
          try {
            CSS.registerProperty({
              name: COMPARE_POSITION_PROPERTY,
              syntax: "<percentage>",
              inherits: true,
              initialValue: "50%",
            });
          } catch {
            // Already registered (the app came first), or no CSS.registerProperty: nothing to save.
          }
          if (link) link.media = "all";
          document.documentElement.removeAttribute("data-fonts");
        }),
      );
  };

  /** shared constants.ts STORAGE_KEY_LOCALE, locale-negotiation.ts LOCALE_COOKIE and its max age. */
  const LOCALE_STORAGE_KEY = "locale";
  const LOCALE_COOKIE = "gyeol_locale";
  const LOCALE_COOKIE_MAX_AGE_S = 31536000;

  // The header's KR|EN links (locale-switch.tsx) before the app has hydrated the page: the browser
  // follows the link, and this stores the choice first, as the app's setStoredLocale does (local
  // storage, and the cookie the server reads to choose the language of a page without /en, which
  // would otherwise send a visitor who once chose English to English again). Once hydrated, the
  // app's own handler runs after this one, stores the same and moves without a reload.
  document.addEventListener(
    "click",
    (event) => {
      const link = event.target instanceof Element ? event.target.closest("a[data-locale-switch]") : null;
      if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
        return;
      const locale = link.dataset.localeSwitch;
      if (locale !== "ko" && locale !== "en") return;
      try {
        window.localStorage.setItem(LOCALE_STORAGE_KEY, locale);
      } catch {
        // Storage off (a private mode): the cookie still carries the choice to the server.
      }
      const secure = window.location.protocol === "https:" ? "; Secure" : "";
      // biome-ignore lint/suspicious/noDocumentCookie: as lib/locale.ts: no Cookie Store API in Safari/Firefox.
      document.cookie = `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE_S}; SameSite=Lax${secure}`;
      // The language already shown: the choice is stored, and the page is not loaded again (the
      // link points at itself), as the app leaves it once hydrated.
      if (link.getAttribute("aria-current") === "true") {
        event.preventDefault();
        return;
      }
      // The HTML was prerendered without a query; the switch keeps the one this visit has (?tab=packs).
      if (window.location.search !== "" && link.search === "") {
        event.preventDefault();
        window.location.assign(`${link.pathname}${window.location.search}`);
      }
    },
    true,
  );

  /**
   * A signed-in visitor, or a URL with a query, gets a fresh render instead of the prerendered view
   * (main.tsx): nothing to wait for.
   */
  const isPrerenderedView = () => {
    try {
      return window.location.search === "" && window.localStorage.getItem("user") === null;
    } catch {
      return true;
    }
  };
  if (!isPrerenderedView()) {
    loadAssets();
    startApp();
    return;
  }
  // A sign of use before the paint starts the app at once: the visitor is not waiting to read.
  if (waitsForUse)
    for (const type of INTENT_EVENTS)
      window.addEventListener(type, onIntent, { capture: true, passive: true });

  // The page's eager images: its first view's (the largest paint is one of them, or text); images
  // further down load lazily. Chosen without measuring, which would force a layout of the whole page.
  const eagerImages = [...document.images].filter((image) => image.loading !== "lazy");
  // The text shows once its fallback faces (local fonts, looked up asynchronously) are ready.
  const painted = Promise.all([
    document.fonts.ready,
    ...eagerImages.map((image) => image.decode().catch(() => undefined)),
  ]);
  const capped = new Promise((resolve) => setTimeout(resolve, MAX_WAIT_MS));

  const afterFrames = (count) =>
    new Promise((resolve) => {
      const step = (left) => (left === 0 ? resolve() : requestAnimationFrame(() => step(left - 1)));
      step(count);
    });
  /**
   * Until the browser reports the largest paint made since `since` as shown on screen (a frame is
   * presented a little after it is painted), or a few frames when nothing larger comes.
   */
  const presented = (since) =>
    new Promise((resolve) => {
      const frames = afterFrames(3);
      if (!PerformanceObserver.supportedEntryTypes?.includes("largest-contentful-paint"))
        return void frames.then(resolve);
      const observer = new PerformanceObserver((list) => {
        if (list.getEntries().some((entry) => entry.startTime >= since)) done();
      });
      const done = () => {
        observer.disconnect();
        resolve();
      };
      observer.observe({ type: "largest-contentful-paint", buffered: true });
      frames.then(done);
    });
  Promise.race([painted, capped])
    .then(() => presented(performance.now()))
    .then(() =>
      setTimeout(() => {
        loadAssets();
        if (!waitsForUse) return startApp();
        // The app's scripts come into the HTTP cache now, at the lowest priority, and run only when
        // it starts: the first tap waits for their evaluation and the hydration, not the network.
        if (!isAppStarted)
          for (const href of [entry, ...preloads].filter(Boolean))
            addLink("prefetch", href, { crossOrigin: "" });
        const idle = window.requestIdleCallback ?? ((callback) => setTimeout(callback, 0));
        setTimeout(() => idle(startApp, { timeout: IDLE_START_MS }), IDLE_START_MS);
      }, 0),
    );
})();
