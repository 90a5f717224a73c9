import { sql, type ExpressionBuilder } from "kysely";
import { isPostgres, type Trx } from "~server/db/db";
import type { Database } from "~server/db/schema";

/**
 * A family's limits on public enrolments (issue 39 finding 2, decision 104), checked in the
 * enrolment's transaction before its seat is taken. A family is its lower-cased e-mail and, for a
 * signed-in parent, their account (as the demo booking rules count one, decision 062). Staff's
 * enrolments, the waitlist's and demo conversions do not call this.
 */

/** At most this many holds (held or run out unpaid) one family takes in one group in HOLD_WINDOW_MS. */
export const HOLDS_PER_GROUP = 3;
export const HOLD_WINDOW_MS = 24 * 60 * 60_000;
/** A camp enrolment counts toward the cap while staff have not closed it, for this long after it was made. */
export const CAMP_COUNTS_FOR_MS = 180 * 24 * 60 * 60_000;

export class FamilyLimitReached extends Error {
  constructor(
    readonly reason: "familyCap" | "holdLimit",
    readonly limit: number,
  ) {
    super(reason);
  }
}

export interface FamilyLimits {
  email: string;
  /** The signed-in parent's account; null for visitors. */
  userId: number | null;
  /** Site setting enrolmentsPerFamily: live enrolments (enrolled or held, groups not yet over, camps not closed). */
  perFamily: number;
  /** The group, when this enrolment will be held for an online payment (the hold limit applies). */
  heldIn?: number | null;
}

/**
 * Refuses (FamilyLimitReached) a family at its cap, or a hold over the hold limit. On PostgreSQL the
 * family's advisory locks (its e-mail and its account, in one order) are taken first and kept to the
 * end of the transaction, so two instances counting for one family at once count one after the other;
 * SQLite runs one write transaction at a time.
 */
export async function checkFamilyLimits(trx: Trx, family: FamilyLimits, now: string): Promise<void> {
  const email = family.email.trim().toLowerCase();
  if (isPostgres(trx)) {
    const keys = [`enrolment-family:email:${email}`, ...(family.userId !== null ? [`enrolment-family:user:${family.userId}`] : [])].sort();
    for (const key of keys) await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
  }
  const ofFamily = (eb: ExpressionBuilder<Database, "section_enrolments">) =>
    family.userId === null
      ? eb("section_enrolments.email", "=", email)
      : eb.or([eb("section_enrolments.email", "=", email), eb("section_enrolments.user_id", "=", family.userId)]);
  const groups = await trx
    .selectFrom("section_enrolments")
    .innerJoin("course_sections", "course_sections.id", "section_enrolments.section_id")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("section_enrolments.status", "=", "enrolled")
    .where("course_sections.ends_at", ">", now)
    .where(ofFamily)
    .executeTakeFirstOrThrow();
  const camps = await trx
    .selectFrom("camp_enrolments")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where(sql<string>`lower(email)`, "=", email)
    .where("status", "<>", "closed")
    .where("created_at", ">", new Date(Date.parse(now) - CAMP_COUNTS_FOR_MS).toISOString())
    .executeTakeFirstOrThrow();
  if (Number(groups.n) + Number(camps.n) >= family.perFamily) throw new FamilyLimitReached("familyCap", family.perFamily);
  if (family.heldIn === undefined || family.heldIn === null) return;
  // A hold that was paid keeps no hold time: only holds still open or run out unpaid count.
  const holds = await trx
    .selectFrom("section_enrolments")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("section_enrolments.section_id", "=", family.heldIn)
    .where("section_enrolments.payment_hold_until", "is not", null)
    .where("section_enrolments.created_at", ">", new Date(Date.parse(now) - HOLD_WINDOW_MS).toISOString())
    .where(ofFamily)
    .executeTakeFirstOrThrow();
  if (Number(holds.n) >= HOLDS_PER_GROUP) throw new FamilyLimitReached("holdLimit", HOLDS_PER_GROUP);
}
