import type { TRunInputs } from "@gyeol/shared/contracts/images";
import { IMAGE_EDIT_DEFAULT_SIDE, parseEditSize, randomEditSeed } from "@gyeol/shared/image-edit";
import { useEffect, useMemo, useState } from "react";
import toast from "react-hot-toast";
import { useTranslation } from "react-i18next";
import { useDraft } from "../../../lib/drafts/use-draft.ts";
import { takeHandoff, takePromptHandoff } from "../../../lib/handoff.ts";
import type { TEditSample } from "../api/image-edit-api.ts";
import { imageEditDraftOf, type TImageEditDraft, tilesOfDraft } from "../lib/image-edit-draft.ts";
import type { TEditSettings } from "../lib/image-edit-rules.ts";
import type { useEditTiles } from "./use-edit-tiles.ts";

/**
 * Image edit's inputs besides the tiles: the prompt, auto-prompt, the output settings and the
 * seed lock. Auto-prompt needs a language model (issue 27): without one it is off.
 */
export function useEditForm(isAutoPromptOff: boolean) {
  const [prompt, setPrompt] = useState("");
  const [isAutoPromptChosen, setIsAutoPrompt] = useState(false);
  const [settings, setSettings] = useState<TEditSettings>(() => ({
    width: IMAGE_EDIT_DEFAULT_SIDE,
    height: IMAGE_EDIT_DEFAULT_SIDE,
    scale: 0,
    seed: randomEditSeed(),
    numImages: 1,
  }));
  const [isSeedLocked, setIsSeedLocked] = useState(false);

  /** A sample's prompt and settings (its images are added as tiles by the caller). */
  const applySample = (sample: TEditSample) => {
    setPrompt(sample.prompt);
    setSettings((current) => ({
      ...current,
      width: sample.width,
      height: sample.height,
      scale: 0,
      numImages: sample.num_images,
      ...(sample.seed ? { seed: sample.seed } : {}),
    }));
  };

  /**
   * Issue 26 "run again": a history run's prompt, output size, count and seed, the seed locked so
   * the run repeats it (its images are put back as tiles by the caller). Nothing runs.
   */
  const applyRun = (inputs: TRunInputs) => {
    const size = inputs.size ? parseEditSize(inputs.size) : null;
    setPrompt(inputs.prompt);
    setSettings((current) => ({
      ...current,
      ...(size ? { width: size.width, height: size.height, scale: 0 } : {}),
      numImages: inputs.num_images,
      ...(inputs.seed !== null ? { seed: inputs.seed } : {}),
    }));
    if (inputs.seed !== null) setIsSeedLocked(true);
  };

  return {
    applyRun,
    prompt,
    setPrompt,
    isAutoPromptChosen,
    isAutoPrompt: isAutoPromptChosen && !isAutoPromptOff,
    isAutoPromptOff,
    setIsAutoPrompt,
    settings,
    setSettings,
    isSeedLocked,
    setIsSeedLocked,
    applySample,
  };
}

export type TEditForm = ReturnType<typeof useEditForm>;

/**
 * Issue 26: the prompt, settings, tiles and masks are the user's draft, kept per user and restored
 * after an expired session, a sign-in or a reload; a prompt or image handed from another page
 * since then stays and the draft fills in around it.
 */
export function useImageEditDraft(userId: number, form: TEditForm, tiles: ReturnType<typeof useEditTiles>) {
  const { t } = useTranslation();
  const { prompt, isAutoPromptChosen, settings, isSeedLocked } = form;
  const snapshot = useMemo(
    () =>
      imageEditDraftOf({
        prompt,
        isAutoPrompt: isAutoPromptChosen,
        settings,
        isSeedLocked,
        tiles: tiles.tiles,
      }),
    [prompt, isAutoPromptChosen, settings, isSeedLocked, tiles.tiles],
  );
  const onRestore = (draft: TImageEditDraft) => {
    form.setPrompt((current) => (current.trim() ? current : draft.prompt));
    form.setIsAutoPrompt(draft.isAutoPrompt);
    form.setSettings(draft.settings);
    form.setIsSeedLocked(draft.isSeedLocked);
    tiles.restore(tilesOfDraft(draft, tiles.objectUrl));
    toast.success(t("drafts.restored"), { id: "draft-restored" });
  };
  return useDraft({ userId, tool: "image-edit", snapshot, onRestore });
}

/** Handed from the chat (a prompt) or another page (an image), once on arrival. */
export function useEditHandoffs(
  setPrompt: (prompt: string) => void,
  addFromUrl: (url: string, name: string) => Promise<void>,
) {
  const { t } = useTranslation();
  useEffect(() => {
    const handed = takePromptHandoff("image-edit");
    if (handed) {
      setPrompt(handed.prompt);
      toast.success(t("imageEdit.prompt.fromChat"));
    }
    const image = takeHandoff("image-edit");
    if (image) void addFromUrl(image.imageUrl, "handoff.jpg");
  }, [addFromUrl, setPrompt, t]);
}
