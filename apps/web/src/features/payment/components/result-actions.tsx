import type { LucideIcon } from "lucide-react";
import { Link } from "react-router";
import { buttonStyles } from "../../../components/ui/button.tsx";

export interface ResultAction {
  to: string;
  testId: string;
  icon: LucideIcon;
  label: string;
}

/** The two ways on from a payment result page: the main one first, side by side from `sm` up. */
export function ResultActions({ primary, secondary }: { primary: ResultAction; secondary: ResultAction }) {
  return (
    <div className="mt-7 grid gap-2.5 sm:grid-cols-2">
      {[primary, secondary].map(({ to, testId, icon: Icon, label }, index) => (
        <Link
          key={testId}
          to={to}
          data-testid={testId}
          className={buttonStyles({ variant: index === 0 ? "primary" : "secondary" })}
        >
          <Icon aria-hidden="true" className="size-4" />
          {label}
        </Link>
      ))}
    </div>
  );
}
