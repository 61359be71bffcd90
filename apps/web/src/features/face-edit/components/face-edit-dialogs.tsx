import { AlertCircle, Link2, LogIn } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button.tsx";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { describeCode } from "../../../lib/api-errors.ts";
import type { TFaceEditErrorKind } from "../lib/face-edit-rules.ts";

function DialogIcon({ children }: { children: ReactNode }) {
  return (
    <span className="grid size-12 place-items-center rounded-2xl bg-accent-50 text-accent-600">
      {children}
    </span>
  );
}

/** The spec's alerts ('Please upload an image', 'Draw the area to change!', 'Not enough credits.'). */
export function AlertDialog({ message, onClose }: { message: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={message !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t("faceEdit.dialogs.alertTitle")}
      description={message}
      testId="face-edit-alert"
      icon={
        <DialogIcon>
          <AlertCircle aria-hidden="true" className="size-6" />
        </DialogIcon>
      }
    >
      <Button className="w-full" onClick={onClose} data-testid="face-edit-alert-ok">
        {t("faceEdit.dialogs.ok")}
      </Button>
    </Dialog>
  );
}

const ERROR_SENTENCE = {
  faceEditFailed: "faceEdit.errors.faceEditFailed",
  timeout: "faceEdit.errors.timeout",
  failed: "faceEdit.errors.failed",
  generic: "faceEdit.errors.generic",
} as const;

/**
 * spec 02 §8 Face edit: 'Login required' (cancel, or log in again) for an auth failure, otherwise
 * 'Processing failed' with the sentence for its code and a single OK. A failed job's credits came
 * back (the platform refunds once), so the modal says so.
 */
export function ErrorModal({
  kind,
  isRefunded,
  cause = null,
  onClose,
  onLoginAgain,
}: {
  kind: Exclude<TFaceEditErrorKind, "cancelled"> | null;
  isRefunded: boolean;
  /** A code whose own sentence names the cause (errors.codes), e.g. ComfyUI's COMFYUI_MODEL_MISSING. */
  cause?: string | null;
  onClose: () => void;
  onLoginAgain: () => void;
}) {
  const { t } = useTranslation();
  if (kind === "auth") {
    return (
      <ConfirmDialog
        open
        onOpenChange={(open) => !open && onClose()}
        title={t("faceEdit.errors.loginTitle")}
        description={t("faceEdit.errors.loginBody")}
        cancelLabel={t("faceEdit.errors.cancel")}
        confirmLabel={t("faceEdit.errors.loginAgain")}
        onConfirm={onLoginAgain}
        testId="face-edit-login-modal"
      >
        <div className="flex justify-center text-accent-600">
          <LogIn aria-hidden="true" className="size-6" />
        </div>
      </ConfirmDialog>
    );
  }
  return (
    <Dialog
      open={kind !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t("faceEdit.errors.failedTitle")}
      description={
        kind ? (
          <>
            <span data-testid="face-edit-error-message">{t(ERROR_SENTENCE[kind])}</span>
            {cause && (
              <span className="mt-1 block" data-testid="face-edit-error-cause">
                {describeCode(cause, t)}
              </span>
            )}
            {isRefunded && (
              <span className="mt-1 block text-[13px] text-muted">{t("faceEdit.errors.refunded")}</span>
            )}
          </>
        ) : null
      }
      testId="face-edit-error-modal"
      icon={
        <DialogIcon>
          <AlertCircle aria-hidden="true" className="size-6" />
        </DialogIcon>
      }
    >
      <Button className="w-full" onClick={onClose} data-testid="face-edit-error-ok">
        {t("faceEdit.errors.ok")}
      </Button>
    </Dialog>
  );
}

/** The link was copied; people who pay through it give the sharer half their credits (spec 02 §2.4). */
export function ShareCopiedDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={t("faceEdit.dialogs.shareTitle")}
      description={t("faceEdit.dialogs.shareBody")}
      testId="face-edit-share-dialog"
      icon={
        <DialogIcon>
          <Link2 aria-hidden="true" className="size-6" />
        </DialogIcon>
      }
    >
      <Button className="w-full" onClick={onClose}>
        {t("faceEdit.dialogs.ok")}
      </Button>
    </Dialog>
  );
}
