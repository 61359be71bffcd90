import { Download, X } from "lucide-react";
import { Dialog as RadixDialog } from "radix-ui";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button.tsx";
import { CompareView } from "./compare-view.tsx";

interface FullscreenCompareProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  beforeUrl: string;
  afterUrl: string;
  onDownload: (url: string) => void;
  busyUrl: string | null;
}

/** The zoom view (spec 02 §2.1 result actions): the compare slider over the whole window. */
export function FullscreenCompare({
  open,
  onOpenChange,
  beforeUrl,
  afterUrl,
  onDownload,
  busyUrl,
}: FullscreenCompareProps) {
  const { t } = useTranslation();
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 animate-fade-in bg-ink/90 backdrop-blur-sm" />
        <RadixDialog.Content
          data-testid="retouch-fullscreen"
          className="fixed inset-0 z-50 flex animate-fade-in flex-col gap-3 p-3 outline-none min-[700px]:p-6"
        >
          <div className="flex items-center justify-between gap-3 text-white">
            <RadixDialog.Title className="text-base font-bold">
              {t("retouch.result.compareLabel")}
            </RadixDialog.Title>
            <RadixDialog.Description className="sr-only">
              {t("retouch.result.compareLabel")}
            </RadixDialog.Description>
            <RadixDialog.Close
              aria-label={t("retouch.result.close")}
              className="grid size-10 place-items-center rounded-full bg-white/10 hover:bg-white/20"
            >
              <X aria-hidden="true" className="size-5" />
            </RadixDialog.Close>
          </div>
          <div className="min-h-0 flex-1">
            <CompareView
              beforeUrl={beforeUrl}
              afterUrl={afterUrl}
              isFill
              className="bg-black/40"
              testId="retouch-fullscreen-compare"
            />
          </div>
          <div className="flex flex-wrap justify-center gap-2">
            <Button
              variant="light"
              size="sm"
              onClick={() => onDownload(beforeUrl)}
              isLoading={busyUrl === beforeUrl}
            >
              <Download aria-hidden="true" className="size-4" />
              {t("retouch.result.downloadOriginal")}
            </Button>
            <Button size="sm" onClick={() => onDownload(afterUrl)} isLoading={busyUrl === afterUrl}>
              <Download aria-hidden="true" className="size-4" />
              {t("retouch.result.download")}
            </Button>
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
