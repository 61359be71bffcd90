import type { TMaskColor } from "@gyeol/shared/mask";
import { useCallback, useEffect, useLayoutEffect, useRef } from "react";
import { paintOverlay } from "./canvas.ts";
import { Checkpoints } from "./checkpoints.ts";
import { drawOp, type TMaskDoc, type TMaskOp } from "./model.ts";
import { createRaster, fullRect, type TDirtyRect, type TRaster } from "./raster.ts";

/** The on-screen mask is drawn at most this many pixels on its long side; the saved one at full size. */
const MAX_DISPLAY_SIDE = 2048;

/**
 * The mask on screen: a raster in step with the document, painted on the overlay canvas. A new
 * operation is drawn on top (the stroke being drawn, segment by segment, as it comes); undo and
 * anything else start again from the newest checkpoint that still applies.
 */
export function useOverlay(doc: TMaskDoc, color: TMaskColor) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const rasterRef = useRef<TRaster | null>(null);
  const paintedDocRef = useRef<TMaskDoc | null>(null);
  const liveOpRef = useRef<TMaskOp | null>(null);
  const checkpointsRef = useRef(new Checkpoints());
  const scale = Math.min(1, MAX_DISPLAY_SIDE / Math.max(doc.width, doc.height));

  const raster = (): TRaster => {
    const width = Math.max(1, Math.round(doc.width * scale));
    const height = Math.max(1, Math.round(doc.height * scale));
    if (!rasterRef.current || rasterRef.current.width !== width || rasterRef.current.height !== height) {
      rasterRef.current = createRaster(width, height);
      paintedDocRef.current = null;
      checkpointsRef.current.clear();
    }
    return rasterRef.current;
  };

  const paint = (dirty: TDirtyRect | null) => {
    if (canvasRef.current && rasterRef.current)
      paintOverlay(canvasRef.current, rasterRef.current, color, dirty);
  };

  const repaintAll = useCallback(() => {
    const current = rasterRef.current;
    if (canvasRef.current && current) paintOverlay(canvasRef.current, current, color, fullRect(current));
  }, [color]);

  useLayoutEffect(() => {
    const target = raster();
    const previous = paintedDocRef.current;
    if (previous === doc) return;
    const isOneMore =
      previous !== null &&
      doc.ops.length === previous.ops.length + 1 &&
      previous.ops.every((op, index) => op === doc.ops[index]);
    let dirty: TDirtyRect | null = null;
    if (!isOneMore) {
      checkpointsRef.current.render(target, doc, scale);
      dirty = fullRect(target);
    } else if (doc.ops.at(-1) !== liveOpRef.current) {
      checkpointsRef.current.take(target, previous.ops);
      dirty = drawOp(target, doc.ops.at(-1)!, scale, scale);
    }
    liveOpRef.current = null;
    paintedDocRef.current = doc;
    paint(dirty);
  });

  useEffect(repaintAll, [repaintAll]);

  return {
    canvasRef,
    /** Keeps what is shown (so undoing the stroke, or a pinch dropping it, is instant). */
    beginLive: () => checkpointsRef.current.take(raster(), doc.ops),
    /** Draws part of the operation being made, before it is committed. */
    drawLive: (op: TMaskOp) => paint(drawOp(raster(), op, scale, scale)),
    /** The committed operation is already on screen: the document catching up draws nothing. */
    markDrawn: (op: TMaskOp) => {
      liveOpRef.current = op;
    },
    /** Drops what was drawn live and shows the document again. */
    restore: () => {
      checkpointsRef.current.render(raster(), doc, scale);
      repaintAll();
    },
  };
}
