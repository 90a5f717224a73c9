import type { Lang } from "~/i18n/lang";
import { formatMoney, majorText } from "~/lib/money";
import type { PromoView } from "./promo-admin.server";

/** A code's discount in words for the staff list: "15%" or "$25.50". */
export const promoValueLabel = (promo: Pick<PromoView, "kind" | "percent" | "amountMinor" | "currency">, lang: Lang): string =>
  promo.kind === "percent" ? `${promo.percent ?? 0}%` : formatMoney(promo.amountMinor ?? 0, promo.currency ?? "USD", lang);

/** A stored code as its form's values (amounts back in major units). */
export function promoFormValues(promo: PromoView): Record<string, string> {
  const amount = promo.amountMinor === null || promo.currency === null ? "" : majorText(promo.amountMinor, promo.currency);
  return {
    code: promo.code,
    kind: promo.kind,
    percent: promo.percent === null ? "" : String(promo.percent),
    amount,
    currency: promo.currency ?? "",
    appliesTo: promo.appliesTo,
    validFrom: promo.validFrom ?? "",
    validUntil: promo.validUntil ?? "",
    maxUses: String(promo.maxUses),
    perFamily: String(promo.perFamily),
    ...(promo.active ? { active: "on" } : {}),
  };
}
