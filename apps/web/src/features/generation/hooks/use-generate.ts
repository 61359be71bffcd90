import type { TPublicUser } from "@gyeol/shared/contracts/user";
import { canGenerate, generationCost } from "@gyeol/shared/generation";
import { TOOLS } from "@gyeol/shared/tools";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { createElement } from "react";
import toast from "react-hot-toast";
import { useTranslation } from "react-i18next";
import { InsufficientCreditsToast } from "../../../components/tool/insufficient-credits-toast.tsx";
import { bannedKeywordIn, fetchBannedKeywords } from "../../../lib/ai/prompt-helpers.ts";
import { isApiError } from "../../../lib/api-client.ts";
import { describeCode, describeError } from "../../../lib/api-errors.ts";
import { useAuthActions } from "../../../lib/auth/auth-provider.tsx";
import { historyKeys } from "../../../lib/history/history-api.ts";
import { JOB_CANCELLED_CODE, useResumeToolJob } from "../../../lib/jobs/use-tool-job.ts";
import { classifyToolError, describeToolError } from "../../../lib/tool-errors.ts";
import { addLocalHistory, type TLocalHistoryItem } from "../lib/local-history.ts";
import type { useGenerationHistory } from "./use-generation-history.ts";
import type { TGenerationInputs } from "./use-generation-inputs.ts";
import { resumableGeneration, useGenerationRun } from "./use-generation-run.ts";

const creditsToast = () =>
  toast.custom(() => createElement(InsufficientCreditsToast), { id: "insufficient" });

/**
 * Generate (spec 02 §4.2, §5, §8): checks before any charge (input, banned words, credits), the
 * run with its toasts, cancel (issue 26), and a run still going when the page opens followed again.
 */
export function useGenerate(input: {
  user: TPublicUser;
  inputs: TGenerationInputs;
  history: ReturnType<typeof useGenerationHistory>;
  discardDraft: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { forceSync } = useAuthActions();
  const { user, inputs, history } = input;
  const banned = useQuery({
    queryKey: ["banned-keywords"],
    queryFn: fetchBannedKeywords,
    staleTime: 5 * 60_000,
  });
  const cost = generationCost(inputs.numImages);
  const onSettled = () => {
    void forceSync();
    void queryClient.invalidateQueries({ queryKey: historyKeys.bySource(TOOLS.generation.historySource) });
  };
  const addToLocal = (item: TLocalHistoryItem) => history.setLocalItems(addLocalHistory(user.id, item));

  const generation = useGenerationRun({
    onCompleted: (done) => {
      toast.success(t("generation.result.done"));
      if (done.taskId && !done.isResumed)
        addToLocal({
          id: done.taskId,
          prompt: inputs.prompt,
          referenceImageUrl: null,
          characterImageUrl: null,
          resultUrls: done.images,
          createdAt: new Date().toISOString(),
        });
      onSettled();
    },
    onFailed: (code) => {
      if (code === JOB_CANCELLED_CODE) toast(t("errors.codes.JOB_CANCELLED"), { id: "generation-cancelled" });
      else toast.error(describeCode(code, t) ?? t("generation.result.failed"));
      onSettled();
    },
  });

  // A run still going when the page opens (a reload, or back from another page): follow it again.
  useResumeToolJob(history.firstPage, resumableGeneration, generation.job, () =>
    toast(t("generation.result.resumed"), { id: "generation-resumed" }),
  );

  const generate = async () => {
    const { prompt, reference } = inputs;
    if (generation.isBusy) return void toast(t("generation.run.wait"), { id: "generation-wait" });
    if (!canGenerate({ prompt, hasReference: reference !== null }))
      return void toast.error(t("generation.run.needInput"));
    const word = bannedKeywordIn(prompt, banned.data ?? []);
    if (word) return void toast.error(t("generation.run.nsfw", { word }), { id: "generation-nsfw" });
    if (!user.isDemoUser && user.credits < cost) return void creditsToast();
    try {
      await generation.run({
        prompt: prompt.trim(),
        numImages: inputs.numImages,
        aspectRatio: inputs.aspectRatio,
        reference: reference?.file ?? null,
        characters: inputs.characters.map((image) => image.file),
        characterMode: inputs.characterMode,
      });
      input.discardDraft();
      void forceSync();
    } catch (error) {
      const code = isApiError(error) ? error.code : null;
      if (classifyToolError(error) === "insufficientCredits") creditsToast();
      else if (code === "NSFW_PROMPT_BLOCKED")
        toast.error(describeCode(code, t) ?? t("generation.result.failed"), { id: "generation-nsfw" });
      else if (code === "GENERATION_NOT_CONFIGURED")
        toast.error(describeCode(code, t) ?? t("generation.result.failed"));
      else toast.error(describeToolError(error, t) ?? describeError(error, t, t("generation.result.failed")));
    }
  };

  const cancel = async () => {
    try {
      await generation.cancel();
    } catch (error) {
      toast.error(describeError(error, t, t("generation.result.failed")));
    }
  };

  return { generation, cost, generate: () => void generate(), cancel: () => void cancel() };
}
