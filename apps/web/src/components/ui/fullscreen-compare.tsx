import { X } from "lucide-react";
import { Dialog as RadixDialog } from "radix-ui";
import type { ReactNode } from "react";
import { type CompareLabels, CompareView } from "./compare-view.tsx";
import { useReturnFocus } from "./use-return-focus.ts";

interface FullscreenCompareProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  closeLabel: string;
  beforeUrl: string;
  afterUrl: string;
  labels: CompareLabels;
  /** The row under the slider: each caller brings its own download controls. */
  actions?: ReactNode;
  testId?: string;
}

/**
 * The compare slider over the whole window (retouch zoom, spec 02 §2.1; My Page viewer, §2.5), on
 * the radix Dialog: focus stays inside, Escape closes.
 */
export function FullscreenCompare({
  open,
  onOpenChange,
  title,
  closeLabel,
  beforeUrl,
  afterUrl,
  labels,
  actions,
  testId = "fullscreen-compare",
}: FullscreenCompareProps) {
  const returnFocus = useReturnFocus();
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 animate-fade-in bg-ink/90 backdrop-blur-sm dark:bg-black/90" />
        <RadixDialog.Content
          {...returnFocus}
          data-testid={testId}
          className="fixed inset-0 z-50 flex animate-fade-in flex-col gap-3 p-3 outline-none min-[700px]:p-6"
        >
          <div className="flex items-center justify-between gap-3 text-white">
            <RadixDialog.Title className="truncate text-base font-bold">{title}</RadixDialog.Title>
            <RadixDialog.Description className="sr-only">{labels.compare}</RadixDialog.Description>
            <RadixDialog.Close
              aria-label={closeLabel}
              className="grid size-10 shrink-0 place-items-center rounded-full bg-white/10 hover:bg-white/20"
            >
              <X aria-hidden="true" className="size-5" />
            </RadixDialog.Close>
          </div>
          <div className="min-h-0 flex-1">
            <CompareView
              beforeUrl={beforeUrl}
              afterUrl={afterUrl}
              labels={labels}
              isFill
              className="bg-black/40"
              testId={`${testId}-slider`}
            />
          </div>
          {actions && <div className="flex flex-wrap justify-center gap-2">{actions}</div>}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
