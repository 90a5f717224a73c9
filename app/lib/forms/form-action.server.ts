import { data, redirect, type AppLoadContext } from "react-router";
import { langFromPath, type Lang } from "~/i18n/lang";
import type { AnyAnswer, Endpoint, EndpointAnswer } from "~server/http/endpoint";
import type { FormState, RunSuccess } from "./form-state";

/** Fields whose values never come back into the page: a refused form shows them empty. */
const SECRET_FIELD = /password|token|^pin$|^consent_\d+_pin\d$/i;

interface FormPost<Body, R extends AnyAnswer> {
  /** Names the form on the page; its component shows only its own refusal. */
  form: string;
  /** The endpoint the enhanced form calls as JSON (section 7 of the specification and the README), run in process. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any input and parameter schema
  endpoint: Endpoint<any, any, R>;
  /** Its path parameters (`{ id }` for `/api/admin/media/:id`). */
  params?: Record<string, string>;
  /** The posted text fields in the JSON shape the endpoint takes (numbers, lists, booleans). */
  toBody: (fields: Record<string, string>, lang: Lang) => Body;
  /** Where the browser goes after success (post/redirect/get), given the API's answer. */
  onSuccess: (answer: RunSuccess<R>, fields: Record<string, string>, lang: Lang) => string;
}

/**
 * A page's action for a form that also works without JavaScript (decisions 019, 048): the posted
 * fields run the form's endpoint in process, so access, rate limits, validation, honeypots and
 * the write itself are the ones its JSON route has. Success redirects (303, carrying any cookie the API set, such as
 * a new session); a refusal renders the page again with the API's status, messages and the values.
 */
export async function postFormToApi<Body, R extends AnyAnswer = EndpointAnswer>(
  { request, context }: { request: Request; context: AppLoadContext },
  post: FormPost<Body, R>,
) {
  const lang = langFromPath(new URL(request.url).pathname);
  const formData = await request.formData().catch(() => null);
  if (!formData) throw data({ message: "Bad request." }, { status: 400 });
  const fields: Record<string, string> = {};
  for (const [name, value] of formData) if (typeof value === "string" && !(name in fields)) fields[name] = value;

  const body = post.toBody(fields, lang);
  const answer = await context.run(post.endpoint, { input: body, params: post.params, lang });
  if (answer.ok && answer.status >= 200 && answer.status < 300) {
    const headers = new Headers();
    for (const cookie of answer.cookies) headers.append("Set-Cookie", cookie);
    return redirect(post.onSuccess(answer, fields, lang), { status: 303, headers });
  }
  const values = Object.fromEntries(Object.entries(fields).filter(([name]) => !SECRET_FIELD.test(name)));
  const state: FormState = { form: post.form, values, errors: answer.body.errors ?? {}, message: answer.body.message ?? "" };
  return data(state, { status: answer.status, headers: { "Cache-Control": "private, no-store" } });
}
