import type { DB } from "~server/db/db";
import type { PricedEnrolment } from "~/features/discounts/enrolment-price.server";
import { serverT } from "~server/i18n";
import { currencyOfOffer, toMinor } from "~/features/discounts/money";
import { queueMail } from "~server/mail/mail-queue";
import { INVOICE_MAIL, invoiceMail } from "./invoice-mail.server";
import { applyInstalmentRule, instalmentRuleOf } from "./instalment-rule.server";
import { createInvoice, type CreatedInvoice, type NewInvoice } from "./ledger.server";

/** The offer's instalment rule applied to its new invoice, in the same transaction (decision 091). */
async function splitByRule(trx: DB, offer: NewInvoice["offer"], invoice: CreatedInvoice | null): Promise<CreatedInvoice | null> {
  if (invoice) await applyInstalmentRule(trx, invoice.id, await instalmentRuleOf(trx, offer));
  return invoice;
}

/** The family's e-mail of a new invoice (decision 092), queued in the same transaction: no invoice, no mail. */
async function mailInvoice(trx: DB, invoice: CreatedInvoice | null): Promise<CreatedInvoice | null> {
  if (!invoice) return null;
  const row = await trx.selectFrom("invoices").select(["email", "lang", "due_on", "child_name", "description_en", "description_ar"]).where("id", "=", invoice.id).executeTakeFirstOrThrow();
  const mail = invoiceMail({
    lang: row.lang,
    id: invoice.id,
    number: invoice.number,
    totalMinor: invoice.totalMinor,
    currency: invoice.currency,
    dueOn: row.due_on,
    childName: row.child_name,
    description: row.lang === "ar" ? row.description_ar : row.description_en,
  });
  await queueMail(trx, { template: INVOICE_MAIL, to: row.email, subject: mail.subject, data: mail.data });
  return invoice;
}

/**
 * The join of enrolments and billing (decision 082): an enrolment's invoice is issued in the
 * enrolment's own transaction from the lines discounts priced, so an enrolment that rolls back
 * (a refused code, a full group) leaves no invoice and no number used.
 */
export async function invoiceSectionEnrolment(trx: DB, enrolmentId: number, price: PricedEnrolment): Promise<CreatedInvoice | null> {
  const row = await trx
    .selectFrom("section_enrolments as e")
    .innerJoin("course_sections as s", "s.id", "e.section_id")
    .innerJoin("courses as c", "c.id", "s.course_id")
    .select(["e.id", "e.email", "e.parent_name", "e.user_id", "e.lang", "e.child_name", "c.name_en", "c.name_ar", "s.first_date"])
    .where("e.id", "=", enrolmentId)
    .executeTakeFirstOrThrow();
  const offer = { kind: "section" as const, enrolmentId: row.id };
  const invoice = await createInvoice(trx, {
    email: row.email,
    parentName: row.parent_name,
    userId: row.user_id,
    lang: row.lang,
    currency: price.currency,
    offer,
    childName: row.child_name,
    description: { en: `${row.name_en} (from ${row.first_date})`, ar: `${row.name_ar} (ابتداءً من \u2066${row.first_date}\u2069)` },
    lines: price.lines,
  });
  return mailInvoice(trx, await splitByRule(trx, offer, invoice));
}

export async function invoiceCampEnrollment(trx: DB, enrollmentId: number, price: PricedEnrolment): Promise<CreatedInvoice | null> {
  const row = await trx
    .selectFrom("enrollments as e")
    .innerJoin("camps as c", "c.id", "e.camp_id")
    .select(["e.id", "e.email", "e.parent_name", "e.lang", "e.student_name", "e.session", "c.title_en", "c.title_ar"])
    .where("e.id", "=", enrollmentId)
    .executeTakeFirstOrThrow();
  const offer = { kind: "camp" as const, enrollmentId: row.id };
  const invoice = await createInvoice(trx, {
    email: row.email,
    parentName: row.parent_name,
    userId: null,
    lang: row.lang,
    currency: price.currency,
    offer,
    childName: row.student_name,
    description: { en: `${row.title_en}, ${row.session}`, ar: `${row.title_ar}، ${row.session}` },
    lines: price.lines,
  });
  return mailInvoice(trx, await splitByRule(trx, offer, invoice));
}

/**
 * The invoice of a course-group enrolment staff made, or a waitlist offer taken (decision 090):
 * not priced through discounts (no code was typed, no early-booking or sibling rule was shown to
 * the family), so one line at the price the enrolment records (`price_minor`) or else the course's
 * list price, in the enrolment's transaction. The enrolment's price_minor is set to it, so an
 * online payment charges what the invoice says.
 */
export async function invoiceListPriceEnrolment(trx: DB, enrolmentId: number): Promise<CreatedInvoice | null> {
  const row = await trx
    .selectFrom("section_enrolments as e")
    .innerJoin("courses as c", "c.id", "e.course_id")
    .select(["e.price_minor", "c.price", "c.name_en", "c.name_ar"])
    .where("e.id", "=", enrolmentId)
    .executeTakeFirstOrThrow();
  const fee = row.price_minor ?? toMinor(row.price);
  if (row.price_minor === null) await trx.updateTable("section_enrolments").set({ price_minor: fee }).where("id", "=", enrolmentId).execute();
  const names = { en: row.name_en, ar: row.name_ar.trim() || row.name_en };
  const line = { kind: "price" as const, label_en: serverT("en", "discounts", "line.courseFee", { name: names.en }), label_ar: serverT("ar", "discounts", "line.courseFee", { name: names.ar }), amountMinor: fee };
  return invoiceSectionEnrolment(trx, enrolmentId, { currency: currencyOfOffer("section"), lines: [line], totalMinor: fee, promoCode: null });
}
