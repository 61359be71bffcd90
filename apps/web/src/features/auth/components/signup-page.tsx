import { localizePath } from "@gyeol/shared/routes";
import { type FormEvent, useRef, useState } from "react";
import toast from "react-hot-toast";
import { Trans, useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { NAME_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../../../lib/auth/auth-limits.ts";
import { useAuthActions } from "../../../lib/auth/auth-provider.tsx";
import { usePageLocale } from "../../../lib/locale.ts";
import { useDocumentTitle } from "../../../lib/use-document-title.ts";
import { useFormErrors } from "../../../lib/use-form-errors.ts";
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
import { SocialButtons } from "./social-buttons.tsx";

const legalLinkClass = "font-medium text-ink-soft underline underline-offset-2 hover:text-accent-700";

/** The register body's fields this form shows (ZRegisterBody): the server's reasons land on them. */
const SIGNUP_FIELDS = ["name", "email", "password", "ageConfirmed"] as const;

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
  const formRef = useRef<HTMLFormElement>(null);
  const errors = useFormErrors(SIGNUP_FIELDS, formRef);
  useDocumentTitle(t("pages.signup.title"));

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    errors.clear();
    // The checkbox is `required`, so the browser stops the form first; this covers scripted submits.
    if (!isAgeConfirmed)
      return errors.setFieldError("ageConfirmed", t("errors.validation.fields.ageConfirmed"));
    register.mutate(
      { name: name.trim(), email: email.trim(), password, ageConfirmed: true },
      {
        onSuccess: (response) => {
          void signIn(toPublicUser(response));
          toast.success(t("auth.signup.success"));
          redirect();
        },
        onError: (failure) => {
          // Shown inline, under its field or above the button (FormError is a live alert): not
          // toasted too, where a toast would cover the very fields it is about (issue 30).
          errors.showFailure(failure, t("auth.signup.failed"), describeAuthError);
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
      <SocialButtons
        mode="signup"
        next={next ?? (locale === "en" ? "/en" : null)}
        onPendingDeletion={setPurgeAt}
      />
      <OrDivider />
      <form
        ref={formRef}
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
          error={errors.fieldError("name")}
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            errors.clearField("name");
          }}
        />
        <EmailField
          testId="signup-email"
          value={email}
          error={errors.fieldError("email")}
          onChange={(value) => {
            setEmail(value);
            errors.clearField("email");
          }}
        />
        <PasswordField
          data-testid="signup-password"
          label={t("auth.fields.password")}
          name="password"
          autoComplete="new-password"
          placeholder={t("auth.fields.passwordPlaceholder")}
          minLength={PASSWORD_MIN_LENGTH}
          hint={t("auth.fields.passwordHint", { min: PASSWORD_MIN_LENGTH })}
          required
          error={errors.fieldError("password")}
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            errors.clearField("password");
          }}
        />
        <AgeCheckbox
          checked={isAgeConfirmed}
          error={errors.fieldError("ageConfirmed")}
          onChange={(checked) => {
            setIsAgeConfirmed(checked);
            errors.clearField("ageConfirmed");
          }}
          testId="signup-age"
        />
        <FormError message={errors.formError} testId="signup-error" />
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
