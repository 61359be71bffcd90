import { FlaskConical, Lock, Plug, Sparkles } from "lucide-react";
import { useTranslation } from "react-i18next";
import { CreditsShortNote } from "../../../components/tool/credits-short-note.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";

/** The page's heading, the test provider's badge, and a note when no provider is connected. */
export function GenerationHeader({
  isTestProvider,
  isEnabled,
}: {
  isTestProvider: boolean;
  isEnabled: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-extrabold tracking-tight text-ink min-[700px]:text-3xl">
          {t("generation.title")}
        </h1>
        {isTestProvider && (
          <span
            className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2.5 py-1 text-[12px] font-semibold text-amber-800"
            title={t("generation.testProviderHint")}
            data-testid="generation-test-provider"
          >
            <FlaskConical aria-hidden="true" className="size-3.5" />
            {t("generation.testProvider")}
          </span>
        )}
      </header>
      <p className="mt-1.5 text-[14px] text-ink-soft">{t("generation.lead")}</p>
      {!isEnabled && (
        <div
          className="mt-4 flex gap-3 rounded-3xl border border-amber-200 bg-amber-50 p-4"
          role="note"
          data-testid="generation-not-configured"
        >
          <Plug aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-700" />
          <div>
            <p className="font-bold text-amber-900">{t("generation.notConfiguredTitle")}</p>
            <p className="mt-1 text-[13px] text-amber-900/80">{t("generation.notConfiguredBody")}</p>
          </div>
        </div>
      )}
    </>
  );
}

/** The page's dialogs: the prompt lock, restoring the prompt before a rewrite, a copied share link. */
export function GenerationDialogs(props: {
  isLockOpen: boolean;
  onLockOpen: (open: boolean) => void;
  isRestoreOpen: boolean;
  onRestoreOpen: (open: boolean) => void;
  onRestore: () => void;
  isShareCopiedOpen: boolean;
  onCloseShareCopied: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Dialog
        open={props.isLockOpen}
        onOpenChange={props.onLockOpen}
        title={t("generation.lock.title")}
        description={t("generation.lock.body")}
        icon={<Lock aria-hidden="true" className="size-7 text-accent-600" />}
        testId="generation-lock-dialog"
      >
        <Button
          className="mt-5 w-full"
          onClick={() => props.onLockOpen(false)}
          data-testid="generation-lock-ok"
        >
          {t("generation.lock.ok")}
        </Button>
      </Dialog>
      <ConfirmDialog
        open={props.isRestoreOpen}
        onOpenChange={props.onRestoreOpen}
        title={t("generation.input.restoreTitle")}
        description={t("generation.input.restoreBody")}
        confirmLabel={t("generation.input.restoreConfirm")}
        cancelLabel={t("generation.cancel")}
        testId="generation-restore-confirm"
        onConfirm={props.onRestore}
      />
      <Dialog
        open={props.isShareCopiedOpen}
        onOpenChange={(open) => !open && props.onCloseShareCopied()}
        title={t("generation.result.shareTitle")}
        description={t("generation.result.shareBody")}
        testId="generation-share-copied"
      >
        <Button className="mt-5 w-full" onClick={props.onCloseShareCopied}>
          {t("generation.lock.ok")}
        </Button>
      </Dialog>
    </>
  );
}

/** Generate with its price, and what is short when the credits are (a demo user runs free). */
export function RunControls(props: {
  cost: number;
  credits: number;
  isFree: boolean;
  isWorking: boolean;
  isDisabled: boolean;
  onRun: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Button
        size="lg"
        onClick={props.onRun}
        disabled={props.isDisabled}
        data-testid="generation-run"
        aria-busy={props.isWorking}
      >
        {props.isWorking ? (
          <Spinner className="size-5" />
        ) : (
          <Sparkles aria-hidden="true" className="size-5" />
        )}
        {props.isWorking
          ? t("generation.run.generating")
          : t("generation.run.generate", { cost: props.cost })}
      </Button>
      <CreditsShortNote
        cost={props.cost}
        credits={props.credits}
        isFree={props.isFree}
        testId="generation-credits-short"
      />
    </>
  );
}
