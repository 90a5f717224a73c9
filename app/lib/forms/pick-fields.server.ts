import type { ActionFunctionArgs } from "react-router";
import type { ApiAnswer } from "./form-state";
import { postFormToApi } from "./form-action.server";
import type { Lang } from "~/i18n/lang";
import type { Endpoint } from "~server/http/endpoint";

/**
 * The posted text fields a schema names, as the JSON body for its endpoint: a page's form post
 * carries other fields (returnTo, a chosen date) that the endpoint has no use for.
 */
export function pickFields(fields: Record<string, string>, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.filter((name) => Object.hasOwn(fields, name)).map((name) => [name, fields[name]!]));
}

/** A posted number: blank is missing, anything else goes as typed (the schema refuses what is not a whole number). */
export const postedNumber = (text: string | undefined): number | undefined => (text === undefined || text.trim() === "" ? undefined : Number(text));

/** postFormToApi for a form of text fields only: the body is the fields its zod object schema names. */
export function postTextForm(
  args: ActionFunctionArgs,
  post: { form: string; endpoint: Endpoint; schema: { shape: object }; onSuccess: (answer: ApiAnswer, lang: Lang) => string },
) {
  const names = Object.keys(post.schema.shape);
  return postFormToApi(args, {
    form: post.form,
    endpoint: post.endpoint,
    toBody: (fields) => pickFields(fields, names),
    onSuccess: (answer, _fields, lang) => post.onSuccess(answer, lang),
  });
}
