import { useSyncExternalStore } from "react";
import type { ToastOptions } from "react-toastify";

export type { ToastOptions };

type Kind = "success" | "error";

// Whether a toast was ever raised on this page: the root layout mounts the container only then.
let wanted = false;
const listeners = new Set<() => void>();

/**
 * Shows a toast. react-toastify (and its stylesheet) load on the first toast, so pages that
 * never show one do not ship it; the container in the root layout mounts with that first toast,
 * and react-toastify queues a toast raised before its container is there.
 */
function show(kind: Kind, message: string, options?: ToastOptions) {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  void import("./Toasts").then(({ toast }) => toast[kind](message, options));
}

export const toast = {
  success: (message: string, options?: ToastOptions) => show("success", message, options),
  error: (message: string, options?: ToastOptions) => show("error", message, options),
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** True once the page has raised a toast (never in the server's HTML). */
export function useToastsWanted(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
}
