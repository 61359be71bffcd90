import type { TSeedreamStatusResponse } from "@gyeol/shared/contracts/jobs";
import type { TPublicUser } from "@gyeol/shared/contracts/user";
import { randomEditSeed } from "@gyeol/shared/image-edit";
import { POLL_SCHEDULES } from "@gyeol/shared/polling";
import { TOOLS } from "@gyeol/shared/tools";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import toast from "react-hot-toast";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../../lib/api-client.ts";
import { describeCode, describeError } from "../../../lib/api-errors.ts";
import { useAuthActions } from "../../../lib/auth/auth-provider.tsx";
import type { TJobReading } from "../../../lib/jobs/job-status.ts";
import { JOB_CANCELLED_CODE, useToolJob } from "../../../lib/jobs/use-tool-job.ts";
import { classifyToolError, describeToolError } from "../../../lib/tool-errors.ts";
import { fetchEditStatus, startImageEdit } from "../api/image-edit-api.ts";
import type { TEditErrorState, TResultView } from "../components/result-panel.tsx";
import type { TEditTile } from "../components/tile-grid.tsx";
import { watchHistoryAfter } from "../lib/gateway-watch.ts";
import {
  buildEditBody,
  errorRowOf,
  failureCodeOf,
  historyUrls,
  type TEditSettings,
} from "../lib/image-edit-rules.ts";
import { creditsToast, useAutoPrompt } from "./use-auto-prompt.ts";
import { imageEditHistoryKey } from "./use-edit-history.ts";

export function readEditStatus(answer: TSeedreamStatusResponse): TJobReading {
  if (answer.status === "completed") return { kind: "completed" };
  if (answer.status === "failed") return { kind: "failed", code: failureCodeOf(answer.error) };
  return { kind: "running" };
}

/** Before the job exists: the auto-prompt, the start request, or watching history after a 524. */
type TPrePhase = "idle" | "autoPrompt" | "starting" | "gateway";

export interface TEditRunInput {
  user: TPublicUser;
  prompt: string;
  setPrompt: (prompt: string) => void;
  isAutoPrompt: boolean;
  settings: TEditSettings;
  setSettings: (update: (current: TEditSettings) => TEditSettings) => void;
  isSeedLocked: boolean;
  readyTiles: readonly TEditTile[];
  result: TResultView | null;
  setResult: (result: TResultView | null) => void;
  setError: (error: TEditErrorState) => void;
  /** The run is the server's now (and in the history): its inputs are no longer a draft. */
  onAccepted: () => void;
  historyIds: () => ReadonlySet<number>;
}

/**
 * One image-edit run (spec 02 §4.3): auto-prompt if chosen, start, then the job on the platform's
 * tool job (lib/jobs/use-tool-job) with image edit's schedule; a gateway timeout watches history
 * instead. A failed or cancelled run brings the last results back; cancel refunds once (issue 26).
 */
export function useEditRun(input: TEditRunInput) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { forceSync } = useAuthActions();
  const inputRef = useRef(input);
  inputRef.current = input;
  const [prePhase, setPrePhase] = useState<TPrePhase>("idle");
  const runRef = useRef<{ previous: TResultView | null; asked: number; beforeUrl: string | null }>({
    previous: null,
    asked: 0,
    beforeUrl: null,
  });
  const gatewayStop = useRef<(() => void) | null>(null);
  useEffect(() => () => gatewayStop.current?.(), []);

  const finish = useCallback(() => {
    setPrePhase("idle");
    void forceSync();
    void queryClient.invalidateQueries({ queryKey: imageEditHistoryKey(inputRef.current.user.id) });
  }, [forceSync, queryClient]);

  const promptToSend = useAutoPrompt(inputRef);
  const job = useToolJob<TSeedreamStatusResponse, TResultView>({
    schedule: POLL_SCHEDULES[TOOLS.imageEdit.poll],
    fetchStatus: fetchEditStatus,
    read: readEditStatus,
    idle: {},
    progressOf: (answer) => ({ queuePosition: answer.queuePosition }),
    completedOf: (answer) => {
      const { asked, beforeUrl } = runRef.current;
      const partial = answer.partial ? { asked, got: answer.urls.length } : null;
      return { result: { urls: answer.urls, partial, beforeUrl } };
    },
    onCompleted: (state) => {
      inputRef.current.setResult(state.result);
      toast.success(t("imageEdit.result.done"));
      finish();
    },
    onFailed: ({ errorCode }) => {
      inputRef.current.setResult(runRef.current.previous);
      // ComfyUI's codes (issue 25) have their own sentence naming the cause; the vendors' go by row.
      const own = errorCode?.startsWith("COMFYUI_") ? describeCode(errorCode, t) : null;
      if (errorCode === JOB_CANCELLED_CODE)
        toast(t("errors.codes.JOB_CANCELLED"), { id: "image-edit-cancelled" });
      else inputRef.current.setError(own ? { title: "run", message: own } : { row: errorRowOf(errorCode) });
      finish();
    },
  });

  const run = async () => {
    const { readyTiles, isSeedLocked, settings, setSettings, isAutoPrompt, result, setResult, setError } =
      inputRef.current;
    const images = readyTiles.map((tile) => tile.url!);
    setPrePhase(isAutoPrompt ? "autoPrompt" : "starting");
    const text = await promptToSend(images);
    if (text === null) return setPrePhase("idle");
    const seed = isSeedLocked ? settings.seed : randomEditSeed();
    if (!isSeedLocked) setSettings((current) => ({ ...current, seed }));
    const body = buildEditBody({
      prompt: text,
      images,
      masks: readyTiles.map((tile) => tile.mask?.url ?? null),
      maskColors: readyTiles.map((tile) => (tile.mask?.url ? tile.mask.color : null)),
      settings: { ...settings, seed },
      autoPromptUsed: isAutoPrompt,
    });
    setPrePhase("starting");
    // The last results stay for a run that fails (the modal says why), and go for one that works.
    runRef.current = { previous: result, asked: body.num_images, beforeUrl: images[0] ?? null };
    setResult(null);
    const startedAt = Date.now();
    try {
      const accepted = await startImageEdit(body);
      setPrePhase("idle");
      job.track(accepted.seedream_task_id);
      inputRef.current.onAccepted();
      void forceSync();
    } catch (failure) {
      if (isApiError(failure) && failure.status === 524) return watchGateway(startedAt, body.num_images);
      setPrePhase("idle");
      setResult(result);
      if (classifyToolError(failure) === "insufficientCredits") creditsToast();
      else
        setError({
          title: "run",
          message: describeToolError(failure, t) ?? describeError(failure, t, t("imageEdit.errors.other")),
        });
    }
  };

  const watchGateway = (startedAt: number, asked: number) => {
    setPrePhase("gateway");
    gatewayStop.current = watchHistoryAfter({
      startedAt,
      seen: inputRef.current.historyIds(),
      onFound: (item) => {
        const urls = historyUrls(item);
        inputRef.current.setResult({
          urls,
          partial: urls.length < asked ? { asked, got: urls.length } : null,
          beforeUrl: item.original_image_url ?? runRef.current.beforeUrl,
        });
        finish();
      },
      onTimeout: () => {
        inputRef.current.setError({ row: "gateway524" });
        finish();
      },
    });
  };

  const cancel = async () => {
    try {
      await job.cancel();
    } catch (failure) {
      toast.error(describeError(failure, t, t("imageEdit.errors.other")));
    }
  };

  const isRunning = job.state.phase === "processing";
  const phase = isRunning ? "running" : prePhase;
  return {
    phase,
    isBusy: phase !== "idle",
    queuePosition: isRunning ? job.state.queuePosition : null,
    run,
    cancel: isRunning ? () => void cancel() : undefined,
    isCancelling: job.isCancelling,
  };
}
