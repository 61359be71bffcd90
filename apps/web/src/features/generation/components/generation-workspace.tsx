/**
 * /image-generation for a signed-in user (spec 02 §2.3, §4.2, §5, §8 consistency; issue 16): four
 * columns (samples, input, result, history), composed from the page's hooks: the inputs and their
 * draft, the prompt rewrite, the run (on the platform's tool job), the samples and the history.
 */
import type { TPublicUser } from "@gyeol/shared/contracts/user";
import { localizePath } from "@gyeol/shared/routes";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { PromptHistoryColumn } from "../../../components/tool/prompt-history-column.tsx";
import { ResultViewer } from "../../../components/tool/result-viewer/result-viewer.tsx";
import { SamplesColumn } from "../../../components/tool/samples-column.tsx";
import { useDownload } from "../../../lib/downloads/use-download.ts";
import { featureFlagsQuery } from "../../../lib/feature-flags.ts";
import { writeHandoff } from "../../../lib/handoff.ts";
import { usePageLocale } from "../../../lib/locale.ts";
import { useShareLink } from "../../../lib/share/use-share-link.ts";
import { useGenerate } from "../hooks/use-generate.ts";
import { useGenerationHistory } from "../hooks/use-generation-history.ts";
import { useGenerationDraft, useGenerationInputs } from "../hooks/use-generation-inputs.ts";
import { useGenerationRecall } from "../hooks/use-generation-recall.ts";
import { useGenerationSamples } from "../hooks/use-generation-samples.ts";
import { usePromptRewrite } from "../hooks/use-prompt-rewrite.ts";
import { GenerationDialogs, GenerationHeader, RunControls } from "./generation-chrome.tsx";
import { generationEntry, imagesOf, LocalHistoryList } from "./history-card.tsx";
import { InputCard } from "./input-card.tsx";
import { ResultCard } from "./result-card.tsx";

export function GenerationWorkspace({ user }: { user: TPublicUser }) {
  const { t } = useTranslation();
  const locale = usePageLocale();
  const navigate = useNavigate();
  const flags = useQuery(featureFlagsQuery);
  const isEnabled = flags.data?.generationEnabled !== false;
  // Issue 27: without a language model the prompt helpers are off (Apply says why; nothing is paid).
  const isHelpersOff = flags.data?.llmEnabled === false;
  const download = useDownload();
  const share = useShareLink();
  const inputs = useGenerationInputs(isHelpersOff);
  const { discard: discardDraft } = useGenerationDraft(user.id, inputs);
  const rewrite = usePromptRewrite({
    user,
    prompt: inputs.prompt,
    setPrompt: inputs.setPrompt,
    isHelpersOff,
  });
  const history = useGenerationHistory(user.id);
  const { generation, cost, generate, cancel } = useGenerate({ user, inputs, history, discardDraft });
  const run = generation.state;
  const samples = useGenerationSamples({
    prompt: inputs.prompt,
    reference: inputs.reference,
    aspectRatio: inputs.aspectRatio,
    resultImages: run.images,
    onApply: (sample) => void inputs.applySample(sample),
  });
  const [zoomIndex, setZoomIndex] = useState<number | null>(null);
  const isWorking = generation.isBusy;
  const recall = useGenerationRecall(inputs, isWorking);

  const sendToUpscale = (url: string) => {
    writeHandoff({ target: "upscale", role: "input", imageUrl: url, source: "consistency" });
    void navigate(localizePath("/upscale", locale));
  };

  return (
    <div
      data-testid="generation-page"
      className="mx-auto w-full max-w-[90rem] px-4 pt-6 pb-24 min-[700px]:px-6 min-[700px]:pt-10"
    >
      <GenerationHeader isTestProvider={flags.data?.generationTestProvider === true} isEnabled={isEnabled} />
      <div className="mt-6 grid items-start gap-4 lg:grid-cols-[13rem_minmax(0,1fr)_minmax(0,1fr)] xl:grid-cols-[13rem_minmax(0,1.1fr)_minmax(0,1fr)_17rem]">
        <div className="order-3 lg:order-1">
          <SamplesColumn
            {...samples}
            testId="generation-sample"
            isAdmin={user.isAdmin}
            canAdd={run.phase === "completed" && run.images.length > 0 && inputs.prompt.trim() !== ""}
          />
        </div>
        <div ref={recall.formRef} className="order-1 flex scroll-mt-4 flex-col gap-3 lg:order-2">
          <InputCard
            characters={inputs.characters}
            characterMode={inputs.characterMode}
            reference={inputs.reference}
            prompt={inputs.prompt}
            isLocked={inputs.reference !== null}
            isExtracting={inputs.isExtracting}
            tab={rewrite.tab}
            instruction={rewrite.instruction}
            isApplying={rewrite.isApplying}
            isHelpersOff={isHelpersOff}
            canRestore={rewrite.canRestore}
            aspectRatio={inputs.aspectRatio}
            numImages={inputs.numImages}
            isDisabled={isWorking}
            onCharacters={inputs.addCharacters}
            onRemoveCharacter={(index) => inputs.setCharacters((now) => now.filter((_, i) => i !== index))}
            onCharacterMode={inputs.setCharacterMode}
            onReference={inputs.onReference}
            onRemoveReference={inputs.removeReference}
            onPrompt={inputs.setPrompt}
            onTab={rewrite.setTab}
            onInstruction={rewrite.setInstruction}
            onApply={rewrite.apply}
            onRestore={() => rewrite.setIsRestoreOpen(true)}
            onAspectRatio={inputs.setAspectRatio}
            onNumImages={inputs.setNumImages}
          />
          {isEnabled && (
            <RunControls
              cost={cost}
              credits={user.credits}
              isFree={user.isDemoUser === true}
              isWorking={isWorking}
              isDisabled={inputs.isExtracting}
              onRun={generate}
            />
          )}
        </div>
        <div className="order-2 lg:order-3">
          <ResultCard
            run={run}
            canShare={share.isEnabled}
            busyDownloadUrl={download.busyUrl}
            onZoom={(url) => setZoomIndex(Math.max(0, run.images.indexOf(url)))}
            onDownload={(url) => void download.download(url)}
            onShare={() => void share.copy()}
            onSendToUpscale={sendToUpscale}
            onEditAgain={isWorking ? undefined : (url) => void recall.editAgain(url)}
            onCancel={cancel}
            isCancelling={generation.isCancelling}
          />
        </div>
        <div className="order-4 lg:col-span-3 xl:col-span-1">
          <PromptHistoryColumn
            {...history.column}
            title={t("generation.history.title")}
            emptyText={t("generation.history.empty")}
            entries={history.items.map((item) => ({ ...generationEntry(item, t, locale), item }))}
            onOpen={({ item }) => generation.show(imagesOf(item))}
            entryAction={recall.entryAction}
            fallback={
              history.localItems.length > 0 ? (
                <LocalHistoryList items={history.localItems} onOpen={generation.show} />
              ) : undefined
            }
            testId="generation-history"
          />
        </div>
      </div>
      <GenerationDialogs
        isLockOpen={inputs.isLockOpen}
        onLockOpen={inputs.setIsLockOpen}
        isRestoreOpen={rewrite.isRestoreOpen}
        onRestoreOpen={rewrite.setIsRestoreOpen}
        onRestore={rewrite.restore}
        isShareCopiedOpen={share.isCopiedOpen}
        onCloseShareCopied={share.closeCopied}
      />
      <ResultViewer
        index={zoomIndex}
        images={run.images}
        onIndex={setZoomIndex}
        onClose={() => setZoomIndex(null)}
        title={t("generation.result.zoom")}
        beforeUrl={null}
        onDownload={(url) => void download.download(url)}
        busyUrl={download.busyUrl}
        testId="generation-zoom-dialog"
      />
    </div>
  );
}
