import { localizePath } from "@gyeol/shared/routes";
import { useEffect } from "react";
import toast from "react-hot-toast";
import { useTranslation } from "react-i18next";
import { Navigate, useLocation } from "react-router";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { useAuth } from "../../../lib/auth/auth-provider.tsx";
import { usePageLocale } from "../../../lib/locale.ts";
import { useDocumentTitle } from "../../../lib/use-document-title.ts";
import { RetouchWorkspace } from "./retouch-workspace.tsx";

/** /upscale (spec 02 §2.1): signed-in users only; visitors go to /login and come back (§6). */
export function RetouchPage() {
  const { t } = useTranslation();
  const { status, user } = useAuth();
  useDocumentTitle(t("pages.upscale.title"));
  if (user) return <RetouchWorkspace user={user} />;
  if (status === "loading") {
    return (
      <div
        className="grid flex-1 place-items-center py-24 text-accent-600"
        data-testid="retouch-auth-loading"
      >
        <Spinner className="size-7" />
      </div>
    );
  }
  return <LoginRedirect />;
}

function LoginRedirect() {
  const { t } = useTranslation();
  const locale = usePageLocale();
  const { pathname } = useLocation();
  useEffect(() => {
    toast(t("retouch.toast.loginRequired"), { id: "retouch-login" });
  }, [t]);
  return <Navigate to={`${localizePath("/login", locale)}?next=${encodeURIComponent(pathname)}`} replace />;
}

export default RetouchPage;
