import { MASK_OVERLAY_OPACITY, type TMaskColor, type TMaskMode } from "@gyeol/shared/mask";
import { type PointerEvent as ReactPointerEvent, type RefObject, useEffect, useRef, useState } from "react";
import { cn } from "../ui/cn.ts";
import { roundCoordinate, type TMaskDoc, type TMaskOp, type TMaskPaint, type TPoint } from "./model.ts";
import { useOverlay } from "./use-overlay.ts";
import type { TViewport } from "./use-viewport.ts";
import { wheelFactor } from "./viewport.ts";

/** Arrow keys move the view by this many screen pixels. */
const ARROW_PAN_PX = 48;

type TGesture =
  | {
      kind: "stroke";
      pointerId: number;
      op: { kind: "stroke"; mode: TMaskPaint; size: number; points: TPoint[] };
    }
  | { kind: "rect"; pointerId: number; mode: TMaskPaint; start: TPoint; end: TPoint }
  | { kind: "pan"; pointerId: number; x: number; y: number }
  | { kind: "pinch"; distance: number; x: number; y: number }
  /** A gesture ended with fingers still down: nothing happens until they lift. */
  | { kind: "idle" };

interface MaskStageProps {
  imageUrl: string;
  doc: TMaskDoc;
  onCommit: (op: TMaskOp) => void;
  mode: TMaskMode;
  brushSize: number;
  color: TMaskColor;
  isOriginalShown: boolean;
  isPanKeyHeld: boolean;
  viewport: TViewport;
  label: string;
}

function rectOf(start: TPoint, end: TPoint) {
  return {
    x: Math.min(start[0], end[0]),
    y: Math.min(start[1], end[1]),
    w: Math.abs(end[0] - start[0]),
    h: Math.abs(end[1] - start[1]),
  };
}

interface TStageInput {
  stageRef: RefObject<HTMLDivElement | null>;
  contentRef: RefObject<HTMLDivElement | null>;
  cursorRef: RefObject<HTMLDivElement | null>;
  doc: TMaskDoc;
  onCommit: (op: TMaskOp) => void;
  mode: TMaskMode;
  brushSize: number;
  isPanKeyHeld: boolean;
  viewport: TViewport;
  overlay: ReturnType<typeof useOverlay>;
}

/** The stage's ref, with focus on mount, its measured size for the fit, and the non-passive wheel zoom. */
function useStageSetup(setStage: TViewport["setStage"], zoomAt: TViewport["zoomAt"]) {
  const stageRef = useRef<HTMLDivElement>(null);
  // The stage replaces the loading placeholder that held the focus: take it over, so the keys
  // (brush size, undo, zoom) work without a click first.
  useEffect(() => {
    const active = document.activeElement;
    if (!active || active === document.body || active.getAttribute("role") === "dialog") {
      stageRef.current?.focus({ preventScroll: true });
    }
  }, []);

  // Measure the stage for the fit; ResizeObserver where there is one, the window's resize otherwise.
  useEffect(() => {
    const element = stageRef.current;
    if (!element) return;
    const measure = () => {
      const rect = element.getBoundingClientRect();
      setStage({ width: rect.width, height: rect.height });
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    window.addEventListener("resize", measure);
    return () => {
      observer.disconnect();
      window.removeEventListener("resize", measure);
    };
  }, [setStage]);

  // React's wheel listener is passive; zooming must stop the page from scrolling.
  useEffect(() => {
    const element = stageRef.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const rect = element.getBoundingClientRect();
      zoomAt(wheelFactor(event.deltaY, event.deltaMode), event.clientX - rect.left, event.clientY - rect.top);
    };
    element.addEventListener("wheel", onWheel, { passive: false });
    return () => element.removeEventListener("wheel", onWheel);
  }, [zoomAt]);
  return stageRef;
}

/** The gesture in progress, and the strokes, rectangles and pans it draws or moves. */
function useDrawing(input: TStageInput) {
  const { stageRef, contentRef, cursorRef, doc, onCommit, mode, brushSize, isPanKeyHeld, overlay } = input;
  const { view, scale } = input.viewport;
  const gestureRef = useRef<TGesture | null>(null);
  const touchesRef = useRef(new Map<number, { x: number; y: number }>());
  const [rectPreview, setRectPreview] = useState<{ x: number; y: number; w: number; h: number } | null>(null);
  const [isPanning, setIsPanning] = useState(false);

  const toImage = (clientX: number, clientY: number): TPoint => {
    const rect = contentRef.current!.getBoundingClientRect();
    const x = rect.width > 0 ? ((clientX - rect.left) / rect.width) * doc.width : 0;
    const y = rect.height > 0 ? ((clientY - rect.top) / rect.height) * doc.height : 0;
    return [roundCoordinate(x), roundCoordinate(y)];
  };

  const moveCursor = (event: ReactPointerEvent, isVisible: boolean) => {
    const cursor = cursorRef.current;
    const stage = stageRef.current;
    if (!cursor || !stage) return;
    const showsBrush = isVisible && mode !== "rect" && event.pointerType !== "touch" && !isPanKeyHeld;
    cursor.style.display = showsBrush ? "block" : "none";
    if (!showsBrush) return;
    const rect = stage.getBoundingClientRect();
    const diameter = brushSize * view.zoom;
    cursor.style.width = `${diameter}px`;
    cursor.style.height = `${diameter}px`;
    cursor.style.transform = `translate(${event.clientX - rect.left - diameter / 2}px, ${event.clientY - rect.top - diameter / 2}px)`;
  };

  /** Drops a stroke or rectangle that turned out to be the start of a pinch. */
  const cancelDrawing = () => {
    const gesture = gestureRef.current;
    if (gesture?.kind === "stroke") overlay.restore();
    setRectPreview(null);
  };

  const startDrawing = (event: ReactPointerEvent, paint: TMaskPaint) => {
    const point = toImage(event.clientX, event.clientY);
    if (mode === "rect") {
      gestureRef.current = {
        kind: "rect",
        pointerId: event.pointerId,
        mode: paint,
        start: point,
        end: point,
      };
      setRectPreview(rectOf(point, point));
      return;
    }
    const op = {
      kind: "stroke" as const,
      mode: paint,
      size: roundCoordinate(brushSize / scale),
      points: [point],
    };
    gestureRef.current = { kind: "stroke", pointerId: event.pointerId, op };
    overlay.beginLive();
    overlay.drawLive(op);
  };

  const extendStroke = (op: { mode: TMaskPaint; size: number; points: TPoint[] }, point: TPoint) => {
    const last = op.points.at(-1)!;
    // Points closer than a screen pixel add nothing anyone could see.
    const minimum = 1 / (scale * view.zoom);
    if (Math.hypot(point[0] - last[0], point[1] - last[1]) < minimum) return;
    op.points.push(point);
    overlay.drawLive({ kind: "stroke", ...op, points: [last, point] });
  };

  const finishGesture = (pointerId: number) => {
    const gesture = gestureRef.current;
    if (!gesture) return;
    if (gesture.kind === "stroke" && gesture.pointerId === pointerId) {
      const op: TMaskOp = { ...gesture.op, points: [...gesture.op.points] };
      overlay.markDrawn(op);
      onCommit(op);
    } else if (gesture.kind === "rect" && gesture.pointerId === pointerId) {
      const rect = rectOf(gesture.start, gesture.end);
      setRectPreview(null);
      if (rect.w > 0 && rect.h > 0) onCommit({ kind: "rect", mode: gesture.mode, ...rect });
    } else if (gesture.kind === "pan" && gesture.pointerId === pointerId) {
      setIsPanning(false);
    } else if (gesture.kind === "pinch" || gesture.kind === "idle") {
      gestureRef.current = touchesRef.current.size > 0 ? { kind: "idle" } : null;
      return;
    } else {
      return;
    }
    gestureRef.current = touchesRef.current.size > 0 ? { kind: "idle" } : null;
  };

  const pinchOf = (): { distance: number; x: number; y: number } => {
    const [a, b] = [...touchesRef.current.values()];
    const rect = stageRef.current!.getBoundingClientRect();
    return {
      distance: Math.hypot(a!.x - b!.x, a!.y - b!.y),
      x: (a!.x + b!.x) / 2 - rect.left,
      y: (a!.y + b!.y) / 2 - rect.top,
    };
  };

  return {
    gestureRef,
    touchesRef,
    rectPreview,
    setRectPreview,
    isPanning,
    setIsPanning,
    toImage,
    moveCursor,
    cancelDrawing,
    startDrawing,
    extendStroke,
    finishGesture,
    pinchOf,
  };
}

/** The stage's pointer handlers: which gesture a press starts, and what a move does to it. */
function useStagePointer(input: TStageInput) {
  const { stageRef, mode, isPanKeyHeld } = input;
  const { zoomAt, panBy } = input.viewport;
  const drawing = useDrawing(input);
  const { gestureRef, touchesRef, setRectPreview, setIsPanning, toImage, moveCursor } = drawing;
  const { cancelDrawing, startDrawing, extendStroke, finishGesture, pinchOf } = drawing;

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    stageRef.current?.focus({ preventScroll: true });
    if (event.pointerType === "touch") {
      touchesRef.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
      if (touchesRef.current.size === 2) {
        cancelDrawing();
        gestureRef.current = { kind: "pinch", ...pinchOf() };
        return;
      }
      if (touchesRef.current.size > 2 || gestureRef.current) return;
    } else if (gestureRef.current) {
      return;
    }
    try {
      event.currentTarget.setPointerCapture(event.pointerId);
    } catch {
      // jsdom and some pens refuse capture; the gesture still works while over the stage.
    }
    if (event.button === 1 || (isPanKeyHeld && event.pointerType !== "touch")) {
      event.preventDefault();
      gestureRef.current = { kind: "pan", pointerId: event.pointerId, x: event.clientX, y: event.clientY };
      setIsPanning(true);
      return;
    }
    if (event.button !== 0 && event.button !== 2 && event.button !== 5) return;
    const isEraser =
      event.button === 2 || event.button === 5 || (event.buttons & 32) !== 0 || mode === "erase";
    startDrawing(event, isEraser ? "erase" : "draw");
  };

  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    moveCursor(event, true);
    if (event.pointerType === "touch" && touchesRef.current.has(event.pointerId)) {
      touchesRef.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    }
    const gesture = gestureRef.current;
    if (!gesture) return;
    if (gesture.kind === "pinch") {
      if (touchesRef.current.size < 2) return;
      const next = pinchOf();
      if (gesture.distance > 0) zoomAt(next.distance / gesture.distance, next.x, next.y);
      panBy(next.x - gesture.x, next.y - gesture.y);
      gestureRef.current = { kind: "pinch", ...next };
      return;
    }
    if (!("pointerId" in gesture) || gesture.pointerId !== event.pointerId) return;
    if (gesture.kind === "pan") {
      panBy(event.clientX - gesture.x, event.clientY - gesture.y);
      gestureRef.current = { ...gesture, x: event.clientX, y: event.clientY };
    } else if (gesture.kind === "rect") {
      const end = toImage(event.clientX, event.clientY);
      gestureRef.current = { ...gesture, end };
      setRectPreview(rectOf(gesture.start, end));
    } else if (gesture.kind === "stroke") {
      const events = event.nativeEvent.getCoalescedEvents?.() ?? [];
      const samples = events.length > 0 ? events : [event];
      for (const sample of samples) extendStroke(gesture.op, toImage(sample.clientX, sample.clientY));
    }
  };

  const onPointerEnd = (event: ReactPointerEvent<HTMLDivElement>) => {
    touchesRef.current.delete(event.pointerId);
    finishGesture(event.pointerId);
    if (event.type === "pointercancel") moveCursor(event, false);
  };

  return { ...drawing, onPointerDown, onPointerMove, onPointerEnd };
}

/** Arrow keys pan the view. */
function panByArrow(event: React.KeyboardEvent<HTMLDivElement>, panBy: TViewport["panBy"]) {
  const moves: Record<string, [number, number]> = {
    ArrowLeft: [ARROW_PAN_PX, 0],
    ArrowRight: [-ARROW_PAN_PX, 0],
    ArrowUp: [0, ARROW_PAN_PX],
    ArrowDown: [0, -ARROW_PAN_PX],
  };
  const move = moves[event.key];
  if (!move) return;
  event.preventDefault();
  panBy(move[0], move[1]);
}

/**
 * The picture with its mask on top. Pointer events: the left button (or a finger, or a pen)
 * paints in the chosen mode, the right button and a pen's eraser erase, the middle button or
 * Space+drag pan, two fingers pinch and pan; the wheel zooms at the cursor.
 */
export function MaskStage({
  imageUrl,
  doc,
  onCommit,
  mode,
  brushSize,
  color,
  isOriginalShown,
  isPanKeyHeld,
  viewport,
  label,
}: MaskStageProps) {
  const contentRef = useRef<HTMLDivElement>(null);
  const cursorRef = useRef<HTMLDivElement>(null);
  const overlay = useOverlay(doc, color);
  const { view, fitted, area, setStage, zoomAt, panBy } = viewport;
  const stageRef = useStageSetup(setStage, zoomAt);
  const { rectPreview, isPanning, gestureRef, moveCursor, onPointerDown, onPointerMove, onPointerEnd } =
    useStagePointer({
      stageRef,
      contentRef,
      cursorRef,
      doc,
      onCommit,
      mode,
      brushSize,
      isPanKeyHeld,
      viewport,
      overlay,
    });

  const contentLeft = (area.width - fitted.width) / 2;
  const contentTop = (area.height - fitted.height) / 2;
  const gesture = gestureRef.current;
  const isDrawing = gesture?.kind === "stroke" || gesture?.kind === "rect";

  return (
    <div
      ref={stageRef}
      role="application"
      aria-label={label}
      aria-roledescription="canvas"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the drawing surface takes keys (arrows pan, shortcuts).
      tabIndex={0}
      data-testid="mask-editor-stage"
      className={cn(
        "relative min-h-0 flex-1 touch-none overflow-hidden select-none outline-none",
        "rounded-2xl bg-black/40 focus-visible:ring-2 focus-visible:ring-white/50",
        isPanning
          ? "cursor-grabbing"
          : isPanKeyHeld
            ? "cursor-grab"
            : mode === "rect"
              ? "cursor-crosshair"
              : "cursor-none",
      )}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
      onPointerLeave={(event) => {
        if (!isDrawing) moveCursor(event, false);
      }}
      onContextMenu={(event) => event.preventDefault()}
      onKeyDown={(event) => panByArrow(event, panBy)}
    >
      <div
        ref={contentRef}
        data-testid="mask-editor-content"
        className="absolute"
        style={{
          left: contentLeft,
          top: contentTop,
          width: fitted.width,
          height: fitted.height,
          transform: `translate(${view.panX}px, ${view.panY}px) scale(${view.zoom})`,
          transformOrigin: "center",
        }}
      >
        <img src={imageUrl} alt="" draggable={false} className="pointer-events-none block size-full" />
        <canvas
          ref={overlay.canvasRef}
          data-testid="mask-editor-overlay"
          className="pointer-events-none absolute inset-0 size-full"
          style={{ opacity: MASK_OVERLAY_OPACITY, visibility: isOriginalShown ? "hidden" : "visible" }}
        />
        {rectPreview && (
          <div
            data-testid="mask-editor-rect-preview"
            className="pointer-events-none absolute border-2 border-dashed border-white bg-white/15 mix-blend-difference"
            style={{
              left: `${(rectPreview.x / doc.width) * 100}%`,
              top: `${(rectPreview.y / doc.height) * 100}%`,
              width: `${(rectPreview.w / doc.width) * 100}%`,
              height: `${(rectPreview.h / doc.height) * 100}%`,
            }}
          />
        )}
      </div>
      <div
        ref={cursorRef}
        aria-hidden="true"
        className="pointer-events-none absolute top-0 left-0 hidden rounded-full border-2 border-white shadow-[0_0_0_1px_rgb(0_0_0/0.6)]"
      />
    </div>
  );
}
