import { localizePath } from "@gyeol/shared/routes";
import { Clock } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { useAuth, useAuthActions } from "../../../lib/auth/auth-provider.tsx";
import { i18n } from "../../../lib/i18n/i18n.ts";
import { usePageLocale } from "../../../lib/locale.ts";

/**
 * Opens when the session ended (spec 01 §4, §8). A known code reads in the page's language;
 * otherwise the event's message, otherwise the default sentence.
 */
export function SessionExpiredModal() {
  const { t } = useTranslation();
  const { sessionExpired } = useAuth();
  const { dismissSessionExpired } = useAuthActions();
  const navigate = useNavigate();
  const locale = usePageLocale();

  const codeKey = sessionExpired?.code ? `errors.codes.${sessionExpired.code}` : null;
  const message =
    codeKey && i18n.exists(codeKey)
      ? t(codeKey as "session.expiredDefault")
      : (sessionExpired?.message ?? t("session.expiredDefault"));

  function loginAgain() {
    dismissSessionExpired();
    navigate(localizePath("/login", locale));
  }

  return (
    <Dialog
      open={sessionExpired !== null}
      onOpenChange={(open) => {
        if (!open) dismissSessionExpired();
      }}
      title={t("session.expiredTitle")}
      description={message}
      testId="session-expired-modal"
      icon={
        <span className="grid size-12 place-items-center rounded-2xl bg-accent-50 text-accent-600">
          <Clock aria-hidden="true" className="size-6" />
        </span>
      }
    >
      <Button data-testid="session-expired-login" onClick={loginAgain} className="w-full" autoFocus>
        {t("session.loginAgain")}
      </Button>
    </Dialog>
  );
}
