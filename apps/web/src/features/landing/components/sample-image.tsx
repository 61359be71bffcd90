import { ImageOff } from "lucide-react";
import { useState } from "react";
import { cn } from "../../../components/ui/cn.ts";

/** Smaller and newer-format copies of the photo (issue 17): srcset strings by format. */
export interface SampleSources {
  avif: string;
  webp: string;
  jpg: string;
  sizes: string;
}

interface SampleImageProps {
  src: string;
  sources?: SampleSources;
  alt: string;
  tone: "before" | "after";
  placeholderLabel: string;
  /** Enlarged around the face (the samples are cropped with the face centre at 50% × 42%). */
  isZoomed?: boolean;
}

/** A sample photo, or a calm placeholder when the file is not there (yet). */
export function SampleImage({
  src,
  sources,
  alt,
  tone,
  placeholderLabel,
  isZoomed = false,
}: SampleImageProps) {
  const [hasFailed, setHasFailed] = useState(false);

  if (hasFailed) {
    return (
      <div
        role="img"
        aria-label={alt}
        className={cn(
          // The content sits in this side's half, so the handle in the middle never covers it.
          "flex size-full items-center",
          tone === "before" ? "justify-start" : "justify-end",
          tone === "before"
            ? "bg-gradient-to-br from-[#ece6e1] via-[#e2d9d3] to-[#d3c7c0] text-[#8d8079]"
            : // Stands in for a photo, so it stays light in the dark theme too.
              "bg-gradient-to-br from-[#fcf4f6] via-[#f7e3e6] to-[#f1cdd9] text-[#a63f62]",
        )}
      >
        <span className="flex w-1/2 flex-col items-center gap-2.5 px-4 text-center">
          <ImageOff aria-hidden="true" className="size-9 opacity-70" strokeWidth={1.5} />
          <span className="text-[13px] leading-snug font-medium">{placeholderLabel}</span>
        </span>
      </div>
    );
  }

  const image = (
    <img
      src={src}
      srcSet={sources?.jpg}
      sizes={sources?.sizes}
      alt={alt}
      onError={() => setHasFailed(true)}
      draggable={false}
      decoding="async"
      className={cn(
        "size-full origin-[50%_42%] object-cover transition-transform duration-300 select-none motion-reduce:transition-none",
        isZoomed && "scale-[2.2]",
      )}
    />
  );
  if (!sources) return image;
  // The browser takes the first format it can show, at the width the slider needs.
  return (
    <picture className="block size-full">
      <source type="image/avif" srcSet={sources.avif} sizes={sources.sizes} />
      <source type="image/webp" srcSet={sources.webp} sizes={sources.sizes} />
      {image}
    </picture>
  );
}
