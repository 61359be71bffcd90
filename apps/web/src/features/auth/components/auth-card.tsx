import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { LogoMark } from "../../../components/brand/logo-mark.tsx";

interface AuthCardProps {
  title: string;
  subtitle: string;
  children: ReactNode;
  footer: ReactNode;
}

/** The centred card both sign-in pages share. */
export function AuthCard({ title, subtitle, children, footer }: AuthCardProps) {
  return (
    <section className="relative flex flex-1 justify-center overflow-hidden px-4 py-10 sm:items-center sm:py-16">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-40 left-1/2 size-[42rem] -translate-x-1/2 rounded-full bg-[radial-gradient(circle,var(--color-accent-100)_0%,transparent_62%)]"
      />
      <div className="relative w-full max-w-[27rem]">
        <div className="rounded-[1.75rem] border border-line bg-surface px-5 py-8 shadow-card sm:px-9 sm:py-10">
          <div className="mb-7 flex flex-col items-center text-center">
            <LogoMark className="size-11" />
            <h1 className="mt-4 text-2xl font-bold tracking-tight text-ink">{title}</h1>
            <p className="mt-1.5 text-[15px] text-muted">{subtitle}</p>
          </div>
          {children}
        </div>
        <div className="mt-6 text-center text-[15px] text-ink-soft">{footer}</div>
      </div>
    </section>
  );
}

export function OrDivider() {
  const { t } = useTranslation();
  return (
    <div className="my-6 flex items-center gap-3 text-xs font-medium text-muted" aria-hidden="true">
      <span className="h-px flex-1 bg-line" />
      {t("common.or")}
      <span className="h-px flex-1 bg-line" />
    </div>
  );
}
