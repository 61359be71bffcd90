import { isOverScaleLimit } from "@gyeol/shared/retouch";
import { TOOLS } from "@gyeol/shared/tools";
import { useQueryClient } from "@tanstack/react-query";
import { createElement, useCallback, useState } from "react";
import toast from "react-hot-toast";
import { useTranslation } from "react-i18next";
import { InsufficientCreditsToast } from "../../../components/tool/insufficient-credits-toast.tsx";
import { NSFW_TOAST_MS, NsfwRefusalToast } from "../../../components/tool/nsfw-refusal-toast.tsx";
import { useAuthActions } from "../../../lib/auth/auth-provider.tsx";
import { historyKeys } from "../../../lib/history/history-api.ts";
import { classifyToolError } from "../../../lib/tool-errors.ts";
import { startUpscale } from "../api/start-upscale.ts";
import { buildUpscaleInput, type TRetouchImage } from "../lib/build-upscale-input.ts";
import { describeRetouchError } from "../lib/retouch-errors.ts";
import type { TRetouchOptions } from "../lib/retouch-options.ts";
import type { TRetouchJob } from "./use-retouch-job.ts";

/**
 * Start a job (spec 02 §4.1, §5): the scale limit stops it with a dialog; a start refreshes the
 * header credits (forced sync) and the history; failures follow the error catalogue of §8.
 */
export function useGenerateRetouch(job: TRetouchJob, start = startUpscale) {
  const { t } = useTranslation();
  const { forceSync } = useAuthActions();
  const { track } = job;
  const queryClient = useQueryClient();
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [isScaleLimitOpen, setIsScaleLimitOpen] = useState(false);

  const generate = useCallback(
    async (image: TRetouchImage | null, options: TRetouchOptions) => {
      if (!image) {
        setError(t("retouch.errors.selectImage"));
        toast.error(t("retouch.errors.selectImage"));
        return;
      }
      if (isOverScaleLimit(image.width, image.height, options.scale)) {
        setIsScaleLimitOpen(true);
        return;
      }
      setError(null);
      setIsSubmitting(true);
      try {
        const started = await start(buildUpscaleInput(image, options));
        track(started.jobId, { detail: { originalUrl: image.url } });
        void forceSync();
        void queryClient.invalidateQueries({ queryKey: historyKeys.bySource(TOOLS.retouch.historySource) });
      } catch (caught) {
        const kind = classifyToolError(caught);
        const message = describeRetouchError(caught, t);
        setError(message);
        if (kind === "insufficientCredits") {
          toast.error(createElement(InsufficientCreditsToast), { id: "retouch-credits" });
          void forceSync();
        } else if (kind === "nsfw") {
          toast.error(createElement(NsfwRefusalToast), { id: "retouch-nsfw", duration: NSFW_TOAST_MS });
        } else toast.error(message, { id: "retouch-start" });
      } finally {
        setIsSubmitting(false);
      }
    },
    [forceSync, track, queryClient, start, t],
  );

  return {
    generate,
    isSubmitting,
    error,
    clearError: () => setError(null),
    isScaleLimitOpen,
    closeScaleLimit: () => setIsScaleLimitOpen(false),
  };
}
