import type { DB, Trx } from "~server/db/db";
import { nowIso } from "~server/db/values";
import { zonedParts } from "~/lib/zoned-time";
import { getSiteSettings } from "~/features/site/site.server";
import { timeZoneOf } from "~/features/site/academy-zone.server";
import { invoiceOutstanding, lockInvoice } from "~/features/billing/ledger.server";
import { partStates, splitProblems, type Part, type PartState, type SplitProblem } from "~/features/billing/instalment-split";
import { settledOfParts } from "~/features/billing/rules";

/** The academy's calendar day now. */
export async function academyToday(db: DB, at: Date = new Date()): Promise<string> {
  return zonedParts(at, timeZoneOf(await getSiteSettings(db))).date;
}

/**
 * An invoice as its instalments page, its payment page and the reminders see it: what it totals
 * less credit notes (what a split must add up to), what is still owed, and each part's state.
 */
export async function invoiceInstalments(db: DB, invoiceId: number, today?: string) {
  const invoice = await db
    .selectFrom("invoices")
    .select([
      "id",
      "number",
      "status",
      "currency",
      "total_minor",
      "family_key",
      "email",
      "parent_name",
      "child_name",
      "description_en",
      "description_ar",
      "lang",
      "issued_at",
      "due_on",
      "offer_kind",
      "enrolment_id",
    ])
    .where("id", "=", invoiceId)
    .executeTakeFirst();
  if (!invoice) return undefined;
  const [credited, outstandingMinor, rows, day, settings] = await Promise.all([
    db
      .selectFrom("credit_notes")
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("amount_minor"), eb.lit(0)).as("sum"))
      .where("invoice_id", "=", invoiceId)
      .executeTakeFirstOrThrow(),
    invoiceOutstanding(db, invoiceId),
    db
      .selectFrom("invoice_instalments")
      .select(["id", "position", "due_on", "amount_minor", "reminded_before_at", "reminded_overdue_at"])
      .where("invoice_id", "=", invoiceId)
      .orderBy("position")
      .execute(),
    today ?? academyToday(db),
    getSiteSettings(db),
  ]);
  const owedTotalMinor = invoice.total_minor - Number(credited.sum);
  const parts = rows.map((row) => ({ id: row.id, dueOn: row.due_on, amountMinor: row.amount_minor }));
  // Payments cover the parts in order (billing/rules.ts, the one rule of owed and overdue).
  const states = partStates(parts, settledOfParts(parts, outstandingMinor), day, invoice.status === "void").map((state, index) => ({
    ...state,
    id: parts[index]!.id,
    position: index + 1,
  }));
  return {
    invoice,
    issuedOn: zonedParts(invoice.issued_at, timeZoneOf(settings)).date,
    owedTotalMinor,
    outstandingMinor,
    /** Money settled on the invoice as a whole (payments and credit notes against what it charged). */
    paidMinor: owedTotalMinor - outstandingMinor,
    parts: states,
    today: day,
  };
}
export type InvoiceInstalments = NonNullable<Awaited<ReturnType<typeof invoiceInstalments>>>;
export type InstalmentRow = InvoiceInstalments["parts"][number];

export type SplitRefusal =
  | { reason: "notFound" | "void" | "paid" }
  | { reason: "invalid"; problems: SplitProblem[]; owedTotalMinor: number }
  /** Money already settled does not end where one of the new split's parts ends, or a paid part was changed. */
  | { reason: "paidParts"; paidMinor: number };

/**
 * Splits an invoice into dated parts (decision 091), in the caller's transaction, after taking the
 * invoice's lock: a payment and a split of one invoice queue. Re-splitting is allowed while the
 * invoice is open and what is settled ends exactly at the end of one of the new split's first
 * parts, those parts unchanged when they were parts already: paid instalments stay as they were
 * paid, and money is never half on a part that staff are redrawing. Parts unchanged keep their
 * id and their reminders; changed ones are reminded afresh.
 */
export async function saveSplit(
  trx: Trx,
  invoiceId: number,
  parts: readonly Part[],
): Promise<{ ok: true; before: Part[]; after: Part[] } | ({ ok: false } & SplitRefusal)> {
  const locked = await lockInvoice(trx, invoiceId);
  if (!locked) return { ok: false, reason: "notFound" };
  if (locked.status === "void") return { ok: false, reason: "void" };
  const current = (await invoiceInstalments(trx, invoiceId))!;
  if (current.outstandingMinor <= 0) return { ok: false, reason: "paid" };
  const problems = splitProblems(parts, current.owedTotalMinor, current.issuedOn);
  if (problems.length > 0) return { ok: false, reason: "invalid", problems, owedTotalMinor: current.owedTotalMinor };
  const settled = current.paidMinor;
  const oldPaid = current.parts.filter((part) => part.status === "paid");
  let prefix = 0;
  let covered = 0;
  while (covered < settled && prefix < parts.length) covered += parts[prefix++]!.amountMinor;
  const samePaid =
    current.parts.length === 0 ||
    (oldPaid.length === prefix && oldPaid.every((old, index) => old.dueOn === parts[index]!.dueOn && old.amountMinor === parts[index]!.amountMinor));
  if (covered !== settled || !samePaid) return { ok: false, reason: "paidParts", paidMinor: settled };
  const now = nowIso();
  for (const [index, part] of parts.entries()) {
    const old = current.parts[index];
    if (old && old.dueOn === part.dueOn && old.amountMinor === part.amountMinor) continue;
    if (old) {
      await trx
        .updateTable("invoice_instalments")
        .set({ due_on: part.dueOn, amount_minor: part.amountMinor, reminded_before_at: null, reminded_overdue_at: null })
        .where("id", "=", old.id)
        .execute();
    } else {
      await trx
        .insertInto("invoice_instalments")
        .values({ invoice_id: invoiceId, position: index + 1, due_on: part.dueOn, amount_minor: part.amountMinor, created_at: now })
        .execute();
    }
  }
  await trx.deleteFrom("invoice_instalments").where("invoice_id", "=", invoiceId).where("position", ">", parts.length).execute();
  return { ok: true, before: current.parts.map(({ dueOn, amountMinor }) => ({ dueOn, amountMinor })), after: [...parts] };
}

/** Sets a course's or the camp's rule; returns the rule before, or undefined when there is no such offer. */
export async function setInstalmentRule(trx: DB, kind: "course" | "camp", id: number, count: number): Promise<number | undefined> {
  const table = kind === "course" ? "courses" : "camps";
  const before = await trx.selectFrom(table).select("instalment_count").where("id", "=", id).executeTakeFirst();
  if (!before) return undefined;
  await trx.updateTable(table).set({ instalment_count: count, updated_at: nowIso() }).where("id", "=", id).execute();
  return Number(before.instalment_count);
}

export type { PartState };
