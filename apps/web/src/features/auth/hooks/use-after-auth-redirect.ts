import { localizePath } from "@gyeol/shared/routes";
import { useCallback } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { usePageLocale } from "../../../lib/locale.ts";

const AUTH_PAGES = /^(\/en)?\/(login|signup)(\/|\?|#|$)/;

/**
 * `?next=` is honoured only for a path on this site: "/x" yes; "//evil.com", "/\evil.com",
 * "https://…" and the auth pages themselves no.
 */
export function safeNextPath(next: string | null): string | null {
  if (!next?.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return null;
  if ([...next].some((char) => char.charCodeAt(0) < 32) || AUTH_PAGES.test(next)) return null;
  return next;
}

/** Where to go after signing in: the page the user came from, else home (localised). */
export function useAfterAuthRedirect() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const locale = usePageLocale();
  const next = safeNextPath(params.get("next"));

  const redirect = useCallback(() => {
    navigate(next ?? localizePath("/", locale), { replace: true });
  }, [navigate, next, locale]);

  return { next, redirect };
}
