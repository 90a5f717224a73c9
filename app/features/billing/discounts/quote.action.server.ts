import { data, type ActionFunctionArgs } from "react-router";
import { langFromPath, type Lang } from "~/i18n/lang";
import type { FormState } from "~/lib/forms/form-state";
import { quotePrice } from "./discounts.api";
import { quoteView, type QuoteView } from "./quote-view";

/** A form state that also carries the quote its "Apply code" post asked for. */
export type QuotedFormState = FormState & { quote?: QuoteView };

/**
 * The "Apply code" post of an enrolment form (`intent=quote`): the quote endpoint (POST
 * /api/discounts/quote) in process, then the same page again with the values as typed, the price
 * with the code's discount and, for a code that cannot be used, its message beside the code field.
 * Nothing is stored. Without JavaScript this is how the price with a code is seen before enrolling.
 */
export async function quoteFormAction(
  { request, context }: Pick<ActionFunctionArgs, "request" | "context">,
  form: {
    name: string;
    /** The offer the posted fields choose, or an error for the field that should choose it. */
    offer: (fields: Record<string, string>, lang: Lang) => Promise<{ kind: "section" | "camp"; id: number } | { field: string; message: string }>;
    childName: (fields: Record<string, string>) => string;
  },
) {
  const lang = langFromPath(new URL(request.url).pathname);
  const posted = await request.formData().catch(() => null);
  const fields: Record<string, string> = {};
  for (const [name, value] of posted ?? []) if (typeof value === "string" && !(name in fields)) fields[name] = value;
  const headers = { "Cache-Control": "private, no-store" };
  const offer = await form.offer(fields, lang);
  if ("field" in offer)
    return data<QuotedFormState>({ form: form.name, values: fields, errors: { [offer.field]: offer.message }, message: "" }, { status: 400, headers });
  const childId = /^\d{1,9}$/.test(fields.childId ?? "") ? Number(fields.childId) : null;
  const answer = await context.run(quotePrice, {
    input: { offer: offer.kind, offerId: offer.id, code: fields.promoCode ?? "", childName: form.childName(fields).slice(0, 100), childId },
    lang,
  });
  if (!answer.ok || answer.status !== 200)
    return data<QuotedFormState>(
      { form: form.name, values: fields, errors: answer.body.errors ?? {}, message: answer.body.message ?? "" },
      { status: answer.status, headers },
    );
  const body = answer.body;
  const state: QuotedFormState = {
    form: form.name,
    values: fields,
    errors: body.codeError ? { promoCode: body.codeError } : {},
    message: "",
    quote: quoteView(body, lang),
  };
  return data(state, { status: body.codeError ? 400 : 200, headers });
}
