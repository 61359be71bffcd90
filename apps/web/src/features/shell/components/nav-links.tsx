import { localizePath } from "@gyeol/shared/routes";
import { useTranslation } from "react-i18next";
import { NavLink } from "react-router";
import { cn } from "../../../components/ui/cn.ts";
import { useIsSignedIn } from "../../../lib/auth/auth-provider.tsx";
import { usePageLocale } from "../../../lib/locale.ts";

type TNavKey = "home" | "notice" | "pricing" | "mypage";

interface NavItem {
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

export function DesktopNavLinks() {
  const { t } = useTranslation();
  const locale = usePageLocale();
  const items = useNavItems();
  return (
    <>
      {items.map((item) => (
        <NavLink
          key={item.key}
          to={localizePath(item.path, locale)}
          end={item.isEnd}
          data-testid={item.testId}
          className={({ isActive }) =>
            cn(
              "hidden h-9 shrink-0 items-center rounded-full px-2.5 text-[15px] font-medium whitespace-nowrap transition-colors lg:inline-flex xl:px-3.5",
              isActive ? "bg-ink/5 text-ink" : "text-ink-soft hover:bg-ink/5 hover:text-ink",
            )
          }
        >
          {t(`nav.${item.key}`)}
        </NavLink>
      ))}
    </>
  );
}
