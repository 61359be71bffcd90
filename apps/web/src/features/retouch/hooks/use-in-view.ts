import { type RefObject, useEffect, useState } from "react";

/** Whether the element is on screen; without IntersectionObserver (tests) it counts as off screen. */
export function useInView(ref: RefObject<Element | null>): boolean {
  const [isInView, setIsInView] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(([entry]) => setIsInView(entry?.isIntersecting ?? false));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return isInView;
}
