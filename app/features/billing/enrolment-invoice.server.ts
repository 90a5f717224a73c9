import type { DB } from "~server/db/db";
import type { PricedEnrolment } from "~/features/discounts/enrolment-price.server";
import { queueMail } from "~server/mail/mail-queue";
import { INVOICE_MAIL, invoiceMail } from "./invoice-mail.server";
import { createInvoice, type CreatedInvoice } from "./ledger.server";

/**
 * The join of enrolments and billing (decision 082): an enrolment's invoice is issued in the
 * enrolment's own transaction from the lines discounts priced, so an enrolment that rolls back
 * (a refused code, a full group) leaves no invoice and no number used.
 */
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

export async function invoiceSectionEnrolment(trx: DB, enrolmentId: number, price: PricedEnrolment): Promise<CreatedInvoice | null> {
  const row = await trx
    .selectFrom("section_enrolments as e")
    .innerJoin("course_sections as s", "s.id", "e.section_id")
    .innerJoin("courses as c", "c.id", "s.course_id")
    .select(["e.id", "e.email", "e.parent_name", "e.user_id", "e.lang", "e.child_name", "c.name_en", "c.name_ar", "s.first_date"])
    .where("e.id", "=", enrolmentId)
    .executeTakeFirstOrThrow();
  const invoice = await createInvoice(trx, {
    email: row.email,
    parentName: row.parent_name,
    userId: row.user_id,
    lang: row.lang,
    currency: price.currency,
    offer: { kind: "section", enrolmentId: row.id },
    childName: row.child_name,
    description: { en: `${row.name_en} (from ${row.first_date})`, ar: `${row.name_ar} (ابتداءً من ${row.first_date})` },
    lines: price.lines,
  });
  return mailInvoice(trx, invoice);
}

export async function invoiceCampEnrollment(trx: DB, enrollmentId: number, price: PricedEnrolment): Promise<CreatedInvoice | null> {
  const row = await trx
    .selectFrom("enrollments as e")
    .innerJoin("camps as c", "c.id", "e.camp_id")
    .select(["e.id", "e.email", "e.parent_name", "e.lang", "e.student_name", "e.session", "c.title_en", "c.title_ar"])
    .where("e.id", "=", enrollmentId)
    .executeTakeFirstOrThrow();
  const invoice = await createInvoice(trx, {
    email: row.email,
    parentName: row.parent_name,
    userId: null,
    lang: row.lang,
    currency: price.currency,
    offer: { kind: "camp", enrollmentId: row.id },
    childName: row.student_name,
    description: { en: `${row.title_en}, ${row.session}`, ar: `${row.title_ar}، ${row.session}` },
    lines: price.lines,
  });
  return mailInvoice(trx, invoice);
}
