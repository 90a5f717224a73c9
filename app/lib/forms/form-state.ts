import type { Lang } from "~/i18n/lang";

/** What the JSON API answered: status, body (`message`, per-field `errors`, anything else) and Set-Cookie values. */
export interface ApiAnswer {
  status: number;
  body: { message?: string; errors?: Record<string, string>; [key: string]: unknown };
  cookies: string[];
}

/** Calls one of the site's JSON endpoints in-process on behalf of the page's visitor (server/http/api-dispatch.ts). */
export type ApiCall = (call: { method: "POST" | "PUT" | "PATCH" | "DELETE"; path: string; body: unknown; lang: Lang }) => Promise<ApiAnswer>;

/**
 * A refused form post, rendered back into the page (no JavaScript): which form, the values as
 * typed (never passwords), each field's message and the form's own message.
 */
export interface FormState {
  form: string;
  values: Record<string, string>;
  errors: Record<string, string>;
  message: string;
}

export function isFormState(value: unknown, form: string): value is FormState {
  return typeof value === "object" && value !== null && (value as FormState).form === form;
}
