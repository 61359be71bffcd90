import { ImageOff } from "lucide-react";
import { useState } from "react";
import { cn } from "../../../components/ui/cn.ts";

interface SampleImageProps {
  src: string;
  alt: string;
  tone: "before" | "after";
  placeholderLabel: string;
}

/** A sample photo, or a calm placeholder when the file is not there (yet). */
export function SampleImage({ src, alt, tone, placeholderLabel }: SampleImageProps) {
  const [hasFailed, setHasFailed] = useState(false);

  if (hasFailed) {
    return (
      <div
        role="img"
        aria-label={alt}
        className={cn(
          "flex size-full flex-col items-center justify-center gap-3",
          tone === "before"
            ? "bg-gradient-to-br from-[#ece6e1] via-[#e2d9d3] to-[#d3c7c0] text-[#8d8079]"
            : "bg-gradient-to-br from-accent-50 via-[#f7e3e6] to-accent-200 text-accent-600",
        )}
      >
        <ImageOff aria-hidden="true" className="size-10 opacity-70" strokeWidth={1.5} />
        <span className="px-6 text-center text-sm font-medium">{placeholderLabel}</span>
      </div>
    );
  }

  return (
    <img
      src={src}
      alt={alt}
      onError={() => setHasFailed(true)}
      draggable={false}
      decoding="async"
      className="size-full object-cover select-none"
    />
  );
}
