import type { THistoryItem, THistoryResponse } from "@gyeol/shared/contracts/images";
import type { TPublicUser } from "@gyeol/shared/contracts/user";
import type { TFaceEditGender } from "@gyeol/shared/face-edit";
import { TOOLS } from "@gyeol/shared/tools";
import { type InfiniteData, useQueryClient } from "@tanstack/react-query";
import { createElement, type RefObject, useCallback, useEffect, useRef, useState } from "react";
import toast from "react-hot-toast";
import { useTranslation } from "react-i18next";
import { InsufficientCreditsToast } from "../../../components/tool/insufficient-credits-toast.tsx";
import { isApiError } from "../../../lib/api-client.ts";
import { useAuthActions } from "../../../lib/auth/auth-provider.tsx";
import { historyKeys } from "../../../lib/history/history-api.ts";
import { revealElement } from "../../../lib/reveal-element.ts";
import { readStorage, removeStorage, writeStorage } from "../../../lib/storage.ts";
import { classifyToolError, describeToolError } from "../../../lib/tool-errors.ts";
import { faceEditHistoryQuery, startFaceEdit } from "../api/face-edit-api.ts";
import {
  buildFaceEditBody,
  faceEditErrorCause,
  faceEditErrorKind,
  findResumableFaceEdit,
  parseActiveJob,
  type TFaceEditErrorKind,
  tempHistoryItem,
  withTempEntry,
} from "../lib/face-edit-rules.ts";
import { type TFaceEditJobState, useFaceEditJob } from "./use-face-edit-job.ts";

/** Where the page remembers the job it follows, so a reload picks it up again. */
export function activeJobKey(userId: number): string {
  return `faceEdit.activeJob.${userId}`;
}

export interface TFaceEditError {
  kind: Exclude<TFaceEditErrorKind, "cancelled">;
  isRefunded: boolean;
  /** A code whose sentence names the cause (ComfyUI's), shown under the modal's sentence. */
  cause?: string | null;
}

/**
 * Face edit's run (spec 02 §4.4, §8): the job on the platform's tool job, started, cancelled,
 * remembered for a reload and resumed after one, its result shown and put at the top of history
 * at once, its failures as the page's error modal.
 */
export function useFaceEditRun({
  user,
  stageRef,
  historyFirstPage,
}: {
  user: TPublicUser;
  stageRef: RefObject<HTMLDivElement | null>;
  historyFirstPage: readonly THistoryItem[] | undefined;
}) {
  const { t } = useTranslation();
  const { forceSync } = useAuthActions();
  const queryClient = useQueryClient();
  const storageKey = activeJobKey(user.id);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [error, setError] = useState<TFaceEditError | null>(null);
  const [isResultShown, setIsResultShown] = useState(false);

  const refreshHistory = useCallback(
    () =>
      void queryClient.invalidateQueries({ queryKey: historyKeys.bySource(TOOLS.faceEdit.historySource) }),
    [queryClient],
  );

  const onCompleted = (state: TFaceEditJobState) => {
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
  };
  const job = useFaceEditJob({
    onCompleted,
    onFailed: (state) => {
      removeStorage(storageKey);
      void forceSync();
      refreshHistory();
      const kind = faceEditErrorKind(state.errorCode);
      if (kind === "cancelled") toast.success(t("errors.codes.JOB_CANCELLED"), { id: "face-edit-cancelled" });
      else setError({ kind, isRefunded: kind !== "auth", cause: faceEditErrorCause(state.errorCode) });
    },
  });
  useResumeFaceEdit(storageKey, historyFirstPage, job.track);

  const run = async (input: {
    imageUrl: string;
    maskUrl: string;
    gender: TFaceEditGender;
    intensity: number;
  }) => {
    setIsSubmitting(true);
    if (stageRef.current) revealElement(stageRef.current);
    try {
      const started = await startFaceEdit(buildFaceEditBody(input));
      writeStorage(storageKey, JSON.stringify({ jobId: started.jobId, originalUrl: input.imageUrl }));
      setIsResultShown(false);
      job.track(started.jobId, { detail: { originalUrl: input.imageUrl } });
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

  const cancel = async () => {
    try {
      await job.cancel();
    } catch (failure) {
      toast.error(describeToolError(failure, t) ?? t("faceEdit.errors.generic"));
    }
  };

  return { job, error, setError, isResultShown, setIsResultShown, isSubmitting, run, cancel };
}

/**
 * Reload mid-job (spec 02 §4.4, §4.1): the job this page started, else a processing history item;
 * and (spec 02 §8) an alert on network loss while the poll goes on.
 */
function useResumeFaceEdit(
  storageKey: string,
  firstPage: readonly THistoryItem[] | undefined,
  track: ReturnType<typeof useFaceEditJob>["track"],
) {
  const { t } = useTranslation();
  const hasResumedRef = useRef(false);
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

  useEffect(() => {
    const onOffline = () => toast.error(t("faceEdit.errors.offline"), { id: "face-edit-offline" });
    window.addEventListener("offline", onOffline);
    return () => window.removeEventListener("offline", onOffline);
  }, [t]);
}
