import { STORAGE_KEY_LOCALE } from "@gyeol/shared/constants";
import { localizePath } from "@gyeol/shared/routes";
import { House, RefreshCw, TriangleAlert } from "lucide-react";
import { useTranslation } from "react-i18next";
import { buttonStyles } from "../../../components/ui/button.tsx";
import { cn } from "../../../components/ui/cn.ts";
import { detectLocale, resolvePageLocale } from "../../../lib/locale.ts";
import { readStorage } from "../../../lib/storage.ts";

/** Home of the current language, computed without the router (which may be what failed). */
function homeHref(): string {
  const stored = detectLocale(readStorage(STORAGE_KEY_LOCALE), window.navigator?.language);
  return localizePath("/", resolvePageLocale(window.location.pathname, stored));
}

interface ErrorScreenProps {
  /** "page" fills the window (top-level boundary); "inline" sits inside the shell. */
  variant?: "page" | "inline";
  isChunkError?: boolean;
}

/** The full-page error screen of spec 01 §2 and §8: reload, or go home. */
export function ErrorScreen({ variant = "page", isChunkError = false }: ErrorScreenProps) {
  const { t } = useTranslation();
  // Inside the shell the page already has its <main>.
  const Container = variant === "page" ? "main" : "div";
  return (
    <Container
      data-testid="error-screen"
      role="alert"
      className={cn(
        "flex items-center justify-center px-5",
        variant === "page" ? "min-h-dvh bg-canvas" : "min-h-[60vh] py-16",
      )}
    >
      <div className="w-full max-w-md rounded-3xl border border-line bg-surface p-8 text-center shadow-card sm:p-10">
        <span className="mx-auto grid size-14 place-items-center rounded-2xl bg-accent-50 text-accent-600">
          <TriangleAlert aria-hidden="true" className="size-7" />
        </span>
        <h1 className="mt-5 text-2xl font-bold tracking-tight text-ink">{t("errorScreen.title")}</h1>
        <p className="mt-3 leading-relaxed text-ink-soft">{t("errorScreen.description")}</p>
        {isChunkError && <p className="mt-3 text-sm text-muted">{t("errorScreen.chunkHint")}</p>}
        <div className="mt-8 flex flex-col gap-2.5 sm:flex-row sm:justify-center">
          <button
            type="button"
            data-testid="error-reload"
            onClick={() => window.location.reload()}
            className={buttonStyles({ variant: "primary" })}
          >
            <RefreshCw aria-hidden="true" className="size-4" />
            {t("errorScreen.reload")}
          </button>
          <a href={homeHref()} data-testid="error-home" className={buttonStyles({ variant: "secondary" })}>
            <House aria-hidden="true" className="size-4" />
            {t("errorScreen.goHome")}
          </a>
        </div>
      </div>
    </Container>
  );
}
