import type { ButtonHTMLAttributes } from "react";
import { cn } from "./cn.ts";
import { Spinner } from "./spinner.tsx";

export type TButtonVariant = "primary" | "secondary" | "ghost" | "dark" | "light";
export type TButtonSize = "sm" | "md" | "lg";

const VARIANTS: Record<TButtonVariant, string> = {
  primary:
    "bg-accent-600 text-white shadow-soft hover:bg-accent-700 active:bg-accent-800 disabled:bg-accent-300",
  secondary:
    "border border-line-strong bg-surface text-ink hover:border-ink/25 hover:bg-canvas active:bg-canvas-deep",
  ghost: "text-ink-soft hover:bg-ink/5 hover:text-ink active:bg-ink/10",
  dark: "bg-ink text-white shadow-soft hover:bg-ink-soft active:bg-black",
  // Stays white in dark too: it sits on the rose banner, the black mask editor and photos.
  light: "bg-paper text-paper-ink shadow-soft hover:bg-paper-tint",
};

const SIZES: Record<TButtonSize, string> = {
  sm: "h-9 gap-1.5 rounded-full px-3.5 text-sm",
  md: "h-11 gap-2 rounded-full px-5 text-[15px]",
  lg: "h-13 gap-2 rounded-full px-7 text-base",
};

/** Button looks for <button>, <a> and router <Link> alike. */
export function buttonStyles({
  variant = "primary",
  size = "md",
  className,
}: {
  variant?: TButtonVariant;
  size?: TButtonSize;
  className?: string;
} = {}): string {
  return cn(
    "inline-flex shrink-0 items-center justify-center font-semibold whitespace-nowrap transition-colors duration-150 select-none",
    "disabled:cursor-not-allowed disabled:opacity-70",
    VARIANTS[variant],
    SIZES[size],
    className,
  );
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: TButtonVariant;
  size?: TButtonSize;
  isLoading?: boolean;
}

export function Button({
  variant,
  size,
  isLoading = false,
  className,
  children,
  disabled,
  type = "button",
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonStyles({ variant, size, className })}
      disabled={disabled || isLoading}
      aria-busy={isLoading || undefined}
      {...props}
    >
      {isLoading && <Spinner className="size-4" />}
      {children}
    </button>
  );
}
