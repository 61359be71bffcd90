import { useEffect } from "react";

/**
 * Sent on the document once the app has committed its first render (hydrated a prerendered page or
 * rendered afresh). scripts/prerendered-boot.js holds a click on a control, or a form's submission,
 * made before then and makes it again on this event (prerendered-boot.test.ts keeps the names equal).
 */
export const APP_READY_EVENT = "gyeol:app-ready";

/** Renders nothing; says once that the app is ready (StrictMode's second effect finds it said). */
export function AppReadySignal(): null {
  useEffect(() => {
    if (document.documentElement.dataset.app === "ready") return;
    document.documentElement.dataset.app = "ready";
    document.dispatchEvent(new Event(APP_READY_EVENT));
  }, []);
  return null;
}
