import { useTranslation } from "react-i18next";
import type { FieldValues } from "react-hook-form";
import type { z } from "zod";
import { useApiForm, type ApiFormOptions } from "~/lib/forms/use-api-form";

/** Which refusal wording a form's toasts and page messages use (specification section 8). */
type Wording = "login" | "signup" | "request";

const refusalKey = { login: "toast.loginFailed", signup: "toast.signupFailed", request: "toast.requestFailed" } as const;
const unexpectedKey = { login: "toast.loginUnexpected", signup: "toast.unexpected", request: "toast.unexpected" } as const;

/**
 * useApiForm with the account pages' texts: "Login failed: ..." and its siblings around the
 * server's message, the network toast naming this site, and the text for an answer that is not JSON.
 */
export function useAccountForm<S extends z.ZodType<FieldValues, FieldValues>>(wording: Wording, options: Omit<ApiFormOptions<S>, "messages" | "refusalText">) {
  const { t } = useTranslation("accounts");
  // Read when a send fails, in the browser; the server-rendered text never shows it.
  const host = typeof window === "undefined" ? "" : window.location.origin;
  return useApiForm({
    ...options,
    // No message (an answer that is not JSON): the specification's "unexpected response" text.
    refusalText: (answer) => (answer.message ? t(refusalKey[wording], { message: answer.message }) : t(unexpectedKey[wording])),
    messages: { failed: t(unexpectedKey[wording]), network: t("toast.network", { host }) },
  });
}
