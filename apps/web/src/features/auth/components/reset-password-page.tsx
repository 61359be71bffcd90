import { localizePath } from "@gyeol/shared/routes";
import { type FormEvent, useState } from "react";
import toast from "react-hot-toast";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { Button } from "../../../components/ui/button.tsx";
import { PASSWORD_MIN_LENGTH } from "../../../lib/auth/auth-limits.ts";
import { usePageLocale } from "../../../lib/locale.ts";
import { useDocumentTitle } from "../../../lib/use-document-title.ts";
import { useFormErrors } from "../../../lib/use-form-errors.ts";
import { useResetPasswordMutation } from "../api/social.ts";
import { describeAuthError } from "../lib/auth-errors.ts";
import { AuthCard } from "./auth-card.tsx";
import { FormError } from "./form-error.tsx";
import { PasswordField } from "./password-field.tsx";

/** The reset body's field this form shows; a bad token is the form's own error. */
const RESET_FIELDS = ["password"] as const;

/** /reset-password?token=: the e-mailed link. A good token sets the password once, then login. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const locale = usePageLocale();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const reset = useResetPasswordMutation();
  const [password, setPassword] = useState("");
  const errors = useFormErrors(RESET_FIELDS);
  const formError = token ? errors.formError : t("signin.reset.missingToken");
  useDocumentTitle(t("signin.reset.title"));

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    errors.clear();
    reset.mutate(
      { token, password },
      {
        onSuccess: () => {
          toast.success(t("signin.reset.success"));
          navigate(localizePath("/login", locale), { replace: true });
        },
        onError: (failure) => errors.showFailure(failure, t("errors.generic"), describeAuthError),
      },
    );
  }

  const footer = (
    <Link
      to={localizePath("/forgot-password", locale)}
      className="font-semibold text-accent-700 hover:underline"
    >
      {t("signin.reset.requestNew")}
    </Link>
  );

  return (
    <AuthCard title={t("signin.reset.title")} subtitle={t("signin.reset.subtitle")} footer={footer}>
      <form data-testid="reset-form" onSubmit={onSubmit} className="flex flex-col gap-4">
        <PasswordField
          data-testid="reset-password"
          label={t("signin.reset.newPassword")}
          name="password"
          autoComplete="new-password"
          minLength={PASSWORD_MIN_LENGTH}
          hint={t("auth.fields.passwordHint", { min: PASSWORD_MIN_LENGTH })}
          required
          disabled={!token}
          error={errors.fieldError("password")}
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            errors.clearField("password");
          }}
        />
        <FormError message={formError} testId="reset-error" />
        <Button
          type="submit"
          size="lg"
          data-testid="reset-submit"
          disabled={!token}
          isLoading={reset.isPending}
          className="w-full"
        >
          {reset.isPending ? t("signin.reset.submitting") : t("signin.reset.submit")}
        </Button>
      </form>
    </AuthCard>
  );
}

export default ResetPasswordPage;
