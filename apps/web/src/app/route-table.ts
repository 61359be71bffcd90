import type { TLocale } from "@gyeol/shared/constants";
import { APP_ROUTES, type AppRoute, EN_PREFIX, fixedLocaleOf, type TRouteId } from "@gyeol/shared/routes";

/**
 * Every page the router serves, from the one shared list (spec 01 §2): each route as written and
 * its /en mirror; the English-only short legal forms (/en/terms …) only under /en.
 */
export interface PageRoute {
  id: TRouteId;
  path: string;
  fixedLocale?: TLocale;
  isEnglishMirror: boolean;
  access?: AppRoute["access"];
  isLoginNoticed?: boolean;
}

export function expandRoutes(routes: readonly AppRoute[] = APP_ROUTES): PageRoute[] {
  const pages: PageRoute[] = [];
  for (const route of routes) {
    const guard = {
      ...(route.access ? { access: route.access } : {}),
      ...(route.isLoginNoticed ? { isLoginNoticed: true } : {}),
    };
    if (!route.englishOnly) {
      pages.push({
        id: route.id,
        path: route.path,
        fixedLocale: fixedLocaleOf(route, false),
        isEnglishMirror: false,
        ...guard,
      });
    }
    pages.push({
      id: route.id,
      path: route.path === "/" ? EN_PREFIX : `${EN_PREFIX}${route.path}`,
      fixedLocale: fixedLocaleOf(route, true),
      isEnglishMirror: true,
      ...guard,
    });
  }
  return pages;
}
