import type { THistoryItem } from "@gyeol/shared/contracts/images";
import type { TPublicUser } from "@gyeol/shared/contracts/user";
import {
  estimateFaceEditCost,
  FACE_EDIT_BREAKPOINT_PX,
  FACE_EDIT_DEFAULT_RESIZE_FACTOR,
} from "@gyeol/shared/face-edit";
import { MASK_PRESETS } from "@gyeol/shared/mask";
import { localizePath } from "@gyeol/shared/routes";
import { useQuery } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { MaskEditor } from "../../../components/mask-editor/mask-editor.tsx";
import { ResultViewer } from "../../../components/tool/result-viewer/result-viewer.tsx";
import { useDownload } from "../../../lib/downloads/use-download.ts";
import { featureFlagsQuery } from "../../../lib/feature-flags.ts";
import { usePageLocale } from "../../../lib/locale.ts";
import { revealElement } from "../../../lib/reveal-element.ts";
import { useShareLink } from "../../../lib/share/use-share-link.ts";
import { useMediaQuery } from "../../../lib/use-media-query.ts";
import { useFaceEditHistory } from "../api/face-edit-api.ts";
import { useFaceEditInputs } from "../hooks/use-face-edit-inputs.ts";
import { useFaceEditMask } from "../hooks/use-face-edit-mask.ts";
import { useFaceEditRun } from "../hooks/use-face-edit-run.ts";
import { useFaceEditUpload } from "../hooks/use-face-edit-upload.ts";
import { checkRun } from "../lib/face-edit-rules.ts";
import { AlertDialog, ErrorModal, ShareCopiedDialog } from "./face-edit-dialogs.tsx";
import { FaceEditSide } from "./face-edit-side.tsx";
import { FaceEditStage } from "./face-edit-stage.tsx";

export { activeJobKey } from "../hooks/use-face-edit-run.ts";

/** spec 02 §2.4, §9: the layout stacks under 1000 px. */
const NARROW_QUERY = `(max-width: ${FACE_EDIT_BREAKPOINT_PX - 1}px)`;

/**
 * The face edit screen for a signed-in user (spec 02 §2.4, §4.4, §5, §8): the stage (upload, mask,
 * progress, result) and the side (settings, run, history), composed from its hooks (upload on the
 * shared upload hook, mask, inputs as the draft, run on the shared tool job).
 */
export function FaceEditWorkspace({ user }: { user: TPublicUser }) {
  const { t } = useTranslation();
  const locale = usePageLocale();
  const isNarrow = useMediaQuery(NARROW_QUERY);
  const upload = useFaceEditUpload();
  const history = useFaceEditHistory(user.id);
  const share = useShareLink();
  const { download, busyUrl } = useDownload();
  const flags = useQuery(featureFlagsQuery);
  const [alert, setAlert] = useState<string | null>(null);
  const [isViewerOpen, setIsViewerOpen] = useState(false);
  const stageRef = useRef<HTMLDivElement>(null);
  const runner = useFaceEditRun({ user, stageRef, historyFirstPage: history.data?.pages[0]?.images });
  const { job } = runner;
  const masking = useFaceEditMask(() => runner.setError({ kind: "auth", isRefunded: false }));
  const isProcessing = job.state.phase === "processing";
  const inputs = useFaceEditInputs(user.id, isProcessing);

  const image = upload.image;
  const mask = masking.mask;
  const cost = estimateFaceEditCost(image?.width ?? 1, image?.height ?? 1, FACE_EDIT_DEFAULT_RESIZE_FACTOR);
  const rules = {
    hasImage: image !== null,
    hasMask: mask !== null,
    credits: user.credits,
    cost,
    isRunning: isProcessing || runner.isSubmitting,
    isBusy: upload.phase !== "idle" || masking.isSaving,
  };

  const startOver = () => {
    masking.clear();
    runner.setIsResultShown(false);
    job.reset();
  };
  const onFile = (file: File) => {
    if (isProcessing) return;
    void upload.select(file).then((isUploaded) => isUploaded && startOver());
  };
  const onRemove = () => {
    upload.remove();
    startOver();
  };

  const onRun = () => {
    const check = checkRun(rules);
    if (check === "running") return;
    if (check === "needImage") return setAlert(t("faceEdit.run.needImage"));
    if (check === "needMask") return setAlert(t("faceEdit.run.needMaskRun"));
    if (check === "notEnoughCredits") return setAlert(t("faceEdit.run.notEnough"));
    if (!image || !mask) return;
    void runner.run({
      imageUrl: image.url,
      maskUrl: mask.url,
      gender: inputs.gender,
      intensity: inputs.intensity,
    });
  };

  const onOpenHistory = (item: THistoryItem) => {
    if (!item.image_url || isProcessing) return;
    job.show(item.image_url, { originalUrl: item.original_image_url });
    runner.setIsResultShown(true);
    if (stageRef.current) revealElement(stageRef.current);
  };

  const onLoginAgain = () => {
    runner.setError(null);
    const here = window.location.pathname + window.location.search;
    window.location.assign(`${localizePath("/login", locale)}?next=${encodeURIComponent(here)}`);
  };

  const resultUrl = job.state.result;
  return (
    <div
      data-testid="face-edit-page"
      data-narrow={isNarrow}
      className="mx-auto w-full max-w-6xl px-4 pt-6 pb-24 min-[700px]:px-6 min-[700px]:pt-10"
    >
      <header className="max-w-2xl">
        <p className="text-[13px] font-bold tracking-wide text-accent-700">{t("faceEdit.eyebrow")}</p>
        <h1 className="mt-1.5 text-[28px] font-bold tracking-tight text-ink min-[700px]:text-4xl">
          {t("faceEdit.title")}
        </h1>
        <p className="mt-2 text-[15px] leading-relaxed text-ink-soft">{t("faceEdit.lead")}</p>
      </header>
      <div className="mt-6 grid items-start gap-4 min-[700px]:mt-8 min-[1000px]:grid-cols-[minmax(0,1fr)_minmax(0,22rem)] min-[1000px]:gap-6">
        <div ref={stageRef} className="flex min-w-0 flex-col gap-4">
          <FaceEditStage
            upload={upload}
            onFile={onFile}
            onRemove={onRemove}
            mask={mask}
            onOpenMask={() => masking.setIsOpen(true)}
            isSavingMask={masking.isSaving}
            job={job.state}
            isResultShown={runner.isResultShown && job.state.phase === "completed"}
            onBackToEdit={() => runner.setIsResultShown(false)}
            onCancel={() => void runner.cancel()}
            isCancelling={job.isCancelling}
            onZoom={() => setIsViewerOpen(true)}
            onDownload={() => resultUrl && void download(resultUrl)}
            isDownloading={resultUrl !== null && busyUrl === resultUrl}
            onShare={share.isEnabled ? () => void share.copy() : undefined}
            isSharing={share.isCopying}
          />
        </div>
        <FaceEditSide
          user={user}
          inputs={inputs}
          job={job.state}
          rules={rules}
          isBuiltinEngine={flags.data?.faceEditEngine === "builtin"}
          history={history}
          onRun={onRun}
          onOpenHistory={onOpenHistory}
        />
      </div>

      {image && (
        <MaskEditor
          open={masking.isOpen}
          image={image.blob}
          preset={MASK_PRESETS.faceEdit}
          initialDoc={masking.maskDoc}
          onSave={masking.save}
          onClose={() => masking.setIsOpen(false)}
        />
      )}
      {resultUrl && (
        <ResultViewer
          index={isViewerOpen ? 0 : null}
          images={[resultUrl]}
          onClose={() => setIsViewerOpen(false)}
          title={t("faceEdit.result.viewerTitle")}
          beforeUrl={job.state.originalUrl}
          onDownload={(url) => void download(url)}
          busyUrl={busyUrl}
          isSplitAtStart
          testId="face-edit-viewer"
        />
      )}
      <AlertDialog message={alert} onClose={() => setAlert(null)} />
      <ErrorModal
        kind={runner.error?.kind ?? null}
        isRefunded={runner.error?.isRefunded ?? false}
        cause={runner.error?.cause ?? null}
        onClose={() => runner.setError(null)}
        onLoginAgain={onLoginAgain}
      />
      <ShareCopiedDialog open={share.isCopiedOpen} onClose={share.closeCopied} />
    </div>
  );
}
