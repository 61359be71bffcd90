import {
  MASK_COLORS,
  MASK_DEFAULT_COLOR,
  MASK_MODES,
  type TMaskColor,
  type TMaskMode,
  type TMaskPreset,
} from "@gyeol/shared/mask";
import { useCallback, useEffect, useState } from "react";
import { readStorage, writeStorage } from "../../lib/storage.ts";

export interface TBrushSettings {
  size: number;
  mode: TMaskMode;
  color: TMaskColor;
}

/** `[` and `]` move the brush by this many pixels, as in ComfyUI and InvokeAI. */
export const BRUSH_STEP = 5;

export function clampBrush(size: number, preset: TMaskPreset): number {
  if (!Number.isFinite(size)) return preset.brush.default;
  return Math.min(preset.brush.max, Math.max(preset.brush.min, Math.round(size)));
}

/** What was stored, or the tool's defaults where nothing valid was. */
export function readBrushSettings(preset: TMaskPreset): TBrushSettings {
  const fallback: TBrushSettings = { size: preset.brush.default, mode: "draw", color: MASK_DEFAULT_COLOR };
  let stored: Partial<TBrushSettings> = {};
  try {
    const parsed: unknown = JSON.parse(readStorage(preset.storageKey) ?? "{}");
    if (parsed && typeof parsed === "object") stored = parsed as Partial<TBrushSettings>;
  } catch {
    // A damaged entry is as good as none.
  }
  return {
    size: typeof stored.size === "number" ? clampBrush(stored.size, preset) : fallback.size,
    mode: MASK_MODES.find((value) => value === stored.mode) ?? fallback.mode,
    color: MASK_COLORS.find((value) => value === stored.color) ?? fallback.color,
  };
}

/** Brush size, mode and colour, remembered per tool between openings (InvokeAI #7336, ComfyUI #6458). */
export function useBrushSettings(preset: TMaskPreset) {
  const [settings, setSettings] = useState(() => readBrushSettings(preset));

  useEffect(() => {
    writeStorage(preset.storageKey, JSON.stringify(settings));
  }, [preset.storageKey, settings]);

  const setSize = useCallback(
    (size: number) => setSettings((current) => ({ ...current, size: clampBrush(size, preset) })),
    [preset],
  );
  const stepSize = useCallback(
    (direction: 1 | -1) =>
      setSettings((current) => ({
        ...current,
        size: clampBrush(current.size + direction * BRUSH_STEP, preset),
      })),
    [preset],
  );
  const setMode = useCallback(
    (mode: TMaskMode) => {
      if (preset.isRestricted && mode === "rect") return;
      setSettings((current) => ({ ...current, mode }));
    },
    [preset.isRestricted],
  );
  const setColor = useCallback((color: TMaskColor) => setSettings((current) => ({ ...current, color })), []);

  // The restricted variant shares its tool's memory but draws only blue strokes and areas; what
  // the full variant chose stays stored for it.
  const isRectHidden = preset.isRestricted && settings.mode === "rect";
  return {
    size: settings.size,
    mode: isRectHidden ? ("draw" as const) : settings.mode,
    color: preset.isRestricted ? ("blue" as const) : settings.color,
    setSize,
    stepSize,
    setMode,
    setColor,
  };
}
