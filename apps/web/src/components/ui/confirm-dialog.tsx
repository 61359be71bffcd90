import type { ReactNode } from "react";
import { Button } from "./button.tsx";
import { cn } from "./cn.ts";
import { Dialog } from "./dialog.tsx";

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  isPending?: boolean;
  /** "danger" for a confirm that takes something away (cancel a subscription). */
  tone?: "default" | "danger";
  testId: string;
  className?: string;
}

/** A modal that asks before an action: content, then cancel and confirm side by side. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  confirmLabel,
  cancelLabel,
  onConfirm,
  isPending = false,
  tone = "default",
  testId,
  className,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!isPending) onOpenChange(next);
      }}
      title={title}
      description={description}
      testId={testId}
      className={className}
    >
      {children}
      <div className={cn("grid grid-cols-2 gap-2.5", children !== undefined && "mt-6")}>
        <Button
          variant="secondary"
          onClick={() => onOpenChange(false)}
          disabled={isPending}
          data-testid={`${testId}-cancel`}
        >
          {cancelLabel}
        </Button>
        <Button
          variant={tone === "danger" ? "dark" : "primary"}
          onClick={onConfirm}
          isLoading={isPending}
          data-testid={`${testId}-confirm`}
        >
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
