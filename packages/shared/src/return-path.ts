/**
 * Where the browser may be sent back to after a detour (sign-in with a password, Google, Naver or
 * Kakao, a restored account): one page of this web app, written in its normal form, and nothing
 * else. This is the open-redirect defence of the server and the web app alike; both call it and
 * nothing else decides.
 *
 * The value is accepted only when it is already exactly what a browser would make of it, so what
 * was checked is what is used: a past version checked the raw value and then returned what
 * `new URL` normalised, and "/.//evil.example" came out as "//evil.example". Hence a grammar with
 * nothing a URL parser rewrites: path segments of unreserved characters only (no dots, no percent
 * escapes, no empty segments, so no "//", "/./", "/%2F", "/%5C", "/%2e%2e"), then an optional query
 * and fragment of printable ASCII with no backslash and none of the characters a parser escapes.
 * Anything else (other schemes, other hosts, "\", control or space characters, look-alikes of "/",
 * the API, pages that are not in the route table, the sign-in pages themselves) is refused.
 */
import { isAppRoute, isEnglishPath } from "./routes.ts";

/** Longer return paths are refused (they only ever come from our own page addresses). */
export const MAX_RETURN_PATH_LENGTH = 512;

/** "/" alone, or "/" followed by segments of unreserved characters (RFC 3986) without dots. */
const PATHNAME = /^(?:\/[A-Za-z0-9_~-]+)*\/?$/;
/** Query: printable ASCII except what WHATWG URL escapes in a query (" # ' < >) and "\". */
const QUERY = /^\?[\x21\x24-\x26\x28-\x3B\x3D\x3F-\x5B\x5D-\x7E]+$/;
/** Fragment: printable ASCII except what WHATWG URL escapes in a fragment (" < > `) and "\". */
const FRAGMENT = /^#[\x21\x23-\x3B\x3D\x3F-\x5B\x5D-\x5F\x61-\x7E]+$/;

/** Going back to a sign-in page after signing in would loop; home instead. */
const AUTH_PAGES = /^(?:\/en)?\/(?:login|signup|forgot-password|reset-password)(?:\/|$)/;

/** A page of this site to return to, exactly as given, or null when the value is anything else. */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== "string" || value.length === 0 || value.length > MAX_RETURN_PATH_LENGTH) return null;
  const queryAt = value.indexOf("?");
  const fragmentAt = value.indexOf("#");
  const pathEnd = Math.min(...[queryAt, fragmentAt, value.length].filter((at) => at !== -1));
  const pathname = value.slice(0, pathEnd);
  const hasQuery = queryAt !== -1 && (fragmentAt === -1 || queryAt < fragmentAt);
  const queryEnd = fragmentAt === -1 ? value.length : fragmentAt;
  const query = hasQuery ? value.slice(queryAt, queryEnd) : "";
  const fragment = fragmentAt === -1 ? "" : value.slice(fragmentAt);
  if (!value.startsWith("/") || !PATHNAME.test(pathname)) return null;
  if ((query && !QUERY.test(query)) || (fragment && !FRAGMENT.test(fragment))) return null;
  if (!isAppRoute(pathname) || AUTH_PAGES.test(pathname)) return null;
  return value;
}

/** The language of a return path decides the language of the pages the browser is sent to. */
export function localeOfReturnPath(path: string): "ko" | "en" {
  return isEnglishPath(path.split(/[?#]/, 1)[0] ?? "") ? "en" : "ko";
}
