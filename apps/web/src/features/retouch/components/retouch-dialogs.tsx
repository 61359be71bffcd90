import { SCALE_LIMIT_SUM_PX } from "@gyeol/shared/retouch";
import { BookOpen, Check, ImageOff, Maximize2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";

interface SimpleDialogProps {
  open: boolean;
  onClose: () => void;
}

function DialogIcon({ children }: { children: React.ReactNode }) {
  return (
    <span className="grid size-12 place-items-center rounded-2xl bg-accent-50 text-accent-600 ring-1 ring-accent-100">
      {children}
    </span>
  );
}

function OkButton({ onClose, testId }: { onClose: () => void; testId: string }) {
  const { t } = useTranslation();
  return (
    <Button variant="dark" className="w-full" onClick={onClose} data-testid={testId}>
      {t("retouch.dialogs.ok")}
    </Button>
  );
}

const GUIDE_ITEMS = ["resolution", "autoResize", "face", "protect", "cost"] as const;

/** 'Generation guide' (spec 02 §2.1, §5 guide text). */
export function GuideDialog({ open, onClose }: SimpleDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={t("retouch.dialogs.guideTitle")}
      icon={
        <DialogIcon>
          <BookOpen aria-hidden="true" className="size-6" />
        </DialogIcon>
      }
      testId="retouch-guide"
      className="max-w-md"
    >
      <ul className="mb-6 flex flex-col gap-2.5 text-left">
        {GUIDE_ITEMS.map((key) => (
          <li key={key} className="flex gap-2.5 text-[14px] leading-relaxed text-ink-soft">
            <Check aria-hidden="true" className="mt-1 size-4 shrink-0 text-accent-600" />
            {t(`retouch.dialogs.guide.${key}`)}
          </li>
        ))}
      </ul>
      <OkButton onClose={onClose} testId="retouch-guide-ok" />
    </Dialog>
  );
}

/** The "about 4 thousand pixels" alert (spec 02 §2.1, §5). */
export function LargeImageDialog({ open, onClose }: SimpleDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={t("retouch.dialogs.largeTitle")}
      description={t("retouch.dialogs.largeBody")}
      icon={
        <DialogIcon>
          <ImageOff aria-hidden="true" className="size-6" />
        </DialogIcon>
      }
      testId="retouch-large-alert"
    >
      <OkButton onClose={onClose} testId="retouch-large-ok" />
    </Dialog>
  );
}

/** Scale not 1 with a scaled sum of 4000 px or more stops the start (spec 02 §5). */
export function ScaleLimitDialog({ open, onClose }: SimpleDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={t("retouch.dialogs.scaleLimitTitle")}
      description={t("retouch.dialogs.scaleLimitBody", { limit: SCALE_LIMIT_SUM_PX.toLocaleString() })}
      icon={
        <DialogIcon>
          <Maximize2 aria-hidden="true" className="size-6" />
        </DialogIcon>
      }
      testId="retouch-scale-limit"
    >
      <OkButton onClose={onClose} testId="retouch-scale-limit-ok" />
    </Dialog>
  );
}
