import type { TLocale } from "@gyeol/shared/constants";
import type { TImageEditHistoryItem } from "@gyeol/shared/contracts/image-edit";
import type { TSeedreamStatusResponse } from "@gyeol/shared/contracts/jobs";
import type { TPublicUser } from "@gyeol/shared/contracts/user";
import {
  editOutputTooSmall,
  IMAGE_EDIT_AUTO_PROMPT_CREDITS,
  IMAGE_EDIT_DEFAULT_SIDE,
  IMAGE_EDIT_HISTORY_CLICK_DEBOUNCE_MS,
  IMAGE_EDIT_HISTORY_FIRST_PAGE,
  IMAGE_EDIT_INPUT_RATIO_TEXT,
  IMAGE_EDIT_MAX_INPUTS,
  IMAGE_EDIT_MIN_OUTPUT_PIXELS,
  imageEditCost,
  isEditInputRatioAllowed,
  randomEditSeed,
} from "@gyeol/shared/image-edit";
import { MASK_PRESETS } from "@gyeol/shared/mask";
import { POLL_SCHEDULES } from "@gyeol/shared/polling";
import { localizePath } from "@gyeol/shared/routes";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { TFunction } from "i18next";
import { createElement, useCallback, useEffect, useMemo, useRef, useState } from "react";
import toast from "react-hot-toast";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { MaskEditor, type TMaskSaveDetails } from "../../../components/mask-editor/mask-editor.tsx";
import type { TMaskDoc } from "../../../components/mask-editor/model.ts";
import { CreditsShortNote } from "../../../components/tool/credits-short-note.tsx";
import { InsufficientCreditsToast } from "../../../components/tool/insufficient-credits-toast.tsx";
import { RunButton } from "../../../components/tool/run-button.tsx";
import { autoPrompt } from "../../../lib/ai/prompt-helpers.ts";
import { isApiError } from "../../../lib/api-client.ts";
import { describeCode, describeError } from "../../../lib/api-errors.ts";
import { useAuthActions, useRequiredUser } from "../../../lib/auth/auth-provider.tsx";
import { formatNumber } from "../../../lib/dates.ts";
import { useDownload } from "../../../lib/downloads/use-download.ts";
import { useDraft } from "../../../lib/drafts/use-draft.ts";
import { featureFlagsQuery } from "../../../lib/feature-flags.ts";
import { takeHandoff, takePromptHandoff, writeHandoff } from "../../../lib/handoff.ts";
import { postCancelJob, type TJobReading } from "../../../lib/jobs/job-status.ts";
import { useJobPoll } from "../../../lib/jobs/use-job-poll.ts";
import { usePageLocale } from "../../../lib/locale.ts";
import { classifyToolError, describeToolError } from "../../../lib/tool-errors.ts";
import { useDocumentTitle } from "../../../lib/use-document-title.ts";
import {
  createEditSample,
  deleteEditSample,
  fetchEditHistory,
  fetchEditSamples,
  fetchEditStatus,
  IMAGE_EDIT_LOCAL_CODES,
  presignedUpload,
  reorderEditSamples,
  startImageEdit,
  type TEditSample,
} from "../api/image-edit-api.ts";
import { imageEditDraftOf, type TImageEditDraft, tilesOfDraft } from "../lib/image-edit-draft.ts";
import { imageEditLimitValues, megabytes } from "../lib/image-edit-limits.ts";
import {
  AutoPromptBusyError,
  autoPromptWithRetries,
  buildEditBody,
  checkEditFile,
  collectMore,
  encodeWithinLimit,
  errorRowOf,
  failureCodeOf,
  historyUrls,
  moveItem,
  type TEditSettings,
  type TFileProblem,
  TileTooLargeError,
  visibleHistory,
} from "../lib/image-edit-rules.ts";
import { EditSettings } from "./edit-settings.tsx";
import {
  EditErrorModal,
  ResultPanel,
  ResultViewer,
  type TEditErrorState,
  type TResultView,
} from "./result-panel.tsx";
import { HistoryColumn, SamplesColumn } from "./side-columns.tsx";
import { type TEditTile, TileGrid } from "./tile-grid.tsx";

/** spec 02 §4.3: a gateway timeout switches to watching history for up to 240 s, every 3 s. */
const GATEWAY_WAIT_MS = 240_000;
const GATEWAY_POLL_MS = 3000;
/** Auto-prompt refusals another try cannot change. */
const FINAL_AUTO_PROMPT_CODES = new Set([
  "INSUFFICIENT_CREDITS",
  "NSFW_PROMPT_BLOCKED",
  "LLM_NOT_CONFIGURED",
  "AUTH_REQUIRED",
  "SESSION_EXPIRED",
  "MAINTENANCE",
]);

function readEditStatus(answer: TSeedreamStatusResponse): TJobReading {
  if (answer.status === "completed") return { kind: "completed" };
  if (answer.status === "failed") return { kind: "failed", code: failureCodeOf(answer.error) };
  return { kind: "running" };
}

/** The picture of a file, upright, as a canvas (null when the browser cannot read it). */
async function decode(file: Blob): Promise<HTMLCanvasElement | null> {
  try {
    const bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
    const canvas = document.createElement("canvas");
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    canvas.getContext("2d")?.drawImage(bitmap, 0, 0);
    bitmap.close();
    return canvas;
  } catch {
    return null;
  }
}

const toJpeg = (canvas: HTMLCanvasElement, quality: number) =>
  new Promise<Blob>((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error("encode failed"))),
      "image/jpeg",
      quality,
    ),
  );

/** /image-edit (spec 02 §2.2): signed-in users only, behind the route's sign-in guard. */
export function ImageEditPage() {
  const { t } = useTranslation();
  const user = useRequiredUser();
  useDocumentTitle(t("pages.imageEdit.title"));
  return <ImageEditWorkspace user={user} />;
}

export default ImageEditPage;

type TErrorState = TEditErrorState;

export function ImageEditWorkspace({ user }: { user: TPublicUser }) {
  const { t } = useTranslation();
  const locale = usePageLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { forceSync } = useAuthActions();
  const { download, busyUrl } = useDownload();
  const flags = useQuery(featureFlagsQuery);
  const provider = flags.data?.imageEditProvider ?? null;
  const isTestProvider = flags.data?.imageEditTestProvider === true;
  // Issue 25: a model that reads fewer pictures than the 8 allowed (ComfyUI's Qwen: 3) gets the rest combined.
  const maxInputImages = provider ? flags.data?.imageEditMaxInputImages : undefined;
  // Issue 27: auto-prompt needs a language model; without one it is off and says why.
  const isAutoPromptOff = flags.data?.llmEnabled === false;

  const [prompt, setPrompt] = useState("");
  const [isAutoPromptChosen, setIsAutoPrompt] = useState(false);
  const isAutoPrompt = isAutoPromptChosen && !isAutoPromptOff;
  const [tiles, setTiles] = useState<TEditTile[]>([]);
  const tilesRef = useRef(tiles);
  tilesRef.current = tiles;
  const [maskIndex, setMaskIndex] = useState<number | null>(null);
  const [settings, setSettings] = useState<TEditSettings>(() => ({
    width: IMAGE_EDIT_DEFAULT_SIDE,
    height: IMAGE_EDIT_DEFAULT_SIDE,
    scale: 0,
    seed: randomEditSeed(),
    numImages: 1,
  }));
  const [isSeedLocked, setIsSeedLocked] = useState(false);
  const [phase, setPhase] = useState<"idle" | "autoPrompt" | "starting" | "running" | "gateway">("idle");
  const [queuePosition, setQueuePosition] = useState<number | null>(null);
  const [result, setResult] = useState<TResultView | null>(null);
  const [viewerIndex, setViewerIndex] = useState<number | null>(null);
  const [error, setError] = useState<TErrorState>(null);
  const objectUrls = useRef<string[]>([]);
  const lastHistoryClick = useRef(0);
  const gatewayStop = useRef<(() => void) | null>(null);
  /** The running job (its seedream_task_id is the job id), for Cancel; null when none runs. */
  const [runningJobId, setRunningJobId] = useState<string | null>(null);
  const [isCancelling, setIsCancelling] = useState(false);

  useEffect(
    () => () => {
      for (const url of objectUrls.current) URL.revokeObjectURL(url);
      gatewayStop.current?.();
    },
    [],
  );
  const objectUrl = useCallback((blob: Blob) => {
    const url = URL.createObjectURL(blob);
    objectUrls.current.push(url);
    return url;
  }, []);
  const patchTile = useCallback(
    (id: string, patch: Partial<TEditTile>) =>
      setTiles((current) => current.map((tile) => (tile.id === id ? { ...tile, ...patch } : tile))),
    [],
  );

  // ——— draft (issue 26): kept per user, restored after an expired session, a sign-in or a reload ———
  const uploadTile = useCallback(
    async (id: string, blob: Blob) => {
      try {
        const uploaded = await presignedUpload(blob, `${id}.jpg`, "input");
        patchTile(id, { url: uploaded.imageUrl, status: "ready" });
      } catch (failure) {
        setTiles((current) => current.filter((item) => item.id !== id));
        setError({ title: "upload", message: describeEditUploadError(failure, t) });
      }
    },
    [patchTile, t],
  );
  const draftSnapshot = useMemo(
    () => imageEditDraftOf({ prompt, isAutoPrompt: isAutoPromptChosen, settings, isSeedLocked, tiles }),
    [prompt, isAutoPromptChosen, settings, isSeedLocked, tiles],
  );
  const restoreDraft = (draft: TImageEditDraft) => {
    const restored = tilesOfDraft(draft, objectUrl);
    // A prompt or image handed from another page since then stays; the draft fills in around it.
    setPrompt((current) => (current.trim() ? current : draft.prompt));
    setIsAutoPrompt(draft.isAutoPrompt);
    setSettings(draft.settings);
    setIsSeedLocked(draft.isSeedLocked);
    const merged = [...restored, ...tilesRef.current].slice(0, IMAGE_EDIT_MAX_INPUTS);
    tilesRef.current = merged;
    setTiles(merged);
    for (const tile of restored)
      if (tile.status === "uploading" && tile.blob) void uploadTile(tile.id, tile.blob);
    toast.success(t("drafts.restored"), { id: "draft-restored" });
  };
  const { discard: discardDraft } = useDraft({
    userId: user.id,
    tool: "image-edit",
    snapshot: draftSnapshot,
    onRestore: restoreDraft,
  });

  const { follow, stop } = useJobPoll<TSeedreamStatusResponse>({
    schedule: POLL_SCHEDULES.imageEdit,
    fetchStatus: fetchEditStatus,
    read: readEditStatus,
  });
  useEffect(() => stop, [stop]);

  // ——— history (first page 9, then "load more" collects 5 at a time) ———
  const [historyQuery, setHistoryQuery] = useState("");
  const history = useQuery({
    queryKey: ["image-edit-history", user.id, historyQuery],
    queryFn: () => fetchEditHistory({ limit: IMAGE_EDIT_HISTORY_FIRST_PAGE, offset: 0, q: historyQuery }),
  });
  const [more, setMore] = useState<{
    items: TImageEditHistoryItem[];
    nextOffset: number;
    hasMore: boolean;
  } | null>(null);
  const [isLoadingMore, setIsLoadingMore] = useState(false);
  // A new first page (a search, a finished run) starts "load more" again.
  const firstPageAt = history.dataUpdatedAt;
  useEffect(() => {
    if (firstPageAt) setMore(null);
  }, [firstPageAt]);
  const historyItems = useMemo(
    () => [...visibleHistory(history.data?.items ?? []), ...(more?.items ?? [])],
    [history.data, more],
  );
  const hasMoreHistory = more ? more.hasMore : (history.data?.pagination.hasMore ?? false);
  const onLoadMore = async () => {
    setIsLoadingMore(true);
    try {
      const found = await collectMore(
        (offset, limit) => fetchEditHistory({ limit, offset, q: historyQuery }),
        more?.nextOffset ?? history.data?.pagination.nextOffset ?? 0,
        new Set(historyItems.map((item) => item.id)),
      );
      setMore({
        items: [...(more?.items ?? []), ...found.items],
        nextOffset: found.nextOffset,
        hasMore: found.hasMore,
      });
    } catch {
      toast.error(t("imageEdit.history.failed"));
    } finally {
      setIsLoadingMore(false);
    }
  };
  const onOpenHistory = (item: TImageEditHistoryItem) => {
    const now = Date.now();
    if (now - lastHistoryClick.current < IMAGE_EDIT_HISTORY_CLICK_DEBOUNCE_MS) return;
    lastHistoryClick.current = now;
    setResult({ urls: historyUrls(item), partial: null });
  };

  const samples = useQuery({ queryKey: ["image-edit-samples"], queryFn: fetchEditSamples });

  // ——— tiles ———
  const addFiles = useCallback(
    async (files: readonly File[]) => {
      for (const file of files) {
        if (tilesRef.current.length >= IMAGE_EDIT_MAX_INPUTS) {
          toast.error(t("imageEdit.tiles.full"));
          return;
        }
        const early = checkEditFile(file, null);
        if (early) {
          setError({ title: "upload", message: describeFileProblem(early, file, t, locale) });
          continue;
        }
        const canvas = await decode(file);
        if (!canvas) {
          setError({ title: "upload", message: t("imageEdit.upload.unreadable") });
          continue;
        }
        const problem = checkEditFile(file, { width: canvas.width, height: canvas.height });
        if (problem) {
          setError({ title: "upload", message: describeFileProblem(problem, file, t, locale) });
          continue;
        }
        const id = crypto.randomUUID();
        const tile: TEditTile = {
          id,
          blob: null,
          previewUrl: null,
          url: null,
          width: canvas.width,
          height: canvas.height,
          status: "uploading",
          mask: null,
        };
        setTiles((current) => [...current, tile]);
        tilesRef.current = [...tilesRef.current, tile];
        try {
          const { blob } = await encodeWithinLimit((quality) => toJpeg(canvas, quality));
          patchTile(id, { blob, previewUrl: objectUrl(blob) });
          await uploadTile(id, blob);
        } catch (failure) {
          setTiles((current) => current.filter((item) => item.id !== id));
          if (failure instanceof TileTooLargeError)
            setError({
              title: "upload",
              message: t("imageEdit.upload.tooLargeAfter", {
                maxMb: imageEditLimitValues(locale).composedMaxMb,
              }),
            });
          else setError({ title: "upload", message: describeEditUploadError(failure, t) });
        }
      }
    },
    [t, locale, objectUrl, patchTile, uploadTile],
  );

  const addFromUrl = useCallback(
    async (url: string, name: string) => {
      try {
        const response = await fetch(url, { credentials: "include" });
        const blob = await response.blob();
        await addFiles([new File([blob], name, { type: blob.type || "image/jpeg" })]);
      } catch {
        setError({ title: "upload", message: t("imageEdit.upload.unreadable") });
      }
    },
    [addFiles, t],
  );

  // Handed from the chat (a prompt) or another page (an image).
  useEffect(() => {
    const handed = takePromptHandoff("image-edit");
    if (handed) {
      setPrompt(handed.prompt);
      toast.success(t("imageEdit.prompt.fromChat"));
    }
    const image = takeHandoff("image-edit");
    if (image) void addFromUrl(image.imageUrl, "handoff.jpg");
  }, [addFromUrl, t]);

  const onSaveMask = async (maskBlob: Blob, doc: TMaskDoc, details: TMaskSaveDetails) => {
    const tile = maskIndex === null ? null : tiles[maskIndex];
    if (!tile) return;
    if (details.isEmpty) {
      patchTile(tile.id, { mask: null, maskDoc: doc });
      toast(t("imageEdit.tiles.maskCleared"));
      setMaskIndex(null);
      return;
    }
    const uploaded = await presignedUpload(maskBlob, "mask.png", "mask");
    patchTile(tile.id, {
      mask: { url: uploaded.imageUrl, previewUrl: objectUrl(maskBlob), color: details.color, blob: maskBlob },
      maskDoc: doc,
    });
    toast.success(t("imageEdit.tiles.maskSavedToast"));
    setMaskIndex(null);
  };

  const applySample = async (sample: TEditSample) => {
    setPrompt(sample.prompt);
    setSettings((current) => ({
      ...current,
      width: sample.width,
      height: sample.height,
      scale: 0,
      numImages: sample.num_images,
      ...(sample.seed ? { seed: sample.seed } : {}),
    }));
    toast.success(t("imageEdit.samples.applied"));
    for (const [i, url] of sample.ref_image_urls.slice(0, IMAGE_EDIT_MAX_INPUTS).entries())
      await addFromUrl(url, `sample-${sample.id}-${i + 1}.jpg`);
  };

  const onSampleChange = async (change: () => Promise<unknown>, done: "added" | "removed" | null) => {
    try {
      await change();
      if (done) toast.success(t(`imageEdit.samples.${done}`));
    } catch (failure) {
      toast.error(describeError(failure, t, t("imageEdit.errors.other")));
    } finally {
      void queryClient.invalidateQueries({ queryKey: ["image-edit-samples"] });
    }
  };
  const onAddSample = () =>
    onSampleChange(
      () =>
        createEditSample({
          prompt: prompt.trim(),
          seed: settings.seed,
          width: settings.width,
          height: settings.height,
          num_images: settings.numImages,
          ref_image_urls: tilesRef.current.flatMap((tile) => (tile.url ? [tile.url] : [])),
          result_urls: result?.urls ?? [],
        }),
      "added",
    );

  // ——— run ———
  const readyTiles = tiles.filter((tile) => tile.status === "ready" && tile.url);
  const isUploading = tiles.some((tile) => tile.status === "uploading");
  const isBusy = phase !== "idle";
  const cost = imageEditCost(settings.numImages) + (isAutoPrompt ? IMAGE_EDIT_AUTO_PROMPT_CREDITS : 0);
  // Issue 26: what the vendor must refuse is said here, before a run is charged and refunded.
  const tileOffRatio = readyTiles.findIndex((tile) => !isEditInputRatioAllowed(tile.width, tile.height));
  const outputTooSmall = editOutputTooSmall(settings.width, settings.height, settings.scale);
  const runHint = !provider
    ? t("imageEdit.run.notConfigured")
    : !prompt.trim() && !isAutoPrompt
      ? t("imageEdit.run.needPrompt")
      : readyTiles.length === 0
        ? t("imageEdit.run.needImage")
        : isUploading
          ? t("imageEdit.run.uploading")
          : tileOffRatio !== -1
            ? t("toolLimits.editTileRatioHint", { index: tileOffRatio + 1, ...IMAGE_EDIT_INPUT_RATIO_TEXT })
            : outputTooSmall
              ? t("toolLimits.editOutputTooSmallHint", {
                  minPixels: formatNumber(IMAGE_EDIT_MIN_OUTPUT_PIXELS, locale),
                })
              : user.credits < cost
                ? t("imageEdit.run.notEnough")
                : undefined;
  const isRunDisabled = isBusy || (runHint !== undefined && runHint !== t("imageEdit.run.notEnough"));

  const finish = () => {
    setPhase("idle");
    setQueuePosition(null);
    setRunningJobId(null);
    void forceSync();
    void queryClient.invalidateQueries({ queryKey: ["image-edit-history", user.id] });
  };

  const watchHistoryAfter = (startedAt: number, asked: number) => {
    setPhase("gateway");
    const seen = new Set((history.data?.items ?? []).map((item) => item.id));
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    gatewayStop.current = () => {
      stopped = true;
      clearTimeout(timer);
    };
    const check = async () => {
      if (stopped) return;
      try {
        const page = await fetchEditHistory({ limit: IMAGE_EDIT_HISTORY_FIRST_PAGE, offset: 0 });
        const found = visibleHistory(page.items).find(
          (item) => !seen.has(item.id) && Date.parse(item.created_at) >= startedAt - 60_000,
        );
        if (found) {
          const urls = historyUrls(found);
          setResult({ urls, partial: urls.length < asked ? { asked, got: urls.length } : null });
          finish();
          return;
        }
      } catch {
        // keep watching
      }
      if (Date.now() - startedAt >= GATEWAY_WAIT_MS) {
        setError({ row: "gateway524" });
        finish();
        return;
      }
      timer = setTimeout(() => void check(), GATEWAY_POLL_MS);
    };
    timer = setTimeout(() => void check(), GATEWAY_POLL_MS);
  };

  const run = async () => {
    if (isRunDisabled) return;
    if (runHint === t("imageEdit.run.notEnough")) {
      toast.error(createElement(InsufficientCreditsToast), { id: "image-edit-credits" });
      return;
    }
    let text = prompt.trim();
    const images = readyTiles.map((tile) => tile.url!);
    if (isAutoPrompt) {
      setPhase("autoPrompt");
      try {
        text = await autoPromptWithRetries(async () => (await autoPrompt(images.slice(0, 4), text)).prompt, {
          isFinal: (failure) => isApiError(failure) && FINAL_AUTO_PROMPT_CODES.has(failure.code),
        });
        setPrompt(text);
      } catch (failure) {
        setPhase("idle");
        void forceSync();
        if (failure instanceof AutoPromptBusyError)
          setError({ title: "run", message: t("imageEdit.prompt.autoPromptBusy") });
        else if (classifyToolError(failure) === "insufficientCredits")
          toast.error(createElement(InsufficientCreditsToast), { id: "image-edit-credits" });
        else
          setError({
            title: "run",
            message: describeToolError(failure, t) ?? t("imageEdit.errors.AUTOPROMPT_FAILED"),
          });
        return;
      }
    }
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
    setPhase("starting");
    // The last results stay for a run that fails (the modal says why), and go for one that works.
    const previous = result;
    setResult(null);
    const startedAt = Date.now();
    let accepted: { seedream_task_id: string };
    try {
      accepted = await startImageEdit(body);
    } catch (failure) {
      if (isApiError(failure) && failure.status === 524) {
        watchHistoryAfter(startedAt, body.num_images);
        return;
      }
      setPhase("idle");
      setResult(previous);
      if (classifyToolError(failure) === "insufficientCredits") {
        toast.error(createElement(InsufficientCreditsToast), { id: "image-edit-credits" });
      } else {
        setError({
          title: "run",
          message: describeToolError(failure, t) ?? describeError(failure, t, t("imageEdit.errors.other")),
        });
      }
      return;
    }
    setPhase("running");
    setRunningJobId(accepted.seedream_task_id);
    // The run is the server's now (and in the history): its inputs are no longer a draft.
    discardDraft();
    void forceSync();
    follow(accepted.seedream_task_id, {
      onProgress: (answer) => setQueuePosition(answer.queuePosition),
      onCompleted: (answer) => {
        setResult({
          urls: answer.urls,
          partial: answer.partial ? { asked: body.num_images, got: answer.urls.length } : null,
        });
        toast.success(t("imageEdit.result.done"));
        finish();
      },
      onFailed: (code) => {
        setResult(previous);
        // ComfyUI's codes (issue 25) have their own sentence naming the cause; the vendors' go by row.
        const own = code?.startsWith("COMFYUI_") ? describeCode(code, t) : null;
        if (code === "JOB_CANCELLED") toast(t("errors.codes.JOB_CANCELLED"), { id: "image-edit-cancelled" });
        else setError(own ? { title: "run", message: own } : { row: errorRowOf(code) });
        finish();
      },
    });
  };
  // Issue 26: a run can be stopped; the server refunds it once (POST /api/jobs/{id}/cancel).
  const cancel = async () => {
    if (!runningJobId || isCancelling) return;
    setIsCancelling(true);
    try {
      await postCancelJob(runningJobId);
      stop();
      toast(t("errors.codes.JOB_CANCELLED"), { id: "image-edit-cancelled" });
      finish();
    } catch (failure) {
      // Already finished: the poll brings its result.
      if (!isApiError(failure) || failure.code !== "JOB_ALREADY_FINISHED")
        toast.error(describeError(failure, t, t("imageEdit.errors.other")));
    } finally {
      setIsCancelling(false);
    }
  };
  const editAgain = async (url: string) => {
    const before = tilesRef.current.length;
    await addFromUrl(url, "result.jpg");
    if (tilesRef.current.length > before) toast.success(t("toolFlow.editAgainAdded"));
  };

  const runRef = useRef(run);
  runRef.current = run;

  // spec 02 §2.2: Ctrl or Cmd + Enter runs.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Enter" && (event.ctrlKey || event.metaKey) && maskIndex === null) {
        event.preventDefault();
        void runRef.current();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [maskIndex]);

  const maskTile = maskIndex === null ? null : (tiles[maskIndex] ?? null);

  return (
    <div
      data-testid="image-edit-page"
      data-provider={provider ?? "none"}
      className="mx-auto w-full max-w-[90rem] px-4 pt-6 pb-24 min-[700px]:px-6 min-[700px]:pt-10"
    >
      <header className="max-w-3xl">
        <p className="flex items-center gap-2 text-[13px] font-bold tracking-wide text-accent-700">
          {t("imageEdit.eyebrow")}
          {isTestProvider && (
            <span
              data-testid="image-edit-test-provider"
              className="rounded-full bg-amber-100 px-2 py-0.5 text-[11px] text-amber-900"
            >
              {t("imageEdit.testProvider")}
            </span>
          )}
        </p>
        <h1 className="mt-1.5 text-[28px] font-bold tracking-tight text-ink min-[700px]:text-4xl">
          {t("imageEdit.title")}
        </h1>
        <p className="mt-2 text-[15px] leading-relaxed text-ink-soft">{t("imageEdit.lead")}</p>
      </header>
      {flags.isSuccess && !provider && (
        <div
          role="note"
          data-testid="image-edit-not-configured"
          className="mt-5 rounded-2xl border border-amber-200 bg-amber-50 p-4 text-amber-950"
        >
          <p className="font-bold">{t("imageEdit.notConfigured.title")}</p>
          <p className="mt-1 text-[14px] leading-relaxed">{t("imageEdit.notConfigured.body")}</p>
        </div>
      )}
      {maxInputImages !== undefined && maxInputImages < IMAGE_EDIT_MAX_INPUTS && (
        <p
          role="note"
          data-testid="image-edit-image-cap"
          className="mt-4 max-w-3xl rounded-xl border border-line bg-surface px-3 py-2 text-[13px] leading-relaxed text-ink-soft"
        >
          {t("imageEdit.imageCap", { count: maxInputImages })}
        </p>
      )}
      <div className="mt-6 grid items-start gap-4 min-[1000px]:grid-cols-[minmax(0,1fr)_minmax(0,20rem)] min-[1200px]:grid-cols-[13rem_minmax(0,1fr)_minmax(0,20rem)] min-[700px]:mt-8">
        <div className="order-3 min-[1000px]:col-span-2 min-[1200px]:order-none min-[1200px]:col-span-1">
          <SamplesColumn
            samples={samples.data ?? []}
            isLoading={samples.isLoading}
            onApply={(sample) => void applySample(sample)}
            isAdmin={user.isAdmin === true}
            canAdd={Boolean(prompt.trim()) && (readyTiles.length > 0 || (result?.urls.length ?? 0) > 0)}
            onAdd={() => void onAddSample()}
            onDelete={(sample) => void onSampleChange(() => deleteEditSample(sample.id), "removed")}
            onReorder={(ids) => void onSampleChange(() => reorderEditSamples(ids), null)}
          />
        </div>
        <div className="flex min-w-0 flex-col gap-4">
          <section className="rounded-3xl border border-line bg-surface p-4 shadow-soft">
            <label htmlFor="image-edit-prompt" className="text-[15px] font-bold text-ink">
              {t("imageEdit.prompt.label")}
            </label>
            <textarea
              id="image-edit-prompt"
              data-testid="image-edit-prompt"
              value={prompt}
              rows={4}
              disabled={isBusy}
              placeholder={t("imageEdit.prompt.placeholder")}
              onChange={(event) => setPrompt(event.target.value)}
              className="mt-2 w-full resize-y rounded-2xl border border-line bg-surface p-3 text-[15px] leading-relaxed text-ink"
            />
            <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
              <label
                className="flex items-center gap-2 text-[13px] font-semibold text-ink-soft"
                title={
                  isAutoPromptOff ? t("imageEdit.prompt.autoPromptOff") : t("imageEdit.prompt.autoPromptHint")
                }
              >
                <input
                  type="checkbox"
                  data-testid="image-edit-auto-prompt"
                  checked={isAutoPrompt}
                  disabled={isBusy || isAutoPromptOff}
                  onChange={(event) => setIsAutoPrompt(event.target.checked)}
                  className="size-4 accent-accent-600"
                />
                {t("imageEdit.prompt.autoPrompt", { cost: IMAGE_EDIT_AUTO_PROMPT_CREDITS })}
              </label>
              <span className="text-[12px] text-muted">{t("imageEdit.prompt.hint")}</span>
            </div>
            {isAutoPromptOff && (
              <p className="mt-1 text-[12px] text-ink-soft" data-testid="image-edit-auto-prompt-off">
                {t("imageEdit.prompt.autoPromptOff")}
              </p>
            )}
            {phase === "autoPrompt" && (
              <p role="status" className="mt-2 text-[13px] text-accent-700">
                {t("imageEdit.prompt.autoPromptWorking")}
              </p>
            )}
          </section>
          <TileGrid
            tiles={tiles}
            onFiles={(files) => void addFiles(files)}
            onMove={(from, to) => setTiles((current) => moveItem(current, from, to))}
            onMask={setMaskIndex}
            onRemove={(index) => setTiles((current) => current.filter((_, i) => i !== index))}
            isLocked={isBusy}
          />
          <ResultPanel
            result={result}
            isWorking={phase === "starting" || phase === "running" || phase === "gateway"}
            queuePosition={queuePosition}
            isGatewayWait={phase === "gateway"}
            onZoom={setViewerIndex}
            onDownload={(url) => void download(url)}
            onRetouch={(url) => {
              writeHandoff({ target: "upscale", imageUrl: url, source: "image-edit" });
              void navigate(localizePath("/upscale", locale));
            }}
            onEditAgain={(url) => void editAgain(url)}
            onCancel={phase === "running" && runningJobId ? () => void cancel() : undefined}
            isCancelling={isCancelling}
            busyUrl={busyUrl}
          />
        </div>
        <div className="flex min-w-0 flex-col gap-4">
          <EditSettings
            settings={settings}
            onChange={setSettings}
            isSeedLocked={isSeedLocked}
            onSeedLock={setIsSeedLocked}
            isLocked={isBusy}
          />
          <RunButton
            label={t("imageEdit.run.button")}
            cost={cost}
            credits={user.credits}
            isDisabled={isRunDisabled}
            disabledHint={runHint}
            isWorking={isBusy}
            onRun={() => void run()}
            testId="image-edit-run"
          />
          <CreditsShortNote cost={cost} credits={user.credits} testId="image-edit-credits-short" />
          <HistoryColumn
            items={historyItems}
            isLoading={history.isLoading}
            isError={history.isError}
            hasMore={hasMoreHistory}
            isLoadingMore={isLoadingMore}
            query={historyQuery}
            onSearch={setHistoryQuery}
            onLoadMore={() => void onLoadMore()}
            onOpen={onOpenHistory}
          />
        </div>
      </div>
      {maskTile?.blob && (
        <MaskEditor
          open={maskIndex !== null}
          image={maskTile.blob}
          preset={MASK_PRESETS.imageEdit}
          initialDoc={maskTile.maskDoc ?? null}
          onSave={onSaveMask}
          onClose={() => setMaskIndex(null)}
        />
      )}
      <ResultViewer
        urls={result?.urls ?? []}
        index={viewerIndex}
        onIndex={setViewerIndex}
        onClose={() => setViewerIndex(null)}
        onDownload={(url) => void download(url)}
        busyUrl={busyUrl}
      />
      <EditErrorModal error={error} onClose={() => setError(null)} />
    </div>
  );
}

type TLocalCode = keyof typeof IMAGE_EDIT_LOCAL_CODES;
const isLocalCode = (code: string): code is TLocalCode => code in IMAGE_EDIT_LOCAL_CODES;

/** Why a tile's upload failed: the server's code when it has one, else the step that failed. */
function describeEditUploadError(failure: unknown, t: TFunction): string {
  if (isApiError(failure) && isLocalCode(failure.code)) return t(`imageEdit.errors.${failure.code}`);
  return describeToolError(failure, t) ?? describeError(failure, t, t("tool.upload.failed"));
}

/** The sentence of a file the page refuses, with the limit and the file's own figure. */
function describeFileProblem(
  problem: TFileProblem,
  file: { type: string },
  t: TFunction,
  locale: TLocale,
): string {
  switch (problem.key) {
    case "type":
      return t("toolLimits.editInvalidType", { type: file.type || "?" });
    case "tooLarge":
      return t("toolLimits.editTooLarge", {
        size: megabytes(problem.bytes),
        maxMb: imageEditLimitValues(locale).maxMb,
      });
    case "tooSmall":
      return t("imageEdit.upload.tooSmall", {
        ...imageEditLimitValues(locale),
        width: problem.width,
        height: problem.height,
      });
    case "ratio":
      return t("toolLimits.editTileRatio", {
        width: problem.width,
        height: problem.height,
        ...IMAGE_EDIT_INPUT_RATIO_TEXT,
      });
  }
}
