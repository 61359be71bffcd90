import { Tooltip as RadixTooltip } from "radix-ui";
import { type ReactNode, useState } from "react";
import { cn } from "./cn.ts";

interface TooltipProps {
  content: ReactNode;
  children: ReactNode;
  testId?: string;
  className?: string;
}

/**
 * A tooltip on the radix Tooltip: hover and keyboard focus open it, and so does a tap or click on
 * the wrapper, because a phone has no hover (radix ignores touch on purpose) and an explanation that only a
 * mouse can open is lost to half the users. The trigger is a focusable wrapper, so it also works
 * around a disabled button (which receives no pointer events). Escape or a tap elsewhere closes it.
 */
export function Tooltip({ content, children, testId, className }: TooltipProps) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <RadixTooltip.Provider delayDuration={120}>
      <RadixTooltip.Root open={isOpen} onOpenChange={setIsOpen}>
        <RadixTooltip.Trigger asChild>
          {/* biome-ignore lint/a11y/noStaticElementInteractions: the click only helps touch; keyboard users open it by focus, which radix handles. */}
          {/* biome-ignore lint/a11y/useKeyWithClickEvents: focus already opens it from the keyboard. */}
          <span
            // biome-ignore lint/a11y/noNoninteractiveTabindex: the wrapper of a disabled button takes focus to show why it is disabled (radix's advice).
            tabIndex={0}
            className={cn("block rounded-full [&>button:disabled]:pointer-events-none", className)}
            data-testid={testId && `${testId}-trigger`}
            onClick={(event) => {
              // A tap on the wrapper itself (a disabled child takes no pointer events) opens it;
              // radix's own click handler would close it again, so it is skipped. A click on an
              // enabled child keeps radix's behaviour and the child's action.
              if (event.target !== event.currentTarget) return;
              event.preventDefault();
              setIsOpen(true);
            }}
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
