import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "../../../components/ui/cn.ts";

interface PaymentResultFrameProps {
  tone: "success" | "failure";
  icon: LucideIcon;
  eyebrow: string;
  title: string;
  description: string;
  children: ReactNode;
  testId: string;
}

/** The card the payment success and failed screens share. */
export function PaymentResultFrame({
  tone,
  icon: Icon,
  eyebrow,
  title,
  description,
  children,
  testId,
}: PaymentResultFrameProps) {
  return (
    <section
      data-testid={testId}
      className="relative flex flex-1 items-start justify-center overflow-hidden px-4 py-12 sm:items-center sm:py-20"
    >
      <div
        aria-hidden="true"
        className={cn(
          "pointer-events-none absolute top-1/3 left-1/2 size-[40rem] -translate-x-1/2 -translate-y-1/2 rounded-full opacity-70",
          tone === "success"
            ? "bg-[radial-gradient(circle,var(--color-accent-100)_0%,transparent_65%)]"
            : "bg-[radial-gradient(circle,var(--color-glow-danger)_0%,transparent_65%)]",
        )}
      />
      <div className="relative w-full max-w-lg animate-pop-in rounded-[2rem] border border-line bg-surface p-7 text-center shadow-card sm:p-10">
        <span
          className={cn(
            "mx-auto grid size-16 place-items-center rounded-full text-white shadow-soft",
            tone === "success"
              ? "bg-gradient-to-br from-accent-400 to-accent-700"
              : "bg-gradient-to-br from-[#e0675a] to-[#b42318]",
          )}
        >
          <Icon aria-hidden="true" className="size-8" strokeWidth={2.25} />
        </span>
        <p
          className={cn(
            "mt-6 text-xs font-bold tracking-[0.18em] uppercase",
            tone === "success" ? "text-accent-600" : "text-danger",
          )}
        >
          {eyebrow}
        </p>
        <h1 className="mt-2 text-2xl font-bold tracking-tight text-ink sm:text-3xl">{title}</h1>
        <p className="mx-auto mt-3 max-w-sm leading-relaxed text-ink-soft">{description}</p>
        {children}
      </div>
    </section>
  );
}
