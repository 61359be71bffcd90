import {
  clampFilterStrength,
  clampRetouchControl,
  DEFAULT_SCALE,
  defaultRetouchControls,
  normalizeRetouchStyle,
  RETOUCH_CONTROLS,
  resolveLoraIndex,
  roundScale,
  type TEthnicity,
  type TFilter,
  type TGender,
  type TRetouchControl,
  type TRetouchControls,
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
  /** The fine-tuning controls (issue 24), 0..1 in steps of 0.05; sent with every job. */
  controls: TRetouchControls;
  /** The controls the person moved: a style change resets only the others to its defaults. */
  touched: Record<TRetouchControl, boolean>;
  /** A seed to send again ("run again" from history); a random one per job otherwise. */
  seed: number | null;
}

const UNTOUCHED = Object.fromEntries(RETOUCH_CONTROLS.map((c) => [c, false])) as Record<
  TRetouchControl,
  boolean
>;

/** The controls of a style: its defaults, except those the person moved. */
function controlsFor(state: TRetouchOptions, gender: TGender, ethnicity: TEthnicity, style: TRetouchStyle) {
  const defaults = defaultRetouchControls(resolveLoraIndex(gender, ethnicity, style));
  const controls = { ...defaults };
  for (const c of RETOUCH_CONTROLS) if (state.touched[c]) controls[c] = state.controls[c];
  return controls;
}

/** Gender, ethnicity and style as chosen, the style kept valid and the untouched controls following it. */
function withStyle(state: TRetouchOptions, gender: TGender, ethnicity: TEthnicity, wanted: TRetouchStyle) {
  const style = normalizeRetouchStyle(gender, ethnicity, wanted);
  return { ...state, gender, ethnicity, style, controls: controlsFor(state, gender, ethnicity, style) };
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
  controls: defaultRetouchControls(resolveLoraIndex("female", "east_asian", "basic")),
  touched: UNTOUCHED,
  seed: null,
};

export type TRetouchOptionsAction =
  | { type: "gender"; value: TGender }
  | { type: "ethnicity"; value: TEthnicity }
  | { type: "style"; value: TRetouchStyle }
  | { type: "scale"; value: number }
  | { type: "filter"; value: TFilter }
  | { type: "strength"; value: number }
  | { type: "exclusion"; key: TExclusion; value: boolean }
  | { type: "control"; key: TRetouchControl; value: number }
  | { type: "resetControls" }
  /** Everything at once: the settings of a history item ("run again"). */
  | { type: "restore"; value: TRetouchOptions }
  /** A new photo: a new seed for its jobs. */
  | { type: "newPhoto" };

/**
 * spec 02 §4.1: changing gender or ethnicity resets a style that is no longer offered to basic; a
 * style change moves the controls the person has not touched to the new style's defaults.
 */
export function reduceRetouchOptions(state: TRetouchOptions, action: TRetouchOptionsAction): TRetouchOptions {
  switch (action.type) {
    case "gender":
      return withStyle(state, action.value, state.ethnicity, state.style);
    case "ethnicity":
      return withStyle(state, state.gender, action.value, state.style);
    case "style":
      return withStyle(state, state.gender, state.ethnicity, action.value);
    case "scale":
      return { ...state, scale: roundScale(action.value) };
    case "filter":
      return { ...state, filter: action.value };
    case "strength":
      return { ...state, strength: clampFilterStrength(action.value) };
    case "exclusion":
      return { ...state, exclusions: { ...state.exclusions, [action.key]: action.value } };
    case "control":
      return {
        ...state,
        controls: { ...state.controls, [action.key]: clampRetouchControl(action.value) },
        touched: { ...state.touched, [action.key]: true },
      };
    case "resetControls":
      return withStyle({ ...state, touched: UNTOUCHED }, state.gender, state.ethnicity, state.style);
    case "restore":
      return action.value;
    case "newPhoto":
      return state.seed === null ? state : { ...state, seed: null };
  }
}

/** Whether the controls are not simply the style's defaults (the card's reset button is on then). */
export function areControlsChanged(state: TRetouchOptions): boolean {
  const defaults = defaultRetouchControls(resolveLoraIndex(state.gender, state.ethnicity, state.style));
  return RETOUCH_CONTROLS.some((c) => state.touched[c] || state.controls[c] !== defaults[c]);
}
