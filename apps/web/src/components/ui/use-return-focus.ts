import { useRef } from "react";

/**
 * The element that last received focus. A control that turns disabled while its dialog opens (the
 * pricing page's plan button waits on the preview first) drops focus to <body> without focusing
 * anything else, so the dialog falls back to this one.
 */
let lastFocused: HTMLElement | null = null;
if (typeof document !== "undefined") {
  document.addEventListener("focusin", (event) => {
    if (event.target instanceof HTMLElement) lastFocused = event.target;
  });
}

/**
 * Gives focus back to the control that opened a dialog when it closes (issue 17: "dialogs trap and
 * return focus"). Radix returns focus only to its own Dialog.Trigger; our dialogs are opened from
 * state (a button's click, an upload's answer), so without this focus fell to <body> on close and
 * a keyboard or screen-reader user started again from the top of the page.
 *
 * Spread the result onto RadixDialog.Content: the opener is what held focus the moment the dialog
 * mounted (or last held it, if focus had dropped to <body>); when it is gone by the time the dialog
 * closes (a list item deleted), Radix's own behaviour applies.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : lastFocused;
    },
    onCloseAutoFocus: (event: Event) => {
      const target = opener.current;
      opener.current = null;
      if (!target?.isConnected) return;
      event.preventDefault();
      target.focus({ preventScroll: true });
    },
  };
}
