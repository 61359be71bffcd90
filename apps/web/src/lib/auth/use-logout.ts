import { localizePath } from "@gyeol/shared/routes";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { usePageLocale } from "../locale.ts";
import { useAuthActions } from "./auth-provider.tsx";

/** Log out and land on the home page of the current language (spec 01 §4). */
export function useLogout() {
  const { signOut } = useAuthActions();
  const navigate = useNavigate();
  const locale = usePageLocale();
  const { t } = useTranslation();
  const [isPending, setIsPending] = useState(false);

  const logout = useCallback(async () => {
    setIsPending(true);
    try {
      await signOut();
      // react-hot-toast loads with the toaster, not with the header (issue 17, the landing's script).
      void import("react-hot-toast").then(({ default: toast }) => toast.success(t("auth.logout.success")));
      navigate(localizePath("/", locale));
    } finally {
      setIsPending(false);
    }
  }, [signOut, navigate, locale, t]);

  return { logout, isPending };
}
