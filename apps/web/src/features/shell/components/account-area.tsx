import { localizePath } from "@gyeol/shared/routes";
import { LogOut } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { buttonStyles } from "../../../components/ui/button.tsx";
import { useAuth } from "../../../lib/auth/auth-provider.tsx";
import { useLogout } from "../../../lib/auth/use-logout.ts";
import { usePageLocale } from "../../../lib/locale.ts";
import { CreditsChip } from "./credits-chip.tsx";

/**
 * The right side of the header: the login link for visitors; credits (all widths) and a compact
 * log-out button (desktop) for signed-in users, so people can sign out before My Page exists.
 */
export function AccountArea() {
  const { t } = useTranslation();
  const { status, user } = useAuth();
  const locale = usePageLocale();
  const { logout, isPending } = useLogout();

  if (status === "loading") {
    // Shaped like the login button, which nearly always follows (a stored user skips this state):
    // the label is drawn, unseen, from an attribute, so the centred nav beside it does not move.
    return (
      <div aria-hidden="true" className="hidden sm:block">
        <span
          data-label={t("nav.login")}
          className={buttonStyles({
            variant: "dark",
            size: "sm",
            className:
              "animate-pulse bg-line/70 px-4 text-transparent shadow-none before:content-[attr(data-label)] hover:bg-line/70",
          })}
        />
      </div>
    );
  }

  if (status === "anonymous" || !user) {
    return (
      // On phones the log-in button lives in the hamburger menu; the header keeps room for the brand.
      <div className="hidden sm:block">
        <Link
          to={localizePath("/login", locale)}
          data-testid="nav-login"
          className={buttonStyles({ variant: "dark", size: "sm", className: "px-4 whitespace-nowrap" })}
        >
          {t("nav.login")}
        </Link>
      </div>
    );
  }

  return (
    <div className="flex items-center gap-1.5">
      <CreditsChip user={user} />
      <div className="hidden lg:block">
        <button
          type="button"
          data-testid="nav-logout"
          onClick={() => void logout()}
          disabled={isPending}
          title={t("nav.logout")}
          className={buttonStyles({ variant: "ghost", size: "sm", className: "whitespace-nowrap" })}
        >
          <LogOut aria-hidden="true" className="size-4" />
          {/* Between 1024 and 1280 px the signed-in header has no room for the word: icon only. */}
          <span className="max-xl:sr-only">{t("nav.logout")}</span>
        </button>
      </div>
    </div>
  );
}
