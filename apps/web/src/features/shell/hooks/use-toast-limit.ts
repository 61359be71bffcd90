import { TOAST_LIMIT } from "@gyeol/shared/constants";
import { useEffect } from "react";
import toast, { useToasterStore } from "react-hot-toast";

/**
 * react-hot-toast has no cap of its own; spec 01 §2 allows at most 20 toasts at once, so the
 * oldest visible ones are dismissed (the store lists the newest first).
 */
export function useToastLimit(limit = TOAST_LIMIT): void {
  const { toasts } = useToasterStore();
  useEffect(() => {
    const visible = toasts.filter((item) => item.visible);
    for (const item of visible.slice(limit)) toast.dismiss(item.id);
  }, [toasts, limit]);
}
