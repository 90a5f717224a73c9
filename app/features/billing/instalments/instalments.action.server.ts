import { data, type ActionFunctionArgs } from "react-router";
import { requireAdminPage } from "~/lib/page-guards.server";
import { postFormToApi } from "~/lib/forms/form-action.server";
import { parseMajor } from "~/lib/money";
import { MAX_PARTS } from "~/features/billing/instalment-split";
import { splitInvoice } from "./instalments.api";

/** The split form's rows (`due_N`, `amount_N`, N = 1..12; empty rows dropped) as the endpoint's parts; amounts typed in major units. */
export function splitPayload(fields: Record<string, string>, currency: string) {
  const parts: { dueOn: string; amountMinor: unknown }[] = [];
  for (let n = 1; n <= MAX_PARTS; n += 1) {
    const dueOn = (fields[`due_${n}`] ?? "").trim();
    const amount = (fields[`amount_${n}`] ?? "").trim();
    if (dueOn === "" && amount === "") continue;
    // What does not read as money goes as typed, for the schema to refuse.
    parts.push({ dueOn, amountMinor: amount === "" ? null : (parseMajor(amount, currency) ?? amount) });
  }
  return { parts };
}

/** The staff page's post: the endpoint its JSON route serves, run in process (decision 048). */
export async function instalmentsAction(args: ActionFunctionArgs) {
  const { request, context, params } = args;
  requireAdminPage(context, request);
  const id = String(params.id ?? "");
  if (!/^\d{1,9}$/.test(id)) throw data({ message: "Not found." }, { status: 404 });
  const path = new URL(request.url).pathname;
  // Amounts are typed in the invoice's currency's major units.
  const invoice = await context.db.selectFrom("invoices").select("currency").where("id", "=", Number(id)).executeTakeFirst();
  return postFormToApi(args, {
    form: "split",
    endpoint: splitInvoice,
    params: { id },
    toBody: (fields) => splitPayload(fields, invoice?.currency ?? "USD"),
    onSuccess: () => `${path}?saved=1#instalments-heading`,
  });
}
