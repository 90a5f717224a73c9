import { showToast } from "~/enhance/toast";

/**
 * app/ui/toast.ts as the booking island sees it (decision 108): the toasts of a page without React
 * (the server's template, app/enhance/toast.ts) instead of react-toastify, which would need the
 * app's container and stylesheet. Same texts, same place (top right), same 5 s.
 */
export type ToastOptions = Record<string, unknown>;

export const toast = {
  success: (message: string) => showToast("success", message),
  error: (message: string) => showToast("error", message),
};

export function useToastsWanted(): boolean {
  return false;
}
