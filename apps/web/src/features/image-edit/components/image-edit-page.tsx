import type { TPublicUser } from "@gyeol/shared/contracts/user";
import {
  editOutputTooSmall,
  IMAGE_EDIT_AUTO_PROMPT_CREDITS,
  IMAGE_EDIT_INPUT_RATIO_TEXT,
  IMAGE_EDIT_MAX_INPUTS,
  IMAGE_EDIT_MIN_OUTPUT_PIXELS,
  imageEditCost,
  isEditInputRatioAllowed,
} from "@gyeol/shared/image-edit";
import { MASK_PRESETS } from "@gyeol/shared/mask";
import { localizePath } from "@gyeol/shared/routes";
import { useQuery } from "@tanstack/react-query";
import { RotateCcw } from "lucide-react";
import { createElement, type RefObject, useEffect, useRef, useState } from "react";
import toast from "react-hot-toast";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { MaskEditor } from "../../../components/mask-editor/mask-editor.tsx";
import { CreditsShortNote } from "../../../components/tool/credits-short-note.tsx";
import { InsufficientCreditsToast } from "../../../components/tool/insufficient-credits-toast.tsx";
import { PromptHistoryColumn } from "../../../components/tool/prompt-history-column.tsx";
import { ResultViewer } from "../../../components/tool/result-viewer/result-viewer.tsx";
import { RunButton } from "../../../components/tool/run-button.tsx";
import { SamplesColumn } from "../../../components/tool/samples-column.tsx";
import { useRequiredUser } from "../../../lib/auth/auth-provider.tsx";
import { formatNumber } from "../../../lib/dates.ts";
import { useDownload } from "../../../lib/downloads/use-download.ts";
import { featureFlagsQuery } from "../../../lib/feature-flags.ts";
import { writeHandoff } from "../../../lib/handoff.ts";
import { usePageLocale } from "../../../lib/locale.ts";
import { revealElement } from "../../../lib/reveal-element.ts";
import { useDocumentTitle } from "../../../lib/use-document-title.ts";
import { type TEditForm, useEditForm, useEditHandoffs, useImageEditDraft } from "../hooks/use-edit-form.ts";
import { useEditHistory } from "../hooks/use-edit-history.ts";
import { useEditRecall } from "../hooks/use-edit-recall.ts";
import { useEditRun } from "../hooks/use-edit-run.ts";
import { useEditSamples } from "../hooks/use-edit-samples.ts";
import { useEditTiles } from "../hooks/use-edit-tiles.ts";
import { historyUrls } from "../lib/image-edit-rules.ts";
import { EditSettings } from "./edit-settings.tsx";
import { ImageEditHeader, PromptCard } from "./prompt-card.tsx";
import { EditErrorModal, ResultPanel, type TEditErrorState, type TResultView } from "./result-panel.tsx";
import type { TEditTile } from "./tile-grid.tsx";
import { TileGrid } from "./tile-grid.tsx";

/** /image-edit (spec 02 §2.2): signed-in users only, behind the route's sign-in guard. */
export function ImageEditPage() {
  const { t } = useTranslation();
  const user = useRequiredUser();
  useDocumentTitle(t("pages.imageEdit.title"));
  return <ImageEditWorkspace user={user} />;
}

export default ImageEditPage;

/**
 * Why Run cannot start, or undefined when it can (issue 26: what the vendor must refuse is said
 * here, before a run is charged and refunded). "Not enough credits" still lets the click through,
 * to the top-up toast.
 */
function useRunHint(input: {
  form: TEditForm;
  tiles: readonly TEditTile[];
  readyTiles: readonly TEditTile[];
  hasProvider: boolean;
  credits: number;
  cost: number;
}): { hint: string | undefined; isShort: boolean } {
  const { t } = useTranslation();
  const locale = usePageLocale();
  const { form, readyTiles } = input;
  const { settings } = form;
  const tileOffRatio = readyTiles.findIndex((tile) => !isEditInputRatioAllowed(tile.width, tile.height));
  const isShort = input.credits < input.cost;
  const hint = !input.hasProvider
    ? t("imageEdit.run.notConfigured")
    : !form.prompt.trim() && !form.isAutoPrompt
      ? t("imageEdit.run.needPrompt")
      : readyTiles.length === 0
        ? t("imageEdit.run.needImage")
        : input.tiles.some((tile) => tile.status === "uploading")
          ? t("imageEdit.run.uploading")
          : tileOffRatio !== -1
            ? t("toolLimits.editTileRatioHint", { index: tileOffRatio + 1, ...IMAGE_EDIT_INPUT_RATIO_TEXT })
            : editOutputTooSmall(settings.width, settings.height, settings.scale)
              ? t("toolLimits.editOutputTooSmallHint", {
                  minPixels: formatNumber(IMAGE_EDIT_MIN_OUTPUT_PIXELS, locale),
                })
              : isShort
                ? t("imageEdit.run.notEnough")
                : undefined;
  return { hint, isShort: hint !== undefined && hint === t("imageEdit.run.notEnough") };
}

/** spec 02 §2.2: Ctrl or Cmd + Enter runs (not while the mask editor is open). */
function useRunShortcut(run: () => void, isOn: boolean) {
  const runRef = useRef(run);
  runRef.current = run;
  useEffect(() => {
    if (!isOn) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        runRef.current();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [isOn]);
}

/** The workspace's state and actions: the form, tiles, run, history and samples, wired together. */
function useImageEditWorkspace(user: TPublicUser) {
  const { t } = useTranslation();
  const flags = useQuery(featureFlagsQuery);
  const provider = flags.data?.imageEditProvider ?? null;
  const form = useEditForm(flags.data?.llmEnabled === false);
  const [result, setResult] = useState<TResultView | null>(null);
  const [error, setError] = useState<TEditErrorState>(null);
  const [maskIndex, setMaskIndex] = useState<number | null>(null);
  const tiles = useEditTiles(setError);
  const { discard: discardDraft } = useImageEditDraft(user.id, form, tiles);
  useEditHandoffs(form.setPrompt, tiles.addFromUrl);
  const history = useEditHistory(user.id, (item) =>
    setResult({ urls: historyUrls(item), partial: null, beforeUrl: item.original_image_url }),
  );
  const readyTiles = tiles.tiles.filter((tile) => tile.status === "ready" && tile.url);
  const cost =
    imageEditCost(form.settings.numImages) + (form.isAutoPrompt ? IMAGE_EDIT_AUTO_PROMPT_CREDITS : 0);
  const { hint, isShort } = useRunHint({
    form,
    tiles: tiles.tiles,
    readyTiles,
    hasProvider: Boolean(provider),
    credits: user.credits,
    cost,
  });
  const run = useEditRun({
    ...form,
    user,
    readyTiles,
    result,
    setResult,
    setError,
    onAccepted: discardDraft,
    historyIds: history.firstPageIds,
  });
  const samples = useEditSamples({
    prompt: form.prompt,
    settings: form.settings,
    inputUrls: () => tiles.tilesRef.current.flatMap((tile) => (tile.url ? [tile.url] : [])),
    resultUrls: result?.urls ?? [],
    apply: form.applySample,
    addFromUrl: tiles.addFromUrl,
  });
  const isRunDisabled = run.isBusy || (hint !== undefined && !isShort);
  const onRun = () => {
    if (isRunDisabled) return;
    if (isShort) toast.error(createElement(InsufficientCreditsToast), { id: "image-edit-credits" });
    else void run.run();
  };
  useRunShortcut(onRun, maskIndex === null);
  const editAgain = async (url: string) => {
    const before = tiles.tilesRef.current.length;
    await tiles.addFromUrl(url, "result.jpg");
    if (tiles.tilesRef.current.length > before) toast.success(t("toolFlow.editAgainAdded"));
  };
  const maskTile = maskIndex === null ? null : (tiles.tiles[maskIndex] ?? null);
  const recall = useEditRecall(form, tiles);
  return {
    flags,
    provider,
    form,
    result,
    error,
    setError,
    maskIndex,
    setMaskIndex,
    maskTile,
    tiles,
    history,
    readyTiles,
    cost,
    hint,
    run,
    samples,
    isRunDisabled,
    onRun,
    editAgain,
    recall,
  };
}

type TImageEditWorkspace = ReturnType<typeof useImageEditWorkspace>;

/** The right column: settings, Run, the credits note and the prompt history with "run again". */
function RunColumn({
  user,
  workspace,
  formRef,
}: {
  user: TPublicUser;
  workspace: TImageEditWorkspace;
  formRef: RefObject<HTMLDivElement | null>;
}) {
  const { t } = useTranslation();
  const { form, run, cost, history, recall } = workspace;
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <EditSettings
        settings={form.settings}
        onChange={form.setSettings}
        isSeedLocked={form.isSeedLocked}
        onSeedLock={form.setIsSeedLocked}
        isLocked={run.isBusy}
      />
      <RunButton
        label={t("imageEdit.run.button")}
        cost={cost}
        credits={user.credits}
        isDisabled={workspace.isRunDisabled}
        disabledHint={workspace.hint}
        isWorking={run.isBusy}
        onRun={workspace.onRun}
        testId="image-edit-run"
      />
      <CreditsShortNote cost={cost} credits={user.credits} testId="image-edit-credits-short" />
      <PromptHistoryColumn
        {...history.column}
        testId="image-edit-history"
        entryAction={{
          text: t("toolFlow.runAgain"),
          icon: <RotateCcw aria-hidden="true" className="size-3.5 shrink-0" />,
          label: (entry) => t("toolFlow.runAgainLabel", { date: entry.note }),
          isAvailable: (entry) => !run.isBusy && Boolean(entry.item.run_inputs),
          onClick: (entry) => {
            // On a phone the history is below everything: bring the form up.
            if (formRef.current) revealElement(formRef.current);
            void recall(entry.item);
          },
        }}
      />
    </div>
  );
}

export function ImageEditWorkspace({ user }: { user: TPublicUser }) {
  const { t } = useTranslation();
  const locale = usePageLocale();
  const navigate = useNavigate();
  const { download, busyUrl } = useDownload();
  const [viewerIndex, setViewerIndex] = useState<number | null>(null);
  const workspace = useImageEditWorkspace(user);
  const { flags, provider, form, result, tiles, run, maskTile, maskIndex, setMaskIndex } = workspace;
  // Issue 25: a model that reads fewer pictures than the 8 allowed (ComfyUI's Qwen: 3) gets the rest combined.
  const maxInputImages = provider ? flags.data?.imageEditMaxInputImages : undefined;
  const formRef = useRef<HTMLDivElement>(null);

  return (
    <div
      data-testid="image-edit-page"
      data-provider={provider ?? "none"}
      className="mx-auto w-full max-w-[90rem] px-4 pt-6 pb-24 min-[700px]:px-6 min-[700px]:pt-10"
    >
      <ImageEditHeader
        isTestProvider={flags.data?.imageEditTestProvider === true}
        isNotConfigured={flags.isSuccess && !provider}
      />
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
            {...workspace.samples}
            testId="image-edit-sample"
            isAdmin={user.isAdmin === true}
            canAdd={
              Boolean(form.prompt.trim()) &&
              (workspace.readyTiles.length > 0 || (result?.urls.length ?? 0) > 0)
            }
          />
        </div>
        <div ref={formRef} className="flex min-w-0 scroll-mt-4 flex-col gap-4">
          <PromptCard form={form} isBusy={run.isBusy} isWritingPrompt={run.phase === "autoPrompt"} />
          <TileGrid
            tiles={tiles.tiles}
            onFiles={(files) => void tiles.addFiles(files)}
            onMove={tiles.move}
            onMask={setMaskIndex}
            onRemove={tiles.remove}
            isLocked={run.isBusy}
          />
          <ResultPanel
            result={result}
            isWorking={run.phase === "starting" || run.phase === "running" || run.phase === "gateway"}
            queuePosition={run.queuePosition}
            isGatewayWait={run.phase === "gateway"}
            onZoom={setViewerIndex}
            onDownload={(url) => void download(url)}
            onRetouch={(url) => {
              writeHandoff({ target: "upscale", imageUrl: url, source: "image-edit" });
              void navigate(localizePath("/upscale", locale));
            }}
            onEditAgain={(url) => void workspace.editAgain(url)}
            onCancel={run.cancel}
            isCancelling={run.isCancelling}
            busyUrl={busyUrl}
          />
        </div>
        <RunColumn user={user} workspace={workspace} formRef={formRef} />
      </div>
      {maskTile?.blob && (
        <MaskEditor
          open={maskIndex !== null}
          image={maskTile.blob}
          preset={MASK_PRESETS.imageEdit}
          initialDoc={maskTile.maskDoc ?? null}
          onSave={async (blob, doc, details) => {
            await tiles.saveMask(maskTile, blob, doc, details);
            setMaskIndex(null);
          }}
          onClose={() => setMaskIndex(null)}
        />
      )}
      <ResultViewer
        images={result?.urls.slice(0, 8) ?? []}
        index={viewerIndex}
        onIndex={setViewerIndex}
        onClose={() => setViewerIndex(null)}
        title={t("imageEdit.viewer.title")}
        beforeUrl={result?.beforeUrl ?? null}
        onDownload={(url) => void download(url)}
        busyUrl={busyUrl}
        testId="image-edit-viewer"
      />
      <EditErrorModal error={workspace.error} onClose={() => workspace.setError(null)} />
    </div>
  );
}
