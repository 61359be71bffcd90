import { localeOfReturnPath, safeReturnPath } from "@gyeol/shared/return-path";
import { localizePath } from "@gyeol/shared/routes";
import { Clock } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { describeCode } from "../../../lib/api-errors.ts";
import { useAuth, useAuthActions } from "../../../lib/auth/auth-provider.tsx";
import { usePageLocale } from "../../../lib/locale.ts";

/**
 * The page "Log in again" comes back to (issue 26): the page the session ended on, or, when the
 * sign-in guard already swapped that page for /login?next=…, the `next` it carries. Only a page of
 * this site, by the shared open-redirect rule.
 */
export function returnPathOf(pathname: string, search: string): string | null {
  return safeReturnPath(pathname + search) ?? safeReturnPath(new URLSearchParams(search).get("next"));
}

/**
 * Opens when the session ended (spec 01 §4, §8). A known code reads in the page's language,
 * anything else as the default sentence: the event's message is the server's English, which a
 * Korean page must not show (issue 12).
 */
export function SessionExpiredModal() {
  const { t } = useTranslation();
  const { sessionExpired } = useAuth();
  const { dismissSessionExpired } = useAuthActions();
  const navigate = useNavigate();
  const locale = usePageLocale();
  const location = useLocation();

  const message = describeCode(sessionExpired?.code, t) ?? t("session.expiredDefault");

  function loginAgain() {
    dismissSessionExpired();
    const next = returnPathOf(location.pathname, location.search);
    // The sign-in page speaks the language of the page it returns to.
    const loginPath = localizePath("/login", next ? localeOfReturnPath(next) : locale);
    navigate(`${loginPath}${next ? `?next=${encodeURIComponent(next)}` : ""}`);
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
