import { safeReturnPath } from "@gyeol/shared/return-path";
import { localizePath } from "@gyeol/shared/routes";
import { useCallback } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { usePageLocale } from "../../../lib/locale.ts";

/** Where to go after signing in: the page the user came from, else home (localised). */
export function useAfterAuthRedirect() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const locale = usePageLocale();
  // `?next=` is honoured only for a page of this site (the shared open-redirect rule).
  const next = safeReturnPath(params.get("next"));

  const redirect = useCallback(() => {
    navigate(next ?? localizePath("/", locale), { replace: true });
  }, [navigate, next, locale]);

  return { next, redirect };
}
