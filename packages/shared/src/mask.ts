/**
 * The mask editor's rules (spec 02 §2.2 image edit, §2.4 face edit, §9), shared by every tool
 * that asks for a mask. A saved mask is a PNG at the image's own size: white where the user
 * painted, black elsewhere (what the built-in engine and the RunPod handler read).
 */

export const MASK_MODES = ["draw", "rect", "erase"] as const;
export type TMaskMode = (typeof MASK_MODES)[number];

export const MASK_COLORS = ["blue", "red"] as const;
export type TMaskColor = (typeof MASK_COLORS)[number];
/** spec 02 §2.2 names blue first: the editor's colour until the user picks red, and the server's when none is sent. */
export const MASK_DEFAULT_COLOR: TMaskColor = "blue";

/** The overlay's tint for each colour choice; the overlay is shown at MASK_OVERLAY_OPACITY. */
export const MASK_COLOR_RGB: Record<TMaskColor, readonly [number, number, number]> = {
  blue: [37, 99, 235],
  red: [239, 68, 68],
};

/** spec 02 §9 image edit: "Mask overlay 35% opaque". */
export const MASK_OVERLAY_OPACITY = 0.35;
/** spec 02 §2.4: the canvas is scaled to fit 90% of the window minus margins. */
export const MASK_CANVAS_FIT = 0.9;

export interface TMaskPreset {
  /** Brush diameter in screen pixels at the fitted zoom (spec: "brush 5 to 250"). */
  brush: { min: number; max: number; default: number };
  /** The restricted variant hides rectangle mode and the colour choice (spec 02 §2.4). */
  isRestricted: boolean;
  /** Where this tool's brush size, mode and colour are remembered between openings. */
  storageKey: string;
}

export const MASK_PRESETS = {
  /** spec 02 §2.2, §9: brush 5 to 150, default 100. */
  imageEdit: {
    brush: { min: 5, max: 150, default: 100 },
    isRestricted: false,
    storageKey: "maskEditor.imageEdit",
  },
  /** spec 02 §2.4, §9: brush 5 to 250; the spec names no default, 50 suits a face at fit. */
  faceEdit: {
    brush: { min: 5, max: 250, default: 50 },
    isRestricted: false,
    storageKey: "maskEditor.faceEdit",
  },
  faceEditRestricted: {
    brush: { min: 5, max: 250, default: 50 },
    isRestricted: true,
    storageKey: "maskEditor.faceEdit",
  },
} as const satisfies Record<string, TMaskPreset>;
