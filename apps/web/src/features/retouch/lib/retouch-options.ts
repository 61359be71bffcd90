import {
  clampFilterStrength,
  DEFAULT_SCALE,
  normalizeRetouchStyle,
  roundScale,
  type TEthnicity,
  type TFilter,
  type TGender,
  type TRetouchStyle,
} from "@gyeol/shared/retouch";

/** The options of the retouch screen (spec 02 §2.1, §3 "Retouch options"). */

export type TExclusion = "lips" | "eyebrows" | "nose" | "hair" | "background" | "outfit";
export const FACE_EXCLUSIONS: readonly TExclusion[] = ["lips", "eyebrows", "nose", "hair"];
export const AREA_EXCLUSIONS: readonly TExclusion[] = ["background", "outfit"];

export interface TRetouchOptions {
  gender: TGender;
  ethnicity: TEthnicity;
  style: TRetouchStyle;
  scale: number;
  filter: TFilter;
  strength: number;
  exclusions: Record<TExclusion, boolean>;
}

/** Lips and brows are protected by default: the landing page promises they stay untouched. */
export const DEFAULT_RETOUCH_OPTIONS: TRetouchOptions = {
  gender: "female",
  ethnicity: "east_asian",
  style: "basic",
  scale: DEFAULT_SCALE,
  filter: "none",
  strength: 0.5,
  exclusions: { lips: true, eyebrows: true, nose: false, hair: false, background: false, outfit: false },
};

export type TRetouchOptionsAction =
  | { type: "gender"; value: TGender }
  | { type: "ethnicity"; value: TEthnicity }
  | { type: "style"; value: TRetouchStyle }
  | { type: "scale"; value: number }
  | { type: "filter"; value: TFilter }
  | { type: "strength"; value: number }
  | { type: "exclusion"; key: TExclusion; value: boolean };

/** spec 02 §4.1: changing gender or ethnicity resets a style that is no longer offered to basic. */
export function reduceRetouchOptions(state: TRetouchOptions, action: TRetouchOptionsAction): TRetouchOptions {
  switch (action.type) {
    case "gender":
      return {
        ...state,
        gender: action.value,
        style: normalizeRetouchStyle(action.value, state.ethnicity, state.style),
      };
    case "ethnicity":
      return {
        ...state,
        ethnicity: action.value,
        style: normalizeRetouchStyle(state.gender, action.value, state.style),
      };
    case "style":
      return { ...state, style: normalizeRetouchStyle(state.gender, state.ethnicity, action.value) };
    case "scale":
      return { ...state, scale: roundScale(action.value) };
    case "filter":
      return { ...state, filter: action.value };
    case "strength":
      return { ...state, strength: clampFilterStrength(action.value) };
    case "exclusion":
      return { ...state, exclusions: { ...state.exclusions, [action.key]: action.value } };
  }
}
