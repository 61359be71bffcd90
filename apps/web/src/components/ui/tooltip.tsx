import { Tooltip as RadixTooltip } from "radix-ui";
import type { ReactNode } from "react";
import { cn } from "./cn.ts";

interface TooltipProps {
  content: ReactNode;
  children: ReactNode;
  testId?: string;
  className?: string;
}

/**
 * A tooltip on the radix Tooltip: hover and keyboard focus open it. The trigger is a focusable
 * wrapper, so it also works around a disabled button (which receives no pointer events).
 */
export function Tooltip({ content, children, testId, className }: TooltipProps) {
  return (
    <RadixTooltip.Provider delayDuration={120}>
      <RadixTooltip.Root>
        <RadixTooltip.Trigger asChild>
          <span
            // biome-ignore lint/a11y/noNoninteractiveTabindex: the wrapper of a disabled button takes focus to show why it is disabled (radix's advice).
            tabIndex={0}
            className={cn("block rounded-full [&>button:disabled]:pointer-events-none", className)}
            data-testid={testId && `${testId}-trigger`}
          >
            {children}
          </span>
        </RadixTooltip.Trigger>
        <RadixTooltip.Portal>
          <RadixTooltip.Content
            side="top"
            sideOffset={8}
            data-testid={testId}
            className="z-50 max-w-64 animate-fade-in rounded-xl bg-ink px-3.5 py-2.5 text-center text-[13px] leading-snug font-medium text-white shadow-float"
          >
            {content}
            <RadixTooltip.Arrow className="fill-ink" />
          </RadixTooltip.Content>
        </RadixTooltip.Portal>
      </RadixTooltip.Root>
    </RadixTooltip.Provider>
  );
}
