import { useState } from "react";
import { ReactCompareSlider, ReactCompareSliderHandle } from "react-compare-slider";
import { cn } from "./cn.ts";

/** The words on the slider; each feature passes its own strings. */
export interface CompareLabels {
  before: string;
  after: string;
  compare: string;
}

interface CompareViewProps {
  beforeUrl: string;
  labels: CompareLabels;
  afterUrl: string;
  /** Fill the parent (fullscreen) instead of sizing to the image's own ratio. */
  isFill?: boolean;
  className?: string;
  testId?: string;
}

/** The before/after slider (spec 02 §2.1 result, §2.5 history viewer), sized to the result's own ratio. */
export function CompareView({
  beforeUrl,
  afterUrl,
  labels,
  isFill = false,
  className,
  testId = "compare-view",
}: CompareViewProps) {
  const [ratio, setRatio] = useState<number | null>(null);
  const image = (src: string, alt: string, onLoad?: (img: HTMLImageElement) => void) => (
    <img
      src={src}
      alt={alt}
      draggable={false}
      onLoad={onLoad ? (event) => onLoad(event.currentTarget) : undefined}
      className="size-full object-contain"
    />
  );
  return (
    <div
      data-testid={testId}
      className={cn(
        "relative overflow-hidden rounded-2xl bg-canvas-deep",
        isFill ? "size-full" : "w-full",
        className,
      )}
      style={isFill ? undefined : { aspectRatio: ratio ?? 4 / 5, maxHeight: "70vh" }}
    >
      <ReactCompareSlider
        aria-label={labels.compare}
        className="size-full"
        itemOne={image(beforeUrl, labels.before)}
        itemTwo={image(afterUrl, labels.after, (img) => {
          if (img.naturalWidth && img.naturalHeight) setRatio(img.naturalWidth / img.naturalHeight);
        })}
        handle={
          <ReactCompareSliderHandle
            buttonStyle={{
              width: 44,
              height: 44,
              border: 0,
              backdropFilter: "blur(6px)",
              background: "rgb(255 255 255 / 0.92)",
              color: "#8a3150",
              boxShadow: "0 6px 20px rgb(36 28 32 / 0.25)",
            }}
            linesStyle={{ width: 2, background: "rgb(255 255 255 / 0.95)" }}
          />
        }
      />
      <span className="pointer-events-none absolute top-3 left-3 z-10 rounded-full bg-ink/65 px-3 py-1 text-xs font-semibold text-white backdrop-blur">
        {labels.before}
      </span>
      <span className="pointer-events-none absolute top-3 right-3 z-10 rounded-full bg-accent-600/85 px-3 py-1 text-xs font-semibold text-white backdrop-blur">
        {labels.after}
      </span>
    </div>
  );
}
