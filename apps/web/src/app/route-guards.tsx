import { isEnglishPath, localizePath } from "@gyeol/shared/routes";
import { type ReactNode, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, useLocation } from "react-router";
import { CenteredSpinner } from "../components/ui/centered-spinner.tsx";
import { useAuth } from "../lib/auth/auth-provider.tsx";
import { env } from "../lib/env.ts";

function usePathLocale() {
  const { pathname } = useLocation();
  return isEnglishPath(pathname) ? "en" : "ko";
}

/** /image-generation exists only with the build flag on; otherwise home, / or /en (spec 01 §2). */
export function ImageGenerationGate({
  children,
  isEnabled = env.imageGenerationEnabled,
}: {
  children: ReactNode;
  isEnabled?: boolean;
}) {
  const locale = usePathLocale();
  if (!isEnabled) return <Navigate to={localizePath("/", locale)} replace />;
  return children;
}

/** /consistency is the old name of the generation screen (spec 01 §2). */
export function ConsistencyRedirect({ isEnabled = env.imageGenerationEnabled }: { isEnabled?: boolean }) {
  const locale = usePathLocale();
  const { search } = useLocation();
  const target = isEnabled
    ? `${localizePath("/image-generation", locale)}${search}`
    : localizePath("/", locale);
  return <Navigate to={target} replace />;
}

/**
 * The sign-in guard of every route the table marks `access: "user"` (spec 02 §6): a spinner while
 * the session is checked, the page for a signed-in user, and for a visitor /login?next=<this page>
 * (with a "please log in" toast where the route asks for one). Pages behind it read the user with
 * useRequiredUser().
 */
export function RequireUser({
  children,
  isLoginNoticed = false,
}: {
  children: ReactNode;
  isLoginNoticed?: boolean;
}) {
  const { t } = useTranslation();
  const { status, user } = useAuth();
  if (user) return children;
  if (status === "loading") return <CenteredSpinner label={t("common.loading")} />;
  return <LoginRedirect isLoginNoticed={isLoginNoticed} />;
}

function LoginRedirect({ isLoginNoticed }: { isLoginNoticed: boolean }) {
  const { t } = useTranslation();
  const locale = usePathLocale();
  const { pathname, search } = useLocation();
  useEffect(() => {
    // react-hot-toast loads with the toaster, not with the first paint (lazy-shell-parts.tsx).
    if (isLoginNoticed)
      void import("react-hot-toast").then(({ default: toast }) =>
        toast(t("tool.loginRequired"), { id: "login-required" }),
      );
  }, [isLoginNoticed, t]);
  return (
    <Navigate
      to={`${localizePath("/login", locale)}?next=${encodeURIComponent(pathname + search)}`}
      replace
    />
  );
}
