import type { DB } from "~server/db/db";
import { defineJob } from "~server/jobs/job";
import { z } from "zod";
import { mailKind, queueMail } from "~server/mail/mail-queue";
import { serverT } from "~server/i18n";
import { addDays } from "~/lib/zoned-time";
import { languages, type Lang } from "~/i18n/lang";
import { pick } from "~/i18n/localized";
import { getSiteSettings } from "~/features/site/site.server";
import { academyToday, invoiceInstalments, type InvoiceInstalments } from "./instalments.server";
import { inBoth } from "~/features/messaging/index.server";
import { formatMoney } from "~/lib/money";
import { formatDay } from "./format-day";
import { invoicePayLink } from "./invoice-link.server";
import { notifyFamily } from "~/features/push/index.server";

export const instalmentReminderSweepJob = defineJob("instalment-reminder-sweep");
/** How often the sweep runs: a reminder leaves at most this much after its day begins. */
export const INSTALMENT_REMINDER_SWEEP_EVERY_MS = 15 * 60_000;
/** An overdue reminder still goes this many days late (the app was down on the day), never later. */
const OVERDUE_CATCH_UP_DAYS = 7;
/** Parts looked at per sweep at most; the next sweep takes the rest. */
const BATCH = 500;

export type ReminderKind = "before" | "overdue";

/** An instalment's reminder (rendered in instalment-mail.server.ts, which reads this module's types). */
export const instalmentReminderMailKind = mailKind(
  "instalment-reminder",
  z.object({
    kind: z.enum(["before", "overdue"]),
    lang: z.enum(languages),
    invoiceId: z.number().int(),
    invoiceNumber: z.string(),
    description: z.string(),
    childName: z.string(),
    position: z.number().int(),
    count: z.number().int(),
    amountMinor: z.number().int(),
    currency: z.string(),
    dueOn: z.string(),
  }),
);

/**
 * Queues the instalment reminders due now (decision 091): before each due date (from
 * `instalmentReminderDays` days ahead to the day itself) and on the day a part becomes overdue
 * (the day after its due date; a week's catch-up at most), for open invoices' parts not yet
 * covered by payments. Each reminder is claimed by a conditional UPDATE of its column
 * (`reminded_before_at` / `reminded_overdue_at` still null) in the transaction that queues its
 * e-mail, so a sweep that rolls back claims nothing: instances sweeping at once each get a part from the database once (PostgreSQL makes the
 * second UPDATE wait for the first and then find the column set; SQLite has one writer).
 * Returns how many reminders were queued.
 */
export async function sweepInstalmentReminders(db: DB, at = new Date()): Promise<number> {
  const today = await academyToday(db, at);
  const { instalmentReminderDays } = await getSiteSettings(db);
  const now = at.toISOString();
  const candidates = async (kind: ReminderKind) => {
    const column = kind === "before" ? "i.reminded_before_at" : "i.reminded_overdue_at";
    const [from, to] = kind === "before" ? [today, addDays(today, instalmentReminderDays)] : [addDays(today, -OVERDUE_CATCH_UP_DAYS), addDays(today, -1)];
    const rows = await db
      .selectFrom("invoice_instalments as i")
      .innerJoin("invoices as v", "v.id", "i.invoice_id")
      .select(["i.id", "i.invoice_id"])
      .where("v.status", "=", "open")
      .where(column, "is", null)
      .where("i.due_on", ">=", from)
      .where("i.due_on", "<=", to)
      .orderBy("i.id")
      .limit(BATCH)
      .execute();
    return rows.map((row) => ({ ...row, kind }));
  };
  const due = [...(await candidates("before")), ...(await candidates("overdue"))];
  if (due.length === 0) return 0;
  // What each part still owes, read before the claims: the transaction then starts with its first
  // write (SQLite takes its write lock there, waiting its turn, instead of upgrading a read snapshot
  // another instance has overtaken). A payment landing in between costs at most one needless reminder.
  const invoices = new Map<number, InvoiceInstalments | undefined>();
  const sends: { kind: ReminderKind; state: InvoiceInstalments; part: InvoiceInstalments["parts"][number] }[] = [];
  for (const candidate of due) {
    if (!invoices.has(candidate.invoice_id)) invoices.set(candidate.invoice_id, await invoiceInstalments(db, candidate.invoice_id, today));
    const state = invoices.get(candidate.invoice_id);
    const part = state?.parts.find((row) => row.id === candidate.id);
    // A part the payments cover needs no reminder (its column stays empty: nothing was sent).
    if (state && part && part.leftMinor > 0) sends.push({ kind: candidate.kind, state, part });
  }
  if (sends.length === 0) return 0;
  return db.transaction().execute(async (trx) => {
    let queued = 0;
    for (const { kind, state, part } of sends) {
      const claim = trx.updateTable("invoice_instalments").where("id", "=", part.id);
      const claimed =
        kind === "before"
          ? await claim.set({ reminded_before_at: now }).where("reminded_before_at", "is", null).executeTakeFirst()
          : await claim.set({ reminded_overdue_at: now }).where("reminded_overdue_at", "is", null).executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) continue;
      const { invoice } = state;
      const lang: Lang = invoice.lang === "ar" ? "ar" : "en";
      await queueMail(trx, instalmentReminderMailKind, {
        to: invoice.email,
        subject: serverT(lang, "instalments", `mail.${kind}.subject`, { number: invoice.number }),
        data: {
          kind,
          lang,
          invoiceId: invoice.id,
          invoiceNumber: invoice.number,
          description: pick(invoice, "description", lang),
          childName: invoice.child_name,
          position: part.position,
          count: state.parts.length,
          amountMinor: part.leftMinor,
          currency: invoice.currency,
          dueOn: part.dueOn,
        },
      });
      // On WhatsApp or SMS and the phones too, with the pay link, for guardians who chose them (decisions 127, 143): once per part and kind, as the e-mail.
      await notifyFamily(trx, {
        event: `instalment-${kind}:${part.id}`,
        email: invoice.email,
        template: kind === "before" ? "instalment_due" : "instalment_overdue",
        params: {
          ...inBoth("amount", (lang) => formatMoney(part.leftMinor, invoice.currency, lang)),
          ...inBoth("date", (lang) => formatDay(part.dueOn, lang)),
        },
        links: { link: invoicePayLink(invoice.id, invoice.number) },
        ownMail: true,
        push: { category: "invoice", url: "/account/invoices" },
      });
      queued += 1;
    }
    return queued;
  });
}
