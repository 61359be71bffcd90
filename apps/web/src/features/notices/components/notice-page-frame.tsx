import type { ReactNode } from "react";

/** The notice pages' frame: the heading block and a centred column, as the other pages use. */
export function NoticePageFrame({
  eyebrow,
  title,
  description,
  actions,
  children,
  testId,
}: {
  eyebrow: string;
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  testId: string;
}) {
  return (
    <section
      data-testid={testId}
      className="mx-auto w-full max-w-5xl flex-1 px-4 pt-10 pb-20 sm:px-6 sm:pt-14"
    >
      <header className="mb-8 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <p className="text-xs font-bold tracking-[0.18em] text-accent-600 uppercase">{eyebrow}</p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight break-words text-ink sm:text-4xl">{title}</h1>
          {description && <p className="mt-3 max-w-2xl leading-relaxed text-ink-soft">{description}</p>}
        </div>
        {actions && <div className="flex shrink-0 flex-wrap gap-2">{actions}</div>}
      </header>
      {children}
    </section>
  );
}

export function NoticeLoading({ label }: { label: string }) {
  return (
    <p
      data-testid="notice-loading"
      className="rounded-3xl border border-line bg-surface px-6 py-16 text-center text-muted shadow-soft"
    >
      {label}
    </p>
  );
}
