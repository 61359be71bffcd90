import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import {
  clampPan,
  FITTED_VIEW,
  fitScale,
  panBy as panViewBy,
  type TSize,
  type TView,
  ZOOM_STEP,
  zoomAt as zoomViewAt,
} from "./viewport.ts";

function readWindowSize(): TSize {
  return { width: window.innerWidth, height: window.innerHeight };
}

/** Zoom and pan of one open editor; the stage reports its size, the toolbar and gestures move the view. */
export function useViewport(image: TSize | null) {
  const [view, setView] = useState<TView>(FITTED_VIEW);
  const [stage, setStage] = useState<TSize>({ width: 0, height: 0 });
  const [windowSize, setWindowSize] = useState(readWindowSize);

  useEffect(() => {
    const onResize = () => setWindowSize(readWindowSize());
    window.addEventListener("resize", onResize);
    return () => window.removeEventListener("resize", onResize);
  }, []);

  // Before the stage is measured (and in jsdom, where nothing has a size) the window stands in.
  const area = stage.width > 0 && stage.height > 0 ? stage : windowSize;
  const scale = image ? fitScale(image, area, windowSize) : 1;
  const fitted = useMemo<TSize>(
    () => (image ? { width: image.width * scale, height: image.height * scale } : { width: 0, height: 0 }),
    [image, scale],
  );

  const latest = useRef({ area, fitted });
  latest.current = { area, fitted };

  const update = useCallback((change: (current: TView) => TView) => {
    setView((current) => clampPan(change(current), latest.current.fitted, latest.current.area));
  }, []);

  /** Zooms keeping the stage point (x, y) still; the stage's centre when none is given. */
  const zoomAt = useCallback(
    (factor: number, x?: number, y?: number) =>
      update((current) => {
        const { area: size } = latest.current;
        return zoomViewAt(current, factor, x ?? size.width / 2, y ?? size.height / 2, size);
      }),
    [update],
  );
  const zoomIn = useCallback(() => zoomAt(ZOOM_STEP), [zoomAt]);
  const zoomOut = useCallback(() => zoomAt(1 / ZOOM_STEP), [zoomAt]);
  const panBy = useCallback(
    (dx: number, dy: number) => update((current) => panViewBy(current, dx, dy)),
    [update],
  );
  const fit = useCallback(() => setView(FITTED_VIEW), []);

  return { view, area, setStage, scale, fitted, zoomAt, zoomIn, zoomOut, panBy, fit };
}

export type TViewport = ReturnType<typeof useViewport>;
