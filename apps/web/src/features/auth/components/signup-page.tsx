import { localizePath } from "@gyeol/shared/routes";
import { type FormEvent, useState } from "react";
import toast from "react-hot-toast";
import { Trans, useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { NAME_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../../../lib/auth/auth-limits.ts";
import { useAuthActions } from "../../../lib/auth/auth-provider.tsx";
import { usePageLocale } from "../../../lib/locale.ts";
import { useDocumentTitle } from "../../../lib/use-document-title.ts";
import { useRegisterMutation } from "../api/register.ts";
import { toPublicUser } from "../api/to-public-user.ts";
import { useAfterAuthRedirect } from "../hooks/use-after-auth-redirect.ts";
import { describeAuthError } from "../lib/auth-errors.ts";
import { AgeCheckbox } from "./age-checkbox.tsx";
import { AuthCard, OrDivider } from "./auth-card.tsx";
import { EmailField } from "./email-field.tsx";
import { FormError } from "./form-error.tsx";
import { PasswordField } from "./password-field.tsx";
import { RestoreAccountDialog } from "./restore-account-dialog.tsx";
import { GoogleButton } from "./social-buttons.tsx";

const legalLinkClass = "font-medium text-ink-soft underline underline-offset-2 hover:text-accent-700";

export function SignupPage() {
  const { t } = useTranslation();
  const locale = usePageLocale();
  const register = useRegisterMutation();
  const { signIn } = useAuthActions();
  const { next, redirect } = useAfterAuthRedirect();
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [isAgeConfirmed, setIsAgeConfirmed] = useState(false);
  const [purgeAt, setPurgeAt] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useDocumentTitle(t("pages.signup.title"));

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    // The checkbox is `required`, so the browser stops the form first; this covers scripted submits.
    if (!isAgeConfirmed) return setError(t("signin.age.label"));
    register.mutate(
      { name: name.trim(), email: email.trim(), password, ageConfirmed: true },
      {
        onSuccess: (response) => {
          void signIn(toPublicUser(response));
          toast.success(t("auth.signup.success"));
          redirect();
        },
        onError: (failure) => {
          const message = describeAuthError(failure, t, t("auth.signup.failed"));
          setError(message);
          toast.error(message);
        },
      },
    );
  }

  const loginHref = `${localizePath("/login", locale)}${next ? `?next=${encodeURIComponent(next)}` : ""}`;
  const legal =
    locale === "ko"
      ? { terms: "/terms/kr", privacy: "/privacy/kr" }
      : { terms: "/en/terms", privacy: "/en/privacy" };

  return (
    <AuthCard
      title={t("auth.signup.title")}
      subtitle={t("auth.signup.subtitle")}
      footer={
        <>
          {t("auth.signup.hasAccount")}{" "}
          <Link
            to={loginHref}
            data-testid="signup-to-login"
            className="font-semibold text-accent-700 hover:underline"
          >
            {t("auth.signup.toLogin")}
          </Link>
        </>
      }
    >
      <GoogleButton mode="signup" onPendingDeletion={setPurgeAt} />
      <OrDivider />
      <form
        data-testid="signup-form"
        aria-label={t("auth.signup.formLabel")}
        onSubmit={onSubmit}
        className="flex flex-col gap-4"
      >
        <TextField
          data-testid="signup-name"
          label={t("auth.fields.name")}
          name="name"
          autoComplete="name"
          placeholder={t("auth.fields.namePlaceholder")}
          maxLength={NAME_MAX_LENGTH}
          required
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <EmailField testId="signup-email" value={email} onChange={setEmail} />
        <PasswordField
          data-testid="signup-password"
          label={t("auth.fields.password")}
          name="password"
          autoComplete="new-password"
          placeholder={t("auth.fields.passwordPlaceholder")}
          minLength={PASSWORD_MIN_LENGTH}
          hint={t("auth.fields.passwordHint", { min: PASSWORD_MIN_LENGTH })}
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <AgeCheckbox checked={isAgeConfirmed} onChange={setIsAgeConfirmed} testId="signup-age" />
        <FormError message={error} testId="signup-error" />
        <Button
          type="submit"
          data-testid="signup-submit"
          size="lg"
          isLoading={register.isPending}
          className="mt-1 w-full"
        >
          {register.isPending ? t("auth.signup.submitting") : t("auth.signup.submit")}
        </Button>
        <p className="text-center text-[13px] leading-relaxed text-muted">
          <Trans
            i18nKey="auth.signup.agreement"
            components={{
              terms: <Link to={legal.terms} className={legalLinkClass} />,
              privacy: <Link to={legal.privacy} className={legalLinkClass} />,
            }}
          />
        </p>
      </form>
      <RestoreAccountDialog
        purgeAt={purgeAt}
        fallbackNext={next ?? localizePath("/", locale)}
        onClose={() => setPurgeAt(null)}
      />
    </AuthCard>
  );
}

export default SignupPage;
