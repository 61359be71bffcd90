/**
 * The editor's keyboard, as data: which command a key press asks for. Keys are read by position
 * (KeyboardEvent.code) so they work whatever the layout, Korean included.
 */

export type TEditorCommand =
  | "undo"
  | "redo"
  | "smaller"
  | "larger"
  | "draw"
  | "rect"
  | "erase"
  | "invert"
  | "original"
  | "zoomIn"
  | "zoomOut"
  | "fit"
  /** Space held: the pointer pans instead of painting. */
  | "panKey";

const PLAIN_KEYS: Record<string, TEditorCommand | undefined> = {
  BracketLeft: "smaller",
  BracketRight: "larger",
  KeyB: "draw",
  KeyR: "rect",
  KeyE: "erase",
  KeyI: "invert",
  KeyO: "original",
  Equal: "zoomIn",
  NumpadAdd: "zoomIn",
  Minus: "zoomOut",
  NumpadSubtract: "zoomOut",
  Digit0: "fit",
  Numpad0: "fit",
};

interface TKeyPress {
  code: string;
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  repeat: boolean;
  target: EventTarget | null;
}

/** Text fields keep their keys; sliders and radios only take the editor's. */
function isTypingTarget(target: EventTarget | null): boolean {
  return target instanceof HTMLInputElement && target.type !== "range" && target.type !== "radio";
}

/** Space presses a focused button or toggles a radio; only elsewhere does it pan. */
function isPressable(target: EventTarget | null): boolean {
  return target instanceof HTMLButtonElement || target instanceof HTMLInputElement;
}

export function commandFor(press: TKeyPress): TEditorCommand | null {
  if (isTypingTarget(press.target)) return null;
  const isCommand = press.ctrlKey || press.metaKey;
  if (isCommand && press.code === "KeyZ") return press.shiftKey ? "redo" : "undo";
  if (isCommand && press.code === "KeyY") return "redo";
  if (isCommand || press.altKey) return null;
  if (press.key === " ") return isPressable(press.target) ? null : "panKey";
  const command = PLAIN_KEYS[press.code] ?? null;
  // Held keys repeat; only the brush size keeps stepping.
  if (press.repeat && command !== "smaller" && command !== "larger") return null;
  return command;
}
