import { data, type ActionFunctionArgs } from "react-router";
import { requireAdminPage } from "~/lib/page-guards.server";
import { postFormToApi } from "~/lib/forms/form-action.server";
import { postedNumber } from "~/lib/forms/pick-fields.server";
import { createPromoCode, deletePromoCode, saveDiscountSettings, saveEarlyPrice, updatePromoCode } from "./discounts.api";
import { isCurrencyCode, parseMajor } from "~/lib/money";
import { courseById } from "~/features/admin-content/queries.server";
import { campById } from "~/features/admin/queries.server";

const text = (fields: Record<string, string>, name: string) => (fields[name] ?? "").trim();
/** A money field typed in major units ("12.50"); what does not read as money goes as typed, for the schema to refuse. */
const money = (typed: string, currency: string): unknown => (typed === "" ? null : (parseMajor(typed, isCurrencyCode(currency) ? currency : "USD") ?? typed));

/** The code form's fields as the endpoint's JSON: amounts typed in major units become minor units. */
export function promoPayload(fields: Record<string, string>) {
  const orNull = (name: string) => text(fields, name) || null;
  return {
    code: text(fields, "code"),
    kind: text(fields, "kind"),
    amountMinor: money(text(fields, "amount"), text(fields, "currency")),
    currency: orNull("currency"),
    percent: postedNumber(fields.percent) ?? null,
    appliesTo: text(fields, "appliesTo") || "all",
    validFrom: orNull("validFrom"),
    validUntil: orNull("validUntil"),
    maxUses: postedNumber(fields.maxUses),
    perFamily: postedNumber(fields.perFamily),
    active: Object.hasOwn(fields, "active"),
  };
}

/** The posts of /admin/discounts and /admin/discounts/:id, each the endpoint its JSON route serves (decision 048). */
export async function adminDiscountsAction(args: ActionFunctionArgs) {
  const { request, context } = args;
  requireAdminPage(context, request, "admin");
  const url = new URL(request.url);
  const fields = await request
    .clone()
    .formData()
    .catch(() => null);
  const intent = fields?.get("intent");
  const list = url.pathname.replace(/\/\d+$/, "");
  const id = String(args.params.id ?? "");
  if (intent === "create")
    return postFormToApi(args, { form: "promo-new", endpoint: createPromoCode, toBody: promoPayload, onSuccess: () => `${list}?saved=created#codes` });
  if (intent === "update" && id)
    return postFormToApi(args, {
      form: "promo-edit",
      endpoint: updatePromoCode,
      params: { id },
      toBody: promoPayload,
      onSuccess: () => `${url.pathname}?saved=updated`,
    });
  if (intent === "delete" && id)
    return postFormToApi(args, {
      form: "promo-delete",
      endpoint: deletePromoCode,
      params: { id },
      toBody: () => ({}),
      onSuccess: () => `${list}?saved=deleted#codes`,
    });
  if (intent === "sibling")
    return postFormToApi(args, {
      form: "sibling",
      endpoint: saveDiscountSettings,
      toBody: (form) => ({ siblingPercent: postedNumber(form.siblingPercent) }),
      onSuccess: () => `${url.pathname}?saved=sibling#sibling`,
    });
  if (intent === "early") {
    const kind = String(fields?.get("kind") ?? "");
    const offerId = String(fields?.get("offerId") ?? "");
    // The early price is typed in the offer's own currency.
    const offer = /^\d{1,9}$/.test(offerId)
      ? kind === "camp"
        ? await campById(context.db, Number(offerId))
        : await courseById(context.db, Number(offerId))
      : undefined;
    return postFormToApi(args, {
      form: `early-${kind}-${offerId}`,
      endpoint: saveEarlyPrice,
      params: { kind, id: offerId },
      toBody: (form) => ({ earlyPriceMinor: money(text(form, "earlyPrice"), offer?.currency ?? "USD"), earlyPriceUntil: text(form, "earlyUntil") || null }),
      onSuccess: () => `${url.pathname}?saved=early#early`,
    });
  }
  throw data({ message: "Bad request." }, { status: 400 });
}
