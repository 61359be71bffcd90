import { Link2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "../ui/button.tsx";
import { Dialog } from "../ui/dialog.tsx";

/**
 * Share link copied, in any tool (spec 02 §1, §2.1, §2.4): the sharer earns half the credits of
 * people who pay through it. Test ids: `<prefix>-share-copied`, `<prefix>-share-ok`.
 */
export function ShareCopiedDialog({
  open,
  onClose,
  testIdPrefix,
}: {
  open: boolean;
  onClose: () => void;
  testIdPrefix: string;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={t("tool.share.title")}
      description={t("tool.share.body")}
      icon={
        <span className="grid size-12 place-items-center rounded-2xl bg-accent-50 text-accent-600 ring-1 ring-accent-100">
          <Link2 aria-hidden="true" className="size-6" />
        </span>
      }
      testId={`${testIdPrefix}-share-copied`}
    >
      <Button variant="dark" className="w-full" onClick={onClose} data-testid={`${testIdPrefix}-share-ok`}>
        {t("tool.share.ok")}
      </Button>
    </Dialog>
  );
}
