import type { TGenerationSample } from "@gyeol/shared/contracts/generation";
import type { TRunInputs } from "@gyeol/shared/contracts/images";
import {
  DEFAULT_GENERATION_ASPECT_RATIO,
  GENERATION_ASPECT_RATIOS,
  GENERATION_MAX_CHARACTER_IMAGES,
  isAllowedGenerationFile,
  type TCharacterMode,
  type TGenerationAspectRatio,
} from "@gyeol/shared/generation";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import toast from "react-hot-toast";
import { useTranslation } from "react-i18next";
import { extractPromptFromImage } from "../../../lib/ai/prompt-helpers.ts";
import { describeError } from "../../../lib/api-errors.ts";
import { useDraft } from "../../../lib/drafts/use-draft.ts";
import { takeHandoff, takePromptHandoff } from "../../../lib/handoff.ts";
import type { TSlotImage } from "../components/input-card.tsx";

export function slotOf(file: File): TSlotImage {
  return { file, url: URL.createObjectURL(file) };
}

/** A sample's or a handoff's image as a file for the slot (png, webp or jpg; spec 02 §9). */
export async function fileFromUrl(url: string, name: string): Promise<File> {
  const response = await fetch(url, { credentials: "include" });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const blob = await response.blob();
  const type = ["image/png", "image/webp", "image/jpeg"].includes(blob.type) ? blob.type : "image/jpeg";
  const extension = type === "image/png" ? "png" : type === "image/webp" ? "webp" : "jpg";
  return new File([blob], `${name}.${extension}`, { type });
}

/**
 * Generation's inputs (spec 02 §2.3): character images and their mode, the reference (which
 * locks the prompt; an empty prompt is extracted from it unless the helpers are off), the prompt,
 * the ratio and the count; handoffs from other pages fill them.
 */
export function useGenerationInputs(isHelpersOff: boolean) {
  const { t } = useTranslation();
  const [characters, setCharacters] = useState<TSlotImage[]>([]);
  const [characterMode, setCharacterMode] = useState<TCharacterMode>("subject");
  const [reference, setReference] = useState<TSlotImage | null>(null);
  const [prompt, setPrompt] = useState("");
  const [isExtracting, setIsExtracting] = useState(false);
  const [isLockOpen, setIsLockOpen] = useState(false);
  const [aspectRatio, setAspectRatio] = useState<TGenerationAspectRatio>(DEFAULT_GENERATION_ASPECT_RATIO);
  const [numImages, setNumImages] = useState(1);
  const helpersOffRef = useRef(isHelpersOff);
  helpersOffRef.current = isHelpersOff;
  const extractRun = useRef(0);

  /** Sets the reference: the prompt locks; an empty prompt is extracted from the image first. */
  const setReferenceFile = useCallback(
    async (file: File, options: { extract: boolean }) => {
      setReference(slotOf(file));
      setIsLockOpen(true);
      if (!options.extract || helpersOffRef.current) return;
      const run = ++extractRun.current;
      setIsExtracting(true);
      try {
        const answer = await extractPromptFromImage(file);
        if (run !== extractRun.current) return;
        if (answer.prompt.trim()) setPrompt(answer.prompt.trim());
        else toast.error(t("generation.input.emptyAiPrompt"));
      } catch (error) {
        if (run === extractRun.current)
          toast.error(describeError(error, t, t("generation.input.extractFailed")));
      } finally {
        if (run === extractRun.current) setIsExtracting(false);
      }
    },
    [t],
  );

  const addCharacters = useCallback(
    (files: File[]) => {
      if (files.some((file) => !isAllowedGenerationFile(file))) toast.error(t("generation.input.onlyImages"));
      const allowed = files.filter(isAllowedGenerationFile);
      setCharacters((now) => [...now, ...allowed.map(slotOf)].slice(0, GENERATION_MAX_CHARACTER_IMAGES));
    },
    [t],
  );

  // A handoff to this page (spec 02 §2.3): character_image fills the character slot, any other role
  // the reference slot; a prompt handed from the chat fills the prompt.
  useEffect(() => {
    const handed = takePromptHandoff("consistency");
    if (handed) setPrompt(handed.prompt);
    const record = takeHandoff("consistency");
    if (!record) return;
    void fileFromUrl(record.imageUrl, "handoff")
      .then((file) => {
        if (record.role === "character_image") addCharacters([file]);
        else void setReferenceFile(file, { extract: !handed });
      })
      .catch(() => toast.error(t("generation.result.badResponse")));
  }, [addCharacters, setReferenceFile, t]);

  const removeReference = () => {
    extractRun.current += 1;
    setIsExtracting(false);
    setReference(null);
  };

  const onReference = (file: File) => {
    if (!isAllowedGenerationFile(file)) {
      toast.error(t("generation.input.onlyImages"));
      return;
    }
    void setReferenceFile(file, { extract: prompt.trim() === "" });
  };

  const applySample = async (sample: TGenerationSample) => {
    setPrompt(sample.prompt);
    if ((GENERATION_ASPECT_RATIOS as readonly string[]).includes(sample.aspect_ratio))
      setAspectRatio(sample.aspect_ratio as TGenerationAspectRatio);
    setNumImages(Math.min(4, Math.max(1, sample.num_images)));
    if (sample.ref_image_url) {
      try {
        await setReferenceFile(await fileFromUrl(sample.ref_image_url, "sample"), { extract: false });
      } catch {
        toast.error(t("generation.samples.failed"));
      }
    } else removeReference();
    toast.success(t("generation.samples.applied"));
  };

  /**
   * Issue 26 "run again": a history run's prompt, ratio, count, character mode, reference and
   * character images go back into the form; nothing runs. Says how many images could not be read
   * (purged after 30 days).
   */
  const recall = async (inputs: TRunInputs): Promise<number> => {
    extractRun.current += 1;
    setIsExtracting(false);
    setPrompt(inputs.prompt);
    if (inputs.aspect_ratio) setAspectRatio(inputs.aspect_ratio);
    setNumImages(Math.min(4, Math.max(1, inputs.num_images)));
    if (inputs.character_mode) setCharacterMode(inputs.character_mode);
    const read = async (url: string | null, name: string) =>
      url ? await fileFromUrl(url, name).catch(() => null) : null;
    const referenceInput = inputs.images.find((image) => image.role === "reference");
    const characterInputs = inputs.images.filter((image) => image.role === "character");
    const referenceFile = referenceInput ? await read(referenceInput.url, "reference") : null;
    const characterFiles = (
      await Promise.all(characterInputs.map((image, i) => read(image.url, `character-${i + 1}`)))
    ).filter((file): file is File => file !== null);
    setReference(referenceFile ? slotOf(referenceFile) : null);
    setCharacters(characterFiles.map(slotOf).slice(0, GENERATION_MAX_CHARACTER_IMAGES));
    return inputs.images.length - characterFiles.length - (referenceFile ? 1 : 0);
  };

  /** Issue 26 "edit this result again": a result becomes the next run's reference image. */
  const takeResult = async (url: string) => {
    await setReferenceFile(await fileFromUrl(url, "result"), { extract: prompt.trim() === "" });
  };

  return {
    recall,
    takeResult,
    characters,
    setCharacters,
    characterMode,
    setCharacterMode,
    reference,
    setReference,
    prompt,
    setPrompt,
    isExtracting,
    isLockOpen,
    setIsLockOpen,
    aspectRatio,
    setAspectRatio,
    numImages,
    setNumImages,
    addCharacters,
    onReference,
    removeReference,
    applySample,
  };
}

export type TGenerationInputs = ReturnType<typeof useGenerationInputs>;

/**
 * Issue 26: the prompt, the settings and the reference and character images are the user's draft
 * until a run is accepted; a prompt or image handed from another page since then stays.
 */
export function useGenerationDraft(userId: number, inputs: TGenerationInputs) {
  const { t } = useTranslation();
  const { prompt, aspectRatio, numImages, characterMode, reference, characters } = inputs;
  const snapshot = useMemo(
    () =>
      prompt.trim() === "" && !reference && characters.length === 0
        ? null
        : {
            prompt,
            aspectRatio,
            numImages,
            characterMode,
            reference: reference?.file ?? null,
            characters: characters.map((image) => image.file),
          },
    [prompt, aspectRatio, numImages, characterMode, reference, characters],
  );
  return useDraft<NonNullable<typeof snapshot>>({
    userId,
    tool: "generation",
    snapshot,
    onRestore: (draft) => {
      inputs.setPrompt((now) => (now.trim() ? now : draft.prompt));
      inputs.setAspectRatio(draft.aspectRatio);
      inputs.setNumImages(draft.numImages);
      inputs.setCharacterMode(draft.characterMode);
      if (draft.reference) {
        const file = draft.reference;
        inputs.setReference((now) => now ?? slotOf(file));
      }
      inputs.setCharacters((now) => (now.length > 0 ? now : draft.characters.map(slotOf)));
      toast.success(t("drafts.restored"), { id: "draft-restored" });
    },
  });
}
