import type { Config } from "~server/config";
import type { DB } from "~server/db/db";
import type { Lang } from "~/i18n/lang";
import { pickPair } from "~/i18n/localized";
import { formatMoney } from "~/lib/money";
import { getSiteSettings } from "~/features/site/site.server";
import { formatDay } from "./instalments/format-day";
import { invoiceInstalments } from "./instalments/instalments.server";
import { invoicePaymentPath, invoicePaymentToken } from "./instalments/invoice-link.server";
import { paymentProviderOf } from "./payments/payment-provider.server";
import { owedShown } from "./rules";
import { invoicePdfLinkPath } from "./paths";
import type { HowToPayView, InvoicePayView } from "./how-to-pay-view";

export type { HowToPayView, InvoicePayView };

/**
 * "How to pay" (issue 42): where and how the family pays, in their language, from the settings
 * (the academy's address, desk hours and phone; the methods the desk takes and the bank details),
 * and, for one invoice, what it still owes (the one rule of owed, rules.ts), by when, the reference
 * to quote (its number) and its signed link (decision 091's invoice link: no sign-in needed).
 */
export async function howToPay(db: DB, config: Pick<Config, "sessionSecret" | "stripe">, lang: Lang, invoiceId: number | null = null): Promise<HowToPayView> {
  const settings = await getSiteSettings(db);
  const bank = pickPair(settings.bankDetails, lang).trim();
  // No bank details, no transfer to offer: the desk's other methods stay.
  const methods = settings.payMethods.filter((method) => method !== "bank_transfer" || bank !== "");
  return {
    address: pickPair(settings.address, lang),
    hours: pickPair(settings.openingHours, lang),
    phone: settings.phone,
    methods,
    bank: methods.includes("bank_transfer") ? bank : "",
    invoice: invoiceId === null ? null : await invoicePayView(db, config, lang, invoiceId),
  };
}

async function invoicePayView(db: DB, config: Pick<Config, "sessionSecret" | "stripe">, lang: Lang, invoiceId: number): Promise<InvoicePayView | null> {
  const state = await invoiceInstalments(db, invoiceId);
  if (!state) return null;
  const { invoice } = state;
  const owed = owedShown(state.outstandingMinor);
  const next = state.parts.find((part) => part.status !== "paid" && part.status !== "void");
  const token = invoicePaymentToken(config.sessionSecret, invoice);
  return {
    number: invoice.number,
    state: invoice.status === "void" ? "void" : owed <= 0 ? "paid" : "open",
    amount: formatMoney(owed, invoice.currency, lang),
    dueOn: formatDay(next?.dueOn ?? invoice.due_on, lang),
    url: invoicePaymentPath(token, lang),
    pdfUrl: invoicePdfLinkPath(token, lang),
    online: paymentProviderOf(config) !== null,
  };
}

/** The invoice of a course-group enrolment or a camp enrolment, if one was issued (a free place has none). */
export async function invoiceOfEnrolment(db: DB, enrolment: { kind: "section"; id: number } | { kind: "camp"; id: number }): Promise<number | null> {
  const row = await db
    .selectFrom("invoices")
    .select("id")
    .where(enrolment.kind === "section" ? "enrolment_id" : "camp_enrolment_id", "=", enrolment.id)
    .orderBy("id", "desc")
    .executeTakeFirst();
  return row?.id ?? null;
}
