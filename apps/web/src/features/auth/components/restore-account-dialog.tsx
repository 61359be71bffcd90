import { safeReturnPath } from "@gyeol/shared/return-path";
import { RotateCcw } from "lucide-react";
import toast from "react-hot-toast";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { useAuthActions } from "../../../lib/auth/auth-provider.tsx";
import { formatDate } from "../../../lib/dates.ts";
import { usePageLocale } from "../../../lib/locale.ts";
import { useRestoreMutation } from "../api/social.ts";
import { toPublicUser } from "../api/to-public-user.ts";
import { describeAuthError } from "../lib/auth-errors.ts";

/**
 * Signing in to an account inside its 14-day deletion window offers to restore it (spec 01 §4).
 * `purgeAt` null: closed. The offer itself is a short-lived signed cookie the sign-in set.
 */
export function RestoreAccountDialog({
  purgeAt,
  fallbackNext,
  onClose,
}: {
  purgeAt: string | null;
  fallbackNext: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const locale = usePageLocale();
  const navigate = useNavigate();
  const { signIn } = useAuthActions();
  const restore = useRestoreMutation();

  const onRestore = () =>
    restore.mutate(undefined, {
      onSuccess: (response) => {
        void signIn(toPublicUser(response));
        toast.success(t("signin.restore.success"));
        onClose();
        const next = safeReturnPath(response.next);
        navigate(next === null || next === "/" ? fallbackNext : next, { replace: true });
      },
      onError: (failure) => toast.error(describeAuthError(failure, t, t("errors.generic"))),
    });

  return (
    <Dialog
      open={purgeAt !== null}
      onOpenChange={(open) => !open && onClose()}
      testId="restore-dialog"
      icon={<RotateCcw aria-hidden="true" className="size-9 text-accent-600" />}
      title={t("signin.restore.title")}
      description={t("signin.restore.description", { date: purgeAt ? formatDate(purgeAt, locale) : "" })}
    >
      <div className="flex flex-col gap-2">
        <Button data-testid="restore-confirm" isLoading={restore.isPending} onClick={onRestore}>
          {t("signin.restore.restore")}
        </Button>
        <Button variant="ghost" data-testid="restore-keep" onClick={onClose}>
          {t("signin.restore.keep")}
        </Button>
      </div>
    </Dialog>
  );
}
