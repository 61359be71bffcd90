import type { ReactNode } from "react";
import { cn } from "./cn.ts";

interface OptionCardProps {
  title: ReactNode;
  aside?: ReactNode;
  children: ReactNode;
  className?: string;
  testId?: string;
}

/** One card of the controls column: a small heading, an optional right-hand note, the controls. */
export function OptionCard({ title, aside, children, className, testId }: OptionCardProps) {
  return (
    <section
      data-testid={testId}
      className={cn("rounded-3xl border border-line bg-surface p-4 shadow-soft min-[700px]:p-5", className)}
    >
      <div className="mb-3.5 flex items-center justify-between gap-3">
        <h2 className="text-[15px] font-bold tracking-tight text-ink">{title}</h2>
        {aside}
      </div>
      {children}
    </section>
  );
}
