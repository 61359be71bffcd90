import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { i18n } from "../../../lib/i18n/i18n.ts";
import { ResultViewer } from "./result-viewer.tsx";

/** jsdom has no PointerEvent: a mouse event with the pointer's id and type. */
class FakePointerEvent extends MouseEvent {
  pointerId: number;
  pointerType: string;
  constructor(type: string, init: PointerEventInit = {}) {
    super(type, { bubbles: true, cancelable: true, ...init });
    this.pointerId = init.pointerId ?? 1;
    this.pointerType = init.pointerType ?? "mouse";
  }
}

type TPointerInit = { pointerId?: number; pointerType?: string; clientX?: number; clientY?: number };
const pointer = (type: "down" | "move" | "up", target: Element, init: TPointerInit = {}) =>
  act(() => void target.dispatchEvent(new FakePointerEvent(`pointer${type}`, { button: 0, ...init })));

// jsdom lays nothing out: every box (the stage's viewport) is 1000×800 at the page's corner.
beforeEach(() => {
  vi.spyOn(Element.prototype, "getBoundingClientRect").mockReturnValue({
    x: 0,
    y: 0,
    left: 0,
    top: 0,
    width: 1000,
    height: 800,
    right: 1000,
    bottom: 800,
    toJSON: () => ({}),
  } as DOMRect);
});

afterEach(async () => {
  vi.restoreAllMocks();
  await act(() => i18n.changeLanguage("en"));
});

function viewer(overrides: Partial<Parameters<typeof ResultViewer>[0]> = {}) {
  const onDownload = vi.fn();
  const onIndex = vi.fn();
  const onClose = vi.fn();
  render(
    <ResultViewer
      index={0}
      images={["/r/1.jpg", "/r/2.jpg"]}
      onIndex={onIndex}
      onClose={onClose}
      title="Result"
      beforeUrl="/o/1.jpg"
      onDownload={onDownload}
      busyUrl={null}
      testId="viewer"
      {...overrides}
    />,
  );
  /** Gives the result its natural size (jsdom loads no pictures). */
  const load = (width: number, height: number) => {
    const img = screen.getByAltText("Result 1 of 2") as HTMLImageElement;
    Object.defineProperty(img, "naturalWidth", { value: width, configurable: true });
    Object.defineProperty(img, "naturalHeight", { value: height, configurable: true });
    fireEvent.load(img);
  };
  return { onDownload, onIndex, onClose, load, stage: () => screen.getByTestId("viewer-stage") };
}

describe("the result viewer", () => {
  it("shows the original while the compare button is held, by pointer or by Space, and the result again after", () => {
    const { stage } = viewer();
    const hold = screen.getByTestId("viewer-hold");
    expect(stage().dataset.showing).toBe("after");
    pointer("down", hold, { pointerId: 1 });
    expect(stage().dataset.showing).toBe("before");
    expect(hold.getAttribute("aria-pressed")).toBe("true");
    pointer("up", hold, { pointerId: 1 });
    expect(stage().dataset.showing).toBe("after");
    fireEvent.keyDown(hold, { key: " " });
    expect(stage().dataset.showing).toBe("before");
    fireEvent.keyUp(hold, { key: " " });
    expect(stage().dataset.showing).toBe("after");
  });

  it("shows the original while C is held anywhere in it (by the key's place: a Korean layout types ㅊ)", () => {
    const { stage } = viewer();
    fireEvent.keyDown(screen.getByTestId("viewer-zoom-in"), { key: "ㅊ", code: "KeyC" });
    expect(stage().dataset.showing).toBe("before");
    fireEvent.keyUp(screen.getByTestId("viewer-zoom-in"), { key: "ㅊ", code: "KeyC" });
    expect(stage().dataset.showing).toBe("after");
    // Letting go elsewhere (the window loses focus) lets go here too.
    fireEvent.keyDown(screen.getByTestId("viewer-zoom-in"), { key: "c", code: "KeyC" });
    act(() => void window.dispatchEvent(new Event("blur")));
    expect(stage().dataset.showing).toBe("after");
  });

  it("holds the original while the image is pressed at fit, where there is nothing to pan", () => {
    const { stage, load } = viewer();
    load(800, 600);
    pointer("down", stage(), { pointerId: 7, pointerType: "touch" });
    expect(stage().dataset.showing).toBe("before");
    pointer("up", stage(), { pointerId: 7, pointerType: "touch" });
    expect(stage().dataset.showing).toBe("after");
  });

  it("opens on the split where asked, and the split slider moves it", () => {
    viewer({ isSplitAtStart: true });
    const split = screen.getByTestId("viewer-split") as HTMLInputElement;
    expect(split.value).toBe("50");
    expect(screen.getByTestId("viewer-stage").dataset.showing).toBe("split");
    fireEvent.change(split, { target: { value: "0" } });
    expect(screen.getByTestId("viewer-stage").dataset.showing).toBe("after");
  });

  it("fits at first, zooms with + − 0 1 and the buttons, and pans with the arrows up to the edges", () => {
    const { load, stage } = viewer();
    load(8000, 6000);
    const level = () => screen.getByTestId("viewer-zoom-level").textContent;
    const transform = () => (screen.getByAltText("Result 1 of 2") as HTMLImageElement).style.transform;
    // 8000×6000 in 1000×800: fit is 1/8 of actual pixels.
    expect(level()).toBe("13%");
    expect(screen.getByTestId("viewer-zoom-out").hasAttribute("disabled")).toBe(true);
    fireEvent.keyDown(stage(), { key: "+" });
    expect(level()).toBe("16%");
    fireEvent.click(screen.getByTestId("viewer-zoom-in"));
    expect(level()).toBe("20%");
    fireEvent.keyDown(stage(), { key: "-" });
    expect(level()).toBe("16%");
    fireEvent.keyDown(stage(), { key: "0" });
    expect(level()).toBe("13%");
    expect(transform()).toContain("calc(-50% + 0px), calc(-50% + 0px)) scale(0.125)");
    fireEvent.keyDown(stage(), { key: "1" });
    expect(level()).toBe("100%");
    expect(screen.getByTestId("viewer-actual").textContent).toBe("Fit");
    // The right arrow shows more of the right: the image moves left by a tenth of the viewport.
    fireEvent.keyDown(stage(), { key: "ArrowRight" });
    expect(transform()).toContain("calc(-50% + -100px), calc(-50% + 0px)) scale(1)");
    // At 100 % the image is 8000 wide in 1000: it pans at most 3500 either way.
    for (let i = 0; i < 50; i++) fireEvent.keyDown(stage(), { key: "ArrowLeft" });
    expect(transform()).toContain("calc(-50% + 3500px)");
    fireEvent.click(screen.getByTestId("viewer-actual"));
    expect(level()).toBe("13%");
  });

  it("drags to pan once zoomed in, rather than holding the original", () => {
    const { load, stage } = viewer();
    load(8000, 6000);
    fireEvent.keyDown(stage(), { key: "1" });
    pointer("down", stage(), { pointerId: 3, clientX: 500, clientY: 400 });
    pointer("move", stage(), { pointerId: 3, clientX: 440, clientY: 430 });
    pointer("up", stage(), { pointerId: 3 });
    expect(stage().dataset.showing).toBe("after");
    expect((screen.getByAltText("Result 1 of 2") as HTMLImageElement).style.transform).toContain(
      "calc(-50% + -60px), calc(-50% + 30px)) scale(1)",
    );
  });

  it("downloads the original and the result, and steps through a run's images", () => {
    const { onDownload, onIndex } = viewer();
    fireEvent.click(screen.getByTestId("viewer-download-original"));
    fireEvent.click(screen.getByTestId("viewer-download-result"));
    expect(onDownload.mock.calls).toEqual([["/o/1.jpg"], ["/r/1.jpg"]]);
    expect(screen.getByRole("button", { name: "Previous image" }).hasAttribute("disabled")).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Next image" }));
    expect(onIndex).toHaveBeenCalledWith(1);
  });

  it("offers no compare and only the result's download where there is no original, in Korean too", async () => {
    await act(() => i18n.changeLanguage("ko"));
    viewer({ beforeUrl: null, images: ["/r/1.jpg"] });
    expect(screen.queryByTestId("viewer-hold")).toBeNull();
    expect(screen.queryByTestId("viewer-download-original")).toBeNull();
    expect(screen.getByTestId("viewer-download-result").textContent).toContain("결과 다운로드");
  });
});
