import type { THistoryItem } from "@gyeol/shared/contracts/images";
import type { TPublicUser } from "@gyeol/shared/contracts/user";
import { estimateRetouchCost } from "@gyeol/shared/retouch";
import { TOOLS } from "@gyeol/shared/tools";
import { useQueryClient } from "@tanstack/react-query";
import { RotateCcw } from "lucide-react";
import { useCallback, useEffect, useReducer, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { CreditsShortNote } from "../../../components/tool/credits-short-note.tsx";
import { HistoryCard } from "../../../components/tool/history-card.tsx";
import { useAuthActions } from "../../../lib/auth/auth-provider.tsx";
import { useDraft } from "../../../lib/drafts/use-draft.ts";
import { historyKeys, useToolHistory } from "../../../lib/history/history-api.ts";
import { revealElement } from "../../../lib/reveal-element.ts";
import { useMediaQuery } from "../../../lib/use-media-query.ts";
import { useGenerateRetouch } from "../hooks/use-generate-retouch.ts";
import { useUpscaleHandoff } from "../hooks/use-handoff.ts";
import { useInView } from "../hooks/use-in-view.ts";
import { useCancelRetouch, useResumeRetouchJob, useRetouchJob } from "../hooks/use-retouch-job.ts";
import { useRetouchUpload } from "../hooks/use-retouch-upload.ts";
import { canRunAgain, useRunAgain } from "../hooks/use-run-again.ts";
import { generateBlock } from "../lib/generate-rules.ts";
import {
  DEFAULT_RETOUCH_OPTIONS,
  reduceRetouchOptions,
  type TRetouchOptions,
} from "../lib/retouch-options.ts";
import { GenerateButton } from "./generate-button.tsx";
import { OptionCards } from "./option-cards.tsx";
import { PageHeading } from "./page-heading.tsx";
import { ResultCard } from "./result-card.tsx";
import { GuideDialog, LargeImageDialog, ScaleLimitDialog } from "./retouch-dialogs.tsx";
import { StickyGenerateBar } from "./sticky-generate-bar.tsx";
import { UploadCard } from "./upload-card.tsx";

/** Retouch history: 12 per page (the spec gives no figure for retouch). */
const RETOUCH_HISTORY_PAGE_SIZE = 12;

/** Layout turns compact under 700 px (spec 02 §2.1, §9). */
const COMPACT_QUERY = "(max-width: 699px)";

/** The retouch screen for a signed-in user: controls on the left, result and history on the right. */
export function RetouchWorkspace({ user }: { user: TPublicUser }) {
  const { t } = useTranslation();
  const { forceSync } = useAuthActions();
  const queryClient = useQueryClient();
  const isCompact = useMediaQuery(COMPACT_QUERY);
  const [options, dispatch] = useReducer(reduceRetouchOptions, DEFAULT_RETOUCH_OPTIONS);
  const [isGuideOpen, setIsGuideOpen] = useState(false);
  const resultRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLDivElement>(null);
  const generateRef = useRef<HTMLButtonElement>(null);
  const isGenerateInView = useInView(generateRef);

  // The job ended either way: the header credits (charge or refund) and the history change.
  const onSettled = useCallback(() => {
    void forceSync();
    void queryClient.invalidateQueries({ queryKey: historyKeys.bySource(TOOLS.retouch.historySource) });
  }, [forceSync, queryClient]);
  const job = useRetouchJob({ onSettled });
  // Issue 26: the settings are the user's draft until a job takes them.
  const { discard: discardDraft } = useDraft<TRetouchOptions>({
    userId: user.id,
    tool: "retouch",
    snapshot: options === DEFAULT_RETOUCH_OPTIONS ? null : options,
    onRestore: (value) => dispatch({ type: "restore", value }),
  });
  const isJobRunning = job.state.phase === "processing";
  useEffect(() => {
    if (isJobRunning) discardDraft();
  }, [isJobRunning, discardDraft]);
  const upload = useRetouchUpload();
  const history = useToolHistory(TOOLS.retouch.historySource, user.id, RETOUCH_HISTORY_PAGE_SIZE);
  const generate = useGenerateRetouch(job);
  useResumeRetouchJob(history.data?.pages[0]?.images, job);
  useUpscaleHandoff(upload.loadFromUrl);

  const image = upload.image;
  const cost = estimateRetouchCost(image?.width ?? 1, image?.height ?? 1, options.scale);
  const isProcessing = job.state.phase === "processing";
  const isLoading = upload.phase !== "idle" || generate.isSubmitting;
  const rules = { hasImage: image !== null, credits: user.credits, cost, isProcessing, isLoading };
  const generateProps = {
    cost,
    credits: user.credits,
    isWorking: isLoading || isProcessing,
    onGenerate: () => {
      // The Generate button sits below the options; the result card is at the top of its column
      // (desktop) or below everything (phone). Either way the job's progress should be in view.
      if (resultRef.current) revealElement(resultRef.current);
      void generate.generate(image, options);
    },
  };

  const cancel = useCancelRetouch(job);
  const clearResult = () => {
    if (!isProcessing) job.reset();
    generate.clearError();
  };
  const onFile = (file: File) => {
    clearResult();
    dispatch({ type: "newPhoto" });
    void upload.select(file);
  };
  const runAgain = useRunAgain({ dispatch, loadPhoto: upload.loadFromUrl, clear: clearResult });
  const onOpenHistory = (item: THistoryItem) => {
    if (item.image_url) job.show(item.image_url, { originalUrl: item.original_image_url });
    if (resultRef.current) revealElement(resultRef.current);
  };

  return (
    <div
      data-testid="retouch-page"
      data-compact={isCompact}
      className="mx-auto w-full max-w-6xl px-4 pt-6 pb-44 min-[700px]:px-6 min-[700px]:pt-10 min-[700px]:pb-36"
    >
      <PageHeading onGuide={() => setIsGuideOpen(true)} />
      <div className="mt-6 grid items-start gap-4 min-[700px]:mt-8 lg:grid-cols-[minmax(0,26rem)_minmax(0,1fr)] lg:gap-6">
        <div ref={formRef} className="flex scroll-mt-4 flex-col gap-4">
          <UploadCard upload={upload} onFile={onFile} isLocked={isProcessing} />
          <OptionCards options={options} dispatch={dispatch} size={image} />
          <div className="flex flex-col gap-2">
            <GenerateButton
              ref={generateRef}
              {...generateProps}
              block={generateBlock(rules, { requiresImage: false })}
            />
            {image && <CreditsShortNote cost={cost} credits={user.credits} testId="retouch-credits-short" />}
            {generate.error && (
              <p
                role="alert"
                data-testid="retouch-error"
                className="px-1 text-[13px] font-medium text-red-700"
              >
                {generate.error}
              </p>
            )}
          </div>
        </div>
        <div ref={resultRef} className="flex scroll-mt-4 flex-col gap-4">
          <ResultCard
            job={job.state}
            previewUrl={upload.image?.previewUrl ?? upload.pendingPreview}
            isLoading={isLoading}
            onRetry={job.reset}
            onCancel={cancel}
            isCancelling={job.isCancelling}
          />
          <HistoryCard
            history={history}
            title={t("retouch.history.title")}
            onOpen={onOpenHistory}
            testId="retouch-history"
            itemAction={{
              text: t("retouch.history.runAgain"),
              icon: <RotateCcw aria-hidden="true" className="size-3 shrink-0" />,
              label: (_item, date) => t("retouch.history.runAgainLabel", { date }),
              // Like the upload card, the photo stays while a job runs.
              isAvailable: (item) => !isProcessing && canRunAgain(item),
              onClick: (item) => {
                // On a phone the history is below everything: bring the form with the photo up.
                if (formRef.current) revealElement(formRef.current);
                void runAgain(item);
              },
            }}
          />
        </div>
      </div>
      <StickyGenerateBar
        isVisible={!isGenerateInView}
        options={options}
        dispatch={dispatch}
        {...generateProps}
        block={generateBlock(rules, { requiresImage: true })}
      />
      <GuideDialog open={isGuideOpen} onClose={() => setIsGuideOpen(false)} />
      <LargeImageDialog open={upload.isLargeAlertOpen} onClose={upload.closeLargeAlert} />
      <ScaleLimitDialog open={generate.isScaleLimitOpen} onClose={generate.closeScaleLimit} />
    </div>
  );
}
