/**
 * Pure retouch rules from spec 02 §5 ("Retouch") that the web app and the server compute too.
 * They live here until the lead moves them to packages/shared.
 */

export type TGender = "male" | "female";
export type TEthnicity = "east_asian" | "western";
export type TRetouchStyle = "basic" | "makeup" | "matte_makeup" | "glossy" | "basic_chic";
export type TFilter = "none" | "studio" | "ppoyong";

/** spec 02 §5: the styles offered for each gender and ethnicity, in menu order. */
export function listRetouchStyles(gender: TGender, ethnicity: TEthnicity): TRetouchStyle[] {
  if (gender === "female" && ethnicity === "east_asian") {
    return ["basic", "makeup", "matte_makeup", "glossy", "basic_chic"];
  }
  if (gender === "female" && ethnicity === "western") return ["basic", "makeup", "matte_makeup"];
  return ["basic"];
}

/** spec 02 §5 style index (lora_index); any combination not listed is 2. */
export function resolveLoraIndex(gender: TGender, ethnicity: TEthnicity, style: TRetouchStyle): number {
  if (gender === "female" && ethnicity === "east_asian") {
    const table: Record<TRetouchStyle, number> = {
      makeup: 0,
      matte_makeup: 7,
      glossy: 1,
      basic: 2,
      basic_chic: 8,
    };
    return table[style];
  }
  if (gender === "female" && ethnicity === "western") {
    if (style === "basic") return 3;
    if (style === "makeup") return 4;
    if (style === "matte_makeup") return 7;
    return 2;
  }
  if (gender === "male" && ethnicity === "western" && style === "basic") return 5;
  if (gender === "male" && ethnicity === "east_asian" && style === "basic") return 6;
  return 2;
}

/** The prompts the original GPU worker receives with each filter (spec 02 §5 filter rule). */
export const FILTER_PROMPT_PPOYONG = "asle";
export const FILTER_PROMPT_STUDIO = "studio";
/** spec 02 §5: strength sent when the filter is off. */
export const FILTER_OFF_STRENGTH = 0.01;

export interface TFilterFields {
  filter_index: number;
  filter_strength: number;
  filter_prompt: string;
}

/**
 * spec 02 §5: none or strength 0 → strength 0.01 and index 0; ppoyong → index 1 and the 'asle'
 * prompt while strength is above 0; otherwise the studio prompt (index 0). Strength is clamped to
 * 0..1 and rounded to 2 decimals (spec 02 §2.1).
 */
export function resolveFilterFields(filter: TFilter, strength: number): TFilterFields {
  const clamped = Math.round(Math.min(1, Math.max(0, Number.isFinite(strength) ? strength : 0)) * 100) / 100;
  if (filter === "none" || clamped === 0) {
    return { filter_index: 0, filter_strength: FILTER_OFF_STRENGTH, filter_prompt: FILTER_PROMPT_STUDIO };
  }
  if (filter === "ppoyong") {
    return { filter_index: 1, filter_strength: clamped, filter_prompt: FILTER_PROMPT_PPOYONG };
  }
  return { filter_index: 0, filter_strength: clamped, filter_prompt: FILTER_PROMPT_STUDIO };
}

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
