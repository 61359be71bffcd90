/**
 * Runs `run` once the browser is idle, or after `timeoutMs` at the latest where idle never comes;
 * Safari, without requestIdleCallback, gets a short timer. Returns a function that cancels it.
 */
export function onIdle(run: () => void, timeoutMs: number): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const id = window.requestIdleCallback(run, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(run, Math.min(200, timeoutMs));
  return () => window.clearTimeout(id);
}
