/** The full-screen zoom of one result (spec 02 §2.3 "full-screen zoom"), with its download. */
import { Download, X } from "lucide-react";
import { Dialog as RadixDialog } from "radix-ui";
import { useTranslation } from "react-i18next";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { useReturnFocus } from "../../../components/ui/use-return-focus.ts";

export function ZoomViewer({
  url,
  onClose,
  onDownload,
  isDownloading,
}: {
  url: string | null;
  onClose: () => void;
  onDownload: (url: string) => void;
  isDownloading: boolean;
}) {
  const { t } = useTranslation();
  const returnFocus = useReturnFocus();
  return (
    <RadixDialog.Root open={url !== null} onOpenChange={(open) => !open && onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 animate-fade-in bg-ink/90 backdrop-blur-sm dark:bg-black/90" />
        <RadixDialog.Content
          {...returnFocus}
          data-testid="generation-zoom-dialog"
          className="fixed inset-0 z-50 flex animate-fade-in flex-col gap-3 p-3 outline-none min-[700px]:p-6"
        >
          <div className="flex items-center justify-between gap-3 text-white">
            <RadixDialog.Title className="text-base font-bold">
              {t("generation.result.zoom")}
            </RadixDialog.Title>
            <RadixDialog.Description className="sr-only">
              {t("generation.result.title")}
            </RadixDialog.Description>
            <RadixDialog.Close
              aria-label={t("generation.result.close")}
              className="grid size-10 shrink-0 place-items-center rounded-full bg-white/10 hover:bg-white/20"
            >
              <X aria-hidden="true" className="size-5" />
            </RadixDialog.Close>
          </div>
          <div className="grid min-h-0 flex-1 place-items-center">
            {url && (
              <img
                src={url}
                alt={t("generation.result.imageAlt")}
                className="max-h-full max-w-full rounded-2xl object-contain"
              />
            )}
          </div>
          {url && (
            <div className="flex justify-center">
              <button
                type="button"
                onClick={() => onDownload(url)}
                disabled={isDownloading}
                className="inline-flex h-10 items-center gap-2 rounded-full bg-accent-600 px-4 text-sm font-semibold text-white hover:bg-accent-700 disabled:opacity-80"
              >
                {isDownloading ? (
                  <Spinner className="size-4" />
                ) : (
                  <Download aria-hidden="true" className="size-4" />
                )}
                {t("generation.result.download")}
              </button>
            </div>
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
