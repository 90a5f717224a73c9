import type { Lang } from "~/i18n/lang";
import type { AnyAnswer, Endpoint, OutputOf } from "~server/http/endpoint";

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
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any input and parameter schema; the answer is what matters here
export type RunEndpoint = <E extends Endpoint<any, any, any>>(
  endpoint: E,
  call: { input: unknown; params?: Record<string, string>; lang: Lang },
) => Promise<RunAnswer<AnswerOf<E>>>;

/** What an endpoint's `run` answers; for a choice of endpoints (`a ? x : y`), any of theirs. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any input and parameter schema
export type AnswerOf<E> = E extends Endpoint<any, any, infer R> ? R : never;

/**
 * What running an endpoint in process answered. `ok` (a status below 400) means `run` answered:
 * the body is then the endpoint's declared output (OutputOf), typed (a field one of its answers
 * lacks reads as unknown); a refusal (access, limits, input, an HttpError) is the usual
 * `{ message, errors? }`.
 */
export type RunAnswer<R extends AnyAnswer = AnyAnswer> =
  | { ok: true; status: number; body: OutputOf<R> & ApiAnswer["body"]; cookies: string[] }
  | { ok: false; status: number; body: ApiAnswer["body"]; cookies: string[] };

/** An answer of `run` itself (a status below 400), its body the endpoint's declared output. */
export type RunSuccess<R extends AnyAnswer = AnyAnswer> = Extract<RunAnswer<R>, { ok: true }>;

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
