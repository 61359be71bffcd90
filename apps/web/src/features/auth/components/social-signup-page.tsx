import { safeReturnPath } from "@gyeol/shared/return-path";
import { localizePath } from "@gyeol/shared/routes";
import { type FormEvent, useState } from "react";
import toast from "react-hot-toast";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { Button } from "../../../components/ui/button.tsx";
import { CenteredSpinner } from "../../../components/ui/centered-spinner.tsx";
import { useAuthActions } from "../../../lib/auth/auth-provider.tsx";
import { usePageLocale } from "../../../lib/locale.ts";
import { useDocumentTitle } from "../../../lib/use-document-title.ts";
import { useSocialCompleteMutation, useSocialPendingQuery } from "../api/social.ts";
import { toPublicUser } from "../api/to-public-user.ts";
import { describeAuthError, pendingDeletionDate } from "../lib/auth-errors.ts";
import { AgeCheckbox } from "./age-checkbox.tsx";
import { AuthCard } from "./auth-card.tsx";
import { FormError } from "./form-error.tsx";
import { RestoreAccountDialog } from "./restore-account-dialog.tsx";

/**
 * /signup/social: a first sign-in with Google, Naver or Kakao stops here before the account
 * exists, to confirm the terms' minimum age (spec 01 §5). The provider's profile waits on the
 * server side in a short-lived signed cookie.
 */
export function SocialSignupPage() {
  const { t } = useTranslation();
  const locale = usePageLocale();
  const navigate = useNavigate();
  const { signIn } = useAuthActions();
  const pending = useSocialPendingQuery();
  const complete = useSocialCompleteMutation();
  const [isAgeConfirmed, setIsAgeConfirmed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [purgeAt, setPurgeAt] = useState<string | null>(null);
  useDocumentTitle(t("signin.socialSignup.title"));

  const loginLink = (
    <Link to={localizePath("/login", locale)} className="font-semibold text-accent-700 hover:underline">
      {t("signin.socialSignup.backToLogin")}
    </Link>
  );

  if (pending.isPending) return <CenteredSpinner label={t("signin.socialSignup.loading")} />;
  if (pending.isError) {
    return (
      <AuthCard title={t("signin.socialSignup.title")} subtitle="" footer={loginLink}>
        <FormError message={t("signin.socialSignup.expired")} testId="social-signup-expired" />
      </AuthCard>
    );
  }

  const { provider, email, name, next } = pending.data;
  const providerName = t(`signin.social.providers.${provider}`);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    complete.mutate(undefined, {
      onSuccess: (response) => {
        void signIn(toPublicUser(response));
        toast.success(t("signin.socialSignup.success"));
        navigate(safeReturnPath(response.next) ?? localizePath("/", locale), { replace: true });
      },
      onError: (failure) => {
        const purge = pendingDeletionDate(failure);
        if (purge !== null) return setPurgeAt(purge);
        setError(describeAuthError(failure, t, t("auth.signup.failed")));
      },
    });
  }

  return (
    <AuthCard
      title={t("signin.socialSignup.title")}
      subtitle={t("signin.socialSignup.subtitle")}
      footer={loginLink}
    >
      <form data-testid="social-signup-form" onSubmit={onSubmit} className="flex flex-col gap-4">
        <div className="rounded-xl bg-canvas px-4 py-3.5 text-left" data-testid="social-signup-profile">
          <p className="text-[13px] font-medium text-muted">
            {t("signin.socialSignup.via", { provider: providerName })}
          </p>
          <p className="mt-1 text-[15px] font-semibold text-ink">{name || providerName}</p>
          <p className="text-sm text-ink-soft">
            {email ?? t("signin.socialSignup.noEmail", { provider: providerName })}
          </p>
        </div>
        <AgeCheckbox checked={isAgeConfirmed} onChange={setIsAgeConfirmed} testId="social-signup-age" />
        <FormError message={error} testId="social-signup-error" />
        <Button
          type="submit"
          size="lg"
          data-testid="social-signup-submit"
          disabled={!isAgeConfirmed}
          isLoading={complete.isPending}
          className="w-full"
        >
          {complete.isPending ? t("signin.socialSignup.submitting") : t("signin.socialSignup.submit")}
        </Button>
      </form>
      <RestoreAccountDialog
        purgeAt={purgeAt}
        fallbackNext={safeReturnPath(next) ?? localizePath("/", locale)}
        onClose={() => setPurgeAt(null)}
      />
    </AuthCard>
  );
}

export default SocialSignupPage;
