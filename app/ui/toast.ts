import type { ToastOptions } from "react-toastify";

export type { ToastOptions };

type Kind = "success" | "error";

/**
 * Shows a toast. react-toastify (and its stylesheet) load on the first toast, so pages that
 * never show one do not ship it; the container in the root layout mounts after hydration, and
 * react-toastify queues a toast raised before that.
 */
function show(kind: Kind, message: string, options?: ToastOptions) {
  void import("./Toasts").then(({ toast }) => toast[kind](message, options));
}

export const toast = {
  success: (message: string, options?: ToastOptions) => show("success", message, options),
  error: (message: string, options?: ToastOptions) => show("error", message, options),
};
