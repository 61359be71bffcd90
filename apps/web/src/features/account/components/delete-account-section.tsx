import { ACCOUNT_DELETE_CONFIRMATION } from "@gyeol/shared/contracts/account";
import type { TPublicUser } from "@gyeol/shared/contracts/user";
import { ACCOUNT_DELETION_UNDO_DAYS } from "@gyeol/shared/policy";
import { localizePath } from "@gyeol/shared/routes";
import { TriangleAlert } from "lucide-react";
import { type FormEvent, useState } from "react";
import toast from "react-hot-toast";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { isApiError } from "../../../lib/api-client.ts";
import { describeError } from "../../../lib/api-errors.ts";
import { useAuthActions } from "../../../lib/auth/auth-provider.tsx";
import { formatDate } from "../../../lib/dates.ts";
import { i18n } from "../../../lib/i18n/i18n.ts";
import { usePageLocale } from "../../../lib/locale.ts";
import { useDeleteAccountMutation } from "../api/account.ts";

/**
 * My Page: delete the account (spec 01 §4, 14-day undo window). A password account re-enters its
 * password; an account that signs in only through Google, Naver or Kakao types the confirmation word.
 */
export function DeleteAccountSection({ user, hasPassword }: { user: TPublicUser; hasPassword: boolean }) {
  const { t } = useTranslation();
  const locale = usePageLocale();
  const navigate = useNavigate();
  const { signOut } = useAuthActions();
  const remove = useDeleteAccountMutation();
  const [isOpen, setIsOpen] = useState(false);
  const [secret, setSecret] = useState("");
  const [error, setError] = useState<string | null>(null);
  const days = ACCOUNT_DELETION_UNDO_DAYS;

  function describe(failure: unknown) {
    const key = isApiError(failure) ? `account.delete.codes.${failure.code}` : "";
    return key && i18n.exists(key)
      ? t(key as "errors.generic")
      : describeError(failure, t, t("errors.generic"));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    remove.mutate(hasPassword ? { password: secret } : { confirmation: secret.trim() }, {
      onSuccess: async ({ purgeAt }) => {
        toast.success(t("account.delete.scheduled", { date: formatDate(purgeAt, locale) }));
        await signOut();
        navigate(localizePath("/", locale), { replace: true });
      },
      onError: (failure) => setError(describe(failure)),
    });
  }

  return (
    <section
      data-testid="delete-account"
      className="rounded-3xl border border-accent-100 bg-surface p-6 shadow-card"
    >
      <h2 className="flex items-center gap-2 text-lg font-bold text-ink">
        <TriangleAlert aria-hidden="true" className="size-5 text-accent-600" />
        {t("account.delete.title")}
      </h2>
      <p className="mt-2 text-sm leading-relaxed text-ink-soft">
        {t("account.delete.description", { days })}
      </p>
      {user.isDemoUser ? (
        <p className="mt-4 text-sm text-muted">{t("account.delete.demo")}</p>
      ) : (
        <Button
          variant="secondary"
          className="mt-4"
          data-testid="delete-account-open"
          onClick={() => setIsOpen(true)}
        >
          {t("account.delete.button")}
        </Button>
      )}
      <Dialog
        open={isOpen}
        onOpenChange={setIsOpen}
        testId="delete-account-dialog"
        title={t("account.delete.dialogTitle")}
        description={t("account.delete.dialogDescription", { days })}
      >
        <form onSubmit={onSubmit} className="flex flex-col gap-3 text-left">
          <TextField
            data-testid="delete-account-secret"
            label={
              hasPassword
                ? t("account.delete.passwordLabel")
                : t("account.delete.confirmLabel", { word: ACCOUNT_DELETE_CONFIRMATION })
            }
            type={hasPassword ? "password" : "text"}
            autoComplete={hasPassword ? "current-password" : "off"}
            required
            value={secret}
            onChange={(event) => setSecret(event.target.value)}
            error={error ?? undefined}
          />
          <div className="mt-2 flex gap-2">
            <Button type="button" variant="ghost" className="flex-1" onClick={() => setIsOpen(false)}>
              {t("account.delete.cancel")}
            </Button>
            <Button
              type="submit"
              className="flex-1"
              data-testid="delete-account-submit"
              isLoading={remove.isPending}
            >
              {t("account.delete.submit")}
            </Button>
          </div>
        </form>
      </Dialog>
    </section>
  );
}
