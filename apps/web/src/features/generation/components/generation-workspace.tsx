/**
 * /image-generation for a signed-in user (spec 02 §2.3, §4.2, §5, §8 consistency; issue 16): four
 * columns (samples, input, result, history), the prompt lock, prompt extraction and rewrite, the
 * run with its polls and toasts, and the handoffs both ways.
 */
import type { TGenerationSample } from "@gyeol/shared/contracts/generation";
import type { TPublicUser } from "@gyeol/shared/contracts/user";
import {
  canGenerate,
  DEFAULT_GENERATION_ASPECT_RATIO,
  GENERATION_ASPECT_RATIOS,
  GENERATION_HISTORY_FIRST_PAGE,
  GENERATION_HISTORY_NEXT_PAGE,
  GENERATION_MAX_CHARACTER_IMAGES,
  GENERATION_REWRITE_CREDITS,
  generationCost,
  isAllowedGenerationFile,
  type TCharacterMode,
  type TGenerationAspectRatio,
} from "@gyeol/shared/generation";
import { localizePath } from "@gyeol/shared/routes";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { FlaskConical, Lock, Plug, Sparkles } from "lucide-react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import toast from "react-hot-toast";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { CreditsShortNote } from "../../../components/tool/credits-short-note.tsx";
import { InsufficientCreditsToast } from "../../../components/tool/insufficient-credits-toast.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import {
  bannedKeywordIn,
  extractPromptFromImage,
  fetchBannedKeywords,
  rewritePrompt,
} from "../../../lib/ai/prompt-helpers.ts";
import { isApiError } from "../../../lib/api-client.ts";
import { describeCode, describeError } from "../../../lib/api-errors.ts";
import { useAuthActions } from "../../../lib/auth/auth-provider.tsx";
import { useDownload } from "../../../lib/downloads/use-download.ts";
import { useDraft } from "../../../lib/drafts/use-draft.ts";
import { featureFlagsQuery } from "../../../lib/feature-flags.ts";
import { takeHandoff, takePromptHandoff, writeHandoff } from "../../../lib/handoff.ts";
import { usePageLocale } from "../../../lib/locale.ts";
import { useShareLink } from "../../../lib/share/use-share-link.ts";
import { classifyToolError, describeToolError } from "../../../lib/tool-errors.ts";
import { uploadToolImage } from "../../../lib/uploads/upload-image.ts";
import {
  addSample,
  deleteSample,
  fetchGenerationHistory,
  fetchLocalCacheSource,
  fetchSamples,
  generationKeys,
  reorderSamples,
} from "../api/generation-api.ts";
import { useGenerationRun } from "../hooks/use-generation-run.ts";
import {
  addLocalHistory,
  localItemsFrom,
  readLocalHistory,
  replaceLocalHistory,
} from "../lib/local-history.ts";
import { GenerationHistoryCard } from "./history-card.tsx";
import { InputCard, type TSlotImage } from "./input-card.tsx";
import { ResultCard } from "./result-card.tsx";
import { SamplesColumn } from "./samples-column.tsx";
import { ZoomViewer } from "./zoom-viewer.tsx";

const SEARCH_DEBOUNCE_MS = 300;

function slotOf(file: File): TSlotImage {
  return { file, url: URL.createObjectURL(file) };
}

/** A sample's or a handoff's image as a file for the slot (png, webp or jpg; spec 02 §9). */
async function fileFromUrl(url: string, name: string): Promise<File> {
  const response = await fetch(url, { credentials: "include" });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const blob = await response.blob();
  const type = ["image/png", "image/webp", "image/jpeg"].includes(blob.type) ? blob.type : "image/jpeg";
  const extension = type === "image/png" ? "png" : type === "image/webp" ? "webp" : "jpg";
  return new File([blob], `${name}.${extension}`, { type });
}

export function GenerationWorkspace({ user }: { user: TPublicUser }) {
  const { t } = useTranslation();
  const locale = usePageLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { forceSync } = useAuthActions();
  const flags = useQuery(featureFlagsQuery);
  const isEnabled = flags.data?.generationEnabled !== false;
  const isTestProvider = flags.data?.generationTestProvider === true;
  // Issue 27: without a language model the prompt helpers are off (Apply says why; nothing is paid).
  const isHelpersOff = flags.data?.llmEnabled === false;
  const helpersOffRef = useRef(isHelpersOff);
  helpersOffRef.current = isHelpersOff;
  const banned = useQuery({
    queryKey: ["banned-keywords"],
    queryFn: fetchBannedKeywords,
    staleTime: 5 * 60_000,
  });
  const samples = useQuery({ queryKey: generationKeys.samples, queryFn: fetchSamples });
  const download = useDownload();
  const share = useShareLink();
  const generation = useGenerationRun();

  const [characters, setCharacters] = useState<TSlotImage[]>([]);
  const [characterMode, setCharacterMode] = useState<TCharacterMode>("subject");
  const [reference, setReference] = useState<TSlotImage | null>(null);
  const [prompt, setPrompt] = useState("");
  const [isExtracting, setIsExtracting] = useState(false);
  const [tab, setTab] = useState<"input" | "edit">("input");
  const [instruction, setInstruction] = useState("");
  const [previousPrompt, setPreviousPrompt] = useState<string | null>(null);
  const [threadId, setThreadId] = useState<string | null>(null);
  const [isApplying, setIsApplying] = useState(false);
  const [isRestoreOpen, setIsRestoreOpen] = useState(false);
  const [isLockOpen, setIsLockOpen] = useState(false);
  const [aspectRatio, setAspectRatio] = useState<TGenerationAspectRatio>(DEFAULT_GENERATION_ASPECT_RATIO);
  const [numImages, setNumImages] = useState(1);
  const [zoomUrl, setZoomUrl] = useState<string | null>(null);
  const [search, setSearch] = useState("");
  const [query, setQuery] = useState("");
  const [localItems, setLocalItems] = useState(() => readLocalHistory(user.id));
  // spec 02 §7: the same history path with only source=kling fills the local cache (50 items).
  const cacheSource = useQuery({
    queryKey: ["history", "kling", user.id, "local-cache"],
    queryFn: ({ signal }) => fetchLocalCacheSource(user.id, signal),
    staleTime: 60_000,
  });
  useEffect(() => {
    if (cacheSource.data)
      setLocalItems(replaceLocalHistory(user.id, localItemsFrom(cacheSource.data.images)));
  }, [cacheSource.data, user.id]);
  const extractRun = useRef(0);

  // Issue 26: the prompt, the settings and the reference and character images are the user's
  // draft until a run is accepted.
  const draftSnapshot = useMemo(
    () =>
      prompt.trim() === "" && !reference && characters.length === 0
        ? null
        : {
            prompt,
            aspectRatio,
            numImages,
            characterMode,
            reference: reference?.file ?? null,
            characters: characters.map((image) => image.file),
          },
    [prompt, aspectRatio, numImages, characterMode, reference, characters],
  );
  const { discard: discardDraft } = useDraft<NonNullable<typeof draftSnapshot>>({
    userId: user.id,
    tool: "generation",
    snapshot: draftSnapshot,
    onRestore: (draft) => {
      // A prompt or image handed from another page since then stays.
      setPrompt((now) => (now.trim() ? now : draft.prompt));
      setAspectRatio(draft.aspectRatio);
      setNumImages(draft.numImages);
      setCharacterMode(draft.characterMode);
      if (draft.reference) {
        const file = draft.reference;
        setReference((now) => now ?? slotOf(file));
      }
      setCharacters((now) => (now.length > 0 ? now : draft.characters.map(slotOf)));
      toast.success(t("drafts.restored"), { id: "draft-restored" });
    },
  });

  useEffect(() => {
    const timer = setTimeout(() => setQuery(search.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search]);

  const history = useInfiniteQuery({
    queryKey: ["history", "kling", user.id, "grouped", query],
    queryFn: ({ pageParam, signal }) =>
      fetchGenerationHistory(
        user.id,
        {
          limit: pageParam === 0 ? GENERATION_HISTORY_FIRST_PAGE : GENERATION_HISTORY_NEXT_PAGE,
          offset: pageParam,
          q: query,
        },
        signal,
      ),
    initialPageParam: 0,
    getNextPageParam: (last) => {
      const more = last.pagination.groupHasMore ?? last.pagination.hasMore;
      const next = last.pagination.nextGroupOffset ?? last.pagination.nextOffset;
      return more && next !== null && next !== undefined ? next : undefined;
    },
    staleTime: 0,
  });

  /** Sets the reference: the prompt locks; an empty prompt is extracted from the image first. */
  const setReferenceFile = useCallback(
    async (file: File, options: { extract: boolean }) => {
      setReference(slotOf(file));
      setIsLockOpen(true);
      if (!options.extract || helpersOffRef.current) return;
      const run = ++extractRun.current;
      setIsExtracting(true);
      try {
        const answer = await extractPromptFromImage(file);
        if (run !== extractRun.current) return;
        if (answer.prompt.trim()) setPrompt(answer.prompt.trim());
        else toast.error(t("generation.input.emptyAiPrompt"));
      } catch (error) {
        if (run === extractRun.current)
          toast.error(describeError(error, t, t("generation.input.extractFailed")));
      } finally {
        if (run === extractRun.current) setIsExtracting(false);
      }
    },
    [t],
  );

  const addCharacters = useCallback(
    (files: File[]) => {
      if (files.some((file) => !isAllowedGenerationFile(file))) toast.error(t("generation.input.onlyImages"));
      const allowed = files.filter(isAllowedGenerationFile);
      setCharacters((now) => [...now, ...allowed.map(slotOf)].slice(0, GENERATION_MAX_CHARACTER_IMAGES));
    },
    [t],
  );

  // A handoff to this page (spec 02 §2.3): character_image fills the character slot, any other role
  // the reference slot; a prompt handed from the chat fills the prompt.
  useEffect(() => {
    const handed = takePromptHandoff("consistency");
    if (handed) setPrompt(handed.prompt);
    const record = takeHandoff("consistency");
    if (!record) return;
    void fileFromUrl(record.imageUrl, "handoff")
      .then((file) => {
        if (record.role === "character_image") addCharacters([file]);
        else void setReferenceFile(file, { extract: !handed });
      })
      .catch(() => toast.error(t("generation.result.badResponse")));
  }, [addCharacters, setReferenceFile, t]);

  const onReference = (file: File) => {
    if (!isAllowedGenerationFile(file)) {
      toast.error(t("generation.input.onlyImages"));
      return;
    }
    void setReferenceFile(file, { extract: prompt.trim() === "" });
  };

  const removeReference = () => {
    extractRun.current += 1;
    setIsExtracting(false);
    setReference(null);
  };

  const applySample = async (sample: TGenerationSample) => {
    setPrompt(sample.prompt);
    if ((GENERATION_ASPECT_RATIOS as readonly string[]).includes(sample.aspect_ratio))
      setAspectRatio(sample.aspect_ratio as TGenerationAspectRatio);
    setNumImages(Math.min(4, Math.max(1, sample.num_images)));
    if (sample.ref_image_url) {
      try {
        await setReferenceFile(await fileFromUrl(sample.ref_image_url, "sample"), { extract: false });
      } catch {
        toast.error(t("generation.samples.failed"));
      }
    } else {
      removeReference();
    }
    toast.success(t("generation.samples.applied"));
  };

  const applyRewrite = async () => {
    if (isHelpersOff) return;
    if (!instruction.trim()) {
      toast.error(t("generation.input.applyNeedsText"));
      return;
    }
    if (!user.isDemoUser && user.credits < GENERATION_REWRITE_CREDITS) {
      toast.error(t("generation.input.applyNeedsCredits", { cost: GENERATION_REWRITE_CREDITS }));
      return;
    }
    setIsApplying(true);
    try {
      const answer = await rewritePrompt({ userPrompt: instruction.trim(), currentPrompt: prompt, threadId });
      const next = answer.rewrittenPrompt?.trim() ?? "";
      if (!next) {
        toast.error(t("generation.input.emptyAiPrompt"));
        return;
      }
      setPreviousPrompt(prompt);
      setPrompt(next);
      setThreadId(answer.threadId ?? threadId);
      setInstruction("");
      toast.success(t("generation.input.rewritten"));
    } catch (error) {
      if (isApiError(error) && error.code === "INSUFFICIENT_CREDITS")
        toast.error(t("generation.input.applyCancelled"));
      else toast.error(describeError(error, t, t("generation.result.failed")));
    } finally {
      setIsApplying(false);
      void forceSync();
    }
  };

  const cost = generationCost(numImages);
  const onSettled = () => {
    void forceSync();
    void queryClient.invalidateQueries({ queryKey: ["history", "kling"] });
  };

  const [isCancelling, setIsCancelling] = useState(false);
  const cancelRun = async () => {
    if (isCancelling) return;
    setIsCancelling(true);
    try {
      if (await generation.cancel()) {
        toast(t("errors.codes.JOB_CANCELLED"), { id: "generation-cancelled" });
        onSettled();
      }
    } catch (error) {
      toast.error(describeError(error, t, t("generation.result.failed")));
    } finally {
      setIsCancelling(false);
    }
  };

  const generate = async () => {
    if (generation.isBusy) {
      toast(t("generation.run.wait"), { id: "generation-wait" });
      return;
    }
    if (!canGenerate({ prompt, hasReference: reference !== null })) {
      toast.error(t("generation.run.needInput"));
      return;
    }
    const word = bannedKeywordIn(prompt, banned.data ?? []);
    if (word) {
      toast.error(t("generation.run.nsfw", { word }), { id: "generation-nsfw" });
      return;
    }
    if (!user.isDemoUser && user.credits < cost) {
      toast.custom(() => <InsufficientCreditsToast />, { id: "insufficient" });
      return;
    }
    try {
      await generation.run(
        {
          prompt: prompt.trim(),
          numImages,
          aspectRatio,
          reference: reference?.file ?? null,
          characters: characters.map((image) => image.file),
          characterMode,
        },
        {
          onCompleted: (done) => {
            toast.success(t("generation.result.done"));
            if (done.taskId)
              setLocalItems(
                addLocalHistory(user.id, {
                  id: done.taskId,
                  prompt,
                  referenceImageUrl: null,
                  characterImageUrl: null,
                  resultUrls: done.images,
                  createdAt: new Date().toISOString(),
                }),
              );
            onSettled();
          },
          onFailed: (code) => {
            toast.error(describeCode(code, t) ?? t("generation.result.failed"));
            onSettled();
          },
        },
      );
      discardDraft();
      void forceSync();
    } catch (error) {
      if (classifyToolError(error) === "insufficientCredits") {
        toast.custom(() => <InsufficientCreditsToast />, { id: "insufficient" });
      } else if (isApiError(error) && error.code === "NSFW_PROMPT_BLOCKED") {
        toast.error(describeCode(error.code, t) ?? t("generation.result.failed"), { id: "generation-nsfw" });
      } else if (isApiError(error) && error.code === "GENERATION_NOT_CONFIGURED") {
        toast.error(describeCode(error.code, t) ?? t("generation.result.failed"));
      } else {
        toast.error(describeToolError(error, t) ?? describeError(error, t, t("generation.result.failed")));
      }
    }
  };

  const addSampleMutation = useMutation({
    mutationFn: async () => {
      // The reference goes with the sample (applying it brings the picture back): our own upload.
      const ref = reference ? (await uploadToolImage(reference.file, reference.file.name)).imageUrl : null;
      return addSample({
        prompt: prompt.trim(),
        result_urls: generation.state.images,
        aspect_ratio: aspectRatio,
        num_images: generation.state.images.length,
        ref_image_url: ref,
        thumbnail_data_url: null,
      });
    },
    onSuccess: () => {
      toast.success(t("generation.samples.added"));
      void queryClient.invalidateQueries({ queryKey: generationKeys.samples });
    },
    onError: (error) =>
      toast.error(
        isApiError(error) && error.code === "FORBIDDEN"
          ? t("generation.samples.adminOnly")
          : describeError(error, t, t("generation.samples.failed")),
      ),
  });
  const samplesChanged = () => void queryClient.invalidateQueries({ queryKey: generationKeys.samples });
  const onDeleteSample = (id: number) =>
    void deleteSample(id)
      .catch((error) => toast.error(describeError(error, t, t("generation.samples.failed"))))
      .finally(samplesChanged);
  const onReorderSamples = (ids: number[]) => {
    const byId = new Map((samples.data ?? []).map((sample) => [sample.id, sample]));
    queryClient.setQueryData(
      generationKeys.samples,
      ids.map((id, display_order) => ({ ...byId.get(id)!, display_order })),
    );
    void reorderSamples(ids)
      .catch((error) => toast.error(describeError(error, t, t("generation.samples.failed"))))
      .finally(samplesChanged);
  };

  const sendToUpscale = (url: string) => {
    writeHandoff({ target: "upscale", role: "input", imageUrl: url, source: "consistency" });
    void navigate(localizePath("/upscale", locale));
  };

  const items = history.data?.pages.flatMap((page) => page.images) ?? [];

  // A run still going when the page opens (a reload, or back from another page): follow it again.
  const resumedRef = useRef(false);
  const firstPage = history.data?.pages[0]?.images;
  useEffect(() => {
    if (resumedRef.current || !firstPage || generation.isBusy) return;
    resumedRef.current = true;
    const running = firstPage.find((item) => item.status === "processing" && item.kling_task_id);
    if (!running?.kling_task_id) return;
    toast(t("generation.result.resumed"), { id: "generation-resumed" });
    generation.resume(running.kling_task_id, {
      onCompleted: () => {
        toast.success(t("generation.result.done"));
        onSettled();
      },
      onFailed: (code) => {
        toast.error(describeCode(code, t) ?? t("generation.result.failed"));
        onSettled();
      },
    });
  });
  const isWorking = generation.isBusy;

  return (
    <div
      data-testid="generation-page"
      className="mx-auto w-full max-w-[90rem] px-4 pt-6 pb-24 min-[700px]:px-6 min-[700px]:pt-10"
    >
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
      <div className="mt-6 grid items-start gap-4 lg:grid-cols-[13rem_minmax(0,1fr)_minmax(0,1fr)] xl:grid-cols-[13rem_minmax(0,1.1fr)_minmax(0,1fr)_17rem]">
        <div className="order-3 lg:order-1">
          <SamplesColumn
            samples={samples.data}
            isError={samples.isError}
            isAdmin={user.isAdmin}
            canAdd={
              generation.state.phase === "completed" &&
              generation.state.images.length > 0 &&
              prompt.trim() !== ""
            }
            onApply={(sample) => void applySample(sample)}
            onAdd={() => addSampleMutation.mutate()}
            onDelete={onDeleteSample}
            onReorder={onReorderSamples}
          />
        </div>
        <div className="order-1 flex flex-col gap-3 lg:order-2">
          <InputCard
            characters={characters}
            characterMode={characterMode}
            reference={reference}
            prompt={prompt}
            isLocked={reference !== null}
            isExtracting={isExtracting}
            tab={tab}
            instruction={instruction}
            isApplying={isApplying}
            isHelpersOff={isHelpersOff}
            canRestore={previousPrompt !== null}
            aspectRatio={aspectRatio}
            numImages={numImages}
            isDisabled={isWorking}
            onCharacters={addCharacters}
            onRemoveCharacter={(index) => setCharacters((now) => now.filter((_, i) => i !== index))}
            onCharacterMode={setCharacterMode}
            onReference={onReference}
            onRemoveReference={removeReference}
            onPrompt={setPrompt}
            onTab={setTab}
            onInstruction={setInstruction}
            onApply={() => void applyRewrite()}
            onRestore={() => setIsRestoreOpen(true)}
            onAspectRatio={setAspectRatio}
            onNumImages={setNumImages}
          />
          {isEnabled && (
            <Button
              size="lg"
              onClick={() => void generate()}
              disabled={isExtracting}
              data-testid="generation-run"
              aria-busy={isWorking}
            >
              {isWorking ? (
                <Spinner className="size-5" />
              ) : (
                <Sparkles aria-hidden="true" className="size-5" />
              )}
              {isWorking ? t("generation.run.generating") : t("generation.run.generate", { cost })}
            </Button>
          )}
          {isEnabled && (
            <CreditsShortNote
              cost={cost}
              credits={user.credits}
              isFree={user.isDemoUser === true}
              testId="generation-credits-short"
            />
          )}
        </div>
        <div className="order-2 lg:order-3">
          <ResultCard
            run={generation.state}
            canShare={share.isEnabled}
            busyDownloadUrl={download.busyUrl}
            onZoom={setZoomUrl}
            onDownload={(url) => void download.download(url)}
            onShare={() => void share.copy()}
            onSendToUpscale={sendToUpscale}
            onCancel={() => void cancelRun()}
            isCancelling={isCancelling}
          />
        </div>
        <div className="order-4 lg:col-span-3 xl:col-span-1">
          <GenerationHistoryCard
            items={items}
            localItems={localItems}
            isPending={history.isPending}
            isError={history.isError}
            hasMore={history.hasNextPage}
            isLoadingMore={history.isFetchingNextPage}
            search={search}
            onSearch={setSearch}
            onLoadMore={() => void history.fetchNextPage()}
            onOpen={(images) => generation.show(images)}
          />
        </div>
      </div>

      <Dialog
        open={isLockOpen}
        onOpenChange={setIsLockOpen}
        title={t("generation.lock.title")}
        description={t("generation.lock.body")}
        icon={<Lock aria-hidden="true" className="size-7 text-accent-600" />}
        testId="generation-lock-dialog"
      >
        <Button className="mt-5 w-full" onClick={() => setIsLockOpen(false)} data-testid="generation-lock-ok">
          {t("generation.lock.ok")}
        </Button>
      </Dialog>
      <ConfirmDialog
        open={isRestoreOpen}
        onOpenChange={setIsRestoreOpen}
        title={t("generation.input.restoreTitle")}
        description={t("generation.input.restoreBody")}
        confirmLabel={t("generation.input.restoreConfirm")}
        cancelLabel={t("generation.cancel")}
        testId="generation-restore-confirm"
        onConfirm={() => {
          if (previousPrompt !== null) setPrompt(previousPrompt);
          setPreviousPrompt(null);
          setIsRestoreOpen(false);
        }}
      />
      <Dialog
        open={share.isCopiedOpen}
        onOpenChange={(open) => !open && share.closeCopied()}
        title={t("generation.result.shareTitle")}
        description={t("generation.result.shareBody")}
        testId="generation-share-copied"
      >
        <Button className="mt-5 w-full" onClick={share.closeCopied}>
          {t("generation.lock.ok")}
        </Button>
      </Dialog>
      <ZoomViewer
        url={zoomUrl}
        onClose={() => setZoomUrl(null)}
        onDownload={(url) => void download.download(url)}
        isDownloading={download.busyUrl !== null}
      />
    </div>
  );
}
