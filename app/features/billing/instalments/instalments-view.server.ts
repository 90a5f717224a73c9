import type { Lang } from "~/i18n/lang";
import { formatMoney } from "~/lib/money";
import { formatDay } from "./format-day";
import type { InvoiceInstalments } from "./instalments.server";
import type { PartView } from "./PartsTable";

/** An invoice's parts as the pages show them, in the page's language. */
export function partViews(state: InvoiceInstalments, lang: Lang): PartView[] {
  const money = (minor: number) => formatMoney(minor, state.invoice.currency, lang);
  return state.parts.map((part) => ({
    id: part.id,
    position: part.position,
    dueOn: part.dueOn,
    due: formatDay(part.dueOn, lang),
    amount: money(part.amountMinor),
    paid: part.paidMinor > 0 && part.leftMinor > 0 ? money(part.paidMinor) : null,
    status: part.status,
  }));
}
