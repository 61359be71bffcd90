import { BookOpen } from "lucide-react";
import { useTranslation } from "react-i18next";

/** Title, lead and the 'Generation guide' link (spec 02 §2.1). */
export function PageHeading({ onGuide }: { onGuide: () => void }) {
  const { t } = useTranslation();
  return (
    <header className="flex flex-col gap-3 min-[700px]:flex-row min-[700px]:items-end min-[700px]:justify-between">
      <div className="max-w-2xl">
        <span className="inline-flex items-center gap-2 rounded-full border border-accent-100 bg-surface/80 px-3 py-1 text-[12px] font-semibold text-accent-700 shadow-soft">
          <span className="size-1.5 rounded-full bg-accent-500" />
          {t("retouch.eyebrow")}
        </span>
        <h1 className="mt-3 text-2xl font-extrabold tracking-tight text-ink min-[700px]:text-[2.1rem]">
          {t("retouch.title")}
        </h1>
        <p className="mt-2 text-[14px] leading-relaxed text-ink-soft min-[700px]:text-[15px]">
          {t("retouch.lead")}
        </p>
      </div>
      <button
        type="button"
        data-testid="retouch-guide-link"
        onClick={onGuide}
        className="inline-flex h-9 w-fit shrink-0 items-center gap-1.5 rounded-full px-3 text-sm font-semibold text-accent-700 underline-offset-4 hover:bg-accent-50 hover:underline"
      >
        <BookOpen aria-hidden="true" className="size-4" />
        {t("retouch.guideLink")}
      </button>
    </header>
  );
}
