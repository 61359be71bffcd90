import { barePath, localizePath } from "@gyeol/shared/routes";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { cn } from "../../../components/ui/cn.ts";
import { useIsSignedIn } from "../../../lib/auth/auth-provider.tsx";
import { usePageLocale } from "../../../lib/locale.ts";

type TNavKey = "home" | "notice" | "pricing" | "mypage";

export interface NavItem {
  key: TNavKey;
  path: string;
  testId?: string;
  isEnd?: boolean;
}

const PUBLIC_ITEMS: readonly NavItem[] = [
  { key: "home", path: "/", testId: "nav-home", isEnd: true },
  { key: "notice", path: "/notice", testId: "nav-notice" },
  { key: "pricing", path: "/pricing", testId: "nav-pricing" },
];
const MYPAGE_ITEM: NavItem = { key: "mypage", path: "/mypage", testId: "nav-mypage" };

/** Home, notice, pricing and (signed in) My Page (spec 01 §2). */
export function useNavItems(): readonly NavItem[] {
  const isSignedIn = useIsSignedIn();
  return isSignedIn ? [...PUBLIC_ITEMS, MYPAGE_ITEM] : PUBLIC_ITEMS;
}

/**
 * Whether `pathname` is the item's page, in either language. A page without /en may be shown in
 * English (issue 30: the visitor's language), where the item links to its /en address: comparing
 * the two, as NavLink does, left Home unmarked on / in English.
 */
export function isNavItemActive(item: NavItem, pathname: string): boolean {
  const bare = barePath(pathname);
  return item.isEnd ? bare === item.path : bare === item.path || bare.startsWith(`${item.path}/`);
}

/** A nav item's link, in the page's language, marked current (aria-current="page") on its page. */
export function NavItemLink({
  item,
  testId,
  className,
  children,
}: {
  item: NavItem;
  testId: string | undefined;
  className: (isActive: boolean) => string;
  children: ReactNode;
}) {
  const locale = usePageLocale();
  const isActive = isNavItemActive(item, useLocation().pathname);
  return (
    <Link
      to={localizePath(item.path, locale)}
      data-testid={testId}
      aria-current={isActive ? "page" : undefined}
      className={className(isActive)}
    >
      {children}
    </Link>
  );
}

export function DesktopNavLinks() {
  const { t } = useTranslation();
  const items = useNavItems();
  return (
    <>
      {items.map((item) => (
        <NavItemLink
          key={item.key}
          item={item}
          testId={item.testId}
          className={(isActive) =>
            cn(
              "hidden h-9 shrink-0 items-center rounded-full px-2.5 text-[15px] font-medium whitespace-nowrap transition-colors lg:inline-flex xl:px-3.5",
              isActive ? "bg-ink/5 text-ink" : "text-ink-soft hover:bg-ink/5 hover:text-ink",
            )
          }
        >
          {t(`nav.${item.key}`)}
        </NavItemLink>
      ))}
    </>
  );
}
