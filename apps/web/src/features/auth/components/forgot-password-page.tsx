import { localizePath } from "@gyeol/shared/routes";
import { MailCheck } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button.tsx";
import { usePageLocale } from "../../../lib/locale.ts";
import { useDocumentTitle } from "../../../lib/use-document-title.ts";
import { useFormErrors } from "../../../lib/use-form-errors.ts";
import { useForgotPasswordMutation } from "../api/social.ts";
import { describeAuthError } from "../lib/auth-errors.ts";
import { AuthCard } from "./auth-card.tsx";
import { EmailField } from "./email-field.tsx";
import { FormError } from "./form-error.tsx";

const FORGOT_FIELDS = ["email"] as const;

/** /forgot-password: asks for a reset link. The answer is the same whether or not the e-mail is known. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const locale = usePageLocale();
  const forgot = useForgotPasswordMutation();
  const [email, setEmail] = useState("");
  const [sentTo, setSentTo] = useState<string | null>(null);
  const errors = useFormErrors(FORGOT_FIELDS);
  useDocumentTitle(t("signin.forgot.title"));

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    errors.clear();
    const address = email.trim();
    forgot.mutate(
      { email: address, locale },
      {
        onSuccess: () => setSentTo(address),
        onError: (failure) => errors.showFailure(failure, t("errors.generic"), describeAuthError),
      },
    );
  }

  const footer = (
    <Link to={localizePath("/login", locale)} className="font-semibold text-accent-700 hover:underline">
      {t("signin.forgot.toLogin")}
    </Link>
  );

  return (
    <AuthCard title={t("signin.forgot.title")} subtitle={t("signin.forgot.subtitle")} footer={footer}>
      {sentTo ? (
        <div role="status" data-testid="forgot-sent" className="flex flex-col items-center gap-3 text-center">
          <MailCheck aria-hidden="true" className="size-10 text-accent-600" />
          <p className="text-[15px] leading-relaxed text-ink-soft">
            {t("signin.forgot.sent", { email: sentTo })}
          </p>
        </div>
      ) : (
        <form data-testid="forgot-form" onSubmit={onSubmit} className="flex flex-col gap-4">
          <EmailField
            testId="forgot-email"
            value={email}
            error={errors.fieldError("email")}
            onChange={(value) => {
              setEmail(value);
              errors.clearField("email");
            }}
          />
          <FormError message={errors.formError} testId="forgot-error" />
          <Button
            type="submit"
            size="lg"
            data-testid="forgot-submit"
            isLoading={forgot.isPending}
            className="w-full"
          >
            {forgot.isPending ? t("signin.forgot.submitting") : t("signin.forgot.submit")}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}

export default ForgotPasswordPage;
