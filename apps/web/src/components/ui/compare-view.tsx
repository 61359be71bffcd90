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

/** The slider's round handle, the same wherever a before/after slider is shown. */
export const COMPARE_HANDLE = (
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
);

const BADGE =
  "pointer-events-none absolute top-3 z-10 rounded-full px-3 py-1 text-xs font-semibold text-white backdrop-blur";

/** "Before" over the left image and "after" over the right one. */
export function CompareBadges({
  before,
  after,
  className,
}: {
  before: string;
  after: string;
  className?: string;
}) {
  return (
    <>
      <span className={cn(BADGE, "left-3 bg-ink/65", className)}>{before}</span>
      <span className={cn(BADGE, "right-3 bg-accent-600/85", className)}>{after}</span>
    </>
  );
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
        handle={COMPARE_HANDLE}
      />
      <CompareBadges before={labels.before} after={labels.after} />
    </div>
  );
}
