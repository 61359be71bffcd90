import { Spinner } from "./spinner.tsx";

/** A page-sized loading state: a spinner with a label, faded in late so fast loads never flash it. */
export function CenteredSpinner({ label }: { label: string }) {
  return (
    <div role="status" className="flex flex-1 items-center justify-center py-32">
      <span className="flex animate-fade-in items-center gap-3 text-muted opacity-0 [animation-delay:200ms]">
        <Spinner className="size-5 text-accent-500" />
        <span className="text-sm">{label}</span>
      </span>
    </div>
  );
}
