import { Menu, X } from "lucide-react";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { useIsSignedIn } from "../../../lib/auth/auth-provider.tsx";
import { AccountArea } from "./account-area.tsx";
import { AiSuiteMenu } from "./ai-suite-menu.tsx";
import { BrandLink } from "./brand-link.tsx";
import { MobileMenu } from "./lazy-shell-parts.tsx";
import { LocaleSwitch } from "./locale-switch.tsx";
import { DesktopNavLinks } from "./nav-links.tsx";

export function Header() {
  const { t } = useTranslation();
  const isSignedIn = useIsSignedIn();
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const menuId = useId();
  const location = useLocation();
  const hamburgerRef = useRef<HTMLButtonElement>(null);
  // Escape in the menu: focus goes back to the button that opened it.
  const closeMenu = useCallback(() => {
    setIsMenuOpen(false);
    hamburgerRef.current?.focus();
  }, []);

  // The mobile menu closes on every navigation (spec 01 §2).
  // biome-ignore lint/correctness/useExhaustiveDependencies: location.key is the trigger.
  useEffect(() => {
    setIsMenuOpen(false);
  }, [location.key]);

  return (
    <header className="sticky top-0 z-40 border-b border-line/80 bg-canvas/85 backdrop-blur-md supports-[backdrop-filter]:bg-canvas/75">
      {/* Phones: tighter gaps and a 36 px menu button, so the tagline keeps its whole line beside
          the AI menu, the credits and the menu button (issue 30). */}
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-1.5 px-4 sm:gap-2 sm:px-6">
        <BrandLink />
        <nav aria-label={t("nav.label")} className="ml-auto flex items-center gap-1 lg:mx-auto">
          <DesktopNavLinks />
          <AiSuiteMenu isLabelHiddenOnPhone={isSignedIn} />
        </nav>
        <div className="flex items-center gap-1 sm:gap-2 lg:ml-0">
          <LocaleSwitch testIdPrefix="lang" className="hidden lg:inline-flex" />
          <AccountArea />
          <button
            ref={hamburgerRef}
            type="button"
            data-testid="hamburger"
            aria-expanded={isMenuOpen}
            aria-controls={isMenuOpen ? menuId : undefined}
            aria-label={t(isMenuOpen ? "nav.closeMenu" : "nav.openMenu")}
            onClick={() => setIsMenuOpen((open) => !open)}
            className="grid size-9 place-items-center rounded-full text-ink hover:bg-ink/5 sm:size-10 lg:hidden"
          >
            {isMenuOpen ? (
              <X aria-hidden="true" className="size-5.5" />
            ) : (
              <Menu aria-hidden="true" className="size-5.5" />
            )}
          </button>
        </div>
      </div>
      {isMenuOpen && <MobileMenu id={menuId} onClose={closeMenu} />}
    </header>
  );
}
