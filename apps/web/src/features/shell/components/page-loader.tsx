import { useTranslation } from "react-i18next";
import { Spinner } from "../../../components/ui/spinner.tsx";

/** Shown while a page's script loads; it fades in late so fast loads never flash it. */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex flex-1 items-center justify-center py-32">
      <span className="flex animate-fade-in items-center gap-3 text-muted opacity-0 [animation-delay:200ms]">
        <Spinner className="size-5 text-accent-500" />
        <span className="text-sm">{t("common.loading")}</span>
      </span>
    </div>
  );
}
