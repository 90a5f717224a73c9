import type { Expression } from "kysely";
import type { DB } from "~server/db/db";
import { enrolledCountOf } from "~/features/enrolments/queries.server";
import { ownedBy, type Owner } from "~/features/family/account-owner.server";
import { arrivedNotCollected, markedCountOf, meetingMarksOf } from "~/features/teaching/queries.server";

/**
 * The course groups' query module (decision 153): other features read `course_sections`,
 * `section_meetings` and `section_waitlist` through these functions. A lookup returns the group's
 * or the meeting's own columns (with its course's names where every caller shows them); a list
 * that joined the course or the instructor is one query here, as it was where it was written.
 * Imports no feature but family's ownership rule and other query modules, so the features sections itself imports
 * (teaching, levels, billing, booking...) may call it: check-import-cycles.ts counts it as a node
 * of its own.
 */

// --- One group

/** A group with its course: its dates, status, instructor and the course's slug and names; undefined when there is none. */
export function sectionWithCourse(db: DB, id: number) {
  return db
    .selectFrom("course_sections as s")
    .innerJoin("courses as c", "c.id", "s.course_id")
    .select(["s.id", "s.course_id", "s.teacher_id", "s.status", "s.starts_at", "s.ends_at", "s.first_date", "c.slug", "c.name_en", "c.name_ar"])
    .where("s.id", "=", id)
    .executeTakeFirst();
}

/** A group with its course's names, first day and the ladder level naming it (decision 130), or undefined (a report's proposal). */
export function groupWithLevel(db: DB, id: number) {
  return db
    .selectFrom("course_sections as s")
    .innerJoin("courses as c", "c.id", "s.course_id")
    .leftJoin("course_levels as l", "l.section_id", "s.id")
    .select(["c.name_en", "c.name_ar", "s.first_date", "l.name_en as level_en", "l.name_ar as level_ar"])
    .where("s.id", "=", id)
    .executeTakeFirst();
}

/** What a group's enrolment costs: its course's names, list price, currency and early-booking price; undefined when there is none. */
export function sectionPrice(db: DB, id: number) {
  return db
    .selectFrom("course_sections as s")
    .innerJoin("courses as c", "c.id", "s.course_id")
    .select(["c.name_en", "c.name_ar", "c.price", "c.currency", "c.early_price_minor", "c.early_price_until"])
    .where("s.id", "=", id)
    .executeTakeFirst();
}

// --- Lists of groups

/** The groups not cancelled, with their course's names, newest first (staff's choices of a group). */
export function groupChoices(db: DB, limit: number) {
  return db
    .selectFrom("course_sections as s")
    .innerJoin("courses as c", "c.id", "s.course_id")
    .select(["s.id", "s.starts_at", "c.name_en", "c.name_ar"])
    .where("s.status", "<>", "cancelled")
    .orderBy("s.starts_at", "desc")
    .orderBy("s.id", "desc")
    .limit(limit)
    .execute();
}

/** The groups not cancelled that end at `endsFrom` or later, with their course's names, first term first (a broadcast's audiences). */
export function groupsEndingFrom(db: DB, endsFrom: string, limit: number) {
  return db
    .selectFrom("course_sections as s")
    .innerJoin("courses as c", "c.id", "s.course_id")
    .select(["s.id", "s.first_date", "s.start_time", "c.name_en", "c.name_ar"])
    .where("s.status", "!=", "cancelled")
    .where("s.ends_at", ">=", endsFrom)
    .orderBy("s.starts_at")
    .orderBy("s.id")
    .limit(limit)
    .execute();
}

/** The course names of an instructor's groups not cancelled and not over at `now`, first term first. */
export function currentGroupCoursesOfTeacher(db: DB, teacherId: number, now: string) {
  return db
    .selectFrom("course_sections as s")
    .innerJoin("courses as c", "c.id", "s.course_id")
    .select(["c.name_en", "c.name_ar"])
    .where("s.teacher_id", "=", teacherId)
    .where("s.status", "!=", "cancelled")
    .where("s.ends_at", ">=", now)
    .orderBy("s.starts_at")
    .execute();
}

/**
 * The groups not cancelled that began by `startedBy` and end at `endsFrom` or later (one
 * instructor's, or everyone's when `teacherId` is null), with the course and how many are
 * enrolled, latest end first.
 */
export function runningGroupsWithEnrolled(db: DB, options: { teacherId: number | null; startedBy: string; endsFrom: string; limit: number }) {
  let query = db
    .selectFrom("course_sections as s")
    .innerJoin("courses as c", "c.id", "s.course_id")
    .select(["s.id", "s.starts_at", "s.ends_at", "c.name_en", "c.name_ar"])
    .select(enrolledCountOf(db, "s.id").as("enrolled"))
    .where("s.status", "!=", "cancelled")
    .where("s.starts_at", "<=", options.startedBy)
    .where("s.ends_at", ">=", options.endsFrom);
  if (options.teacherId !== null) query = query.where("s.teacher_id", "=", options.teacherId);
  return query.orderBy("s.ends_at", "desc").orderBy("s.id", "desc").limit(options.limit).execute();
}

/**
 * The meetings starting in [from, to) of groups not cancelled (one instructor's, or everyone's
 * when `teacherId` is null), with the course, the instructor, how many are enrolled and how many
 * marks were taken, in time order.
 */
export function meetingsWithCounts(db: DB, options: { from: string; to: string; teacherId: number | null; limit: number }) {
  let query = db
    .selectFrom("section_meetings as m")
    .innerJoin("course_sections as s", "s.id", "m.section_id")
    .innerJoin("courses as c", "c.id", "s.course_id")
    .leftJoin("teachers as t", "t.id", "s.teacher_id")
    .select([
      "m.id",
      "m.section_id",
      "m.starts_at",
      "m.duration_minutes",
      "m.status",
      "c.name_en",
      "c.name_ar",
      "t.name_en as teacher_en",
      "t.name_ar as teacher_ar",
    ])
    .select([enrolledCountOf(db, "m.section_id").as("enrolled"), markedCountOf(db, "m.id").as("marked")])
    .where("s.status", "!=", "cancelled")
    .where("m.starts_at", ">=", options.from)
    .where("m.starts_at", "<", options.to);
  if (options.teacherId !== null) query = query.where("s.teacher_id", "=", options.teacherId);
  return query.orderBy("m.starts_at").orderBy("m.id").limit(options.limit).execute();
}

/**
 * The groups not cancelled and not over at `now`, with their course, instructor, seats and how
 * many wait in their line, first term first (occupancy).
 */
export function groupsWithOccupancy(db: DB, now: string, limit: number) {
  return db
    .selectFrom("course_sections as s")
    .innerJoin("courses as c", "c.id", "s.course_id")
    .leftJoin("teachers as t", "t.id", "s.teacher_id")
    .select((eb) => [
      "s.id",
      "s.first_date",
      "s.weekdays",
      "s.start_time",
      "s.status",
      "s.capacity",
      "s.seats_taken",
      "c.name_en",
      "c.name_ar",
      "t.name_en as teacher_en",
      "t.name_ar as teacher_ar",
      eb
        .selectFrom("section_waitlist as w")
        .select((w) => w.fn.countAll<number>().as("n"))
        .whereRef("w.section_id", "=", "s.id")
        .where("w.status", "=", "waiting")
        .as("waiting"),
    ])
    .where("s.status", "<>", "cancelled")
    .where("s.ends_at", ">=", now)
    .orderBy("s.first_date")
    .orderBy("s.id")
    .limit(limit)
    .execute();
}

// --- Meetings

/** The group of a class meeting, or undefined. */
export function meetingSection(db: DB, meetingId: number) {
  return db.selectFrom("section_meetings").select(["id", "section_id", "starts_at", "status"]).where("id", "=", meetingId).executeTakeFirst();
}

/** A meeting of that group (its time and status), or undefined when the meeting is not the group's. */
export function meetingOfSection(db: DB, meetingId: number, sectionId: number) {
  return db
    .selectFrom("section_meetings")
    .select(["id", "starts_at", "status"])
    .where("id", "=", meetingId)
    .where("section_id", "=", sectionId)
    .executeTakeFirst();
}

/** A meeting with its group's course and status, or undefined. */
export function meetingWithSection(db: DB, meetingId: number) {
  return db
    .selectFrom("section_meetings as m")
    .innerJoin("course_sections as s", "s.id", "m.section_id")
    .select(["m.id", "m.section_id", "m.starts_at", "m.status", "s.course_id", "s.status as section_status"])
    .where("m.id", "=", meetingId)
    .executeTakeFirst();
}

/** The start times of these meetings, by id. */
export function meetingStarts(db: DB, ids: readonly number[]) {
  return db.selectFrom("section_meetings").select(["id", "starts_at"]).where("id", "in", ids).execute();
}

/** A group's meetings starting in [from, to), first first. */
export function sectionMeetingsBetween(db: DB, sectionId: number, from: string, to: string) {
  return db
    .selectFrom("section_meetings")
    .select(["id", "starts_at", "status"])
    .where("section_id", "=", sectionId)
    .where("starts_at", ">=", from)
    .where("starts_at", "<", to)
    .orderBy("starts_at")
    .execute();
}

/** A group's scheduled meetings after `now`, first first, at most `limit`. */
export function comingMeetingsOfSection(db: DB, sectionId: number, now: string, limit: number) {
  return db
    .selectFrom("section_meetings")
    .select(["id", "starts_at"])
    .where("section_id", "=", sectionId)
    .where("starts_at", ">", now)
    .where("status", "=", "scheduled")
    .orderBy("starts_at")
    .limit(limit)
    .execute();
}

/** A group's scheduled meetings after `now`, first first, each with the absence one enrolment reported for it (with notice or not), at most `limit`. */
export function comingMeetingsWithAbsence(db: DB, sectionId: number, enrolmentId: number, now: string, limit: number) {
  return db
    .selectFrom("section_meetings as m")
    .leftJoin("meeting_absences as a", (join) => join.onRef("a.meeting_id", "=", "m.id").on("a.enrolment_id", "=", enrolmentId))
    .select(["m.id", "m.starts_at", "a.with_notice"])
    .where("m.section_id", "=", sectionId)
    .where("m.status", "=", "scheduled")
    .where("m.starts_at", ">", now)
    .orderBy("m.starts_at")
    .limit(limit)
    .execute();
}

/** Every meeting of these groups (from `from` when given), in time order. */
export function meetingsOfSections(db: DB, sectionIds: readonly number[], from?: string) {
  let query = db
    .selectFrom("section_meetings")
    .select(["id", "section_id", "starts_at", "duration_minutes", "status", "created_at", "updated_at"])
    .where("section_id", "in", [...new Set(sectionIds)]);
  if (from) query = query.where("starts_at", ">=", from);
  return query.orderBy("starts_at").orderBy("id").execute();
}

/** How many of a group's scheduled classes began by `until` (the classes held). */
export async function heldMeetingCount(db: DB, sectionId: number, until: string): Promise<number> {
  const row = await db
    .selectFrom("section_meetings")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("section_id", "=", sectionId)
    .where("status", "=", "scheduled")
    .where("starts_at", "<=", until)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** When a group's first and last scheduled classes begin (null when it has none). */
export async function scheduledSpan(db: DB, sectionId: number): Promise<{ first: string | null; last: string | null }> {
  const row = await db
    .selectFrom("section_meetings")
    .select((eb) => [eb.fn.min("starts_at").as("first"), eb.fn.max("starts_at").as("last")])
    .where("section_id", "=", sectionId)
    .where("status", "=", "scheduled")
    .executeTakeFirst();
  return { first: (row?.first as string | null | undefined) ?? null, last: (row?.last as string | null | undefined) ?? null };
}

/** The meetings of groups not cancelled starting in [start, end), with seats and course names (the staff calendar). */
export function meetingsBetween(db: DB, start: string, end: string, limit: number) {
  return db
    .selectFrom("section_meetings as m")
    .innerJoin("course_sections as s", "s.id", "m.section_id")
    .innerJoin("courses as c", "c.id", "s.course_id")
    .select(["m.id", "m.section_id", "m.starts_at", "m.status", "s.seats_taken", "s.capacity", "c.name_en", "c.name_ar"])
    .where("m.starts_at", ">=", start)
    .where("m.starts_at", "<", end)
    .where("s.status", "<>", "cancelled")
    .orderBy("m.starts_at")
    .orderBy("m.id")
    .limit(limit)
    .execute();
}

/**
 * The scheduled classes a make-up credit may be spent on: another group of the course, not
 * cancelled, after `now` and by the credit's expiry, with a guest place left, first first.
 */
export function makeupChoicesFor(
  db: DB,
  credit: { courseId: number; sectionId: number; expiresAt: string },
  options: { now: string; allowance: number; limit: number },
) {
  return db
    .selectFrom("section_meetings as m")
    .innerJoin("course_sections as s", "s.id", "m.section_id")
    .select(["m.id", "m.starts_at", "m.makeup_guests"])
    .where("s.course_id", "=", credit.courseId)
    .where("s.id", "<>", credit.sectionId)
    .where("s.status", "<>", "cancelled")
    .where("m.status", "=", "scheduled")
    .where("m.starts_at", ">", options.now)
    .where("m.starts_at", "<=", credit.expiresAt)
    .where("m.makeup_guests", "<", options.allowance)
    .orderBy("m.starts_at")
    .limit(options.limit)
    .execute();
}

/**
 * The children present or late and not collected (teaching's `arrivedNotCollected`) at the
 * scheduled in-person classes that began in (from, until], with the class's start and length, the
 * enrolment's child and phone and the course's names, by start and child, up to `limit`: late
 * pickups, in one query.
 */
export function notCollectedAtClassesBetween(db: DB, from: string, until: string, limit: number) {
  return db
    .selectFrom("section_meetings as m")
    .innerJoin("course_sections as s", "s.id", "m.section_id")
    .innerJoin("courses as c", "c.id", "s.course_id")
    .innerJoin(arrivedNotCollected(db).as("a"), "a.meeting_id", "m.id")
    .innerJoin("section_enrolments as e", "e.id", "a.enrolment_id")
    .select(["m.id as meetingId", "m.starts_at", "m.duration_minutes", "e.id as enrolmentId", "e.child_name", "e.phone", "c.name_en", "c.name_ar"])
    .where("m.status", "=", "scheduled")
    .where("s.mode", "=", "academy")
    .where("m.starts_at", ">", from)
    .where("m.starts_at", "<=", until)
    .orderBy("m.starts_at")
    .orderBy("e.child_name")
    .limit(limit)
    .execute();
}

/** A meeting with its group's mode, course and instructor (a class's roster), or undefined. */
export function meetingWithGroup(db: DB, meetingId: number) {
  return db
    .selectFrom("section_meetings as m")
    .innerJoin("course_sections as s", "s.id", "m.section_id")
    .innerJoin("courses as c", "c.id", "s.course_id")
    .leftJoin("teachers as t", "t.id", "s.teacher_id")
    .select([
      "m.id",
      "m.section_id",
      "m.starts_at",
      "m.duration_minutes",
      "m.status",
      "s.mode",
      "c.name_en",
      "c.name_ar",
      "t.name_en as teacher_en",
      "t.name_ar as teacher_ar",
    ])
    .where("m.id", "=", meetingId)
    .executeTakeFirst();
}

// --- Waiting lists (the one ownership rule: family's ownedBy)

/** The account's places in groups' lines, with the group's start and the course's name, first term first. */
export function ownedWaitlistPlaces(db: DB, owner: Owner) {
  return db
    .selectFrom("section_waitlist as w")
    .innerJoin("course_sections as s", "s.id", "w.section_id")
    .leftJoin("courses as c", "c.id", "w.course_id")
    .select([
      "w.id",
      "w.section_id",
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
      "s.start_time",
      "c.name_en",
      "c.name_ar",
    ])
    .where(ownedBy("w", owner))
    .orderBy("s.starts_at", "asc")
    .orderBy("w.id", "asc")
    .execute();
}

/** The names and contacts on the account's places in groups' lines (an erasure looks for them in queued mail). */
export function ownedWaitlistContacts(db: DB, owner: Owner, limit: number) {
  return db
    .selectFrom("section_waitlist")
    .select(["child_name", "parent_name", "email", "phone"])
    .where(ownedBy("section_waitlist", owner))
    .limit(limit)
    .execute();
}

/**
 * The groups not cancelled that had begun by `now`, first term first, with their course and
 * instructor, how many of their scheduled classes have started (`held`) and at how many attendance
 * was taken (`taken`, teaching's marks): the staff's attendance report, in one query.
 */
export function begunGroupsWithClassCounts(db: DB, now: string, limit: number) {
  return db
    .selectFrom("course_sections as s")
    .innerJoin("courses as c", "c.id", "s.course_id")
    .leftJoin("teachers as t", "t.id", "s.teacher_id")
    .select(["s.id", "s.starts_at", "c.name_en", "c.name_ar", "t.name_en as teacher_en", "t.name_ar as teacher_ar"])
    .select((eb) => [
      eb
        .selectFrom("section_meetings as m")
        .select((m) => m.fn.countAll<number>().as("n"))
        .whereRef("m.section_id", "=", "s.id")
        .where("m.status", "=", "scheduled")
        .where("m.starts_at", "<=", now)
        .as("held"),
      eb
        .selectFrom("section_meetings as m")
        .select((m) => m.fn.countAll<number>().as("n"))
        .whereRef("m.section_id", "=", "s.id")
        .where((m) => m.exists(meetingMarksOf(db, "m.id")))
        .as("taken"),
    ])
    .where("s.status", "!=", "cancelled")
    .where("s.starts_at", "<=", now)
    .orderBy("s.starts_at")
    .orderBy("s.id")
    .limit(limit)
    .execute();
}

/** A meeting with one enrolment of its group and the course's names, or undefined (the enrolment is of another group). */
export function meetingWithEnrolment(db: DB, meetingId: number, enrolmentId: number) {
  return db
    .selectFrom("section_meetings as m")
    .innerJoin("section_enrolments as e", "e.section_id", "m.section_id")
    .innerJoin("course_sections as s", "s.id", "m.section_id")
    .innerJoin("courses as c", "c.id", "s.course_id")
    .select(["m.id as meetingId", "m.starts_at", "m.duration_minutes", "m.status as meetingStatus", "e.id", "e.child_name", "e.email", "e.user_id", "e.status"])
    .select(["c.name_en", "c.name_ar"])
    .where("m.id", "=", meetingId)
    .where("e.id", "=", enrolmentId)
    .executeTakeFirst();
}

/** The scheduled meetings starting in (from, until]: a subquery of their ids for `in`. */
export const scheduledMeetingIdsBetween = (db: DB, from: string, until: string) =>
  db.selectFrom("section_meetings as m").select("m.id").where("m.status", "=", "scheduled").where("m.starts_at", ">", from).where("m.starts_at", "<=", until);

/**
 * The (meeting, enrolment) pairs of these meetings' groups' enrolled children, up to `limit`, but
 * those `skip` finds rows for: the caller's subquery over the meeting's and the enrolment's id
 * columns (make-ups' reported absences and sent reminders), in the same query.
 */
export function enrolledOfMeetings(
  db: DB,
  meetingIds: ReturnType<typeof scheduledMeetingIdsBetween>,
  options: { skip: (columns: { meetingId: string; enrolmentId: string }) => Expression<unknown>; limit: number },
) {
  return db
    .selectFrom("section_meetings as m")
    .innerJoin("section_enrolments as e", "e.section_id", "m.section_id")
    .select(["m.id as meeting_id", "e.id as enrolment_id"])
    .where("m.id", "in", meetingIds)
    .where("e.status", "=", "enrolled")
    .where((eb) => eb.not(eb.exists(options.skip({ meetingId: "m.id", enrolmentId: "e.id" }))))
    .limit(options.limit)
    .execute();
}
