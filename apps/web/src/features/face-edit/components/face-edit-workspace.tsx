import type { THistoryItem, THistoryResponse } from "@gyeol/shared/contracts/images";
import type { TPublicUser } from "@gyeol/shared/contracts/user";
import {
  estimateFaceEditCost,
  FACE_EDIT_BREAKPOINT_PX,
  FACE_EDIT_DEFAULT_GENDER,
  FACE_EDIT_DEFAULT_INTENSITY,
  FACE_EDIT_DEFAULT_RESIZE_FACTOR,
  type TFaceEditGender,
} from "@gyeol/shared/face-edit";
import { MASK_PRESETS } from "@gyeol/shared/mask";
import { localizePath } from "@gyeol/shared/routes";
import { type InfiniteData, useQuery, useQueryClient } from "@tanstack/react-query";
import { createElement, useCallback, useEffect, useMemo, useRef, useState } from "react";
import toast from "react-hot-toast";
import { useTranslation } from "react-i18next";
import { MaskEditor, type TMaskSaveDetails } from "../../../components/mask-editor/mask-editor.tsx";
import type { TMaskDoc } from "../../../components/mask-editor/model.ts";
import { CreditsShortNote } from "../../../components/tool/credits-short-note.tsx";
import { HistoryCard } from "../../../components/tool/history-card.tsx";
import { InsufficientCreditsToast } from "../../../components/tool/insufficient-credits-toast.tsx";
import { ResultViewer } from "../../../components/tool/result-viewer/result-viewer.tsx";
import { RunButton } from "../../../components/tool/run-button.tsx";
import { isApiError } from "../../../lib/api-client.ts";
import { useAuthActions } from "../../../lib/auth/auth-provider.tsx";
import { useDownload } from "../../../lib/downloads/use-download.ts";
import { useDraft } from "../../../lib/drafts/use-draft.ts";
import { featureFlagsQuery } from "../../../lib/feature-flags.ts";
import { historyKeys } from "../../../lib/history/history-api.ts";
import { usePageLocale } from "../../../lib/locale.ts";
import { revealElement } from "../../../lib/reveal-element.ts";
import { useShareLink } from "../../../lib/share/use-share-link.ts";
import { readStorage, removeStorage, writeStorage } from "../../../lib/storage.ts";
import { classifyToolError, describeToolError } from "../../../lib/tool-errors.ts";
import { useMediaQuery } from "../../../lib/use-media-query.ts";
import {
  faceEditHistoryQuery,
  startFaceEdit,
  uploadFaceEditMask,
  useFaceEditHistory,
} from "../api/face-edit-api.ts";
import { useFaceEditJob } from "../hooks/use-face-edit-job.ts";
import { useFaceEditUpload } from "../hooks/use-face-edit-upload.ts";
import {
  buildFaceEditBody,
  checkRun,
  faceEditErrorCause,
  faceEditErrorKind,
  findResumableFaceEdit,
  isRunDisabled,
  parseActiveJob,
  type TFaceEditErrorKind,
  tempHistoryItem,
  withTempEntry,
} from "../lib/face-edit-rules.ts";
import { AlertDialog, ErrorModal, ShareCopiedDialog } from "./face-edit-dialogs.tsx";
import { EngineNote, FaceEditSettings } from "./face-edit-settings.tsx";
import { FaceEditStage, type TSavedMask } from "./face-edit-stage.tsx";

/** spec 02 §2.4, §9: the layout stacks under 1000 px. */
const NARROW_QUERY = `(max-width: ${FACE_EDIT_BREAKPOINT_PX - 1}px)`;

/** Where the page remembers the job it follows, so a reload picks it up again. */
export function activeJobKey(userId: number): string {
  return `faceEdit.activeJob.${userId}`;
}

/** The face edit screen for a signed-in user (spec 02 §2.4, §4.4, §5, §8). */
export function FaceEditWorkspace({ user }: { user: TPublicUser }) {
  const { t } = useTranslation();
  const locale = usePageLocale();
  const { forceSync } = useAuthActions();
  const queryClient = useQueryClient();
  const isNarrow = useMediaQuery(NARROW_QUERY);
  const upload = useFaceEditUpload();
  const history = useFaceEditHistory(user.id);
  const share = useShareLink();
  const { download, busyUrl } = useDownload();
  const flags = useQuery(featureFlagsQuery);
  const [gender, setGender] = useState<TFaceEditGender>(FACE_EDIT_DEFAULT_GENDER);
  const [intensity, setIntensity] = useState(FACE_EDIT_DEFAULT_INTENSITY);
  const [mask, setMask] = useState<TSavedMask | null>(null);
  const [maskDoc, setMaskDoc] = useState<TMaskDoc | null>(null);
  const [isMaskOpen, setIsMaskOpen] = useState(false);
  const [isSavingMask, setIsSavingMask] = useState(false);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const [error, setError] = useState<{
    kind: Exclude<TFaceEditErrorKind, "cancelled">;
    isRefunded: boolean;
    /** A code whose sentence names the cause (ComfyUI's), shown under the modal's sentence. */
    cause?: string | null;
  } | null>(null);
  const [isResultShown, setIsResultShown] = useState(false);
  const [isViewerOpen, setIsViewerOpen] = useState(false);
  const stageRef = useRef<HTMLDivElement>(null);
  const maskUrlsRef = useRef<string[]>([]);
  const storageKey = activeJobKey(user.id);

  useEffect(
    () => () => {
      for (const url of maskUrlsRef.current) URL.revokeObjectURL(url);
    },
    [],
  );

  const refreshHistory = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: historyKeys.bySource("face_edit") }),
    [queryClient],
  );

  const job = useFaceEditJob({
    onCompleted: (state) => {
      removeStorage(storageKey);
      setIsResultShown(true);
      toast.success(t("faceEdit.toast.completed"), { id: `face-edit-${state.jobId}` });
      void forceSync();
      // spec 02 §4.4: a temporary entry at the top (unless the job is there already), then the list again.
      if (state.jobId && state.result) {
        const entry = tempHistoryItem(state.jobId, state.result, state.originalUrl);
        queryClient.setQueryData<InfiniteData<THistoryResponse, number>>(
          faceEditHistoryQuery(user.id).queryKey,
          (data) => (data ? { ...data, pages: [...withTempEntry(data.pages, entry)] } : data),
        );
      }
      refreshHistory();
    },
    onFailed: (state) => {
      removeStorage(storageKey);
      void forceSync();
      refreshHistory();
      const kind = faceEditErrorKind(state.errorCode);
      if (kind === "cancelled") toast.success(t("errors.codes.JOB_CANCELLED"), { id: "face-edit-cancelled" });
      else setError({ kind, isRefunded: kind !== "auth", cause: faceEditErrorCause(state.errorCode) });
    },
  });
  const { track } = job;

  // Reload mid-job (spec 02 §4.4, §4.1): the job this page started, else a processing history item.
  const hasResumedRef = useRef(false);
  const firstPage = history.data?.pages[0]?.images;
  useEffect(() => {
    if (hasResumedRef.current) return;
    const stored = parseActiveJob(readStorage(storageKey));
    if (stored) {
      hasResumedRef.current = true;
      track(stored.jobId, { detail: { originalUrl: stored.originalUrl }, isResumed: true });
      toast(t("faceEdit.toast.resumed"), { id: "face-edit-resume", icon: "⏳" });
      return;
    }
    if (!firstPage) return;
    hasResumedRef.current = true;
    const item = findResumableFaceEdit(firstPage);
    if (!item?.runpod_job_id) return;
    track(item.runpod_job_id, { detail: { originalUrl: item.original_image_url }, isResumed: true });
    toast(t("faceEdit.toast.resumed"), { id: "face-edit-resume", icon: "⏳" });
  }, [firstPage, storageKey, track, t]);

  // spec 02 §8: the page alerts on network loss; the poll goes on and answers once back.
  useEffect(() => {
    const onOffline = () => toast.error(t("faceEdit.errors.offline"), { id: "face-edit-offline" });
    window.addEventListener("offline", onOffline);
    return () => window.removeEventListener("offline", onOffline);
  }, [t]);

  // Issue 26: gender and intensity are the user's draft until a job takes them.
  const draftSnapshot = useMemo(
    () =>
      gender === FACE_EDIT_DEFAULT_GENDER && intensity === FACE_EDIT_DEFAULT_INTENSITY
        ? null
        : { gender, intensity },
    [gender, intensity],
  );
  const { discard: discardDraft } = useDraft<{ gender: TFaceEditGender; intensity: number }>({
    userId: user.id,
    tool: "face-edit",
    snapshot: draftSnapshot,
    onRestore: (draft) => {
      setGender(draft.gender);
      setIntensity(draft.intensity);
    },
  });
  const isJobRunning = job.state.phase === "processing";
  useEffect(() => {
    if (isJobRunning) discardDraft();
  }, [isJobRunning, discardDraft]);

  const image = upload.image;
  const cost = estimateFaceEditCost(image?.width ?? 1, image?.height ?? 1, FACE_EDIT_DEFAULT_RESIZE_FACTOR);
  const isProcessing = job.state.phase === "processing";
  const rules = {
    hasImage: image !== null,
    hasMask: mask !== null,
    credits: user.credits,
    cost,
    isRunning: isProcessing || isSubmitting,
    isBusy: upload.phase !== "idle" || isSavingMask,
  };

  const clearMask = () => {
    setMask(null);
    setMaskDoc(null);
  };

  const onFile = (file: File) => {
    if (isProcessing) return;
    void upload.select(file).then((isUploaded) => {
      if (!isUploaded) return;
      clearMask();
      setIsResultShown(false);
      job.reset();
    });
  };

  const onRemove = () => {
    upload.remove();
    clearMask();
    setIsResultShown(false);
    job.reset();
  };

  const onSaveMask = async (png: Blob, doc: TMaskDoc, details: TMaskSaveDetails) => {
    if (details.isEmpty) {
      clearMask();
      setIsMaskOpen(false);
      return;
    }
    setIsSavingMask(true);
    try {
      const uploaded = await uploadFaceEditMask(png);
      const previewUrl = URL.createObjectURL(png);
      maskUrlsRef.current.push(previewUrl);
      setMask({ url: uploaded.imageUrl, previewUrl, color: details.color });
      setMaskDoc(doc);
      setIsMaskOpen(false);
    } catch (failure) {
      if (isApiError(failure) && failure.status === 401) setError({ kind: "auth", isRefunded: false });
      else toast.error(describeToolError(failure, t) ?? t("faceEdit.mask.saveFailed"));
      throw failure;
    } finally {
      setIsSavingMask(false);
    }
  };

  const onRun = async () => {
    const check = checkRun(rules);
    if (check === "running") return;
    if (check === "needImage") return setAlert(t("faceEdit.run.needImage"));
    if (check === "needMask") return setAlert(t("faceEdit.run.needMaskRun"));
    if (check === "notEnoughCredits") return setAlert(t("faceEdit.run.notEnough"));
    if (!image || !mask) return;
    setIsSubmitting(true);
    if (stageRef.current) revealElement(stageRef.current);
    try {
      const started = await startFaceEdit(
        buildFaceEditBody({ imageUrl: image.url, maskUrl: mask.url, gender, intensity }),
      );
      writeStorage(storageKey, JSON.stringify({ jobId: started.jobId, originalUrl: image.url }));
      setIsResultShown(false);
      track(started.jobId, { detail: { originalUrl: image.url } });
      void forceSync();
    } catch (failure) {
      const kind = classifyToolError(failure);
      if (isApiError(failure) && failure.status === 401) setError({ kind: "auth", isRefunded: false });
      else if (kind === "insufficientCredits")
        toast.error(createElement(InsufficientCreditsToast), { id: "face-edit-credits" });
      else if (kind !== "other") toast.error(describeToolError(failure, t) ?? t("faceEdit.errors.generic"));
      else {
        const errorKind = faceEditErrorKind(isApiError(failure) ? failure.code : null);
        setError({ kind: errorKind === "cancelled" ? "generic" : errorKind, isRefunded: false });
      }
    } finally {
      setIsSubmitting(false);
    }
  };

  const onCancel = async () => {
    try {
      await job.cancel();
    } catch (failure) {
      toast.error(describeToolError(failure, t) ?? t("faceEdit.errors.generic"));
    }
  };

  const onOpenHistory = (item: THistoryItem) => {
    if (!item.image_url || isProcessing) return;
    job.show(item.image_url, { originalUrl: item.original_image_url });
    setIsResultShown(true);
    if (stageRef.current) revealElement(stageRef.current);
  };

  const onLoginAgain = () => {
    setError(null);
    const here = window.location.pathname + window.location.search;
    window.location.assign(`${localizePath("/login", locale)}?next=${encodeURIComponent(here)}`);
  };

  // The button is off for too few credits whatever else is missing, so that is what it says (issue
  // 26: it used to say "draw the area to change", which would not have turned it on).
  const runHint =
    user.credits < cost
      ? t("faceEdit.run.notEnough")
      : !image
        ? t("faceEdit.run.needImage")
        : !mask
          ? t("faceEdit.run.needMask")
          : undefined;
  // The built-in engine is described before a run when the server says it is the one in use, and
  // after any result it made (a history item opened shows no engine: the flags decide then).
  const isBuiltinResult = job.state.engine === "builtin-reshape";
  const isBuiltin =
    isBuiltinResult || (flags.data?.faceEditEngine === "builtin" && job.state.engine === null);
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
            onOpenMask={() => setIsMaskOpen(true)}
            isSavingMask={isSavingMask}
            job={job.state}
            isResultShown={isResultShown && job.state.phase === "completed"}
            onBackToEdit={() => setIsResultShown(false)}
            onCancel={() => void onCancel()}
            isCancelling={job.isCancelling}
            onZoom={() => setIsViewerOpen(true)}
            onDownload={() => resultUrl && void download(resultUrl)}
            isDownloading={resultUrl !== null && busyUrl === resultUrl}
            onShare={share.isEnabled ? () => void share.copy() : undefined}
            isSharing={share.isCopying}
          />
        </div>
        <div className="flex min-w-0 flex-col gap-4">
          <FaceEditSettings
            gender={gender}
            onGender={setGender}
            intensity={intensity}
            onIntensity={setIntensity}
            isLocked={isProcessing}
          />
          {isBuiltin && (
            <EngineNote
              gender={gender}
              noFace={isBuiltinResult && job.state.phase === "completed" && job.state.facesFound === 0}
            />
          )}
          <RunButton
            label={t("faceEdit.run.button")}
            cost={cost}
            credits={user.credits}
            isDisabled={isRunDisabled(rules)}
            disabledHint={runHint}
            isWorking={isProcessing || isSubmitting}
            onRun={() => void onRun()}
            testId="face-edit-run"
          />
          <CreditsShortNote cost={cost} credits={user.credits} testId="face-edit-credits-short" />
          <HistoryCard
            history={history}
            title={t("faceEdit.history.title")}
            onOpen={onOpenHistory}
            testId="face-edit-history"
          />
        </div>
      </div>

      {image && (
        <MaskEditor
          open={isMaskOpen}
          image={image.blob}
          preset={MASK_PRESETS.faceEdit}
          initialDoc={maskDoc}
          onSave={onSaveMask}
          onClose={() => setIsMaskOpen(false)}
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
        kind={error?.kind ?? null}
        isRefunded={error?.isRefunded ?? false}
        cause={error?.cause ?? null}
        onClose={() => setError(null)}
        onLoginAgain={onLoginAgain}
      />
      <ShareCopiedDialog open={share.isCopiedOpen} onClose={share.closeCopied} />
    </div>
  );
}
