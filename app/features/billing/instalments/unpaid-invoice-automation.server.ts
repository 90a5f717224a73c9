import { inTransaction, type DB } from "~server/db/db";
import { defineJob } from "~server/jobs/job";
import { formatCalendarDay } from "~/lib/dates";
import { zonedParts } from "~/lib/zoned-time";
import { academyTimeZone } from "~/features/site/academy-zone.server";
import { AUTOMATION_CATCH_UP_DAYS, automationRun, inBoth } from "~/features/messaging/index.server";
import { notifyFamily } from "~/features/push/index.server";
import { invoicePayLink } from "./invoice-link.server";

/** The unpaid-invoice automation's run (decision 140): one job per quarter hour across instances. */
export const unpaidInvoiceJob = defineJob("unpaid-invoice-automation");
export const UNPAID_INVOICE_EVERY_MS = 15 * 60_000;

const shiftDay = (day: string, days: number) => new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * An invoice still open (not paid, not void) N days after its due day in academy time: the
 * family's reminder with its pay link, by the unpaid-invoice automation, and on the phones of each
 * guardian who chose invoices (decision 143). Reads the invoice only; the balance stays billing's
 * (the pay page shows it). Returns how many messages were sent.
 */
export async function sweepUnpaidInvoices(db: DB, now = new Date()): Promise<number> {
  const run = await automationRun(db, "unpaid_invoice");
  if (!run) return 0;
  const days = run.settings.days!;
  const today = zonedParts(now, await academyTimeZone(db)).date;
  const invoices = await db
    .selectFrom("invoices as i")
    .select(["i.id", "i.number", "i.email", "i.due_on"])
    .where("i.status", "=", "open")
    .where("i.due_on", "<=", shiftDay(today, -days))
    .where("i.due_on", ">", shiftDay(today, -(days + AUTOMATION_CATCH_UP_DAYS)))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("messaging_automation_events as ev").select("ev.id").where("ev.automation", "=", "unpaid_invoice").whereRef("ev.subject_id", "=", "i.id"),
        ),
      ),
    )
    .orderBy("i.id")
    .limit(500)
    .execute();
  let sent = 0;
  for (const invoice of invoices) {
    // Each invoice in its own transaction: one family's failure does not undo another's message.
    const told = await inTransaction(db, (trx) =>
      notifyFamily(trx, {
        event: `invoice:${invoice.id}`,
        email: invoice.email,
        template: "unpaid_invoice",
        params: { number: invoice.number, ...inBoth("date", (lang) => formatCalendarDay(invoice.due_on, lang, "long")) },
        links: { link: invoicePayLink(invoice.id, invoice.number) },
        automation: { key: "unpaid_invoice", subjectId: invoice.id },
        push: { category: "invoice", url: "/account/invoices" },
      }),
    );
    if (told.messaged) sent += 1;
  }
  return sent;
}
