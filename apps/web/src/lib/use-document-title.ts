import { useEffect } from "react";
import { useTranslation } from "react-i18next";

/** "Page · Gyeol"; with no page title, the product title alone. */
export function useDocumentTitle(pageTitle: string | undefined): void {
  const { t } = useTranslation();
  const suffix = t("meta.titleSuffix");
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} · ${suffix}` : t("meta.landingTitle");
  }, [pageTitle, suffix, t]);
}
