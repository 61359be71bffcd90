import { CircleAlert } from "lucide-react";

/** The inline error above a form's submit button; announced by screen readers. */
export function FormError({ message, testId }: { message: string | null; testId: string }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      data-testid={testId}
      // The floating community button steps aside rather than cover the reason (issue 30).
      data-keep-clear=""
      className="flex items-start gap-2 rounded-xl bg-accent-50 px-3.5 py-3 text-sm font-medium text-accent-800 ring-1 ring-accent-100"
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {message}
    </p>
  );
}
