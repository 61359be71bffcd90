import type { TImageEditHistoryItem } from "@gyeol/shared/contracts/image-edit";
import toast from "react-hot-toast";
import { useTranslation } from "react-i18next";
import type { TEditForm } from "./use-edit-form.ts";
import type { useEditTiles } from "./use-edit-tiles.ts";

/**
 * Issue 26 "run again": a history run's prompt, seed, size, count, tiles and masks go back into the
 * form; nothing runs until the user presses Run. Inputs purged since (30 days) are said, not hidden.
 */
export function useEditRecall(form: TEditForm, tiles: ReturnType<typeof useEditTiles>) {
  const { t } = useTranslation();
  return async (item: TImageEditHistoryItem) => {
    const inputs = item.run_inputs;
    if (!inputs) return;
    form.applyRun(inputs);
    const missing = await tiles.recall(inputs.images);
    toast.success(t("toolFlow.runAgainLoaded"), { id: "run-again" });
    if (missing > 0)
      toast.error(t("toolFlow.runAgainImagesGone", { count: missing }), { id: "run-again-gone" });
  };
}
