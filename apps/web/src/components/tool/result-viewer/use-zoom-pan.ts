import { type KeyboardEvent, type PointerEvent, useCallback, useEffect, useRef, useState } from "react";
import {
  actualScale,
  canPan,
  fitView,
  PAN_STEP_SHARE,
  panBy,
  pinchView,
  type TPoint,
  type TSize,
  type TView,
  wheelFactor,
  ZOOM_STEP,
  zoomTo,
} from "./zoom-math.ts";

const ZERO: TSize = { width: 0, height: 0 };

function pixelRatio(): number {
  return typeof window === "undefined" ? 1 : window.devicePixelRatio || 1;
}

/**
 * The viewer stage's zoom and pan (issue 26): wheel zoom about the cursor, one-finger or mouse drag
 * to pan, two-finger pinch (pointer events, so touch, pen and mouse alike), and the keys + − 0 1
 * and the arrows. A press on the image that cannot pan (at fit) is handed to `onImageHold`, so
 * holding the image shows the before image. The view goes back to fit when the image changes.
 */
export function useZoomPan({
  imageKey,
  onImageHold,
}: {
  /** A new image (or a new viewer) starts at fit again. */
  imageKey: string;
  onImageHold: (isHeld: boolean) => void;
}) {
  const stageRef = useRef<HTMLDivElement | null>(null);
  const [viewport, setViewport] = useState<TSize>(ZERO);
  const [image, setImage] = useState<TSize | null>(null);
  const [view, setView] = useState<TView | null>(null);
  const ratio = pixelRatio();
  const size = image ?? ZERO;
  const current = view ?? fitView(viewport, size, ratio);
  const state = useRef({ viewport, size, current, ratio });
  state.current = { viewport, size, current, ratio };
  const pointers = useRef(new Map<number, TPoint>());
  const gesture = useRef<
    | { kind: "pan"; last: TPoint }
    | { kind: "pinch"; start: TView; from: [TPoint, TPoint]; ids: [number, number] }
    | { kind: "hold" }
    | null
  >(null);
  const onHoldRef = useRef(onImageHold);
  onHoldRef.current = onImageHold;

  // A new image: back to fit, size unknown until it loads.
  // biome-ignore lint/correctness/useExhaustiveDependencies: imageKey is the reason to start again.
  useEffect(() => {
    setView(null);
    setImage(null);
  }, [imageKey]);

  const setStage = useCallback((element: HTMLDivElement | null) => {
    stageRef.current = element;
  }, []);
  useEffect(() => {
    const element = stageRef.current;
    if (!element) return;
    const measure = () => {
      const box = element.getBoundingClientRect();
      setViewport((was) =>
        was.width === box.width && was.height === box.height ? was : { width: box.width, height: box.height },
      );
      // A window resized at fit stays at fit; a zoomed view is held inside the new edges.
      setView((was) => (was === null ? was : { ...was }));
    };
    measure();
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(measure);
    observer?.observe(element);
    // Wheel listeners must not be passive to keep the page from scrolling under the viewer.
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const { viewport: box, size: natural, current: now, ratio: dpr } = state.current;
      const anchor = relative(element, event.clientX, event.clientY);
      setView(zoomTo(now, now.scale * wheelFactor(event.deltaY, event.deltaMode), box, natural, dpr, anchor));
    };
    element.addEventListener("wheel", onWheel, { passive: false });
    return () => {
      observer?.disconnect();
      element.removeEventListener("wheel", onWheel);
    };
  }, []);

  const apply = (next: (now: TView) => TView) => {
    const { current: now } = state.current;
    setView(next(now));
  };
  const zoomBy = (factor: number) => apply((now) => zoomTo(now, now.scale * factor, viewport, size, ratio));
  const toFit = () => setView(null);
  const toActual = () => apply((now) => zoomTo(now, actualScale(ratio), viewport, size, ratio));

  const endHold = () => {
    if (gesture.current?.kind === "hold") onHoldRef.current(false);
  };
  const pointerHandlers = {
    onPointerDown: (event: PointerEvent<HTMLDivElement>) => {
      if (event.pointerType === "mouse" && event.button !== 0) return;
      event.currentTarget.setPointerCapture?.(event.pointerId);
      const point = relative(event.currentTarget, event.clientX, event.clientY);
      pointers.current.set(event.pointerId, point);
      const ids = [...pointers.current.keys()];
      if (ids.length >= 2) {
        endHold();
        const pair: [number, number] = [ids[0]!, ids[1]!];
        gesture.current = {
          kind: "pinch",
          start: state.current.current,
          from: [pointers.current.get(pair[0])!, pointers.current.get(pair[1])!],
          ids: pair,
        };
      } else if (canPan(state.current.current, state.current.viewport, state.current.size)) {
        gesture.current = { kind: "pan", last: point };
      } else {
        gesture.current = { kind: "hold" };
        onHoldRef.current(true);
      }
    },
    onPointerMove: (event: PointerEvent<HTMLDivElement>) => {
      if (!pointers.current.has(event.pointerId)) return;
      const point = relative(event.currentTarget, event.clientX, event.clientY);
      pointers.current.set(event.pointerId, point);
      const now = gesture.current;
      const { viewport: box, size: natural, ratio: dpr } = state.current;
      if (now?.kind === "pan") {
        const dx = point.x - now.last.x;
        const dy = point.y - now.last.y;
        now.last = point;
        apply((was) => panBy(was, dx, dy, box, natural));
      } else if (now?.kind === "pinch") {
        const a = pointers.current.get(now.ids[0]);
        const b = pointers.current.get(now.ids[1]);
        if (a && b) setView(pinchView(now.start, now.from, [a, b], box, natural, dpr));
      }
    },
    onPointerUp: (event: PointerEvent<HTMLDivElement>) => endPointer(event.pointerId),
    onPointerCancel: (event: PointerEvent<HTMLDivElement>) => endPointer(event.pointerId),
    onLostPointerCapture: (event: PointerEvent<HTMLDivElement>) => endPointer(event.pointerId),
  };
  function endPointer(id: number) {
    if (!pointers.current.delete(id)) return;
    endHold();
    // A pinch that loses a finger goes on as a pan with the other.
    const left = [...pointers.current.values()];
    gesture.current = left.length === 1 ? { kind: "pan", last: left[0]! } : null;
  }

  /** + − 0 1 and the arrows; true when the key was the viewer's. */
  const onKeyDown = (event: KeyboardEvent): boolean => {
    if (event.ctrlKey || event.metaKey || event.altKey) return false;
    const step = { x: viewport.width * PAN_STEP_SHARE, y: viewport.height * PAN_STEP_SHARE };
    const pan = (dx: number, dy: number) => apply((now) => panBy(now, dx, dy, viewport, size));
    switch (event.key) {
      case "+":
      case "=":
        zoomBy(ZOOM_STEP);
        return true;
      case "-":
      case "_":
        zoomBy(1 / ZOOM_STEP);
        return true;
      case "0":
        toFit();
        return true;
      case "1":
        toActual();
        return true;
      // An arrow moves the view that way: the image slides the other way.
      case "ArrowLeft":
        pan(step.x, 0);
        return true;
      case "ArrowRight":
        pan(-step.x, 0);
        return true;
      case "ArrowUp":
        pan(0, step.y);
        return true;
      case "ArrowDown":
        pan(0, -step.y);
        return true;
      default:
        return false;
    }
  };

  return {
    setStage,
    view: current,
    viewport,
    image,
    devicePixelRatio: ratio,
    isAtFit: view === null || current.scale <= fitView(viewport, size, ratio).scale + 1e-9,
    isActual: Math.abs(current.scale - actualScale(ratio)) < 1e-9,
    onImageLoad: (img: HTMLImageElement) => {
      if (img.naturalWidth > 0 && img.naturalHeight > 0)
        setImage({ width: img.naturalWidth, height: img.naturalHeight });
    },
    zoomIn: () => zoomBy(ZOOM_STEP),
    zoomOut: () => zoomBy(1 / ZOOM_STEP),
    toFit,
    toActual,
    pointerHandlers,
    onKeyDown,
  };
}

function relative(element: Element, clientX: number, clientY: number): TPoint {
  const box = element.getBoundingClientRect();
  return { x: clientX - box.left - box.width / 2, y: clientY - box.top - box.height / 2 };
}
