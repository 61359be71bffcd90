import type { THistoryItem } from "@gyeol/shared/contracts/images";
import { RotateCcw } from "lucide-react";
import { createElement, useRef } from "react";
import toast from "react-hot-toast";
import { useTranslation } from "react-i18next";
import type {
  TPromptHistoryAction,
  TPromptHistoryEntry,
} from "../../../components/tool/prompt-history-column.tsx";
import { revealElement } from "../../../lib/reveal-element.ts";
import type { TGenerationInputs } from "./use-generation-inputs.ts";

type TEntry = TPromptHistoryEntry & { item: THistoryItem };

/**
 * Issue 26 on generation: "run again" under each history run (its prompt, ratio, count, character
 * mode and images back into the form, nothing run) and "edit this result again" (a result becomes
 * the next run's reference image). Either brings the form into view on a phone.
 */
export function useGenerationRecall(inputs: TGenerationInputs, isWorking: boolean) {
  const { t } = useTranslation();
  const formRef = useRef<HTMLDivElement>(null);
  const reveal = () => {
    if (formRef.current) revealElement(formRef.current);
  };
  const runAgain = async (item: THistoryItem) => {
    if (!item.run_inputs) return;
    reveal();
    const missing = await inputs.recall(item.run_inputs);
    toast.success(t("toolFlow.runAgainLoaded"), { id: "run-again" });
    if (missing > 0)
      toast.error(t("toolFlow.runAgainImagesGone", { count: missing }), { id: "run-again-gone" });
  };
  const entryAction: TPromptHistoryAction<TEntry> = {
    text: t("toolFlow.runAgain"),
    icon: createElement(RotateCcw, { "aria-hidden": true, className: "size-3.5 shrink-0" }),
    label: (entry) => t("toolFlow.runAgainLabel", { date: entry.note }),
    isAvailable: (entry) => !isWorking && Boolean(entry.item.run_inputs),
    onClick: (entry) => void runAgain(entry.item),
  };
  const editAgain = async (url: string) => {
    reveal();
    try {
      await inputs.takeResult(url);
      toast.success(t("toolFlow.editAgainReference"), { id: "edit-again" });
    } catch {
      toast.error(t("generation.result.badResponse"));
    }
  };
  return { formRef, entryAction, editAgain };
}
