import { sql } from "kysely";
import type { DB } from "~server/db/db";
import type { Lang } from "~/i18n/lang";
import { pick } from "~/i18n/localized";
import { addDays, zonedParts, zonedToUtc } from "~/lib/zoned-time";
import { childKey } from "~/lib/child-key";
import { overdueFlagSql, owedShown, owedSql } from "~/features/billing/rules";
import { termOf, type MoneyPeriod } from "./money-period";
import type { Amounts, FunnelCounts, MoneyRow, MoneySummary } from "./money-types";
import { enrolmentsAfterDemos } from "~/features/enrolments/queries.server";
import { bookingsOfClassesBetween } from "~/features/booking/queries.server";

/**
 * The staff dashboard's money view (issue 31 part 7, decision 093). Every figure is per currency:
 * dollars and rupees are never added together. Reads are bounded (grouped in SQL, or capped rows).
 */

/** Open invoices read to work out outstanding and overdue; far above what an academy has open. */
export const MAX_OPEN_INVOICES = 20_000;
/** Demo bookings read for the funnel over one period. */
export const MAX_FUNNEL_BOOKINGS = 50_000;

export type { Amounts, FunnelCounts, MoneyRow, MoneySummary } from "./money-types";

interface Bucket {
  course: string;
  courseLabel: string;
  term: string;
  currency: string;
}

const zero = (currency: string): Amounts => ({ currency, collectedMinor: 0, outstandingMinor: 0, overdueMinor: 0 });

export async function moneySummary(
  db: DB,
  options: { period: MoneyPeriod; timeZone: string; lang: Lang; campLabel: string; now?: Date },
): Promise<MoneySummary> {
  const { period, timeZone, lang } = options;
  const today = zonedParts(options.now ?? new Date(), timeZone).date;
  // The period's academy days as instants: from its first day's midnight to the midnight after its last.
  const fromAt = zonedToUtc(period.from, "00:00", timeZone).toISOString();
  const toAt = zonedToUtc(addDays(period.to, 1), "00:00", timeZone).toISOString();
  const bucketOf = (row: {
    offer_kind: string;
    course_id: number | null;
    name_en: string | null;
    name_ar: string | null;
    first_date: string | null;
    issued_at: string;
    currency: string;
  }): Bucket => {
    const camp = row.offer_kind === "camp" || row.course_id === null;
    return {
      course: camp ? "camp" : String(row.course_id),
      courseLabel: camp ? options.campLabel : pick({ name_en: row.name_en ?? "", name_ar: row.name_ar ?? "" }, "name", lang),
      // A course group's term is its first class's quarter; the camp's (no group) the invoice's issue day's.
      term: termOf(row.first_date ?? zonedParts(row.issued_at, timeZone).date),
      currency: row.currency,
    };
  };
  const invoiceColumns = ["i.offer_kind", "s.course_id", "c.name_en", "c.name_ar", "s.first_date", "i.issued_at", "i.currency"] as const;

  // Collected: payments less refunds received in the period, grouped small in SQL.
  const moves = await db
    .selectFrom("payments as p")
    .innerJoin("invoices as i", "i.id", "p.invoice_id")
    .leftJoin("section_enrolments as e", "e.id", "i.enrolment_id")
    .leftJoin("course_sections as s", "s.id", "e.section_id")
    .leftJoin("courses as c", "c.id", "s.course_id")
    .select([...invoiceColumns, sql<number>`sum(case when p.kind = 'payment' then p.amount_minor else -p.amount_minor end)`.as("net")])
    // A refund the provider refused (failed) gave nothing back (decision 092); a pending one is on its way out.
    .where("p.refund_state", "<>", "failed")
    .where("p.received_at", ">=", fromAt)
    .where("p.received_at", "<", toAt)
    .groupBy([...invoiceColumns])
    .execute();

  // Outstanding and overdue: open invoices as they stand now, each with what its ledger says is owed.
  const open = await db
    .selectFrom("invoices as i")
    .leftJoin("section_enrolments as e", "e.id", "i.enrolment_id")
    .leftJoin("course_sections as s", "s.id", "e.section_id")
    .leftJoin("courses as c", "c.id", "s.course_id")
    .select((eb) => ["i.id", "i.due_on", ...invoiceColumns, owedSql(eb).as("owed"), overdueFlagSql(eb, today).as("overdue")])
    .where("i.status", "=", "open")
    .orderBy("i.id")
    .limit(MAX_OPEN_INVOICES)
    .execute();

  const totals = new Map<string, Amounts>();
  const byCourse = new Map<string, MoneyRow>();
  const byTerm = new Map<string, MoneyRow>();
  const overdueCount = new Map<string, number>();
  const add = (bucket: Bucket, field: "collectedMinor" | "outstandingMinor" | "overdueMinor", amount: number) => {
    const total = totals.get(bucket.currency) ?? zero(bucket.currency);
    total[field] += amount;
    totals.set(bucket.currency, total);
    const course = byCourse.get(`${bucket.course}|${bucket.currency}`) ?? { key: bucket.course, label: bucket.courseLabel, ...zero(bucket.currency) };
    course[field] += amount;
    byCourse.set(`${bucket.course}|${bucket.currency}`, course);
    const term = byTerm.get(`${bucket.term}|${bucket.currency}`) ?? { key: bucket.term, label: bucket.term, ...zero(bucket.currency) };
    term[field] += amount;
    byTerm.set(`${bucket.term}|${bucket.currency}`, term);
  };
  for (const row of moves) add(bucketOf(row), "collectedMinor", Number(row.net));
  for (const row of open) {
    const owed = owedShown(Number(row.owed));
    if (owed === 0) continue;
    const bucket = bucketOf(row);
    add(bucket, "outstandingMinor", owed);
    if (Number(row.overdue) === 1) {
      add(bucket, "overdueMinor", owed);
      overdueCount.set(row.currency, (overdueCount.get(row.currency) ?? 0) + 1);
    }
  }
  const byCurrency = (a: { currency: string }, b: { currency: string }) => a.currency.localeCompare(b.currency);
  return {
    period,
    today,
    totals: [...totals.values()].sort(byCurrency),
    byCourse: [...byCourse.values()].sort((a, b) => byCurrency(a, b) || a.label.localeCompare(b.label)),
    byTerm: [...byTerm.values()].sort((a, b) => byCurrency(a, b) || b.key.localeCompare(a.key)),
    overdueInvoices: [...overdueCount.entries()].map(([currency, count]) => ({ currency, count })).sort(byCurrency),
    funnel: await paidFunnel(db, { fromAt, toAt, lang }),
  };
}

/**
 * Demo → attended → enrolled → paid over the demo classes held in the period (decision 093, after
 * decision 069): booked is every booking not cancelled; attended is marked so; enrolled is a
 * booking staff converted (demo_booking_id) or followed by an enrolment of the same child (name
 * key and e-mail) in the course; paid is such an enrolment whose invoice is paid in full.
 */
async function paidFunnel(db: DB, range: { fromAt: string; toAt: string; lang: Lang }): Promise<MoneySummary["funnel"]> {
  const bookings = await bookingsOfClassesBetween(db, range.fromAt, range.toAt, MAX_FUNNEL_BOOKINGS);
  const total: FunnelCounts = { booked: 0, attended: 0, enrolled: 0, paid: 0 };
  if (bookings.length === 0) return { total, byCourse: [] };
  const courseIds = [...new Set(bookings.map((b) => b.course_id).filter((id): id is number => id !== null))];
  const since = bookings.reduce((min, b) => (b.created_at < min ? b.created_at : min), bookings[0]!.created_at);
  const enrolments = await enrolmentsAfterDemos(db, courseIds, since, {
    limit: MAX_FUNNEL_BOOKINGS,
    // Paid: an invoice of the enrolment paid in full, in the enrolments' one query.
    paid: (enrolmentId) =>
      db.selectFrom("invoices as i").select("i.id").where("i.enrolment_id", "=", sql.ref<number>(enrolmentId)).where("i.status", "=", "paid"),
  });
  const converted = new Map(enrolments.filter((e) => e.demo_booking_id !== null).map((e) => [e.demo_booking_id!, Boolean(e.paid)]));
  const byChild = new Map<string, { created_at: string; paid: boolean }[]>();
  for (const e of enrolments) {
    const key = `${e.course_id}|${e.email.toLowerCase()}|${e.child_key}`;
    byChild.set(key, [...(byChild.get(key) ?? []), { created_at: e.created_at, paid: Boolean(e.paid) }]);
  }
  const rows = new Map<string, FunnelCounts & { label: string }>();
  for (const b of bookings) {
    const label = b.name_en !== null && b.name_ar !== null ? (range.lang === "ar" ? b.name_ar : b.name_en) : b.course_name;
    const row = rows.get(String(b.course_id ?? b.course_name)) ?? { label, booked: 0, attended: 0, enrolled: 0, paid: 0 };
    const later = (byChild.get(`${b.course_id}|${b.email.toLowerCase()}|${childKey(b.child_name)}`) ?? []).filter((e) => e.created_at >= b.created_at);
    const enrolled = converted.has(b.id) || later.length > 0;
    const paid = converted.get(b.id) === true || later.some((e) => e.paid);
    for (const counts of [row, total]) {
      counts.booked++;
      if (b.status === "attended") counts.attended++;
      if (enrolled) counts.enrolled++;
      if (paid) counts.paid++;
    }
    rows.set(String(b.course_id ?? b.course_name), row);
  }
  return { total, byCourse: [...rows.values()].sort((a, b) => a.label.localeCompare(b.label)) };
}
