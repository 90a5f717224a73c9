import { useTranslation } from "react-i18next";
import type { FieldValues } from "react-hook-form";
import type { z } from "zod";
import { useApiForm, type ApiFormOptions, type ApiFormRequest } from "~/lib/forms/use-api-form";
import { useStaticPage } from "~/root";

/** Which refusal wording a form's toasts and page messages use (specification section 8). */
type Wording = "login" | "signup" | "request";

const refusalKey = { login: "toast.loginFailed", signup: "toast.signupFailed", request: "toast.requestFailed" } as const;
const unexpectedKey = { login: "toast.loginUnexpected", signup: "toast.unexpected", request: "toast.unexpected" } as const;

/**
 * What the enhancement script does after a form of a page without React was accepted (decision 125,
 * /account): by default the server's message as a toast and the page's regions fresh from the server
 * (what React's revalidation did); `go` leaves for that URL instead (no toast); `signedOut` leaves
 * for it when the answer says this browser was signed out.
 */
export interface ScriptAfter {
  go?: string;
  signedOut?: string;
}

type AccountFormOptions<S extends z.ZodType<FieldValues, FieldValues>> = Omit<ApiFormOptions<S>, "messages" | "refusalText" | "request"> &
  (
    | { request: ApiFormOptions<S>["request"]; endpoint?: never }
    /** A fixed endpoint: also what the enhancement script sends to on a page without React. */
    | { endpoint: Omit<ApiFormRequest, "body">; request?: never }
  ) & {
    /** The submit button's words while sending, on a page without React (the script shows them). */
    pendingLabel?: string;
    after?: ScriptAfter;
  };

/**
 * useApiForm with the account pages' texts: "Login failed: ..." and its siblings around the
 * server's message, the network toast naming this site, and the text for an answer that is not JSON.
 * On a page without React (/account, decision 125) the form also carries what the enhancement
 * script (app/enhance/json-forms.ts) needs to send it as JSON: endpoint, method, texts, what next.
 */
export function useAccountForm<S extends z.ZodType<FieldValues, FieldValues>>(wording: Wording, options: AccountFormOptions<S>) {
  const { t } = useTranslation("accounts");
  const staticPage = useStaticPage();
  // Read when a send fails, in the browser; the server-rendered text never shows it.
  const host = typeof window === "undefined" ? "" : window.location.origin;
  const { endpoint, pendingLabel, after, ...rest } = options;
  const form = useApiForm<S>({
    ...rest,
    request: options.request ?? (() => endpoint),
    // No message (an answer that is not JSON): the specification's "unexpected response" text.
    refusalText: (answer) => (answer.message ? t(refusalKey[wording], { message: answer.message }) : t(unexpectedKey[wording])),
    messages: { failed: t(unexpectedKey[wording]), network: t("toast.network", { host }) },
  });
  if (!staticPage || !endpoint) return form;
  const scriptProps = {
    "data-endpoint": endpoint.path,
    "data-method": endpoint.method ?? "POST",
    "data-errors-in-place": "",
    // The script puts the server's message where "{message}" stands.
    "data-refusal": t(refusalKey[wording], { message: "{message}" }),
    "data-failed": t(unexpectedKey[wording]),
    "data-network": t("toast.network", { host }),
    ...(pendingLabel ? { "data-pending-label": pendingLabel } : {}),
    ...(after?.go ? { "data-go": after.go } : { "data-refresh": "" }),
    ...(after?.signedOut ? { "data-signed-out": after.signedOut } : {}),
  };
  return { ...form, formProps: { ...form.formProps, ...scriptProps } };
}
