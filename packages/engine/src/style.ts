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
  /** Lip colour enhancement when lips are retouched (makeup styles), 0..1. */
  lipTint: number;
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
  gloss: 0,
  clarity: 0.1,
};

/** spec 02 §5 lora_index → how the built-in engine renders that style. */
export function getStyleParams(loraIndex: number): TStyleParams {
  switch (loraIndex) {
    case 0: // East Asian female makeup
    case 4: // Western female makeup
      return { ...BASIC, name: "makeup", smoothing: 0.85, toneEvening: 0.5, brighten: 0.025, lipTint: 0.35 };
    case 7: // matte makeup
      return {
        ...BASIC,
        name: "matte_makeup",
        smoothing: 0.9,
        textureKeep: 0.45,
        toneEvening: 0.55,
        skinSaturation: -0.08,
        lipTint: 0.25,
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
