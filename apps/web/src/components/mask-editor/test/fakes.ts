import { fireEvent } from "@testing-library/react";
import { vi } from "vitest";

/**
 * What jsdom lacks for the mask editor, faked just enough: picture loading (a fixed natural
 * size), pointer events, a 2D context that keeps the pixels put on it, and layout boxes.
 */

export const PICTURE = { width: 200, height: 100 };
/** The stage is 800 × 600, so the picture fits at 4 screen pixels per picture pixel, centred. */
export const STAGE = { left: 0, top: 0, width: 800, height: 600 };
export const SCREEN = { left: 0, top: 100, width: 800, height: 400 };

class FakeImage {
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  decoding = "auto";
  naturalWidth = PICTURE.width;
  naturalHeight = PICTURE.height;
  #src = "";
  get src() {
    return this.#src;
  }
  set src(value: string) {
    this.#src = value;
    queueMicrotask(() => (value.includes("broken") ? this.onerror?.() : this.onload?.()));
  }
}

class FakePointerEvent extends MouseEvent {
  pointerId: number;
  pointerType: string;
  constructor(type: string, init: PointerEventInit = {}) {
    super(type, init);
    this.pointerId = init.pointerId ?? 1;
    this.pointerType = init.pointerType ?? "mouse";
  }
}

const screens = new WeakMap<HTMLCanvasElement, Uint8ClampedArray>();

function fakeContext(canvas: HTMLCanvasElement) {
  return {
    createImageData: (width: number, height: number) => ({
      width,
      height,
      data: new Uint8ClampedArray(width * height * 4),
    }),
    putImageData: (
      image: { width: number; height: number; data: Uint8ClampedArray },
      x: number,
      y: number,
    ) => {
      let screen = screens.get(canvas);
      if (!screen || screen.length !== canvas.width * canvas.height * 4) {
        screen = new Uint8ClampedArray(canvas.width * canvas.height * 4);
        screens.set(canvas, screen);
      }
      for (let row = 0; row < image.height; row += 1) {
        const from = row * image.width * 4;
        screen.set(image.data.subarray(from, from + image.width * 4), ((y + row) * canvas.width + x) * 4);
      }
    },
  };
}

/** The colour on screen at picture pixel (x, y), as [r, g, b, a] ([0,0,0,0] where unpainted). */
export function overlayPixel(canvas: HTMLCanvasElement, x: number, y: number): number[] {
  const screen = screens.get(canvas);
  if (!screen) return [0, 0, 0, 0];
  const o = (y * canvas.width + x) * 4;
  return [...screen.subarray(o, o + 4)];
}

export function installBrowserFakes(): void {
  vi.stubGlobal("Image", FakeImage);
  vi.stubGlobal("PointerEvent", FakePointerEvent);
  vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockImplementation(function (this: HTMLCanvasElement) {
    return fakeContext(this) as unknown as CanvasRenderingContext2D;
  } as unknown as typeof HTMLCanvasElement.prototype.getContext);
  vi.spyOn(Element.prototype, "getBoundingClientRect").mockImplementation(function (this: Element) {
    const box = this.getAttribute("data-testid") === "mask-editor-content" ? SCREEN : STAGE;
    return {
      ...box,
      x: box.left,
      y: box.top,
      right: box.left + box.width,
      bottom: box.top + box.height,
    } as DOMRect;
  });
}

interface TPointer {
  pointerId?: number;
  pointerType?: "mouse" | "pen" | "touch";
  button?: number;
}

/** Screen coordinates of picture pixel (x, y). */
function onScreen(x: number, y: number) {
  return {
    clientX: SCREEN.left + (x / PICTURE.width) * SCREEN.width,
    clientY: SCREEN.top + (y / PICTURE.height) * SCREEN.height,
  };
}

export function pointerDown(
  target: Element,
  [x, y]: [number, number],
  { button = 0, ...rest }: TPointer = {},
) {
  fireEvent(
    target,
    new FakePointerEvent("pointerdown", {
      bubbles: true,
      cancelable: true,
      button,
      buttons: button === 2 ? 2 : 1,
      ...onScreen(x, y),
      ...rest,
    }),
  );
}

export function pointerMove(target: Element, [x, y]: [number, number], rest: TPointer = {}) {
  fireEvent(
    target,
    new FakePointerEvent("pointermove", { bubbles: true, cancelable: true, ...onScreen(x, y), ...rest }),
  );
}

export function pointerUp(target: Element, [x, y]: [number, number], { button = 0, ...rest }: TPointer = {}) {
  fireEvent(
    target,
    new FakePointerEvent("pointerup", {
      bubbles: true,
      cancelable: true,
      button,
      ...onScreen(x, y),
      ...rest,
    }),
  );
}

/** A press, moves through every point, and a release, in picture pixels. */
export function drag(target: Element, points: [number, number][], pointer: TPointer = {}) {
  const [first, ...rest] = points;
  pointerDown(target, first!, pointer);
  for (const point of rest) pointerMove(target, point, pointer);
  pointerUp(target, points.at(-1)!, pointer);
}
