import { Keyboard, X } from "lucide-react";
import { Dialog as RadixDialog } from "radix-ui";
import { useTranslation } from "react-i18next";
import { cn } from "../ui/cn.ts";
import { controlStyles } from "./mask-toolbar.tsx";

const SHORTCUT_LINES = ["draw", "brush", "history", "view", "original"] as const;

/** Title, the spec's hint (left paints, right erases; fingers on a phone), shortcuts and close. */
export function MaskEditorHeader({
  onClose,
  isCloseDisabled,
}: {
  onClose: () => void;
  isCloseDisabled: boolean;
}) {
  const { t } = useTranslation();
  return (
    <header className="flex items-start justify-between gap-3">
      <div className="min-w-0">
        <RadixDialog.Title className="text-base font-bold min-[1000px]:text-lg">
          {t("maskEditor.title")}
        </RadixDialog.Title>
        <p id="mask-editor-hint" className="text-sm text-white/75">
          <span className="[@media(pointer:coarse)]:hidden">{t("maskEditor.hint")}</span>
          <span className="hidden [@media(pointer:coarse)]:inline">{t("maskEditor.hintTouch")}</span>
        </p>
      </div>
      <div className="flex shrink-0 items-center gap-2">
        <details className="relative hidden min-[1000px]:block">
          <summary
            className={cn(
              "flex h-10 cursor-pointer list-none items-center gap-1.5 rounded-full bg-white/10 px-3.5 text-sm font-semibold hover:bg-white/20",
              controlStyles,
            )}
          >
            <Keyboard aria-hidden="true" className="size-4" />
            {t("maskEditor.shortcuts.label")}
          </summary>
          <ul className="absolute top-12 right-0 z-10 w-80 space-y-1.5 rounded-2xl bg-ink p-4 text-sm shadow-float">
            {SHORTCUT_LINES.map((key) => (
              <li key={key}>{t(`maskEditor.shortcuts.${key}`)}</li>
            ))}
          </ul>
        </details>
        <button
          type="button"
          aria-label={t("maskEditor.close")}
          onClick={onClose}
          disabled={isCloseDisabled}
          data-testid="mask-editor-close"
          className={cn(
            "grid size-10 place-items-center rounded-full bg-white/10 hover:bg-white/20",
            controlStyles,
          )}
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      </div>
    </header>
  );
}
