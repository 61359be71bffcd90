import type { TGenerationSample } from "@gyeol/shared/contracts/generation";
import type { TGenerationAspectRatio } from "@gyeol/shared/generation";
import { IMAGE_POLICIES } from "@gyeol/shared/uploads";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import toast from "react-hot-toast";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../../lib/api-client.ts";
import { describeError } from "../../../lib/api-errors.ts";
import { useImageUpload } from "../../../lib/uploads/use-image-upload.ts";
import {
  addSample,
  deleteSample,
  fetchSamples,
  generationKeys,
  reorderSamples,
} from "../api/generation-api.ts";
import type { TSlotImage } from "../components/input-card.tsx";

/** Generation's samples (spec 02 §2.3, §6) for the shared samples column: apply, add, delete, reorder. */
export function useGenerationSamples(input: {
  prompt: string;
  reference: TSlotImage | null;
  aspectRatio: TGenerationAspectRatio;
  resultImages: readonly string[];
  onApply: (sample: TGenerationSample) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const samples = useQuery({ queryKey: generationKeys.samples, queryFn: fetchSamples });
  const changed = () => void queryClient.invalidateQueries({ queryKey: generationKeys.samples });
  const failed = (error: unknown) => toast.error(describeError(error, t, t("generation.samples.failed")));
  // The reference goes with the sample (applying it brings the picture back): the consistency
  // policy's upload, its refusal said by the upload hook.
  const { upload } = useImageUpload({ policy: IMAGE_POLICIES.consistency });

  const add = useMutation({
    mutationFn: async () => {
      const { reference } = input;
      const uploaded = reference ? await upload(reference.file) : null;
      if (reference && !uploaded) return null;
      return addSample({
        prompt: input.prompt.trim(),
        result_urls: [...input.resultImages],
        aspect_ratio: input.aspectRatio,
        num_images: input.resultImages.length,
        ref_image_url: uploaded?.url ?? null,
        thumbnail_data_url: null,
      });
    },
    onSuccess: (sample) => {
      if (!sample) return;
      toast.success(t("generation.samples.added"));
      changed();
    },
    onError: (error) =>
      isApiError(error) && error.code === "FORBIDDEN"
        ? toast.error(t("generation.samples.adminOnly"))
        : failed(error),
  });

  const onReorder = (ids: number[]) => {
    // The new order shows at once; the server's answer (or a refusal) replaces it.
    const byId = new Map((samples.data ?? []).map((sample) => [sample.id, sample]));
    queryClient.setQueryData(
      generationKeys.samples,
      ids.map((id, display_order) => ({ ...byId.get(id)!, display_order })),
    );
    void reorderSamples(ids).catch(failed).finally(changed);
  };

  return {
    samples: samples.data,
    isError: samples.isError,
    onApply: input.onApply,
    onAdd: () => add.mutate(),
    onDelete: (sample: TGenerationSample) => void deleteSample(sample.id).catch(failed).finally(changed),
    onReorder,
  };
}
