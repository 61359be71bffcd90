import { type RefObject, useEffect } from "react";
import { useStepAsideFromControls } from "../hooks/use-step-aside-from-controls.ts";

/**
 * The community button's look under its corner on phones (use-step-aside-from-controls.ts), a
 * chunk of its own: a wide screen never loads it, and a phone loads it once the page is idle, so
 * its observers and hit tests stay out of the landing's first JavaScript and out of hydration.
 * Renders nothing; reports whether a control lies under the button's home.
 */
export function CommunityButtonWatch({
  homeRef,
  onOverControl,
}: {
  homeRef: RefObject<HTMLElement | null>;
  onOverControl: (isOverControl: boolean) => void;
}) {
  const isOverControl = useStepAsideFromControls(homeRef, true);
  useEffect(() => {
    onOverControl(isOverControl);
  }, [isOverControl, onOverControl]);
  // Gone (the screen widened past a phone's): nothing lies under it any more.
  useEffect(() => () => onOverControl(false), [onOverControl]);
  return null;
}
