import { type ReactNode, useState } from "react";
import { ReactCompareSliderHandle } from "react-compare-slider";
import { HandleRoot, Item, Provider, Root } from "react-compare-slider/components";
import { useReactCompareSlider } from "react-compare-slider/hooks";
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

/**
 * The focus ring drawn on the handle's round button (the handle root is as large as the slider).
 * String.raw keeps Tailwind's escaped underscores: the library's class is `__rcs-handle-button`.
 */
const HANDLE_FOCUS = String.raw`[&:focus-visible_.\_\_rcs-handle-button]:outline-3 [&:focus-visible_.\_\_rcs-handle-button]:outline-offset-2 [&:focus-visible_.\_\_rcs-handle-button]:outline-accent-600 [&:focus-visible_.\_\_rcs-handle-button]:outline-solid`;

/**
 * ReactCompareSlider, composed from its parts so the handle (the role="slider" element that takes
 * focus) carries our label in the page's language and shows a focus ring: the library names it
 * "Click and drag or focus and use arrow keys…" in English and removes its outline.
 */
export function CompareSlider({
  label,
  itemOne,
  itemTwo,
  className,
}: {
  label: string;
  itemOne: ReactNode;
  itemTwo: ReactNode;
  className?: string;
}) {
  const context = useReactCompareSlider();
  return (
    <Provider {...context}>
      <Root className={className}>
        <Item item="itemOne">{itemOne}</Item>
        <Item item="itemTwo">{itemTwo}</Item>
        <HandleRoot aria-label={label} className={HANDLE_FOCUS}>
          {COMPARE_HANDLE}
        </HandleRoot>
      </Root>
    </Provider>
  );
}

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
      <CompareSlider
        label={labels.compare}
        className="size-full"
        itemOne={image(beforeUrl, labels.before)}
        itemTwo={image(afterUrl, labels.after, (img) => {
          if (img.naturalWidth && img.naturalHeight) setRatio(img.naturalWidth / img.naturalHeight);
        })}
      />
      <CompareBadges before={labels.before} after={labels.after} />
    </div>
  );
}
