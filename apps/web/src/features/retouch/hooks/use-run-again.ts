import type { THistoryItem } from "@gyeol/shared/contracts/images";
import { TOOLS } from "@gyeol/shared/tools";
import { useCallback } from "react";
import toast from "react-hot-toast";
import { useTranslation } from "react-i18next";
import type { TRetouchOptionsAction } from "../lib/retouch-options.ts";
import { optionsFromSettings } from "../lib/retouch-settings.ts";

interface RunAgainDeps {
  dispatch: (action: TRetouchOptionsAction) => void;
  /** Loads a photo already on our storage into the form (the handoff's path). */
  loadPhoto: (url: string) => Promise<boolean>;
  /** Clears the last result and error before the form takes the item. */
  clear: () => void;
}

/** Whether a history item can be run again: a retouch item whose settings the server answered. */
export function canRunAgain(item: THistoryItem): boolean {
  return item.source === TOOLS.retouch.historySource && Boolean(item.retouch_settings);
}

/**
 * "Run again" from a history item (issue 24): its photo and every setting back into the form
 * (style, scale, filter, exclusions, the fine-tuning controls and the seed), so Generate sends the
 * same job. A photo past its retention loads the settings alone and says so.
 */
export function useRunAgain({ dispatch, loadPhoto, clear }: RunAgainDeps) {
  const { t } = useTranslation();
  return useCallback(
    async (item: THistoryItem) => {
      const settings = item.retouch_settings;
      if (!settings) return;
      clear();
      dispatch({ type: "restore", value: optionsFromSettings(settings) });
      if (!item.original_image_url) {
        toast(t("retouch.history.originalGone"), { id: "retouch-run-again" });
        return;
      }
      if (await loadPhoto(item.original_image_url))
        toast.success(t("retouch.history.restored"), { id: "retouch-run-again" });
    },
    [clear, dispatch, loadPhoto, t],
  );
}
