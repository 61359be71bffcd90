/**
 * The input card (spec 02 §2.3, §4.2, §5): the character-image slot (Kling's subject or face
 * reference, up to 4 images), the reference-image slot (it locks the prompt), the input and edit
 * tabs, the aspect ratio and the image count.
 */
import {
  CHARACTER_MODES,
  GENERATION_ASPECT_RATIOS,
  GENERATION_MAX_CHARACTER_IMAGES,
  GENERATION_MAX_IMAGES,
  GENERATION_REWRITE_CREDITS,
  type TCharacterMode,
  type TGenerationAspectRatio,
} from "@gyeol/shared/generation";
import { ImagePlus, Lock, RotateCcw, Sparkles, X } from "lucide-react";
import { type ChangeEvent, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button.tsx";
import { cn } from "../../../components/ui/cn.ts";
import { OptionCard } from "../../../components/ui/option-card.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";

export interface TSlotImage {
  file: File;
  url: string;
}

export interface InputCardProps {
  characters: TSlotImage[];
  characterMode: TCharacterMode;
  reference: TSlotImage | null;
  prompt: string;
  isLocked: boolean;
  isExtracting: boolean;
  tab: "input" | "edit";
  instruction: string;
  isApplying: boolean;
  /** No language model is connected: Apply is off and says why, nothing is extracted (issue 27). */
  isHelpersOff: boolean;
  canRestore: boolean;
  aspectRatio: TGenerationAspectRatio;
  numImages: number;
  isDisabled: boolean;
  onCharacters: (files: File[]) => void;
  onRemoveCharacter: (index: number) => void;
  onCharacterMode: (mode: TCharacterMode) => void;
  onReference: (file: File) => void;
  onRemoveReference: () => void;
  onPrompt: (prompt: string) => void;
  onTab: (tab: "input" | "edit") => void;
  onInstruction: (text: string) => void;
  onApply: () => void;
  onRestore: () => void;
  onAspectRatio: (ratio: TGenerationAspectRatio) => void;
  onNumImages: (count: number) => void;
}

const ACCEPT = ".jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp";

function Thumb({
  image,
  label,
  onRemove,
  testId,
}: {
  image: TSlotImage;
  label: string;
  onRemove: () => void;
  testId: string;
}) {
  return (
    <div
      className="relative size-20 shrink-0 overflow-hidden rounded-2xl border border-line bg-canvas"
      data-testid={testId}
    >
      <img src={image.url} alt="" className="size-full object-cover" />
      <button
        type="button"
        onClick={onRemove}
        aria-label={label}
        className="absolute top-1 right-1 grid size-6 place-items-center rounded-full bg-ink/70 text-white hover:bg-ink"
      >
        <X aria-hidden="true" className="size-3.5" />
      </button>
    </div>
  );
}

function AddTile({
  label,
  onFiles,
  multiple,
  testId,
  disabled,
}: {
  label: string;
  onFiles: (files: File[]) => void;
  multiple: boolean;
  testId: string;
  disabled: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button
        type="button"
        disabled={disabled}
        onClick={() => input.current?.click()}
        className="grid size-20 shrink-0 place-items-center rounded-2xl border border-dashed border-line-strong bg-canvas text-muted hover:border-accent-400 hover:text-accent-600 disabled:opacity-50"
        aria-label={label}
      >
        <ImagePlus aria-hidden="true" className="size-6" />
      </button>
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        multiple={multiple}
        hidden
        data-testid={testId}
        onChange={(event: ChangeEvent<HTMLInputElement>) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = "";
          if (files.length > 0) onFiles(files);
        }}
      />
    </>
  );
}

export function InputCard(props: InputCardProps) {
  const { t } = useTranslation();
  return (
    <OptionCard title={t("generation.input.title")} testId="generation-input">
      <div className="flex flex-col gap-4">
        <CharacterSection {...props} />
        <ReferenceSection {...props} />
        <PromptSection {...props} />
        <OutputSettings {...props} />
      </div>
    </OptionCard>
  );
}

/** Up to four character images and whether they keep the subject or the face. */
function CharacterSection(props: InputCardProps) {
  const { t } = useTranslation();
  return (
    <section aria-label={t("generation.input.character")}>
      <div className="mb-1.5 flex items-baseline justify-between gap-2">
        <h3 className="text-[13px] font-semibold text-ink">{t("generation.input.character")}</h3>
        <span className="text-[12px] text-muted">{t("generation.input.characterHint")}</span>
      </div>
      <div className="flex flex-wrap gap-2">
        {props.characters.map((image, index) => (
          <Thumb
            key={image.url}
            image={image}
            label={t("generation.input.remove")}
            onRemove={() => props.onRemoveCharacter(index)}
            testId="generation-character"
          />
        ))}
        {props.characters.length < GENERATION_MAX_CHARACTER_IMAGES && (
          <AddTile
            label={t("generation.input.choose")}
            onFiles={props.onCharacters}
            multiple
            testId="generation-character-input"
            disabled={props.isDisabled}
          />
        )}
      </div>
      {props.characters.length > 0 && (
        <fieldset className="mt-2 flex items-center gap-2 text-[12px]">
          <legend className="float-left mr-1 text-muted">{t("generation.input.characterMode")}</legend>
          {CHARACTER_MODES.map((mode) => (
            <button
              key={mode}
              type="button"
              aria-pressed={props.characterMode === mode}
              onClick={() => props.onCharacterMode(mode)}
              className={cn(
                "rounded-full border px-2.5 py-1",
                props.characterMode === mode
                  ? "border-accent-500 bg-accent-50 text-accent-700"
                  : "border-line text-ink-soft",
              )}
            >
              {t(mode === "subject" ? "generation.input.modeSubject" : "generation.input.modeFace")}
            </button>
          ))}
        </fieldset>
      )}
    </section>
  );
}

/** The reference image: it locks the prompt (spec 02 §2.3). */
function ReferenceSection(props: InputCardProps) {
  const { t } = useTranslation();
  return (
    <section aria-label={t("generation.input.reference")}>
      <div className="mb-1.5 flex items-baseline justify-between gap-2">
        <h3 className="text-[13px] font-semibold text-ink">{t("generation.input.reference")}</h3>
        <span className="text-[12px] text-muted">{t("generation.input.referenceHint")}</span>
      </div>
      <div className="flex gap-2">
        {props.reference ? (
          <Thumb
            image={props.reference}
            label={t("generation.input.remove")}
            onRemove={props.onRemoveReference}
            testId="generation-reference"
          />
        ) : (
          <AddTile
            label={t("generation.input.choose")}
            onFiles={(files) => files[0] && props.onReference(files[0])}
            multiple={false}
            testId="generation-reference-input"
            disabled={props.isDisabled}
          />
        )}
      </div>
    </section>
  );
}

/** The prompt, or on the edit tab an instruction that rewrites it. */
function PromptSection(props: InputCardProps) {
  const { t } = useTranslation();
  const promptId = useId();
  const tabs = ["input", "edit"] as const;
  return (
    <section>
      <div role="tablist" className="mb-2 inline-flex rounded-full bg-canvas p-1">
        {tabs.map((tab) => (
          <button
            key={tab}
            type="button"
            role="tab"
            aria-selected={props.tab === tab}
            data-testid={`generation-tab-${tab}`}
            onClick={() => props.onTab(tab)}
            className={cn(
              "rounded-full px-3.5 py-1 text-[13px] font-semibold",
              props.tab === tab ? "bg-surface text-ink shadow-soft" : "text-muted",
            )}
          >
            {t(tab === "input" ? "generation.input.tabInput" : "generation.input.tabEdit")}
          </button>
        ))}
      </div>
      {props.tab === "input" ? (
        <div>
          <label htmlFor={promptId} className="sr-only">
            {t("generation.input.prompt")}
          </label>
          <div className="relative">
            <textarea
              id={promptId}
              data-testid="generation-prompt"
              value={props.prompt}
              disabled={props.isLocked || props.isExtracting}
              onChange={(event) => props.onPrompt(event.target.value)}
              placeholder={t("generation.input.promptPlaceholder")}
              rows={5}
              className="w-full resize-y rounded-2xl border border-line bg-surface px-3 py-2.5 text-[14px] text-ink disabled:bg-canvas disabled:text-ink-soft"
            />
            {props.isLocked && (
              <Lock aria-hidden="true" className="absolute top-2.5 right-2.5 size-4 text-muted" />
            )}
          </div>
          {props.isExtracting ? (
            <p
              className="mt-1 flex items-center gap-1.5 text-[12px] text-accent-700"
              data-testid="generation-extracting"
            >
              <Spinner className="size-3.5" /> {t("generation.input.extracting")}
            </p>
          ) : props.isLocked ? (
            <p className="mt-1 text-[12px] text-muted" data-testid="generation-locked-note">
              {props.isHelpersOff && !props.prompt.trim()
                ? t("generation.input.extractOff")
                : t("generation.input.lockedNote")}
            </p>
          ) : null}
        </div>
      ) : (
        <RewriteTab {...props} />
      )}
    </section>
  );
}

/** The edit tab: an instruction rewrites the prompt (paid ahead); the previous one can come back. */
function RewriteTab(props: InputCardProps) {
  const { t } = useTranslation();
  const instructionId = useId();
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={instructionId} className="text-[13px] font-semibold text-ink">
        {t("generation.input.editInstruction")}
      </label>
      <textarea
        id={instructionId}
        data-testid="generation-instruction"
        value={props.instruction}
        onChange={(event) => props.onInstruction(event.target.value)}
        placeholder={t("generation.input.editPlaceholder")}
        rows={3}
        className="w-full resize-y rounded-2xl border border-line bg-surface px-3 py-2.5 text-[14px] text-ink"
      />
      <p
        className="line-clamp-3 rounded-2xl bg-canvas px-3 py-2 text-[12px] text-ink-soft"
        data-testid="generation-current-prompt"
      >
        {props.prompt || "—"}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          onClick={props.onApply}
          disabled={props.isApplying || props.isHelpersOff}
          aria-describedby={props.isHelpersOff ? `${instructionId}-off` : undefined}
          data-testid="generation-apply"
        >
          {props.isApplying ? (
            <Spinner className="size-4" />
          ) : (
            <Sparkles aria-hidden="true" className="size-4" />
          )}
          {props.isApplying
            ? t("generation.input.applying")
            : t("generation.input.apply", { cost: GENERATION_REWRITE_CREDITS })}
        </Button>
        {props.canRestore && (
          <Button size="sm" variant="secondary" onClick={props.onRestore} data-testid="generation-restore">
            <RotateCcw aria-hidden="true" className="size-4" />
            {t("generation.input.restore")}
          </Button>
        )}
      </div>
      {props.isHelpersOff && (
        <p
          id={`${instructionId}-off`}
          className="text-[12px] text-ink-soft"
          data-testid="generation-helpers-off"
        >
          {t("generation.input.helpersOff")}
        </p>
      )}
    </div>
  );
}

/** The output: aspect ratio and how many images. */
function OutputSettings(props: InputCardProps) {
  const { t } = useTranslation();
  return (
    <div className="grid grid-cols-2 gap-3">
      <label className="flex flex-col gap-1 text-[13px] font-semibold text-ink">
        {t("generation.input.aspectRatio")}
        <select
          data-testid="generation-aspect"
          value={props.aspectRatio}
          onChange={(event) => props.onAspectRatio(event.target.value as TGenerationAspectRatio)}
          className="rounded-xl border border-line bg-surface px-2.5 py-2 font-normal"
        >
          {GENERATION_ASPECT_RATIOS.map((ratio) => (
            <option key={ratio} value={ratio}>
              {ratio.replace("x", ":")}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-[13px] font-semibold text-ink">
        {t("generation.input.count")}
        <select
          data-testid="generation-count"
          value={props.numImages}
          onChange={(event) => props.onNumImages(Number(event.target.value))}
          className="rounded-xl border border-line bg-surface px-2.5 py-2 font-normal"
        >
          {Array.from({ length: GENERATION_MAX_IMAGES }, (_, i) => i + 1).map((count) => (
            <option key={count} value={count}>
              {t("generation.input.countValue", { count })}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
