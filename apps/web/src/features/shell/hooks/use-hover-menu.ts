import { DROPDOWN_CLOSE_DELAY_MS } from "@gyeol/shared/constants";
import { type PointerEvent, useCallback, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";

interface HoverMenuOptions {
  /** Hover opening is on only for a mouse-like pointer on a wide layout. */
  isHoverEnabled: boolean;
  closeDelayMs?: number;
}

/**
 * Open/close rules of the AI Suite dropdown (spec 01 §2): a mouse opens it on hover and it
 * closes 160 ms after the pointer leaves (so crossing the gap to the panel does not close it);
 * touch opens it on tap; it always closes on navigation.
 */
export function useHoverMenu({ isHoverEnabled, closeDelayMs = DROPDOWN_CLOSE_DELAY_MS }: HoverMenuOptions) {
  const [isOpen, setIsOpen] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** "hover": opened by the pointer, a click then pins it instead of closing it at once. */
  const openedBy = useRef<"hover" | "click" | null>(null);
  const location = useLocation();

  const cancelClose = useCallback(() => {
    clearTimeout(closeTimer.current);
    closeTimer.current = undefined;
  }, []);

  const open = useCallback(
    (by: "hover" | "click") => {
      cancelClose();
      openedBy.current = by;
      setIsOpen(true);
    },
    [cancelClose],
  );

  const close = useCallback(() => {
    cancelClose();
    openedBy.current = null;
    setIsOpen(false);
  }, [cancelClose]);

  const toggle = useCallback(() => {
    if (isOpen && openedBy.current === "hover") {
      openedBy.current = "click";
      return;
    }
    if (isOpen) close();
    else open("click");
  }, [isOpen, open, close]);

  const onPointerEnter = useCallback(
    (event: PointerEvent) => {
      if (!isHoverEnabled || event.pointerType === "touch") return;
      if (isOpen) cancelClose();
      else open("hover");
    },
    [isHoverEnabled, isOpen, open, cancelClose],
  );

  const onPointerLeave = useCallback(
    (event: PointerEvent) => {
      if (!isHoverEnabled || event.pointerType === "touch" || !isOpen) return;
      cancelClose();
      closeTimer.current = setTimeout(close, closeDelayMs);
    },
    [isHoverEnabled, isOpen, close, cancelClose, closeDelayMs],
  );

  // Every navigation (a new location key, even to the same path) closes the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: location.key is the trigger.
  useEffect(() => {
    close();
  }, [location.key, close]);

  useEffect(() => cancelClose, [cancelClose]);

  return { isOpen, open, close, toggle, onPointerEnter, onPointerLeave };
}
