import { SOCIAL_ERRORS, type TSocialError } from "@gyeol/shared/contracts/auth";
import { localizePath } from "@gyeol/shared/routes";
import { type FormEvent, useEffect, useRef, useState } from "react";
import toast from "react-hot-toast";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { Button } from "../../../components/ui/button.tsx";
import { useAuthActions } from "../../../lib/auth/auth-provider.tsx";
import { usePageLocale } from "../../../lib/locale.ts";
import { useDocumentTitle } from "../../../lib/use-document-title.ts";
import { useFormErrors } from "../../../lib/use-form-errors.ts";
import { useLoginMutation } from "../api/login.ts";
import { fetchRestoreOffer } from "../api/social.ts";
import { toPublicUser } from "../api/to-public-user.ts";
import { useAfterAuthRedirect } from "../hooks/use-after-auth-redirect.ts";
import { describeAuthError, pendingDeletionDate } from "../lib/auth-errors.ts";
import { AuthCard, OrDivider } from "./auth-card.tsx";
import { EmailField } from "./email-field.tsx";
import { FormError } from "./form-error.tsx";
import { PasswordField } from "./password-field.tsx";
import { RestoreAccountDialog } from "./restore-account-dialog.tsx";
import { SocialButtons } from "./social-buttons.tsx";

/** The login body's fields (ZLoginBody): the server's reasons land on them. */
const LOGIN_FIELDS = ["email", "password"] as const;

export function LoginPage() {
  const { t } = useTranslation();
  const locale = usePageLocale();
  const login = useLoginMutation();
  const { signIn } = useAuthActions();
  const { next, redirect } = useAfterAuthRedirect();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const formRef = useRef<HTMLFormElement>(null);
  const errors = useFormErrors(LOGIN_FIELDS, formRef);
  const [purgeAt, setPurgeAt] = useState<string | null>(null);
  const [params] = useSearchParams();
  const redirectError = params.get("error");
  const socialError = SOCIAL_ERRORS.includes(redirectError as TSocialError)
    ? (redirectError as TSocialError)
    : null;
  const isRestoreOffered = params.get("restore") === "1";
  useDocumentTitle(t("pages.login.title"));

  // A Naver/Kakao sign-in into an account inside its deletion window comes back with ?restore=1.
  useEffect(() => {
    if (!isRestoreOffered) return;
    fetchRestoreOffer()
      .then((offer) => setPurgeAt(offer.purgeAt))
      .catch(() => {});
  }, [isRestoreOffered]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    errors.clear();
    login.mutate(
      { email: email.trim(), password },
      {
        onSuccess: (response) => {
          const user = toPublicUser(response);
          // Stored at once, then refreshed from the server (spec 01 §4).
          void signIn(user);
          toast.success(t("auth.login.success", { name: response.nickname || user.name || user.email }));
          redirect();
        },
        onError: (failure) => {
          const pending = pendingDeletionDate(failure);
          if (pending !== null) return setPurgeAt(pending);
          // Shown inline, under its field or above the button (FormError is a live alert): not
          // toasted too, where a toast would cover the very fields it is about (issue 30).
          errors.showFailure(failure, t("auth.login.failed"), describeAuthError);
        },
      },
    );
  }

  const signupHref = `${localizePath("/signup", locale)}${next ? `?next=${encodeURIComponent(next)}` : ""}`;

  return (
    <AuthCard
      title={t("auth.login.title")}
      subtitle={t("auth.login.subtitle")}
      footer={
        <>
          {t("auth.login.noAccount")}{" "}
          <Link
            to={signupHref}
            data-testid="login-to-signup"
            className="font-semibold text-accent-700 hover:underline"
          >
            {t("auth.login.toSignup")}
          </Link>
        </>
      }
    >
      {socialError && (
        <div className="mb-5">
          <FormError message={t(`signin.redirectErrors.${socialError}`)} testId="login-social-error" />
        </div>
      )}
      <SocialButtons
        mode="login"
        next={next ?? (locale === "en" ? "/en" : null)}
        onPendingDeletion={setPurgeAt}
      />
      <OrDivider />
      <form
        ref={formRef}
        data-testid="login-form"
        aria-label={t("auth.login.formLabel")}
        onSubmit={onSubmit}
        className="flex flex-col gap-4"
      >
        <EmailField
          testId="login-email"
          value={email}
          error={errors.fieldError("email")}
          onChange={(value) => {
            setEmail(value);
            errors.clearField("email");
          }}
        />
        <PasswordField
          data-testid="login-password"
          label={t("auth.fields.password")}
          name="password"
          autoComplete="current-password"
          placeholder={t("auth.fields.passwordPlaceholder")}
          required
          error={errors.fieldError("password")}
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            errors.clearField("password");
          }}
        />
        <Link
          to={localizePath("/forgot-password", locale)}
          data-testid="login-forgot"
          className="-mt-1 self-end text-sm font-medium text-accent-700 hover:underline"
        >
          {t("signin.forgot.link")}
        </Link>
        <FormError message={errors.formError} testId="login-error" />
        <Button
          type="submit"
          data-testid="login-submit"
          size="lg"
          isLoading={login.isPending}
          className="mt-1 w-full"
        >
          {login.isPending ? t("auth.login.submitting") : t("auth.login.submit")}
        </Button>
      </form>
      <RestoreAccountDialog
        purgeAt={purgeAt}
        fallbackNext={next ?? localizePath("/", locale)}
        onClose={() => setPurgeAt(null)}
      />
    </AuthCard>
  );
}

export default LoginPage;
