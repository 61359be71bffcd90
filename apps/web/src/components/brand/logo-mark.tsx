import { useId } from "react";
import { cn } from "../ui/cn.ts";

/** The Gyeol mark: three soft strokes, the grain (결) of skin, on a rose-plum tile. */
export function LogoMark({ className }: { className?: string }) {
  const gradientId = useId();
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" className={cn("size-9 shrink-0", className)}>
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#d57896" />
          <stop offset="1" stopColor="#722a44" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="18" fill={`url(#${gradientId})`} />
      <g fill="none" stroke="#fff" strokeLinecap="round" strokeWidth="4.5">
        <path d="M15 24c6-5 12-5 17 0s11 5 17 0" opacity=".95" />
        <path d="M15 34c6-5 12-5 17 0s11 5 17 0" opacity=".8" />
        <path d="M15 44c6-5 12-5 17 0s11 5 17 0" opacity=".6" />
      </g>
    </svg>
  );
}
