import type { DB } from "~server/db/db";
import { ownedBy, sameEmail, type Owner } from "~/features/family/account-owner.server";

/**
 * Demo bookings' query module (decision 153): other features read `demo_bookings`,
 * `slot_waitlist` and `demo_slots` through these functions. A lookup returns the booking's own
 * columns; a list that joined its slot and course is one query here, as it was where it was
 * written. Imports no feature but family's ownership rule: check-import-cycles.ts counts it as a
 * node of its own.
 */

// --- One booking

/** A booking's child, family, course and status, or undefined when there is none. */
export function bookingById(db: DB, id: number) {
  return db
    .selectFrom("demo_bookings")
    .select(["id", "code", "child_name", "child_age", "parent_name", "email", "phone", "lang", "user_id", "course_id", "status"])
    .where("id", "=", id)
    .executeTakeFirst();
}

/** A booking with its course's names and its class's start (staff's conversion page), or undefined. */
export function bookingWithClass(db: DB, id: number) {
  return db
    .selectFrom("demo_bookings as b")
    .innerJoin("demo_slots as s", "s.id", "b.slot_id")
    .leftJoin("courses as c", "c.id", "b.course_id")
    .select([
      "b.id",
      "b.code",
      "b.status",
      "b.child_name",
      "b.child_age",
      "b.parent_name",
      "b.email",
      "b.course_id",
      "b.course_name",
      "c.name_en",
      "c.name_ar",
      "s.starts_at",
    ])
    .where("b.id", "=", id)
    .executeTakeFirst();
}

/** The status of each of these bookings, by id (the ones that exist). */
export function bookingStatuses(db: DB, ids: readonly number[]) {
  return db.selectFrom("demo_bookings").select(["id", "status"]).where("id", "in", ids).orderBy("id").execute();
}

/** How many bookings name the course (any status): a course with any cannot be deleted. */
export async function bookingCountOfCourse(db: DB, courseId: number): Promise<number> {
  const { n } = await db
    .selectFrom("demo_bookings")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("course_id", "=", courseId)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** How many bookings are booked for a class starting at `now` or later. */
export function upcomingBookingCount(db: DB, now: string) {
  return db
    .selectFrom("demo_bookings")
    .innerJoin("demo_slots", "demo_slots.id", "demo_bookings.slot_id")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("demo_bookings.status", "=", "booked")
    .where("demo_slots.starts_at", ">=", now)
    .executeTakeFirst();
}

/** When each booking since `since` was made (the admin dashboard's chart). */
export function bookingTimesSince(db: DB, since: string) {
  return db.selectFrom("demo_bookings").select("created_at").where("created_at", ">=", since).execute();
}

// --- Lists

/** The bookings booked for a class starting in [from, to), with the family's contact, first first (staff's today page). */
export function trialsBetween(db: DB, from: string, to: string, limit: number) {
  return db
    .selectFrom("demo_bookings as b")
    .innerJoin("demo_slots as d", "d.id", "b.slot_id")
    .select(["b.id", "d.starts_at", "b.code", "b.course_name", "b.child_name", "b.child_age", "b.parent_name", "b.phone"])
    .where("b.status", "=", "booked")
    .where("d.starts_at", ">=", from)
    .where("d.starts_at", "<", to)
    .orderBy("d.starts_at")
    .orderBy("b.id")
    .limit(limit)
    .execute();
}

/** The bookings not cancelled whose class starts in [from, to), with the course's names, by id (the money summary's funnel). */
export function bookingsOfClassesBetween(db: DB, from: string, to: string, limit: number) {
  return db
    .selectFrom("demo_bookings as b")
    .innerJoin("demo_slots as d", "d.id", "b.slot_id")
    .leftJoin("courses as c", "c.id", "b.course_id")
    .select(["b.id", "b.course_id", "b.course_name", "b.status", "b.email", "b.child_name", "b.created_at", "c.name_en", "c.name_ar"])
    .where("d.starts_at", ">=", from)
    .where("d.starts_at", "<", to)
    .where("b.status", "<>", "cancelled")
    .orderBy("b.id")
    .limit(limit)
    .execute();
}

/** The bookings not cancelled whose class starts at `since` or later, with the course and whether a waitlist offer led to it, by class time (demo outcomes). */
export function bookingOutcomesSince(db: DB, since: string, limit: number) {
  return db
    .selectFrom("demo_bookings as b")
    .innerJoin("demo_slots as s", "s.id", "b.slot_id")
    .leftJoin("courses as c", "c.id", "b.course_id")
    .select((eb) => [
      "b.id",
      "b.course_id",
      "b.course_name",
      "b.status",
      "b.email",
      "b.child_name",
      "b.created_at",
      "b.user_id",
      "s.starts_at",
      "c.name_en",
      "c.name_ar",
      eb.exists(eb.selectFrom("slot_waitlist as w").select("w.id").whereRef("w.booking_id", "=", "b.id")).as("from_waitlist"),
    ])
    .where("s.starts_at", ">=", since)
    .where("b.status", "<>", "cancelled")
    .orderBy("s.starts_at")
    .limit(limit)
    .execute();
}

// --- A family's bookings (the one ownership rule: family's ownedBy)

/** The account's bookings with their class and course, first class first (the account's page and data export). */
export function ownedBookings(db: DB, owner: Owner) {
  return db
    .selectFrom("demo_bookings as b")
    .innerJoin("demo_slots as s", "s.id", "b.slot_id")
    .leftJoin("courses as c", "c.id", "b.course_id")
    .select([
      "b.id",
      "b.slot_id",
      "b.reference",
      "b.code",
      "b.status",
      "b.course_name",
      "b.child_name",
      "b.child_age",
      "b.parent_name",
      "b.email",
      "b.phone",
      "b.lang",
      "b.created_at",
      "s.starts_at",
      "s.duration_minutes",
      "s.mode",
      "c.slug",
      "c.name_en",
      "c.name_ar",
    ])
    .where(ownedBy("b", owner))
    .orderBy("s.starts_at", "asc")
    .orderBy("b.id", "asc")
    .execute();
}

/** The account's booked demos whose class started after `after`, with the class and course, first first (its timetable). */
export function ownedBookedDemos(db: DB, owner: Owner, after: string, limit: number) {
  return db
    .selectFrom("demo_bookings as b")
    .innerJoin("demo_slots as s", "s.id", "b.slot_id")
    .leftJoin("courses as c", "c.id", "b.course_id")
    .select([
      "b.id",
      "b.code",
      "b.child_name",
      "b.course_name",
      "b.created_at",
      "b.updated_at",
      "s.starts_at",
      "s.duration_minutes",
      "s.mode",
      "s.meeting_url",
      "c.slug",
      "c.name_en",
      "c.name_ar",
    ])
    .where("b.status", "=", "booked")
    .where("s.starts_at", ">", after)
    .where(ownedBy("b", owner))
    .orderBy("s.starts_at")
    .limit(limit)
    .execute();
}

/** The names and contacts on the account's bookings (an erasure looks for them in queued mail). */
export function ownedBookingContacts(db: DB, owner: Owner, limit: number) {
  return db.selectFrom("demo_bookings").select(["child_name", "parent_name", "email", "phone"]).where(ownedBy("demo_bookings", owner)).limit(limit).execute();
}

/** The places in demo classes' lines under a proven e-mail, with the class and course, first class first. */
export function waitlistPlacesByEmail(db: DB, provenEmail: string) {
  return db
    .selectFrom("slot_waitlist as w")
    .innerJoin("demo_slots as s", "s.id", "w.slot_id")
    .leftJoin("courses as c", "c.id", "w.course_id")
    .select([
      "w.id",
      "w.slot_id",
      "w.status",
      "w.child_name",
      "w.child_age",
      "w.parent_name",
      "w.email",
      "w.phone",
      "w.lang",
      "w.offer_expires_at",
      "w.created_at",
      "s.starts_at",
      "s.mode",
      "c.name_en",
      "c.name_ar",
    ])
    .where(sameEmail("w.email", provenEmail))
    .orderBy("s.starts_at", "asc")
    .orderBy("w.id", "asc")
    .execute();
}

/** The names and contacts on the places in demo classes' lines under a proven e-mail (an erasure looks for them in queued mail). */
export function waitlistContactsByEmail(db: DB, provenEmail: string, limit: number) {
  return db.selectFrom("slot_waitlist").select(["child_name", "parent_name", "email", "phone"]).where(sameEmail("email", provenEmail)).limit(limit).execute();
}
