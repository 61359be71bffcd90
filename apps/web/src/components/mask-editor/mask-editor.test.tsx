import { MASK_PRESETS, type TMaskPreset } from "@gyeol/shared/mask";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { i18n } from "../../lib/i18n/i18n.ts";
import { loadMaskFile } from "./canvas.ts";
import { MaskEditor, type MaskEditorProps } from "./mask-editor.tsx";
import type { TMaskDoc } from "./model.ts";
import { decodePng } from "./test/decode-png.ts";
import {
  drag,
  installBrowserFakes,
  overlayPixel,
  PICTURE,
  pointerDown,
  pointerMove,
  pointerUp,
} from "./test/fakes.ts";

vi.mock("./canvas.ts", async (importOriginal) => ({
  ...(await importOriginal<typeof import("./canvas.ts")>()),
  loadMaskFile: vi.fn(),
  downloadBlob: vi.fn(),
}));

beforeEach(() => {
  installBrowserFakes();
});

type TSaveCall = [Blob, TMaskDoc, { color: string; isEmpty: boolean }];

async function openEditor(props: Partial<MaskEditorProps> = {}) {
  const onSave = vi.fn<MaskEditorProps["onSave"]>(async () => {});
  const onClose = vi.fn();
  const view = render(
    <MaskEditor
      open
      image="/photo.jpg"
      preset={MASK_PRESETS.faceEdit}
      onSave={onSave}
      onClose={onClose}
      {...props}
    />,
  );
  const stage = await screen.findByRole("application", { name: /mask canvas|마스크 캔버스/i });
  // Fitted once the stage has been measured: 800 × 600, so 4 screen pixels per picture pixel.
  await waitFor(() => expect(screen.getByTestId("mask-editor-content").style.width).toBe("800px"));
  const overlay = screen.getByTestId("mask-editor-overlay") as HTMLCanvasElement;
  return {
    ...view,
    onSave,
    onClose,
    stage: screen.getByTestId("mask-editor-stage"),
    overlay,
    initialStage: stage,
  };
}

async function saveMask(onSave: ReturnType<typeof vi.fn>) {
  const calls = onSave.mock.calls.length;
  fireEvent.click(screen.getByTestId("mask-editor-save"));
  await waitFor(() => expect(onSave).toHaveBeenCalledTimes(calls + 1));
  const [blob, doc, details] = onSave.mock.calls[calls] as TSaveCall;
  return { png: await decodePng(blob), doc, details };
}

function key(code: string, init: KeyboardEventInit = {}) {
  const target = document.activeElement ?? document.body;
  const keyName =
    { BracketLeft: "[", BracketRight: "]", Space: " ", Digit0: "0", Equal: "=", Minus: "-" }[code] ??
    code.replace(/^Key/, "").toLowerCase();
  fireEvent.keyDown(target, { code, key: keyName, ...init });
  fireEvent.keyUp(target, { code, key: keyName, ...init });
}

function transformOf(element: HTMLElement): number[] {
  const numbers = element.style.transform.match(/-?[\d.]+/g) ?? [];
  return numbers.map((value) => Math.round(Number(value) * 1000) / 1000);
}

const white = (png: { width: number; pixels: Uint8Array }, x: number, y: number) =>
  png.pixels[y * png.width + x];

/** A page with a button that opens the editor, as face edit and image edit have. */
function EditorOpener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" data-testid="open-mask" onClick={() => setOpen(true)}>
        Draw the mask
      </button>
      <MaskEditor
        open={open}
        image="/photo.jpg"
        preset={MASK_PRESETS.faceEdit}
        onSave={async () => {}}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

describe("MaskEditor", () => {
  it("paints with the left button, erases with the right, and saves a white-on-black PNG at the picture's size", async () => {
    const { stage, onSave } = await openEditor();
    drag(stage, [
      [20, 50],
      [100, 50],
    ]);
    drag(
      stage,
      [
        [60, 40],
        [60, 60],
      ],
      { button: 2 },
    );
    expect(fireEvent.contextMenu(stage)).toBe(false);

    const { png, doc, details } = await saveMask(onSave);
    expect(png).toMatchObject({ width: PICTURE.width, height: PICTURE.height, bitDepth: 8, colourType: 0 });
    expect(white(png, 30, 50)).toBe(255);
    expect(white(png, 90, 50)).toBe(255);
    expect(white(png, 60, 50)).toBe(0); // erased by the right button
    expect(white(png, 30, 80)).toBe(0);
    expect(new Set(png.pixels)).toEqual(new Set([0, 255]));
    expect(doc.ops.map((op) => op.kind === "stroke" && op.mode)).toEqual(["draw", "erase"]);
    // Brush 50 screen pixels at 4 screen pixels per picture pixel.
    expect(doc.ops[0]).toMatchObject({ size: 12.5 });
    expect(details).toEqual({ color: "blue", isEmpty: false });
  });

  it("shows what is painted at 35% in the chosen colour, live while drawing", async () => {
    const { stage, overlay } = await openEditor();
    pointerDown(stage, [20, 50]);
    pointerMove(stage, [60, 50]);
    expect(overlayPixel(overlay, 40, 50)).toEqual([37, 99, 235, 255]);
    pointerUp(stage, [60, 50]);
    expect(overlay.style.opacity).toBe("0.35");
    fireEvent.click(screen.getByTestId("mask-editor-color-red"));
    expect(overlayPixel(overlay, 40, 50)).toEqual([239, 68, 68, 255]);
    expect(overlayPixel(overlay, 40, 80)[3]).toBe(0);
  });

  it("undoes and redoes with Ctrl/Cmd+Z, Shift+Ctrl/Cmd+Z, Ctrl+Y and the buttons", async () => {
    const { stage, overlay, onSave } = await openEditor();
    drag(stage, [
      [20, 20],
      [40, 20],
    ]);
    drag(stage, [
      [20, 80],
      [40, 80],
    ]);
    const isShown = (x: number, y: number) => overlayPixel(overlay, x, y)[3] === 255;
    expect([isShown(30, 20), isShown(30, 80)]).toEqual([true, true]);

    key("KeyZ", { ctrlKey: true });
    expect([isShown(30, 20), isShown(30, 80)]).toEqual([true, false]);
    key("KeyZ", { metaKey: true });
    expect([isShown(30, 20), isShown(30, 80)]).toEqual([false, false]);
    expect((screen.getByTestId("mask-editor-undo") as HTMLButtonElement).disabled).toBe(true);
    key("KeyZ", { ctrlKey: true, shiftKey: true });
    expect([isShown(30, 20), isShown(30, 80)]).toEqual([true, false]);
    key("KeyY", { ctrlKey: true });
    expect([isShown(30, 20), isShown(30, 80)]).toEqual([true, true]);
    fireEvent.click(screen.getByTestId("mask-editor-undo"));
    expect(isShown(30, 80)).toBe(false);
    fireEvent.click(screen.getByTestId("mask-editor-redo"));
    expect(isShown(30, 80)).toBe(true);
    expect((await saveMask(onSave)).doc.ops).toHaveLength(2);
  });

  it("changes the brush with [ and ] within the tool's range and remembers it per tool", async () => {
    const first = await openEditor();
    const value = () => screen.getByTestId("mask-editor-brush-value").textContent;
    expect(value()).toBe("50px");
    key("BracketRight");
    key("BracketRight");
    expect(value()).toBe("60px");
    fireEvent.change(screen.getByTestId("mask-editor-brush"), { target: { value: "999" } });
    expect(value()).toBe("250px");
    key("BracketRight");
    expect(value()).toBe("250px");
    fireEvent.change(screen.getByTestId("mask-editor-brush"), { target: { value: "7" } });
    key("BracketLeft");
    expect(value()).toBe("5px");
    key("BracketRight");
    expect(value()).toBe("10px");
    first.unmount();

    const again = await openEditor();
    expect(value()).toBe("10px");
    again.unmount();

    await openEditor({ preset: MASK_PRESETS.imageEdit });
    expect(value()).toBe("100px");
    expect((screen.getByTestId("mask-editor-brush") as HTMLInputElement).max).toBe("150");
  });

  it("draws and erases rectangles in picture pixels", async () => {
    const { stage, onSave } = await openEditor();
    key("KeyR");
    expect((screen.getByTestId("mask-editor-mode-rect") as HTMLInputElement).checked).toBe(true);
    drag(stage, [
      [120, 70],
      [150, 90],
      [140, 80],
    ]);
    expect(screen.queryByTestId("mask-editor-rect-preview")).toBeNull();
    drag(
      stage,
      [
        [125, 72],
        [130, 78],
      ],
      { button: 2 },
    );
    const { png, doc } = await saveMask(onSave);
    expect(doc.ops).toEqual([
      { kind: "rect", mode: "draw", x: 120, y: 70, w: 20, h: 10 },
      { kind: "rect", mode: "erase", x: 125, y: 72, w: 5, h: 6 },
    ]);
    expect(png.pixels.filter((value) => value === 255)).toHaveLength(20 * 10 - 5 * 6);
  });

  it("erases with the left button in erase mode", async () => {
    const { stage, onSave } = await openEditor();
    drag(stage, [
      [20, 50],
      [100, 50],
    ]);
    fireEvent.click(screen.getByTestId("mask-editor-mode-erase"));
    drag(stage, [
      [20, 50],
      [100, 50],
    ]);
    const { details } = await saveMask(onSave);
    expect(details.isEmpty).toBe(true);
  });

  it("hides rectangle mode and the colour choice in the restricted variant", async () => {
    await openEditor({ preset: MASK_PRESETS.faceEditRestricted });
    expect(screen.queryByTestId("mask-editor-mode-rect")).toBeNull();
    expect(screen.queryByTestId("mask-editor-color-red")).toBeNull();
    expect(screen.getByTestId("mask-editor-mode-draw")).toBeTruthy();
    key("KeyR");
    expect((screen.getByTestId("mask-editor-mode-draw") as HTMLInputElement).checked).toBe(true);
  });

  it("inverts with I or the button, and clears with Clear Mask", async () => {
    const { stage, onSave } = await openEditor();
    drag(stage, [
      [20, 50],
      [30, 50],
    ]);
    key("KeyI");
    let saved = await saveMask(onSave);
    expect(white(saved.png, 25, 50)).toBe(0);
    expect(white(saved.png, 150, 10)).toBe(255);
    fireEvent.click(screen.getByTestId("mask-editor-invert"));
    saved = await saveMask(onSave);
    expect(white(saved.png, 25, 50)).toBe(255);
    expect(white(saved.png, 150, 10)).toBe(0);
    fireEvent.click(screen.getByTestId("mask-editor-clear"));
    saved = await saveMask(onSave);
    expect(saved.details.isEmpty).toBe(true);
    expect(saved.png.pixels.every((value) => value === 0)).toBe(true);
  });

  it("imports a mask image as an undoable step and says when it was stretched", async () => {
    vi.mocked(loadMaskFile).mockResolvedValueOnce({
      mask: { width: 2, height: 1, data: Uint8Array.from([255, 0]) },
      isStretched: true,
    });
    const { onSave } = await openEditor();
    const file = new File(["x"], "mask.png", { type: "image/png" });
    fireEvent.change(screen.getByTestId("mask-editor-import-input"), { target: { files: [file] } });
    await waitFor(() => expect(screen.getByTestId("mask-editor-message").textContent).toMatch(/stretched/));
    expect(loadMaskFile).toHaveBeenCalledWith(file, PICTURE.width, PICTURE.height);
    const { png } = await saveMask(onSave);
    expect([white(png, 10, 10), white(png, 190, 90)]).toEqual([255, 0]);
    key("KeyZ", { ctrlKey: true });
    expect((await saveMask(onSave)).details.isEmpty).toBe(true);

    vi.mocked(loadMaskFile).mockRejectedValueOnce(new Error("not a picture"));
    fireEvent.change(screen.getByTestId("mask-editor-import-input"), { target: { files: [file] } });
    await waitFor(() =>
      expect(screen.getByTestId("mask-editor-message").textContent).toMatch(/could not be read/),
    );
  });

  it("asks before closing with unsaved changes, and closes at once when there are none", async () => {
    const { stage, onSave, onClose } = await openEditor();
    fireEvent.keyDown(stage, { key: "Escape", code: "Escape" });
    expect(onClose).toHaveBeenCalledTimes(1);

    drag(stage, [
      [20, 50],
      [30, 50],
    ]);
    fireEvent.keyDown(stage, { key: "Escape", code: "Escape" });
    const confirm = await screen.findByTestId("mask-editor-discard");
    fireEvent.click(within(confirm).getByTestId("mask-editor-discard-cancel"));
    await waitFor(() => expect(screen.queryByTestId("mask-editor-discard")).toBeNull());
    expect(onClose).toHaveBeenCalledTimes(1);

    fireEvent.click(screen.getByTestId("mask-editor-close"));
    fireEvent.click(await screen.findByTestId("mask-editor-discard-confirm"));
    expect(onClose).toHaveBeenCalledTimes(2);

    await saveMask(onSave);
    fireEvent.click(screen.getByTestId("mask-editor-close"));
    expect(onClose).toHaveBeenCalledTimes(3);
    expect(screen.queryByTestId("mask-editor-discard")).toBeNull();
  });

  it("shows the original while O or the eye button is held", async () => {
    const { overlay } = await openEditor();
    fireEvent.keyDown(document.activeElement!, { code: "KeyO", key: "o" });
    expect(overlay.style.visibility).toBe("hidden");
    fireEvent.keyUp(document.activeElement!, { code: "KeyO", key: "o" });
    expect(overlay.style.visibility).toBe("visible");
    const button = screen.getByTestId("mask-editor-original");
    fireEvent.pointerDown(button);
    expect(overlay.style.visibility).toBe("hidden");
    expect(button.getAttribute("aria-pressed")).toBe("true");
    fireEvent.pointerUp(button);
    expect(overlay.style.visibility).toBe("visible");
    fireEvent.keyDown(button, { key: " ", code: "Space" });
    expect(overlay.style.visibility).toBe("hidden");
    fireEvent.keyUp(button, { key: " ", code: "Space" });
    expect(overlay.style.visibility).toBe("visible");
  });

  it("zooms at the cursor with the wheel and the keys, pans with Space+drag, and fits again with 0", async () => {
    const { stage } = await openEditor();
    const zoom = () => screen.getByTestId("mask-editor-zoom").textContent;
    const content = screen.getByTestId("mask-editor-content");
    fireEvent.wheel(stage, { deltaY: -100, clientX: 100, clientY: 100 });
    expect(zoom()).toBe("125%");
    // The point under the cursor stays put: the centre (400, 300) moves away from (100, 100) by 1.25.
    expect(transformOf(content)).toEqual([75, 50, 1.25]);
    key("Equal");
    expect(zoom()).toBe("156%");
    key("Minus");
    expect(zoom()).toBe("125%");

    fireEvent.keyDown(stage, { key: " ", code: "Space" });
    drag(stage, [
      [100, 50],
      [110, 50],
    ]);
    fireEvent.keyUp(stage, { key: " ", code: "Space" });
    // 10 picture pixels are 40 screen pixels: a pan, not a stroke.
    expect(transformOf(content)).toEqual([115, 50, 1.25]);
    expect((screen.getByTestId("mask-editor-undo") as HTMLButtonElement).disabled).toBe(true);

    key("Digit0");
    expect(zoom()).toBe("100%");
    expect(transformOf(content)).toEqual([0, 0, 1]);
  });

  it("draws with one finger, and turns a second finger into a pinch that drops the stroke", async () => {
    const { stage, overlay, onSave } = await openEditor();
    const zoom = () => screen.getByTestId("mask-editor-zoom").textContent;
    drag(
      stage,
      [
        [20, 50],
        [60, 50],
      ],
      { pointerType: "touch", pointerId: 7 },
    );

    pointerDown(stage, [100, 40], { pointerType: "touch", pointerId: 8 });
    pointerMove(stage, [105, 40], { pointerType: "touch", pointerId: 8 });
    expect(overlayPixel(overlay, 102, 40)[3]).toBe(255);
    // The second finger lands 15 picture pixels from the first and moves to 30: twice the zoom.
    pointerDown(stage, [120, 40], { pointerType: "touch", pointerId: 9 });
    pointerMove(stage, [135, 40], { pointerType: "touch", pointerId: 9 });
    expect(zoom()).toBe("200%");
    expect(overlayPixel(overlay, 102, 40)[3]).toBe(0);
    expect(overlayPixel(overlay, 40, 50)[3]).toBe(255);
    pointerUp(stage, [135, 40], { pointerType: "touch", pointerId: 9 });
    pointerMove(stage, [150, 40], { pointerType: "touch", pointerId: 8 });
    pointerUp(stage, [150, 40], { pointerType: "touch", pointerId: 8 });

    const { doc, png } = await saveMask(onSave);
    expect(doc.ops).toHaveLength(1);
    expect(white(png, 40, 50)).toBe(255);
    expect(white(png, 102, 40)).toBe(0);
  });

  it("takes focus on the canvas when it opens", async () => {
    const { stage } = await openEditor();
    expect(document.activeElement).toBe(stage);
  });

  it("keeps the editor open with a message when saving fails", async () => {
    const onSave = vi.fn(async () => {
      throw new Error("upload failed");
    });
    const { onClose } = await openEditor({ onSave });
    fireEvent.click(screen.getByTestId("mask-editor-save"));
    await waitFor(() =>
      expect(screen.getByTestId("mask-editor-message").textContent).toMatch(/could not be saved/),
    );
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByTestId("mask-editor")).toBeTruthy();
  });

  it("goes on from the mask saved last time, and says when the picture cannot be loaded", async () => {
    const previous: TMaskDoc = {
      width: PICTURE.width,
      height: PICTURE.height,
      ops: [{ kind: "rect", mode: "draw", x: 0, y: 0, w: 10, h: 10 }],
      redo: [],
    };
    const { onSave, onClose, unmount, rerender, stage } = await openEditor({ initialDoc: previous });
    fireEvent.click(screen.getByTestId("mask-editor-close"));
    expect(onClose).toHaveBeenCalledTimes(1);
    const { png, doc } = await saveMask(onSave);
    expect(png.pixels.filter((value) => value === 255)).toHaveLength(100);

    // A caller hands the saved document back: the open editor keeps its history (redo included).
    drag(stage, [
      [100, 50],
      [120, 50],
    ]);
    key("KeyZ", { ctrlKey: true });
    rerender(
      <MaskEditor
        open
        image="/photo.jpg"
        preset={MASK_PRESETS.faceEdit}
        initialDoc={doc}
        onSave={onSave}
        onClose={onClose}
      />,
    );
    expect((screen.getByTestId("mask-editor-redo") as HTMLButtonElement).disabled).toBe(false);
    unmount();

    render(
      <MaskEditor
        open
        image="/broken.jpg"
        preset={MASK_PRESETS.faceEdit}
        onSave={vi.fn()}
        onClose={vi.fn()}
      />,
    );
    expect((await screen.findByRole("alert")).textContent).toMatch(/could not be loaded/);
  });

  it("names every control, in Korean and in English", async () => {
    const names = async (language: string, preset: TMaskPreset) => {
      await act(() => i18n.changeLanguage(language));
      const view = await openEditor({ preset });
      const dialog = screen.getByTestId("mask-editor");
      // testing-library computes each accessible name and hands it to the filter.
      const result: string[] = [];
      const collect = (name: string) => {
        result.push(name);
        return true;
      };
      for (const role of ["button", "radio", "slider", "application"] as const) {
        within(dialog).getAllByRole(role, { name: collect });
      }
      view.unmount();
      return result;
    };
    const korean = await names("ko", MASK_PRESETS.imageEdit);
    const english = await names("en", MASK_PRESETS.imageEdit);
    expect(korean.filter((name) => name.trim() === "")).toEqual([]);
    expect(english.filter((name) => name.trim() === "")).toEqual([]);
    expect(korean).toHaveLength(english.length);
    expect(korean.filter((name, index) => name === english[index])).toEqual([]);
    expect(english).toEqual(
      expect.arrayContaining(["Clear Mask", "Save Mask", "Download Mask", "Draw", "Rectangle"]),
    );
  });

  it("gives focus back to the button that opened it when it closes, and its brush slider says its size", async () => {
    render(<EditorOpener />);
    const opener = screen.getByTestId("open-mask");
    act(() => opener.focus());
    fireEvent.click(opener);
    await screen.findByRole("application", { name: /mask canvas/i });
    const brush = screen.getByRole("slider", { name: /brush/i });
    expect(brush.getAttribute("aria-valuetext")).toBe(`${(brush as HTMLInputElement).value}px`);
    fireEvent.click(screen.getByTestId("mask-editor-close"));
    await waitFor(() => expect(screen.queryByTestId("mask-editor")).toBeNull());
    expect(document.activeElement).toBe(opener);
  });

  it("says what undo, redo, clear and invert did, in the page's language, and nothing for an undo with nothing to undo", async () => {
    const { stage } = await openEditor();
    const said = () => (screen.getByTestId("mask-editor-announcement").textContent ?? "").trim();
    key("KeyZ", { ctrlKey: true });
    expect(said()).toBe("");
    drag(stage, [
      [100, 50],
      [140, 50],
    ]);
    key("KeyZ", { ctrlKey: true });
    expect(said()).toBe("Undone");
    key("KeyZ", { ctrlKey: true, shiftKey: true });
    expect(said()).toBe("Redone");
    key("KeyI");
    expect(said()).toBe("Mask inverted");
    await act(() => i18n.changeLanguage("ko"));
    fireEvent.click(screen.getByTestId("mask-editor-clear"));
    expect(said()).toBe("마스크를 지웠어요");
    await act(() => i18n.changeLanguage("en"));
  });
});
