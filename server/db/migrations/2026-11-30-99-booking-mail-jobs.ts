import { sql, type Kysely } from "kysely";

/**
 * Booking's and camp's mails moved onto the one mail job (decision 118): their jobs still queued
 * (or running) under their own kinds would find no handler after the upgrade, so each becomes a
 * mail job of the same name with its payload as the mail's data and the recipient read from its
 * record. A job whose record is gone is dropped: its mail would have been dropped as stale.
 */
const BY_REFERENCE: Record<string, "demo_bookings" | "enrollments"> = {
  "booking-confirmation": "demo_bookings",
  "booking-followup": "demo_bookings",
  "booking-reminder": "demo_bookings",
  "booking-rescheduled": "demo_bookings",
  "enrollment-confirmation": "enrollments",
};
const CARRIES_EMAIL = ["booking-cancelled-by-staff", "waitlist-closed-by-staff"];
const BY_ENTRY = ["waitlist-joined", "waitlist-offer"];
const KINDS = [...Object.keys(BY_REFERENCE), ...CARRIES_EMAIL, ...BY_ENTRY];

async function recipient(db: Kysely<unknown>, kind: string, data: Record<string, unknown>): Promise<string | undefined> {
  if (CARRIES_EMAIL.includes(kind)) return typeof data.email === "string" ? data.email : undefined;
  const table = BY_REFERENCE[kind];
  const row = table
    ? await sql<{ email: string }>`select email from ${sql.table(table)} where reference = ${String(data.reference)}`.execute(db)
    : await sql<{ email: string }>`select email from slot_waitlist where id = ${Number(data.entryId)}`.execute(db);
  return row.rows[0]?.email;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const jobs = await sql<{
    id: number;
    kind: string;
    payload: string;
  }>`select id, kind, payload from jobs where status in ('queued', 'running') and kind in (${sql.join(KINDS)})`.execute(db);
  for (const job of jobs.rows) {
    const data: Record<string, unknown> = JSON.parse(job.payload);
    const to = await recipient(db, job.kind, data);
    if (to === undefined) {
      await sql`delete from jobs where id = ${job.id}`.execute(db);
      continue;
    }
    await sql`update jobs set kind = 'mail', payload = ${JSON.stringify({ template: job.kind, to, data })} where id = ${job.id}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const jobs = await sql<{ id: number; payload: string }>`select id, payload from jobs where kind = 'mail' and status in ('queued', 'running')`.execute(db);
  for (const job of jobs.rows) {
    const mail: { template?: unknown; data?: unknown } = JSON.parse(job.payload);
    if (typeof mail.template !== "string" || !KINDS.includes(mail.template)) continue;
    await sql`update jobs set kind = ${mail.template}, payload = ${JSON.stringify(mail.data)} where id = ${job.id}`.execute(db);
  }
}
