import { localizePath } from "@gyeol/shared/routes";
import { ChevronRight, LogOut } from "lucide-react";
import { useEffect } from "react";
import { createPortal } from "react-dom";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { buttonStyles } from "../../../components/ui/button.tsx";
import { cn } from "../../../components/ui/cn.ts";
import { useAuth } from "../../../lib/auth/auth-provider.tsx";
import { useLogout } from "../../../lib/auth/use-logout.ts";
import { usePageLocale } from "../../../lib/locale.ts";
import { useInertPage } from "../hooks/use-inert-page.ts";
import { CreditsChip } from "./credits-chip.tsx";
import { LocaleSwitch } from "./locale-switch.tsx";
import { NavItemLink, useNavItems } from "./nav-links.tsx";

interface MobileMenuProps {
  id: string;
  onClose: () => void;
}

/** The hamburger's panel: navigation, language, account. Closing on navigation is the header's job. */
export function MobileMenu({ id, onClose }: MobileMenuProps) {
  const { t } = useTranslation();
  const locale = usePageLocale();
  const items = useNavItems();
  const { status, user } = useAuth();
  const { logout, isPending } = useLogout();
  // The panel covers the page under the header: Tab must not wander into what it hides.
  useInertPage(true);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") onClose();
    };
    const previous = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.body.style.overflow = previous;
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [onClose]);

  return createPortal(
    <div
      id={id}
      data-testid="mobile-menu"
      className="fixed inset-x-0 top-16 bottom-0 z-[35] animate-fade-in overflow-y-auto bg-canvas lg:hidden"
    >
      <nav aria-label={t("nav.menuTitle")} className="mx-auto flex max-w-lg flex-col px-5 pt-4 pb-10">
        <ul className="flex flex-col">
          {items.map((item) => (
            <li key={item.key} className="border-b border-line">
              <NavItemLink
                item={item}
                testId={`mobile-${item.testId ?? item.key}`}
                className={(isActive) =>
                  cn(
                    "flex items-center justify-between py-4 text-lg font-semibold",
                    isActive ? "text-accent-700" : "text-ink",
                  )
                }
              >
                {t(`nav.${item.key}`)}
                <ChevronRight aria-hidden="true" className="size-5 text-muted" />
              </NavItemLink>
            </li>
          ))}
        </ul>

        <div className="mt-6 flex items-center justify-between">
          <span className="text-sm font-semibold text-muted">{t("nav.language")}</span>
          <LocaleSwitch testIdPrefix="mobile-lang" />
        </div>

        <div className="mt-8 rounded-2xl border border-line bg-surface p-4 shadow-soft">
          {status === "authenticated" && user ? (
            <div className="flex flex-col gap-4">
              <div className="flex items-center justify-between gap-3">
                <div className="min-w-0">
                  <p className="text-xs font-semibold text-muted">{t("nav.account")}</p>
                  {/* The name given at sign-up, then the e-mail (a provider may give neither). */}
                  {(user.name || user.nickname) && (
                    <p
                      data-testid="mobile-account-name"
                      className="truncate text-[15px] font-semibold text-ink"
                    >
                      {user.name || user.nickname}
                    </p>
                  )}
                  {user.email && (
                    <p
                      data-testid="mobile-account-email"
                      className={
                        user.name || user.nickname
                          ? "truncate text-[13px] text-muted"
                          : "truncate text-[15px] font-semibold text-ink"
                      }
                    >
                      {user.email}
                    </p>
                  )}
                </div>
                <CreditsChip user={user} testId="mobile-credits" />
              </div>
              <button
                type="button"
                data-testid="mobile-logout"
                onClick={() => void logout()}
                disabled={isPending}
                className={buttonStyles({ variant: "secondary", className: "w-full" })}
              >
                <LogOut aria-hidden="true" className="size-4" />
                {t("nav.logout")}
              </button>
            </div>
          ) : (
            <div className="grid grid-cols-2 gap-2">
              <Link
                to={localizePath("/login", locale)}
                data-testid="mobile-login"
                className={buttonStyles({ variant: "dark" })}
              >
                {t("nav.login")}
              </Link>
              <Link
                to={localizePath("/signup", locale)}
                data-testid="mobile-signup"
                className={buttonStyles({ variant: "secondary" })}
              >
                {t("auth.signup.submit")}
              </Link>
            </div>
          )}
        </div>
      </nav>
    </div>,
    document.body,
  );
}
