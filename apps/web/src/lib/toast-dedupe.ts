import toast, { type ToastOptions } from "react-hot-toast";

/**
 * Identical toasts collapse into one (issue 30: six "login failed" toasts piled over the login
 * card after repeated clicks). A success or error toast with a text message and no id of its own
 * gets an id made of its type and text, so react-hot-toast updates the one on screen instead of
 * stacking another: it stays where it is, and its timer starts again. Toasts with their own id or
 * with a component for a message are left as they are. Installed once, by the toaster's chunk,
 * before the toaster mounts; every `toast.error` / `toast.success` in the app goes through it.
 */
let isInstalled = false;

export function dedupeId(type: "error" | "success", message: unknown): string | undefined {
  return typeof message === "string" ? `same:${type}:${message}` : undefined;
}

export function installToastDedupe(): void {
  if (isInstalled) return;
  isInstalled = true;
  for (const type of ["error", "success"] as const) {
    const show = toast[type];
    toast[type] = ((message: Parameters<typeof show>[0], options?: ToastOptions) => {
      const id = options?.id ?? dedupeId(type, message);
      return show(message, id === undefined ? options : { ...options, id });
    }) as typeof show;
  }
}
