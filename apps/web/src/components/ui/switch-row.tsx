import { useId } from "react";
import { cn } from "./cn.ts";

interface SwitchRowProps {
  label: string;
  isOn: boolean;
  onChange: (isOn: boolean) => void;
  testId?: string;
}

/** A labelled on/off switch (role switch): Space and Enter toggle it. */
export function SwitchRow({ label, isOn, onChange, testId }: SwitchRowProps) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-3 rounded-xl bg-canvas px-3 py-2">
      <span id={id} className="text-[13px] font-semibold text-ink-soft">
        {label}
      </span>
      <button
        type="button"
        role="switch"
        aria-checked={isOn}
        aria-labelledby={id}
        data-testid={testId}
        onClick={() => onChange(!isOn)}
        // Off is an outlined track with a muted knob, on a filled rose track with a white one: each
        // state's track and knob stand 3:1 or more apart from what is around them (WCAG 1.4.11); a
        // white knob on the pale off track (1.5:1) was hard to see.
        className={cn(
          "relative h-6 w-10 shrink-0 rounded-full transition-colors",
          isOn ? "bg-accent-600" : "bg-surface ring-2 ring-muted ring-inset",
        )}
      >
        <span
          aria-hidden="true"
          className={cn(
            "absolute top-0.5 left-0.5 size-5 rounded-full transition-transform",
            isOn ? "translate-x-4 bg-white shadow-soft" : "scale-75 bg-muted",
          )}
        />
      </button>
    </div>
  );
}
