import { Router } from "express";
import { decimalString } from "~/lib/money";
import { z } from "zod";
import type { Lang } from "~/i18n/lang";
import { recordAudit } from "~server/audit/audit";
import { defineEndpoint, jsonRoutes, type EndpointDeps } from "~server/http/endpoint";
import { HttpError } from "~server/http/errors";
import { nowIso } from "~server/db/values";
import { serverT } from "~server/i18n";
import { queueMail } from "~server/mail/mail-queue";
import { idParams } from "~/lib/record-id";
import { csvFile, type CsvColumn } from "~/features/admin-kit/list/csv.server";
import { BillingRefused, lockInvoice, recordPayment } from "./ledger.server";
import { confirmPaidInvoice } from "./enrolment-billing.server";
import { deskReceiptMail, receiptSubject } from "./desk-receipt-mail.server";
import { deskPaymentSchema, familyParams, invoiceFilterSchema } from "./desk.schema";
import { academyToday, familyStatement, invoiceDetail, ledgerExportRows, listInvoices, type ExportRow } from "./desk.server";

const say = (lang: Lang, key: string, values?: Record<string, string | number>) => serverT(lang, "billing", key, values);

/** GET /api/admin/billing/invoices?status=open|overdue|paid|void&q=&page=: 50 a page, newest first, with what is owed per currency. */
export const listBillingInvoices = defineEndpoint({
  method: "GET",
  path: "/api/admin/billing/invoices",
  access: "staff",
  input: invoiceFilterSchema,
  async run({ deps: { db } }, filter) {
    const { today, timeZone } = await academyToday(db);
    return { status: 200, body: { today, timeZone, ...(await listInvoices(db, filter, today)) } };
  },
});

/** GET /api/admin/billing/invoices/:id: lines, tax, instalments, payments, refunds, credit notes, what is owed. */
export const getBillingInvoice = defineEndpoint({
  method: "GET",
  path: "/api/admin/billing/invoices/:id",
  access: "staff",
  params: idParams,
  input: z.object({}),
  async run({ deps: { db }, caller, params }) {
    const { today } = await academyToday(db);
    const invoice = await invoiceDetail(db, params.id, today);
    if (!invoice) throw new HttpError(404, say(caller.lang, "api.notFound"));
    return { status: 200, body: { invoice } };
  },
});

const refusals: Record<BillingRefused["reason"], [number, string]> = {
  notFound: [404, "api.notFound"],
  void: [409, "api.void"],
  paid: [409, "api.paid"],
  tooMuch: [409, "api.tooMuch"],
  notRefundable: [409, "api.tooMuch"],
};

/**
 * POST /api/admin/billing/invoices/:id/payments `{ method, amountMinor, reference, instalmentId? }`:
 * money taken at the desk → 201 `{ message, paymentId, invoicePaid, outstandingMinor }`. More than
 * is owed, or a void invoice: 409. Audited; the receipt e-mail is queued in the same transaction.
 */
export const recordDeskPayment = defineEndpoint({
  method: "POST",
  path: "/api/admin/billing/invoices/:id/payments",
  access: "staff",
  params: idParams,
  input: deskPaymentSchema,
  async run({ deps: { db }, caller, params }, input) {
    const lang = caller.lang;
    try {
      const done = await db.transaction().execute(async (trx) => {
        const invoice = await trx.selectFrom("invoices").select(["id", "number", "email", "lang"]).where("id", "=", params.id).executeTakeFirst();
        if (!invoice) throw new BillingRefused("notFound");
        // The same form posted twice (a double click, a retry after a lost answer): the invoice's lock
        // orders the two, and the second finds the first's payment by its key and answers as it did.
        const key = input.idempotencyKey ? `desk:${input.idempotencyKey}` : undefined;
        if (key) {
          await lockInvoice(trx, invoice.id);
          const first = await trx.selectFrom("payments").select(["id", "invoice_id"]).where("provider_ref", "=", key).executeTakeFirst();
          if (first && first.invoice_id !== invoice.id) throw new HttpError(409, say(lang, "api.keyUsed"));
          if (first) {
            const status = await trx.selectFrom("invoices").select("status").where("id", "=", invoice.id).executeTakeFirstOrThrow();
            return { id: first.id, invoicePaid: status.status === "paid", number: invoice.number };
          }
        }
        if (input.instalmentId !== null) {
          const instalment = await trx
            .selectFrom("invoice_instalments")
            .select("id")
            .where("id", "=", input.instalmentId)
            .where("invoice_id", "=", invoice.id)
            .executeTakeFirst();
          if (!instalment) {
            const message = say(lang, "api.noInstalment");
            throw new HttpError(400, message, { instalmentId: message });
          }
        }
        const paid = await recordPayment(trx, {
          invoiceId: invoice.id,
          method: input.method,
          amountMinor: input.amountMinor,
          reference: input.reference,
          instalmentId: input.instalmentId,
          recordedBy: caller.user.id,
          ...(key ? { providerRef: key } : {}),
        });
        // Its key was looked up under the invoice's lock, so it is never a repeat here.
        if (!paid) throw new Error("desk payment not recorded");
        // Paid in full: the enrolment is confirmed as an online payment confirms it (decision 100).
        if (paid.invoicePaid) await confirmPaidInvoice(trx, invoice.id, "desk");
        await recordAudit(trx, {
          action: "payment",
          entity: "invoice",
          entityId: invoice.id,
          name: invoice.number,
          summary: { paymentId: paid.id, method: input.method, amountMinor: input.amountMinor, reference: input.reference, instalmentId: input.instalmentId },
          userId: caller.user.id,
        });
        await queueMail(trx, deskReceiptMail, { to: invoice.email, subject: receiptSubject(invoice.lang, invoice.number), data: { paymentId: paid.id } });
        return { ...paid, number: invoice.number };
      });
      const outstanding = (await invoiceDetail(db, params.id, (await academyToday(db)).today))?.outstandingMinor ?? 0;
      return {
        status: 201,
        body: {
          message: say(lang, done.invoicePaid ? "api.paidInFull" : "api.recorded", { number: done.number }),
          paymentId: done.id,
          invoicePaid: done.invoicePaid,
          outstandingMinor: outstanding,
        },
      };
    } catch (error) {
      if (!(error instanceof BillingRefused)) throw error;
      const [status, key] = refusals[error.reason];
      const message = say(lang, key);
      throw new HttpError(status, message, error.reason === "tooMuch" ? { amountMinor: message } : undefined);
    }
  },
});

/** GET /api/admin/billing/families/:familyKey: every ledger entry with the running balance per currency. */
export const getFamilyStatement = defineEndpoint({
  method: "GET",
  path: "/api/admin/billing/families/:familyKey",
  access: "staff",
  params: familyParams,
  input: z.object({}),
  async run({ deps: { db }, caller, params }) {
    const statement = await familyStatement(db, params.familyKey);
    if (statement.entries.length === 0) throw new HttpError(404, say(caller.lang, "api.familyNotFound"));
    return { status: 200, body: statement };
  },
});

/**
 * POST /api/admin/billing/notices/:id/resolve: staff mark a payment notice (decision 094) resolved
 * once they have dealt with it at the provider or the desk → 200 `{ message, resolved }`; it leaves
 * the open notices on the billing desk and the dashboard. Idempotent: a second post (a double click,
 * two staff) changes nothing and is audited once. Unknown notice: 404.
 */
export const resolvePaymentNotice = defineEndpoint({
  method: "POST",
  path: "/api/admin/billing/notices/:id/resolve",
  access: "staff",
  // Nothing to send: the notice's id names what is resolved.
  noBody: true,
  params: idParams,
  input: z.object({}),
  async run({ deps: { db }, caller, params }) {
    const lang = caller.lang;
    const resolved = await db.transaction().execute(async (trx) => {
      const notice = await trx.selectFrom("payment_notices").select(["id", "kind", "notice_key"]).where("id", "=", params.id).executeTakeFirst();
      if (!notice) throw new HttpError(404, say(lang, "api.noticeNotFound"));
      const changed = await trx
        .updateTable("payment_notices")
        .set({ resolved_at: nowIso() })
        .where("id", "=", notice.id)
        .where("resolved_at", "is", null)
        .executeTakeFirst();
      if (Number(changed.numUpdatedRows) !== 1) return false;
      await recordAudit(trx, {
        action: "resolve",
        entity: "payment_notice",
        entityId: notice.id,
        name: notice.kind,
        summary: { kind: notice.kind, key: notice.notice_key },
        userId: caller.user.id,
      });
      return true;
    });
    return { status: 200, body: { message: say(lang, resolved ? "api.noticeResolved" : "api.noticeResolvedBefore"), resolved } };
  },
});

export const deskEndpoints = [listBillingInvoices, getBillingInvoice, recordDeskPayment, getFamilyStatement, resolvePaymentNotice];

/**
 * The accountant's CSV: one row per ledger entry (decision 090), dates in the academy's time and
 * zone, the currency on every row, amounts signed in minor units and in major units.
 */
const exportColumns: CsvColumn<ExportRow>[] = [
  { header: "Entry", value: (row) => row.id },
  { header: "Date", value: (row) => row.created_at, instant: true },
  { header: "Family", value: (row) => row.family_key },
  { header: "Parent", value: (row) => row.parent_name },
  { header: "Invoice", value: (row) => row.invoice_number },
  { header: "Invoice status", value: (row) => row.invoice_status },
  { header: "Due on", value: (row) => row.due_on },
  { header: "Kind", value: (row) => row.kind },
  { header: "Currency", value: (row) => row.currency },
  { header: "Amount (minor units)", value: (row) => row.amount_minor },
  // Exact decimal text with every decimal of the currency ("-12.345" KWD, "49.90" USD, "1200" JPY), never a float (decision 101).
  { header: "Amount", value: (row) => decimalString(row.amount_minor, row.currency) },
  { header: "Method", value: (row) => row.method ?? "" },
  { header: "Reference", value: (row) => row.reference ?? "" },
  { header: "Credit note", value: (row) => row.credit_note_number ?? "" },
];

/** GET /api/admin/billing/export.csv: every ledger entry for the accountant, streamed. Staff only. */
export const ledgerExport = defineEndpoint({
  method: "GET",
  path: "/api/admin/billing/export.csv",
  access: "staff",
  produces: "csv",
  input: z.object({}),
  async run({ deps: { db } }) {
    const { timeZone } = await academyToday(db);
    return csvFile("billing-ledger", exportColumns, ledgerExportRows(db), timeZone);
  },
});

/** The billing desk's JSON routes and the ledger's CSV. Staff only. */
export function deskApi(deps: EndpointDeps): Router {
  const router = Router();
  router.use(jsonRoutes(deps, [ledgerExport, ...deskEndpoints]));
  return router;
}
