/**
 * How the built-in engine renders the spec's retouch styles. The pure spec rules (style menu,
 * lora_index table, filter rule) live in @gyeol/shared/retouch, which the web and the server use
 * too; they are re-exported here so engine code has one import.
 */
import {
  FILTER_OFF_STRENGTH,
  FILTER_PROMPT_PPOYONG,
  type TFilter,
  type TFilterFields,
} from "@gyeol/shared/retouch";

export {
  FILTER_OFF_STRENGTH,
  FILTER_PROMPT_PPOYONG,
  FILTER_PROMPT_STUDIO,
  listRetouchStyles,
  resolveFilterFields,
  resolveLoraIndex,
  type TEthnicity,
  type TFilter,
  type TFilterFields,
  type TGender,
  type TRetouchStyle,
} from "@gyeol/shared/retouch";

/**
 * The inverse the engine needs: which filter a job's fields ask for. Index 1 (or the 'asle'
 * prompt) is fair skin; index 0 at the "off" strength 0.01 or below is no filter; else studio.
 */
export function interpretFilterFields(fields: Partial<TFilterFields>): { filter: TFilter; strength: number } {
  const strength = Math.min(1, Math.max(0, Number(fields.filter_strength ?? 0) || 0));
  if (strength <= FILTER_OFF_STRENGTH) return { filter: "none", strength: 0 };
  if (fields.filter_index === 1 || fields.filter_prompt === FILTER_PROMPT_PPOYONG) {
    return { filter: "ppoyong", strength };
  }
  return { filter: "studio", strength };
}

/** One colour laid by the makeup pass (retouch/makeup.ts): sRGB 0..1, taken as a hue over the pixel's own luma. */
export interface TMakeupColour {
  colour: readonly [number, number, number];
  /** Peak share of the colour (0..1). */
  amount: number;
  /** How much darker the area gets at the peak (0..1 of its luma). */
  deepen: number;
}

/** What a makeup style puts on the face (spec 02 §5 "makeup", "matte makeup"). */
export interface TMakeupLook {
  lip: TMakeupColour;
  blush: Omit<TMakeupColour, "deepen">;
  /** A soft shadow on the upper lids. */
  eyes: TMakeupColour;
  /** Below 0: specular highlights on the skin and lips lowered by that share (matte). */
  sheen: number;
}

/** Makeup: rose lips, pink blush, a taupe lid shadow, the skin's own sheen. */
const MAKEUP_LOOK: TMakeupLook = {
  lip: { colour: [0.78, 0.27, 0.35], amount: 0.6, deepen: 0.12 },
  blush: { colour: [0.95, 0.58, 0.62], amount: 0.5 },
  eyes: { colour: [0.56, 0.42, 0.4], amount: 0.5, deepen: 0.16 },
  sheen: 0,
};

/** Matte makeup: the same face in muted tones (rose-brown lips, dusty blush) and no shine. */
const MATTE_LOOK: TMakeupLook = {
  lip: { colour: [0.66, 0.36, 0.36], amount: 0.75, deepen: 0.22 },
  blush: { colour: [0.85, 0.6, 0.58], amount: 0.32 },
  eyes: { colour: [0.55, 0.45, 0.42], amount: 0.45, deepen: 0.14 },
  sheen: -0.7,
};

/** How a style index is rendered by the built-in engine (its "character", spec 02 §5 style table). */
export interface TStyleParams {
  name: string;
  /** How much of the edge-preserving smooth replaces the skin (0..1). */
  smoothing: number;
  /** Share of the finest texture (pores) that is put back after smoothing (0..1). */
  textureKeep: number;
  /** Evening of blotchy low-frequency tone (redness, shadows under eyes), 0..1. */
  toneEvening: number;
  /** Skin brightness lift, -0.1..0.1 of full scale. */
  brighten: number;
  /** Skin saturation change, e.g. -0.1 makes it less saturated (matte). */
  skinSaturation: number;
  /** Lip colour enhancement when lips are retouched and the style has no makeup, 0..1. */
  lipTint: number;
  /** The makeup the makeup styles put on (retouch/makeup.ts); null for the others. */
  makeup: TMakeupLook | null;
  /** Specular sheen on highlights (glossy), 0..1. */
  gloss: number;
  /** Local contrast on eyes/brows/hair edges ("chic" clarity), 0..1. */
  clarity: number;
}

const BASIC: TStyleParams = {
  name: "basic",
  smoothing: 0.8,
  textureKeep: 0.55,
  toneEvening: 0.35,
  brighten: 0.015,
  skinSaturation: -0.02,
  lipTint: 0,
  makeup: null,
  gloss: 0,
  clarity: 0.1,
};

/** spec 02 §5 lora_index → how the built-in engine renders that style. */
export function getStyleParams(loraIndex: number): TStyleParams {
  switch (loraIndex) {
    case 0: // East Asian female makeup
    case 4: // Western female makeup
      return {
        ...BASIC,
        name: "makeup",
        smoothing: 0.85,
        toneEvening: 0.5,
        brighten: 0.025,
        makeup: MAKEUP_LOOK,
      };
    case 7: // matte makeup
      return {
        ...BASIC,
        name: "matte_makeup",
        smoothing: 0.9,
        textureKeep: 0.52,
        toneEvening: 0.55,
        skinSaturation: -0.06,
        makeup: MATTE_LOOK,
      };
    case 1: // glossy retouch
      return {
        ...BASIC,
        name: "glossy",
        smoothing: 0.85,
        toneEvening: 0.45,
        brighten: 0.03,
        gloss: 0.5,
        lipTint: 0.2,
      };
    case 8: // basic chic
      return {
        ...BASIC,
        name: "basic_chic",
        smoothing: 0.75,
        brighten: 0,
        skinSaturation: -0.05,
        clarity: 0.35,
      };
    case 5: // Western male basic
    case 6: // East Asian male basic
      return {
        ...BASIC,
        name: "male_basic",
        smoothing: 0.65,
        textureKeep: 0.7,
        toneEvening: 0.3,
        brighten: 0,
        skinSaturation: 0,
        clarity: 0.2,
      };
    default: // 2 (East Asian basic), 3 (Western basic) and any other index
      return { ...BASIC, name: loraIndex === 3 ? "western_basic" : "basic" };
  }
}
