import { Dialog as RadixDialog } from "radix-ui";
import type { ReactNode } from "react";
import { cn } from "./cn.ts";
import { useReturnFocus } from "./use-return-focus.ts";

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  className?: string;
  testId?: string;
  icon?: ReactNode;
}

/** A centred modal on the radix Dialog: focus trap, Escape, labelled title and description. */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  className,
  testId,
  icon,
}: DialogProps) {
  const returnFocus = useReturnFocus();
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 animate-fade-in bg-ink/40 backdrop-blur-[2px] dark:bg-black/60" />
        <RadixDialog.Content
          {...returnFocus}
          data-testid={testId}
          className={cn(
            "fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2",
            "animate-fade-in rounded-3xl bg-surface p-7 text-center shadow-float outline-none",
            className,
          )}
        >
          {icon && <div className="mx-auto mb-4 flex justify-center">{icon}</div>}
          <RadixDialog.Title className="text-lg font-bold text-ink">{title}</RadixDialog.Title>
          {description ? (
            <RadixDialog.Description className="mt-2 text-[15px] leading-relaxed text-ink-soft">
              {description}
            </RadixDialog.Description>
          ) : (
            <RadixDialog.Description className="sr-only">{title}</RadixDialog.Description>
          )}
          {children && <div className="mt-6">{children}</div>}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
