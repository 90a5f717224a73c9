import type { Lang } from "~/i18n/lang";
import type { Endpoint } from "~server/http/endpoint";

/** What the JSON API answered: status, body (`message`, per-field `errors`, anything else) and Set-Cookie values. */
export interface ApiAnswer {
  status: number;
  body: { message?: string; errors?: Record<string, string>; [key: string]: unknown };
  cookies: string[];
}

/**
 * Runs an endpoint in process for the page's visitor (server/http/endpoint.ts): `input` is what
 * its JSON route would read (the body, or the query of a GET or DELETE), `params` its path's.
 */
export type RunEndpoint = (endpoint: Endpoint, call: { input: unknown; params?: Record<string, string>; lang: Lang }) => Promise<ApiAnswer>;

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
