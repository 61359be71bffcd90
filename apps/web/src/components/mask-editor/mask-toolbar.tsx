import {
  MASK_COLOR_RGB,
  MASK_COLORS,
  type TMaskColor,
  type TMaskMode,
  type TMaskPreset,
} from "@gyeol/shared/mask";
import {
  Brush,
  Contrast,
  Eraser,
  Eye,
  ImageUp,
  type LucideIcon,
  Maximize,
  Redo2,
  SquareDashed,
  Undo2,
  ZoomIn,
  ZoomOut,
} from "lucide-react";
import type { KeyboardEvent, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "../ui/cn.ts";

export const controlStyles =
  "outline-none focus-visible:ring-2 focus-visible:ring-white focus-visible:ring-offset-2 focus-visible:ring-offset-black";

interface ToolButtonProps {
  label: string;
  icon: LucideIcon;
  shortcut?: string;
  keyShortcuts?: string;
  onClick?: () => void;
  isDisabled?: boolean;
  testId: string;
  /** For a press-and-hold button: what happens while it is held down. */
  onHold?: (isHeld: boolean) => void;
  isPressed?: boolean;
  className?: string;
}

export function ToolButton({
  label,
  icon: Icon,
  shortcut,
  keyShortcuts,
  onClick,
  isDisabled,
  testId,
  onHold,
  isPressed,
  className,
}: ToolButtonProps) {
  const holdKeys = (event: KeyboardEvent, isHeld: boolean) => {
    if (event.key !== " " && event.key !== "Enter") return;
    event.preventDefault();
    event.stopPropagation();
    if (!event.repeat) onHold?.(isHeld);
  };
  return (
    <button
      type="button"
      aria-label={label}
      title={shortcut ? `${label} (${shortcut})` : label}
      aria-keyshortcuts={keyShortcuts}
      aria-pressed={onHold ? Boolean(isPressed) : undefined}
      disabled={isDisabled}
      data-testid={testId}
      onClick={onClick}
      onPointerDown={onHold ? () => onHold(true) : undefined}
      onPointerUp={onHold ? () => onHold(false) : undefined}
      onPointerLeave={onHold ? () => onHold(false) : undefined}
      onPointerCancel={onHold ? () => onHold(false) : undefined}
      onKeyDown={onHold ? (event) => holdKeys(event, true) : undefined}
      onKeyUp={onHold ? (event) => holdKeys(event, false) : undefined}
      onBlur={onHold ? () => onHold(false) : undefined}
      className={cn(
        "grid size-10 shrink-0 place-items-center rounded-full text-white transition-colors",
        "bg-white/10 hover:bg-white/20 active:bg-white/30 disabled:cursor-not-allowed disabled:opacity-40",
        isPressed && "bg-paper text-paper-ink hover:bg-paper",
        controlStyles,
        className,
      )}
    >
      <Icon aria-hidden="true" className="size-5" />
    </button>
  );
}

function Segment({ children, legend }: { children: ReactNode; legend: string }) {
  return (
    <fieldset className="flex shrink-0 items-center gap-1 rounded-full bg-white/10 p-1">
      <legend className="sr-only">{legend}</legend>
      {children}
    </fieldset>
  );
}

/** Phones pinch to zoom; below the spec's 1000 px breakpoint only "fit" stays in the toolbar. */
const NARROW_HIDDEN = "hidden min-[1000px]:grid";

const MODE_ICONS: Record<TMaskMode, LucideIcon> = { draw: Brush, rect: SquareDashed, erase: Eraser };
const MODE_KEYS: Record<TMaskMode, string> = { draw: "B", rect: "R", erase: "E" };

interface MaskToolbarProps {
  preset: TMaskPreset;
  mode: TMaskMode;
  onModeChange: (mode: TMaskMode) => void;
  brushSize: number;
  onBrushSizeChange: (size: number) => void;
  color: TMaskColor;
  onColorChange: (color: TMaskColor) => void;
  canUndo: boolean;
  canRedo: boolean;
  onUndo: () => void;
  onRedo: () => void;
  onInvert: () => void;
  onImport: () => void;
  isOriginalShown: boolean;
  onHoldOriginal: (isHeld: boolean) => void;
  zoomPercent: number;
  onZoomIn: () => void;
  onZoomOut: () => void;
  onFit: () => void;
  isDisabled: boolean;
}

/** Modes, brush, colour, history and view: each a labelled control, reachable with Tab. */
export function MaskToolbar(props: MaskToolbarProps) {
  const { t } = useTranslation();
  const { preset, mode, isDisabled } = props;
  const modes: TMaskMode[] = preset.isRestricted ? ["draw", "erase"] : ["draw", "rect", "erase"];
  return (
    <div
      role="toolbar"
      aria-label={t("maskEditor.toolsLabel")}
      className="flex flex-wrap items-center gap-x-3 gap-y-2"
    >
      <Segment legend={t("maskEditor.modes.label")}>
        {modes.map((value) => {
          const Icon = MODE_ICONS[value];
          return (
            <label
              key={value}
              title={`${t(`maskEditor.modes.${value}`)} (${MODE_KEYS[value]})`}
              className={cn(
                "flex h-9 cursor-pointer items-center gap-1.5 rounded-full px-3 text-sm font-semibold transition-colors",
                "has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-white",
                mode === value ? "bg-paper text-paper-ink" : "text-white hover:bg-white/15",
              )}
            >
              <input
                type="radio"
                name="mask-mode"
                value={value}
                checked={mode === value}
                onChange={() => props.onModeChange(value)}
                aria-keyshortcuts={MODE_KEYS[value]}
                data-testid={`mask-editor-mode-${value}`}
                className="sr-only"
              />
              <Icon aria-hidden="true" className="size-4" />
              {t(`maskEditor.modes.${value}`)}
            </label>
          );
        })}
      </Segment>

      <label className="flex shrink-0 items-center gap-2 text-sm text-white">
        <span className="sr-only font-semibold min-[1000px]:not-sr-only">{t("maskEditor.brush.label")}</span>
        <input
          type="range"
          min={preset.brush.min}
          max={preset.brush.max}
          step={1}
          value={props.brushSize}
          onChange={(event) => props.onBrushSizeChange(Number(event.target.value))}
          aria-keyshortcuts="[ ]"
          aria-valuetext={t("maskEditor.brush.value", { size: props.brushSize })}
          data-testid="mask-editor-brush"
          className={cn("w-28 accent-white min-[1000px]:w-36", controlStyles)}
        />
        <output className="w-12 tabular-nums" data-testid="mask-editor-brush-value">
          {t("maskEditor.brush.value", { size: props.brushSize })}
        </output>
      </label>

      {!preset.isRestricted && (
        <Segment legend={t("maskEditor.color.label")}>
          {MASK_COLORS.map((value) => (
            <label
              key={value}
              title={t(`maskEditor.color.${value}`)}
              className={cn(
                "flex h-9 cursor-pointer items-center gap-1.5 rounded-full px-2.5 text-sm font-semibold transition-colors",
                "has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-white",
                props.color === value ? "bg-paper text-paper-ink" : "text-white hover:bg-white/15",
              )}
            >
              <input
                type="radio"
                name="mask-color"
                value={value}
                checked={props.color === value}
                onChange={() => props.onColorChange(value)}
                data-testid={`mask-editor-color-${value}`}
                className="sr-only"
              />
              <span
                aria-hidden="true"
                className="size-4 rounded-full ring-1 ring-white/60"
                style={{ background: `rgb(${MASK_COLOR_RGB[value].join(" ")})` }}
              />
              {t(`maskEditor.color.${value}`)}
            </label>
          ))}
        </Segment>
      )}

      <div className="flex shrink-0 items-center gap-1.5">
        <ToolButton
          label={t("maskEditor.undo")}
          icon={Undo2}
          shortcut="Ctrl/⌘+Z"
          keyShortcuts="Control+Z Meta+Z"
          onClick={props.onUndo}
          isDisabled={isDisabled || !props.canUndo}
          testId="mask-editor-undo"
        />
        <ToolButton
          label={t("maskEditor.redo")}
          icon={Redo2}
          shortcut="Shift+Ctrl/⌘+Z"
          keyShortcuts="Shift+Control+Z Shift+Meta+Z Control+Y"
          onClick={props.onRedo}
          isDisabled={isDisabled || !props.canRedo}
          testId="mask-editor-redo"
        />
        <ToolButton
          label={t("maskEditor.invert")}
          icon={Contrast}
          shortcut="I"
          keyShortcuts="I"
          onClick={props.onInvert}
          isDisabled={isDisabled}
          testId="mask-editor-invert"
        />
        <ToolButton
          label={t("maskEditor.import")}
          icon={ImageUp}
          onClick={props.onImport}
          isDisabled={isDisabled}
          testId="mask-editor-import"
        />
        <ToolButton
          label={t("maskEditor.original")}
          icon={Eye}
          shortcut="O"
          keyShortcuts="O"
          onHold={props.onHoldOriginal}
          isPressed={props.isOriginalShown}
          isDisabled={isDisabled}
          testId="mask-editor-original"
        />
      </div>

      <div className="flex shrink-0 items-center gap-1.5">
        <ToolButton
          label={t("maskEditor.zoomOut")}
          icon={ZoomOut}
          shortcut="−"
          keyShortcuts="-"
          onClick={props.onZoomOut}
          isDisabled={isDisabled}
          testId="mask-editor-zoom-out"
          className={NARROW_HIDDEN}
        />
        <span
          className="hidden w-12 text-center min-[1000px]:inline text-sm text-white tabular-nums"
          data-testid="mask-editor-zoom"
        >
          {t("maskEditor.zoomValue", { percent: props.zoomPercent })}
        </span>
        <ToolButton
          label={t("maskEditor.zoomIn")}
          icon={ZoomIn}
          shortcut="+"
          keyShortcuts="+"
          onClick={props.onZoomIn}
          isDisabled={isDisabled}
          testId="mask-editor-zoom-in"
          className={NARROW_HIDDEN}
        />
        <ToolButton
          label={t("maskEditor.zoomFit")}
          icon={Maximize}
          shortcut="0"
          keyShortcuts="0"
          onClick={props.onFit}
          isDisabled={isDisabled}
          testId="mask-editor-zoom-fit"
        />
      </div>
    </div>
  );
}
