import type { Trx } from "~server/db/db";
import { formatCalendarDay } from "~/lib/dates";
import type { PricedEnrolment } from "~/features/billing/discounts/enrolment-price.server";
import { serverT } from "~server/i18n";
import { currencyCode, toMinor } from "~/lib/money";
import { batchLabels } from "~/lib/camp-batch-labels.server";
import { queueMail } from "~server/mail/mail-queue";
import { invoiceMail, invoiceMailKind } from "./invoice-mail.server";
import { applyInstalmentRule, instalmentRuleOf } from "./instalment-rule.server";
import { createInvoice, type CreatedInvoice, type NewInvoice } from "./ledger.server";
import { inBoth } from "~/features/messaging/index.server";
import { notifyFamily } from "~/features/push/index.server";
import { formatMoney } from "~/lib/money";
import { invoicePayLink } from "./instalments/invoice-link.server";
import { campEnrolmentForInvoice, enrolmentForInvoice, listPriceOfEnrolment } from "~/features/enrolments/queries.server";

/**
 * Issues an enrolment's invoice, splits it by its offer's instalment rule (decision 091) and queues
 * the family's e-mail (decision 092), all in the enrolment's transaction: no invoice, no mail.
 */
async function issueEnrolmentInvoice(trx: Trx, details: NewInvoice): Promise<CreatedInvoice | null> {
  const invoice = await createInvoice(trx, details);
  if (!invoice) return null;
  await applyInstalmentRule(trx, invoice.id, await instalmentRuleOf(trx, details.offer));
  const mail = invoiceMail({
    lang: details.lang,
    id: invoice.id,
    number: invoice.number,
    totalMinor: invoice.totalMinor,
    currency: invoice.currency,
    dueOn: invoice.dueOn,
    childName: details.childName,
    description: details.lang === "ar" ? details.description.ar : details.description.en,
  });
  await queueMail(trx, invoiceMailKind, { to: details.email, subject: mail.subject, data: mail.data });
  // With its pay link on WhatsApp or SMS and the phones, for guardians who chose them (decisions 127, 143).
  await notifyFamily(trx, {
    event: `invoice:${invoice.id}`,
    email: details.email,
    template: "invoice_issued",
    params: { number: invoice.number, ...inBoth("amount", (lang) => formatMoney(invoice.totalMinor, invoice.currency, lang)) },
    links: { link: invoicePayLink(invoice.id, invoice.number) },
    ownMail: true,
    push: { category: "invoice", url: "/account/invoices" },
  });
  return invoice;
}

/**
 * The join of enrolments and billing (decision 082): an enrolment's invoice is issued in the
 * enrolment's own transaction from the lines discounts priced, so an enrolment that rolls back
 * (a refused code, a full group) leaves no invoice and no number used.
 */
export async function invoiceSectionEnrolment(trx: Trx, enrolmentId: number, price: PricedEnrolment): Promise<CreatedInvoice | null> {
  const row = await enrolmentForInvoice(trx, enrolmentId);
  return issueEnrolmentInvoice(trx, {
    email: row.email,
    parentName: row.parent_name,
    userId: row.user_id,
    lang: row.lang,
    currency: price.currency,
    offer: { kind: "section", enrolmentId: row.id },
    childName: row.child_name,
    // The first class's day in words in each language (decision 112), never the stored ISO day.
    description: {
      en: `${row.name_en} (from ${formatCalendarDay(row.first_date, "en")})`,
      ar: `${row.name_ar} (ابتداءً من ${formatCalendarDay(row.first_date, "ar")})`,
    },
    lines: price.lines,
  });
}

/** `accountId`: the signed-in family's account (the camp row has none), so the account owns the invoice (issue 38 item 6). */
export async function invoiceCampEnrolment(
  trx: Trx,
  enrollmentId: number,
  price: PricedEnrolment,
  accountId: number | null = null,
): Promise<CreatedInvoice | null> {
  const row = await campEnrolmentForInvoice(trx, enrollmentId);
  // The enrolment stores the English batch value; the Arabic invoice, receipt and statement show its Arabic label.
  const batch = batchLabels(row.batches, row.session);
  return issueEnrolmentInvoice(trx, {
    email: row.email,
    parentName: row.parent_name,
    userId: accountId,
    lang: row.lang,
    currency: price.currency,
    offer: { kind: "camp", enrollmentId: row.id },
    childName: row.student_name,
    description: { en: `${row.title_en}, ${batch.en}`, ar: `${row.title_ar.trim() || row.title_en}، ${batch.ar}` },
    lines: price.lines,
  });
}

/**
 * The invoice of a course-group enrolment staff made, or a waitlist offer taken (decision 090):
 * not priced through discounts (no code was typed, no early-booking or sibling rule was shown to
 * the family), so one line at the course's list price in its currency, in the enrolment's
 * transaction. An online payment charges what the invoice then says (amountDue, decision 101).
 */
export async function invoiceListPriceEnrolment(trx: Trx, enrolmentId: number): Promise<CreatedInvoice | null> {
  const row = await listPriceOfEnrolment(trx, enrolmentId);
  const currency = currencyCode(row.currency);
  const fee = toMinor(row.price, currency);
  const names = { en: row.name_en, ar: row.name_ar.trim() || row.name_en };
  const line = {
    kind: "price" as const,
    label_en: serverT("en", "discounts", "line.courseFee", { name: names.en }),
    label_ar: serverT("ar", "discounts", "line.courseFee", { name: names.ar }),
    amountMinor: fee,
  };
  return invoiceSectionEnrolment(trx, enrolmentId, { currency, lines: [line], tax: null, totalMinor: fee, promoCode: null });
}
