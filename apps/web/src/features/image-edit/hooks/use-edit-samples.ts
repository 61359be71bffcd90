import { IMAGE_EDIT_MAX_INPUTS } from "@gyeol/shared/image-edit";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import toast from "react-hot-toast";
import { useTranslation } from "react-i18next";
import { describeError } from "../../../lib/api-errors.ts";
import {
  createEditSample,
  deleteEditSample,
  fetchEditSamples,
  reorderEditSamples,
  type TEditSample,
} from "../api/image-edit-api.ts";
import type { TEditSettings } from "../lib/image-edit-rules.ts";

const SAMPLES_KEY = ["image-edit-samples"] as const;

export interface TEditSampleInput {
  prompt: string;
  settings: TEditSettings;
  inputUrls: () => string[];
  resultUrls: readonly string[];
  /** Applying a sample: its prompt and settings, then each of its images added as a tile. */
  apply: (sample: TEditSample) => void;
  addFromUrl: (url: string, name: string) => Promise<void>;
}

/** Image edit's samples (spec 02 §2.2, §6) for the shared samples column: apply, add, delete, reorder. */
export function useEditSamples(input: TEditSampleInput) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const samples = useQuery({ queryKey: SAMPLES_KEY, queryFn: fetchEditSamples });

  const change = async (action: () => Promise<unknown>, done: "added" | "removed" | null) => {
    try {
      await action();
      if (done) toast.success(t(`imageEdit.samples.${done}`));
    } catch (failure) {
      toast.error(describeError(failure, t, t("imageEdit.errors.other")));
    } finally {
      void queryClient.invalidateQueries({ queryKey: SAMPLES_KEY });
    }
  };

  const apply = async (sample: TEditSample) => {
    input.apply(sample);
    toast.success(t("imageEdit.samples.applied"));
    for (const [i, url] of sample.ref_image_urls.slice(0, IMAGE_EDIT_MAX_INPUTS).entries())
      await input.addFromUrl(url, `sample-${sample.id}-${i + 1}.jpg`);
  };

  const add = () =>
    change(
      () =>
        createEditSample({
          prompt: input.prompt.trim(),
          seed: input.settings.seed,
          width: input.settings.width,
          height: input.settings.height,
          num_images: input.settings.numImages,
          ref_image_urls: input.inputUrls(),
          result_urls: [...input.resultUrls],
        }),
      "added",
    );

  return {
    samples: samples.data,
    isError: samples.isError,
    onApply: (sample: TEditSample) => void apply(sample),
    onAdd: () => void add(),
    onDelete: (sample: TEditSample) => void change(() => deleteEditSample(sample.id), "removed"),
    onReorder: (ids: number[]) => void change(() => reorderEditSamples(ids), null),
  };
}
