import { type KeyboardEvent, type PointerEvent, useCallback, useEffect, useState } from "react";

/** What holds the before image on screen: the compare button, the image itself, or a key. */
export type THoldSource = "button" | "image" | "key";

/** The key that shows the before image while it is held (by its place, so a Korean layout works too). */
export const HOLD_COMPARE_CODE = "KeyC";

/**
 * Hold to compare (issue 26): the before image shows while the compare button, the image or the C
 * key is held, and the result comes back when the last of them is let go, or the window loses
 * focus (a key released elsewhere never reports). Space and Enter hold the focused button.
 */
export function useHoldCompare(isEnabled: boolean) {
  const [held, setHeld] = useState<ReadonlySet<THoldSource>>(() => new Set());
  const press = useCallback((source: THoldSource) => {
    setHeld((current) => (current.has(source) ? current : new Set([...current, source])));
  }, []);
  const release = useCallback((source: THoldSource) => {
    setHeld((current) => {
      if (!current.has(source)) return current;
      const next = new Set(current);
      next.delete(source);
      return next;
    });
  }, []);
  const releaseAll = useCallback(() => setHeld((current) => (current.size === 0 ? current : new Set())), []);
  useEffect(() => {
    if (!isEnabled) releaseAll();
    window.addEventListener("blur", releaseAll);
    return () => window.removeEventListener("blur", releaseAll);
  }, [isEnabled, releaseAll]);

  const buttonProps = {
    onPointerDown: (event: PointerEvent<HTMLButtonElement>) => {
      if (event.button !== 0) return;
      event.currentTarget.setPointerCapture?.(event.pointerId);
      press("button");
    },
    onPointerUp: () => release("button"),
    onPointerCancel: () => release("button"),
    onLostPointerCapture: () => release("button"),
    onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => {
      if (event.key !== " " && event.key !== "Enter") return;
      event.preventDefault();
      event.stopPropagation();
      if (!event.repeat) press("button");
    },
    onKeyUp: (event: KeyboardEvent<HTMLButtonElement>) => {
      if (event.key !== " " && event.key !== "Enter") return;
      event.preventDefault();
      event.stopPropagation();
      release("button");
    },
    onBlur: () => release("button"),
    // A long press on a phone would open the context menu over the before image.
    onContextMenu: (event: { preventDefault: () => void }) => event.preventDefault(),
  };

  /** The viewer's own key handlers: the C key held anywhere in it. True when the key was its. */
  const onKeyDown = (event: KeyboardEvent): boolean => {
    if (event.code !== HOLD_COMPARE_CODE || event.ctrlKey || event.metaKey || event.altKey) return false;
    if (!event.repeat) press("key");
    return true;
  };
  const onKeyUp = (event: KeyboardEvent): boolean => {
    if (event.code !== HOLD_COMPARE_CODE) return false;
    release("key");
    return true;
  };

  return { isShowingBefore: isEnabled && held.size > 0, press, release, buttonProps, onKeyDown, onKeyUp };
}
