import { useEffect, useRef } from "react";
import { takeHandoff } from "../../../lib/handoff.ts";

/** spec 02 §2.1: an image sent from another page is loaded once, then its record is removed. */
export function useUpscaleHandoff(load: (imageUrl: string) => void): void {
  const hasReadRef = useRef(false);
  useEffect(() => {
    if (hasReadRef.current) return;
    hasReadRef.current = true;
    const record = takeHandoff("upscale");
    if (record) load(record.imageUrl);
  }, [load]);
}
