/**
 * Where a sign-in may send the browser afterwards: a path on this site and nothing else
 * (open-redirect defence). "/x?y" yes; "//evil.com", "/\\evil.com", "https://…", "javascript:",
 * control characters, the API and the auth pages themselves no: they fall back to home.
 */
const AUTH_PAGES = /^(\/en)?\/(login|signup)(\/|\?|#|$)/;
const MAX_RETURN_PATH = 512;

export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== "string" || value.length === 0 || value.length > MAX_RETURN_PATH) return null;
  if (!value.startsWith("/") || value.startsWith("//") || value.includes("\\")) return null;
  if ([...value].some((char) => char.charCodeAt(0) < 32 || char.charCodeAt(0) === 127)) return null;
  if (value.startsWith("/api/") || AUTH_PAGES.test(value)) return null;
  // What a browser would make of it must still be this origin and this path.
  const base = "http://gyeol.invalid";
  try {
    const url = new URL(value, base);
    if (url.origin !== base) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

/** The language of a return path decides the language of the pages we send the browser to. */
export function localeOfPath(path: string): "ko" | "en" {
  return path === "/en" || path.startsWith("/en/") || path.startsWith("/en?") ? "en" : "ko";
}

export function localizedPage(page: string, locale: "ko" | "en"): string {
  return locale === "en" ? `/en${page}` : page;
}
