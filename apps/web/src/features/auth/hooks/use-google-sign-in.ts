import { localizePath } from "@gyeol/shared/routes";
import { useCallback } from "react";
import toast from "react-hot-toast";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { isApiError } from "../../../lib/api-client.ts";
import { useAuthActions } from "../../../lib/auth/auth-provider.tsx";
import { usePageLocale } from "../../../lib/locale.ts";
import { postGoogle } from "../api/social.ts";
import { toPublicUser } from "../api/to-public-user.ts";
import { describeAuthError, pendingDeletionDate } from "../lib/auth-errors.ts";
import { useAfterAuthRedirect } from "./use-after-auth-redirect.ts";

/**
 * What happens to a Google credential: signed in; a first sign-in goes to the age confirmation;
 * an account inside its deletion window opens the restore offer; else the spec's error
 * (spec 01 §8: server error, else details, else the default "Google login failed").
 */
export function useGoogleSignIn(onPendingDeletion: (purgeAt: string) => void) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const locale = usePageLocale();
  const { signIn } = useAuthActions();
  const { next, redirect } = useAfterAuthRedirect();

  return useCallback(
    async (credential: string) => {
      try {
        const response = await postGoogle({ credential });
        void signIn(toPublicUser(response));
        toast.success(t("auth.login.success", { name: response.nickname || response.email }));
        redirect();
      } catch (failure) {
        if (isApiError(failure) && failure.code === "AGE_CONFIRMATION_REQUIRED") {
          const query = next ? `?next=${encodeURIComponent(next)}` : "";
          navigate(`${localizePath("/signup/social", locale)}${query}`);
          return;
        }
        const purgeAt = pendingDeletionDate(failure);
        if (purgeAt !== null) return onPendingDeletion(purgeAt);
        toast.error(describeAuthError(failure, t, t("signin.social.googleFailed")));
      }
    },
    [t, navigate, locale, signIn, next, redirect, onPendingDeletion],
  );
}
