import { describe, expect, it } from "vitest";
import { commandFor } from "./shortcuts.ts";

const press = (code: string, key: string, extra: Partial<Parameters<typeof commandFor>[0]> = {}) =>
  commandFor({
    code,
    key,
    ctrlKey: false,
    metaKey: false,
    shiftKey: false,
    altKey: false,
    repeat: false,
    target: document.body,
    ...extra,
  });

describe("editor shortcuts", () => {
  it("undoes with Ctrl or Cmd+Z and redoes with Shift+Ctrl/Cmd+Z or Ctrl+Y", () => {
    expect(press("KeyZ", "z", { ctrlKey: true })).toBe("undo");
    expect(press("KeyZ", "z", { metaKey: true })).toBe("undo");
    expect(press("KeyZ", "Z", { metaKey: true, shiftKey: true })).toBe("redo");
    expect(press("KeyY", "y", { ctrlKey: true })).toBe("redo");
    expect(press("KeyC", "c", { ctrlKey: true })).toBeNull();
  });

  it("reads keys by position, so a Korean layout works too", () => {
    expect(press("KeyB", "ㅠ")).toBe("draw");
    expect(press("KeyE", "ㄷ")).toBe("erase");
    expect(press("KeyZ", "ㅋ", { ctrlKey: true })).toBe("undo");
  });

  it("repeats only the brush size while a key is held", () => {
    expect(press("BracketRight", "]", { repeat: true })).toBe("larger");
    expect(press("BracketLeft", "[", { repeat: true })).toBe("smaller");
    expect(press("KeyI", "i", { repeat: true })).toBeNull();
  });

  it("leaves Space to a focused button and text to a text field", () => {
    expect(press("Space", " ")).toBe("panKey");
    expect(press("Space", " ", { target: document.createElement("button") })).toBeNull();
    const field = document.createElement("input");
    expect(press("KeyB", "b", { target: field })).toBeNull();
    const slider = Object.assign(document.createElement("input"), { type: "range" });
    expect(press("BracketRight", "]", { target: slider })).toBe("larger");
  });
});
