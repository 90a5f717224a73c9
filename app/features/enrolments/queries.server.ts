import { sql, type Expression } from "kysely";
import type { DB } from "~server/db/db";
import { childKey } from "~/lib/child-key";
import { ownedBy, sameEmail, type Owner } from "~/features/family/account-owner.server";
import { agreedRosterAnswers } from "~/features/consent/queries.server";
import { collectedByOf } from "~/features/teaching/queries.server";

/**
 * The enrolments' query module (decision 153): other features read `section_enrolments` through
 * these functions, never with their own `selectFrom`. A lookup returns the enrolment's own
 * columns; a report that joins the group, the course or billing's rows is one query here, as it
 * was where it was written, so no caller turns one query into many. `findEnrolment`
 * (enrolments.server.ts) is the lifecycle's view of one enrolment; these are the readers' views.
 * Imports no feature but family's ownership rule: any feature may call it (check-import-cycles.ts
 * counts it as a node of its own).
 */

// --- Counts for another owner's query

/** The enrolled children of the group named by `sectionColumn` of the outer query ("m.section_id"): a subquery to select `.as(...)`. */
export const enrolledCountOf = (db: DB, sectionColumn: string) =>
  db
    .selectFrom("section_enrolments as e")
    .select((e) => e.fn.countAll<number>().as("n"))
    .where("e.section_id", "=", sql.ref<number>(sectionColumn))
    .where("e.status", "=", "enrolled");

/** How many children are enrolled in a course's groups: a course with any cannot be deleted. */
export async function enrolledCountOfCourse(db: DB, courseId: number): Promise<number> {
  const { n } = await db
    .selectFrom("section_enrolments as e")
    .innerJoin("course_sections as s", "s.id", "e.section_id")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("s.course_id", "=", courseId)
    .where("e.status", "=", "enrolled")
    .executeTakeFirstOrThrow();
  return Number(n);
}

// --- One enrolment

/** The id of the enrolment with that reference (staff's key), or undefined. */
export async function enrolmentIdByReference(db: DB, reference: string): Promise<number | undefined> {
  const row = await db.selectFrom("section_enrolments").select("id").where("reference", "=", reference).executeTakeFirst();
  return row?.id;
}

/** The enrolment with its group's course (names, course id), for make-ups and class passes; undefined when there is none. */
export function enrolmentWithCourse(db: DB, id: number) {
  return db
    .selectFrom("section_enrolments as e")
    .innerJoin("course_sections as s", "s.id", "e.section_id")
    .innerJoin("courses as c", "c.id", "s.course_id")
    .select(["e.id", "e.section_id", "e.status", "s.course_id", "e.email", "e.child_name", "c.name_en", "c.name_ar"])
    .where("e.id", "=", id)
    .executeTakeFirst();
}

/** The live enrolment staff converted a demo booking into (decision 090), or undefined. */
export function liveEnrolmentOfBooking(db: DB, bookingId: number) {
  return db
    .selectFrom("section_enrolments")
    .select(["id", "code"])
    .where("demo_booking_id", "=", bookingId)
    .where("status", "=", "enrolled")
    .executeTakeFirst();
}

/** A live enrolment of the child (the booking's e-mail and name key), or of the booking itself: the trial led somewhere. */
export function enrolledAfterBooking(db: DB, booking: { id: number; email: string; child_name: string }) {
  return db
    .selectFrom("section_enrolments")
    .select("id")
    .where("status", "=", "enrolled")
    .where((eb) =>
      eb.or([
        eb("demo_booking_id", "=", booking.id),
        eb.and([eb("email", "=", booking.email.toLowerCase()), eb("child_key", "=", childKey(booking.child_name))]),
      ]),
    )
    .executeTakeFirst();
}

/** Whether the child (the e-mail and name key) is enrolled in the group: a place in its line is refused then. */
export async function isEnrolledInSection(db: DB, sectionId: number, email: string, key: string): Promise<boolean> {
  const row = await db
    .selectFrom("section_enrolments")
    .select("id")
    .where("section_id", "=", sectionId)
    .where("email", "=", email)
    .where("child_key", "=", key)
    .where("status", "=", "enrolled")
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether the enrolment is live with its seat still held for an online payment (its invoice is paid through that page). */
export async function isHeldForPayment(db: DB, id: number): Promise<boolean> {
  const row = await db
    .selectFrom("section_enrolments")
    .select("id")
    .where("id", "=", id)
    .where("status", "=", "enrolled")
    .where("payment_hold_until", "is not", null)
    .executeTakeFirst();
  return row !== undefined;
}

/** The enrolment as its own page shows it (with its course), or undefined. */
export function enrolmentForManagePage(db: DB, id: number) {
  return db
    .selectFrom("section_enrolments as e")
    .leftJoin("courses as c", "c.id", "e.course_id")
    .select([
      "e.code",
      "e.status",
      "e.section_id",
      "e.course_id",
      "e.child_name",
      "e.child_age",
      "e.parent_name",
      "e.email",
      "e.drop_reason",
      "e.moved_at",
      "c.slug",
      "c.name_en",
      "c.name_ar",
    ])
    .where("e.id", "=", id)
    .executeTakeFirst();
}

/** An enrolment with its group, course and instructor, for its e-mails; undefined when no enrolment has the reference. */
export function enrolmentForMailRow(db: DB, reference: string) {
  return db
    .selectFrom("section_enrolments as e")
    .innerJoin("course_sections as s", "s.id", "e.section_id")
    .innerJoin("courses as c", "c.id", "s.course_id")
    .leftJoin("teachers as t", "t.id", "s.teacher_id")
    .select([
      "e.id",
      "e.reference",
      "e.code",
      "e.status",
      "e.child_name",
      "e.child_age",
      "e.parent_name",
      "e.email",
      "e.phone",
      "e.lang",
      "e.drop_reason",
      "e.created_at",
      "s.id as section_id",
      "s.mode",
      "s.meeting_url",
      "s.duration_minutes",
      "s.language",
      "c.name_en",
      "c.name_ar",
      "c.slug",
      "t.name_en as teacher_en",
      "t.name_ar as teacher_ar",
    ])
    .where("e.reference", "=", reference)
    .executeTakeFirst();
}

/** The enrolment (by reference) with its course and one meeting of its group, for a changed class's message; undefined when either is not there. */
export function enrolmentAboutMeeting(db: DB, reference: string, meetingId: number) {
  return db
    .selectFrom("section_enrolments as e")
    .innerJoin("course_sections as s", "s.id", "e.section_id")
    .innerJoin("courses as c", "c.id", "s.course_id")
    .innerJoin("section_meetings as m", "m.section_id", "s.id")
    .select(["e.id", "e.child_name", "c.name_en", "c.name_ar", "m.starts_at"])
    .where("e.reference", "=", reference)
    .where("m.id", "=", meetingId)
    .executeTakeFirst();
}

/** The enrolment with its course's names, for a class reminder, or undefined. */
export function enrolmentForReminder(db: DB, id: number) {
  return db
    .selectFrom("section_enrolments as e")
    .leftJoin("courses as c", "c.id", "e.course_id")
    .select(["e.id", "e.reference", "e.section_id", "e.status", "e.child_name", "e.parent_name", "e.lang", "c.name_en", "c.name_ar"])
    .where("e.id", "=", id)
    .executeTakeFirst();
}

// --- Several enrolments by id

/** The enrolments' families and course names (class reminders), by id. */
export function enrolmentFamilies(db: DB, ids: readonly number[]) {
  return db
    .selectFrom("section_enrolments as e")
    .leftJoin("courses as c", "c.id", "e.course_id")
    .select(["e.id", "e.email", "e.lang", "e.child_name", "c.name_en", "c.name_ar"])
    .where("e.id", "in", ids)
    .execute();
}

/** The children of these enrolments (e-mail, name key, name, language), by id. */
export function enrolmentChildren(db: DB, ids: readonly number[]) {
  return db.selectFrom("section_enrolments").select(["id", "email", "child_key", "child_name", "lang"]).where("id", "in", ids).execute();
}

/** The enrolments with their family's contact and course, children's names first (the missed-classes list). */
export function enrolmentContactsWithCourse(db: DB, ids: readonly number[]) {
  return db
    .selectFrom("section_enrolments as e")
    .innerJoin("course_sections as s", "s.id", "e.section_id")
    .innerJoin("courses as c", "c.id", "s.course_id")
    .select(["e.id", "e.section_id", "e.child_name", "e.child_age", "e.parent_name", "e.email", "e.phone", "c.name_en", "c.name_ar"])
    .where("e.id", "in", ids)
    .orderBy("e.child_name")
    .orderBy("e.id")
    .execute();
}

/** Those of the enrolments still live in a group not cancelled, with the course, by id. */
export function liveEnrolmentsWithCourse(db: DB, ids: readonly number[]) {
  return db
    .selectFrom("section_enrolments as e")
    .innerJoin("course_sections as s", "s.id", "e.section_id")
    .innerJoin("courses as c", "c.id", "s.course_id")
    .select(["e.id", "e.section_id", "e.child_name", "c.name_en", "c.name_ar"])
    .where("e.id", "in", ids)
    .where("e.status", "=", "enrolled")
    .where("s.status", "<>", "cancelled")
    .orderBy("e.id")
    .execute();
}

// --- A group's children

/**
 * The children enrolled in a group with their family's contact (the roster's columns), by name
 * (staff's lists) or in the order they enrolled; at most `limit` when given.
 */
export function enrolledInSection(db: DB, sectionId: number, options: { order: "name" | "enrolled"; limit?: number }) {
  let query = db
    .selectFrom("section_enrolments")
    .select(["id", "reference", "code", "child_name", "child_age", "parent_name", "email", "phone", "lang", "source", "created_at"])
    .where("section_id", "=", sectionId)
    .where("status", "=", "enrolled");
  query = options.order === "name" ? query.orderBy("child_name").orderBy("id") : query.orderBy("id");
  return (options.limit === undefined ? query : query.limit(options.limit)).execute();
}

/** The children enrolled in a group as skill records and portfolios know them (e-mail and name key), by name. */
export function enrolledChildKeysInSection(db: DB, sectionId: number, limit: number) {
  return db
    .selectFrom("section_enrolments")
    .select(["id", "child_name", "child_key", "email"])
    .where("section_id", "=", sectionId)
    .where("status", "=", "enrolled")
    .orderBy("child_name")
    .orderBy("id")
    .limit(limit)
    .execute();
}

/** The children enrolled in a group with their family's contact and their mark at one meeting (when taken), by name. */
export function rosterWithMarks(db: DB, sectionId: number, meetingId: number, limit: number) {
  return db
    .selectFrom("section_enrolments as e")
    .leftJoin("meeting_attendance as a", (join) => join.onRef("a.enrolment_id", "=", "e.id").on("a.meeting_id", "=", meetingId))
    .select(["e.id", "e.child_name", "e.child_age", "e.parent_name", "e.phone", "a.status", "a.note"])
    .where("e.section_id", "=", sectionId)
    .where("e.status", "=", "enrolled")
    .orderBy("e.child_name")
    .orderBy("e.id")
    .limit(limit)
    .execute();
}

/**
 * The agreed medical and pickup answers (consent's `agreedRosterAnswers`) of these enrolments'
 * children, found by the enrolment's e-mail (any case) and child key, newest answer first, in one
 * query: a roster's consent needs (the child's answers follow them from group to group).
 */
export function rosterAnswersOfEnrolments(db: DB, ids: readonly number[]) {
  return db
    .selectFrom("section_enrolments as e")
    .innerJoin(agreedRosterAnswers(db).as("a"), (join) => join.onRef("a.child_key", "=", "e.child_key").on(sql<boolean>`lower(a.email) = lower(e.email)`))
    .select(["e.id as enrolmentId", "a.id as answerId", "a.kind", "a.allergies", "a.medical"])
    .where("e.id", "in", ids)
    .orderBy("a.id", "desc")
    .execute();
}

/** The group's children a termly report is for: enrolled, or dropped (with when they last changed), by name. */
export function enrolledOrDroppedInSection(db: DB, sectionId: number, limit: number) {
  return db
    .selectFrom("section_enrolments as e")
    .select(["e.id", "e.child_name", "e.email", "e.lang", "e.status", "e.updated_at"])
    .where("e.section_id", "=", sectionId)
    .where("e.status", "in", ["enrolled", "dropped"])
    .orderBy("e.child_name")
    .orderBy("e.id")
    .limit(limit)
    .execute();
}

/** The families (e-mails) of the children enrolled in one group, or in a course's groups not cancelled and not over, or in every such group. */
export function enrolledEmails(db: DB, of: { sectionId: number } | { courseId: number; endsFrom: string } | { endsFrom: string }) {
  let query = db
    .selectFrom("section_enrolments as e")
    .innerJoin("course_sections as s", "s.id", "e.section_id")
    .select("e.email")
    .where("e.status", "=", "enrolled");
  if ("sectionId" in of) return query.where("e.section_id", "=", of.sectionId).execute();
  if ("courseId" in of) query = query.where("s.course_id", "=", of.courseId);
  return query.where("s.status", "!=", "cancelled").where("s.ends_at", ">=", of.endsFrom).execute();
}

/** The families (e-mails) of the children enrolled in an instructor's groups. */
export function enrolledEmailsOfTeacher(db: DB, teacherId: number) {
  return db
    .selectFrom("section_enrolments as e")
    .innerJoin("course_sections as s", "s.id", "e.section_id")
    .select("e.email")
    .where("s.teacher_id", "=", teacherId)
    .where("e.status", "=", "enrolled")
    .execute();
}

// --- A family's enrolments (the one ownership rule: family's ownedBy)

/** The account's enrolments with their group's dates and course name, first term first (the account's page and data export). */
export function ownedEnrolmentsForAccount(db: DB, owner: Owner) {
  return db
    .selectFrom("section_enrolments as e")
    .innerJoin("course_sections as s", "s.id", "e.section_id")
    .leftJoin("courses as c", "c.id", "e.course_id")
    .select([
      "e.id",
      "e.section_id",
      "e.reference",
      "e.code",
      "e.status",
      "e.source",
      "e.child_name",
      "e.child_age",
      "e.parent_name",
      "e.email",
      "e.phone",
      "e.lang",
      "e.moved_at",
      "e.drop_reason",
      "e.created_at",
      "s.starts_at",
      "s.ends_at",
      "c.name_en",
    ])
    .where(ownedBy("e", owner))
    .orderBy("s.starts_at", "asc")
    .orderBy("e.id", "asc")
    .execute();
}

/** The account's live enrolments with their group, course and instructor, first term first (the timetable). */
export function ownedLiveEnrolmentsWithGroup(db: DB, owner: Owner, limit: number) {
  return db
    .selectFrom("section_enrolments as e")
    .innerJoin("course_sections as s", "s.id", "e.section_id")
    .innerJoin("courses as c", "c.id", "s.course_id")
    .leftJoin("teachers as t", "t.id", "s.teacher_id")
    .select([
      "e.id",
      "e.reference",
      "e.code",
      "e.child_name",
      "e.child_key",
      "e.child_id",
      "e.updated_at",
      "s.id as section_id",
      "s.mode",
      "s.meeting_url",
      "s.starts_at",
      "c.slug",
      "c.name_en",
      "c.name_ar",
      "t.name_en as teacher_en",
      "t.name_ar as teacher_ar",
    ])
    .where("e.status", "=", "enrolled")
    .where(ownedBy("e", owner))
    .orderBy("s.starts_at")
    .orderBy("e.id")
    .limit(limit)
    .execute();
}

/** The names and contacts on the account's enrolments (an erasure looks for them in queued mail). */
export function ownedEnrolmentContacts(db: DB, owner: Owner, limit: number) {
  return db
    .selectFrom("section_enrolments")
    .select(["child_name", "parent_name", "email", "phone"])
    .where(ownedBy("section_enrolments", owner))
    .limit(limit)
    .execute();
}

/** The ids of the account's enrolments, oldest first. */
export async function ownedEnrolmentIds(db: DB, owner: Owner, limit: number): Promise<number[]> {
  const rows = await db.selectFrom("section_enrolments as e").select("e.id").where(ownedBy("e", owner)).orderBy("e.id").limit(limit).execute();
  return rows.map((row) => row.id);
}

/** The distinct e-mails of the account's enrolments. */
export function ownedEnrolmentEmails(db: DB, owner: Owner, limit: number) {
  return db.selectFrom("section_enrolments as e").select("e.email").distinct().where(ownedBy("e", owner)).limit(limit).execute();
}

/** One enrolment when the account holds it, else undefined. */
export function ownedEnrolment(db: DB, owner: Owner, id: number) {
  return db
    .selectFrom("section_enrolments as e")
    .select(["e.id", "e.email", "e.child_key", "e.child_name", "e.section_id"])
    .where("e.id", "=", id)
    .where(ownedBy("e", owner))
    .executeTakeFirst();
}

/** The account's live enrolments with their course's names, newest first. */
export function ownedLiveEnrolmentsWithCourse(db: DB, owner: Owner, limit: number) {
  return db
    .selectFrom("section_enrolments as e")
    .innerJoin("courses as c", "c.id", "e.course_id")
    .select(["e.id as enrolmentId", "e.child_name as childName", "c.name_en as courseEn", "c.name_ar as courseAr"])
    .where(ownedBy("e", owner))
    .where("e.status", "=", "enrolled")
    .orderBy("e.id", "desc")
    .limit(limit)
    .execute();
}

/**
 * The account's enrolments with their course, child by child and each child's groups by start
 * (`startOrder`), up to `limit`. `having`, the caller's own subquery over the enrolment's and the
 * course's id columns (teaching's marks, levels' ladder), keeps the enrolments it finds rows for in
 * the same query; `enrolledOnly` leaves out dropped and held ones.
 */
export function ownedEnrolmentsWithCourseHaving(
  db: DB,
  owner: Owner,
  options: {
    having: (columns: { enrolmentId: string; courseId: string }) => Expression<unknown>;
    enrolledOnly: boolean;
    startOrder: "asc" | "desc";
    limit: number;
  },
) {
  return db
    .selectFrom("section_enrolments as e")
    .innerJoin("course_sections as s", "s.id", "e.section_id")
    .innerJoin("courses as c", "c.id", "s.course_id")
    .select(["e.id", "e.code", "e.email", "e.child_key", "e.child_name", "c.id as course_id", "c.name_en", "c.name_ar"])
    .where(ownedBy("e", owner))
    .$if(options.enrolledOnly, (q) => q.where("e.status", "=", "enrolled"))
    .where((eb) => eb.exists(options.having({ enrolmentId: "e.id", courseId: "c.id" })))
    .orderBy("e.child_name")
    .orderBy("s.starts_at", options.startOrder)
    .limit(options.limit)
    .execute();
}

/**
 * The account's enrolled children in the classes (not cancelled) starting in [from, to), of one
 * instructor's groups or of all (`teacherId` null), first class first, with who collected each
 * (teaching's pickups): a pickup pass's screen, in one query.
 */
export function ownedChildrenInClassesBetween(db: DB, owner: Owner, options: { from: string; to: string; teacherId: number | null; limit: number }) {
  const { teacherId } = options;
  return db
    .selectFrom("section_enrolments as e")
    .innerJoin("course_sections as s", "s.id", "e.section_id")
    .innerJoin("courses as c", "c.id", "s.course_id")
    .innerJoin("section_meetings as m", "m.section_id", "e.section_id")
    .select(["e.id", "e.child_name", "m.id as meetingId", "m.starts_at", "c.name_en", "c.name_ar"])
    .select(collectedByOf(db, "m.id", "e.id").as("collected_by"))
    .where("e.status", "=", "enrolled")
    .where("m.status", "!=", "cancelled")
    .where("m.starts_at", ">=", options.from)
    .where("m.starts_at", "<", options.to)
    .where(ownedBy("e", owner))
    .$if(teacherId !== null, (q) => q.where("s.teacher_id", "=", teacherId!))
    .orderBy("m.starts_at")
    .orderBy("e.child_name")
    .limit(options.limit)
    .execute();
}

/** The distinct children (e-mail and name) of the account's live enrolments. */
export function ownedEnrolledChildren(db: DB, owner: Owner, limit: number) {
  return db
    .selectFrom("section_enrolments as e")
    .select(["e.email", "e.child_name"])
    .distinct()
    .where(ownedBy("e", owner))
    .where("e.status", "=", "enrolled")
    .limit(limit)
    .execute();
}

/** Whether the family has a child enrolled in one of the instructor's groups. */
export async function familyTaughtBy(db: DB, owner: Owner, teacherId: number): Promise<boolean> {
  const row = await db
    .selectFrom("section_enrolments as e")
    .innerJoin("course_sections as s", "s.id", "e.section_id")
    .select("e.id")
    .where("s.teacher_id", "=", teacherId)
    .where("e.status", "=", "enrolled")
    .where(ownedBy("e", owner))
    .executeTakeFirst();
  return row !== undefined;
}

/** The account's live enrolments in groups not over at `now` and not cancelled, with the group's times and course (class passes). */
export function ownedEnrolmentsInRunningGroups(db: DB, owner: Owner, now: string, limit: number) {
  return db
    .selectFrom("section_enrolments as e")
    .innerJoin("course_sections as s", "s.id", "e.section_id")
    .innerJoin("courses as c", "c.id", "s.course_id")
    .select(["e.id", "e.child_name", "s.ends_at", "s.duration_minutes", "c.name_en", "c.name_ar"])
    .where("e.status", "=", "enrolled")
    .where("s.status", "!=", "cancelled")
    .where("s.ends_at", ">", now)
    .where(ownedBy("e", owner))
    .orderBy("e.child_name")
    .orderBy("s.starts_at")
    .limit(limit)
    .execute();
}

/** The child keys (and saved child) of the family's paid-for enrolments: a held seat is no sibling (decision 100). */
export function ownedEnrolledChildKeys(db: DB, owner: Owner, limit: number) {
  return db
    .selectFrom("section_enrolments")
    .select(["child_id", "child_key"])
    .where("status", "=", "enrolled")
    .where("payment_hold_until", "is", null)
    .where(ownedBy("section_enrolments", owner))
    .limit(limit)
    .execute();
}

/** The names of the children enrolled under a family's e-mail (lower-cased), at most `limit`. */
export function enrolledChildNamesByEmail(db: DB, lowerEmail: string, limit: number) {
  return db
    .selectFrom("section_enrolments")
    .select("child_name")
    .where(sql<boolean>`lower(email) = ${lowerEmail}`)
    .where("status", "=", "enrolled")
    .limit(limit)
    .execute();
}

/** Enrolments made since `since` under these e-mails (did a trial's follow-up lead to one). */
export function enrolmentsByEmailsSince(db: DB, emails: readonly string[], since: string) {
  return db.selectFrom("section_enrolments").select(["email", "created_at"]).where("email", "in", emails).where("created_at", ">=", since).execute();
}

// --- Reports

/** The enrolments made since `since` that are still live, with the course, newest first (staff's today page). */
export function recentEnrolments(db: DB, since: string, limit: number) {
  return db
    .selectFrom("section_enrolments as e")
    .innerJoin("course_sections as s", "s.id", "e.section_id")
    .innerJoin("courses as c", "c.id", "s.course_id")
    .select(["e.reference", "e.created_at", "e.child_name", "e.section_id", "e.source", "c.name_en", "c.name_ar"])
    .where("e.status", "=", "enrolled")
    .where("e.created_at", ">=", since)
    .orderBy("e.created_at", "desc")
    .orderBy("e.id", "desc")
    .limit(limit)
    .execute();
}

/** How many enrolments made since `since` are still live. */
export function recentEnrolmentCount(db: DB, since: string) {
  return db
    .selectFrom("section_enrolments")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("status", "=", "enrolled")
    .where("created_at", ">=", since)
    .executeTakeFirstOrThrow();
}

/**
 * The seats of the groups whose first class falls in [firstFrom, firstBefore): enrolments not
 * cancelled, no seat still held for a payment, the group not cancelled (retention).
 */
export function seatsOfGroupsStarting(db: DB, firstFrom: string, firstBefore: string, limit: number) {
  return db
    .selectFrom("section_enrolments as e")
    .innerJoin("course_sections as s", "s.id", "e.section_id")
    .select(["e.email", "e.child_key", "s.id as section_id", "s.course_id", "s.teacher_id", "s.mode", "s.first_date"])
    .where("e.status", "<>", "cancelled")
    .where("e.payment_hold_until", "is", null)
    .where("s.status", "<>", "cancelled")
    .where("s.first_date", ">=", firstFrom)
    .where("s.first_date", "<", firstBefore)
    .orderBy("e.id")
    .limit(limit)
    .execute();
}

/**
 * The enrolments made since `since` in these courses or converted from a demo booking (the demo
 * funnel: which booking led to an enrolment). `paid`, billing's subquery over the enrolment's id
 * column, adds whether it has a paid invoice in the same query.
 */
export function enrolmentsAfterDemos(
  db: DB,
  courseIds: readonly number[],
  since: string,
  options: { limit?: number; paid?: (enrolmentIdColumn: string) => Expression<unknown> } = {},
) {
  const { paid, limit } = options;
  const query = db
    .selectFrom("section_enrolments as e")
    .select(["e.id", "e.course_id", "e.email", "e.child_key", "e.demo_booking_id", "e.created_at"])
    .$if(paid !== undefined, (q) => q.select((eb) => eb.exists(paid!("e.id")).as("paid")))
    .where((eb) => eb.or([...(courseIds.length > 0 ? [eb("e.course_id", "in", courseIds)] : []), eb("e.demo_booking_id", "is not", null)]))
    .where("e.created_at", ">=", since);
  return (limit === undefined ? query : query.limit(limit)).execute();
}

// --- Billing's views of an enrolment

/** The enrolment's family, child and course with its group's first day: what its invoice is issued from. */
export function enrolmentForInvoice(db: DB, id: number) {
  return db
    .selectFrom("section_enrolments as e")
    .innerJoin("course_sections as s", "s.id", "e.section_id")
    .innerJoin("courses as c", "c.id", "s.course_id")
    .select(["e.id", "e.email", "e.parent_name", "e.user_id", "e.lang", "e.child_name", "c.name_en", "c.name_ar", "s.first_date"])
    .where("e.id", "=", id)
    .executeTakeFirstOrThrow();
}

/** The list price of the enrolment's course, with its names. */
export function listPriceOfEnrolment(db: DB, id: number) {
  return db
    .selectFrom("section_enrolments as e")
    .innerJoin("courses as c", "c.id", "e.course_id")
    .select(["c.price", "c.currency", "c.name_en", "c.name_ar"])
    .where("e.id", "=", id)
    .executeTakeFirstOrThrow();
}

/** The instalment rule of the enrolment's course, or undefined. */
export function instalmentCountOfEnrolment(db: DB, id: number) {
  return db
    .selectFrom("section_enrolments as e")
    .innerJoin("course_sections as s", "s.id", "e.section_id")
    .innerJoin("courses as c", "c.id", "s.course_id")
    .select("c.instalment_count as count")
    .where("e.id", "=", id)
    .executeTakeFirst();
}

/** The refund policy of the enrolment's course and its group's start, or undefined. */
export function refundTermsOfEnrolment(db: DB, id: number) {
  return db
    .selectFrom("section_enrolments as e")
    .innerJoin("course_sections as s", "s.id", "e.section_id")
    .innerJoin("courses as c", "c.id", "s.course_id")
    .select(["s.starts_at", "c.refund_percent_before", "c.refund_percent_after"])
    .where("e.id", "=", id)
    .executeTakeFirst();
}

/** The enrolment as its payment page shows it, with the course and the group's start, or undefined. */
export function enrolmentForPaymentPage(db: DB, id: number) {
  return db
    .selectFrom("section_enrolments as e")
    .innerJoin("course_sections as s", "s.id", "e.section_id")
    .innerJoin("courses as c", "c.id", "s.course_id")
    .select([
      "e.id",
      "e.reference",
      "e.code",
      "e.status",
      "e.payment_hold_until",
      "e.child_name",
      "e.email",
      "e.lang",
      "c.slug",
      "c.name_en",
      "c.name_ar",
      "c.currency",
      "s.starts_at",
    ])
    .where("e.id", "=", id)
    .executeTakeFirst();
}

/** The enrolment a paid checkout was for, with its hold and course names. */
export function enrolmentForCheckout(db: DB, id: number) {
  return db
    .selectFrom("section_enrolments as e")
    .innerJoin("course_sections as s", "s.id", "e.section_id")
    .innerJoin("courses as c", "c.id", "s.course_id")
    .select(["e.id", "e.email", "e.lang", "e.child_name", "e.status", "e.payment_hold_until", "c.name_en", "c.name_ar"])
    .where("e.id", "=", id)
    .executeTakeFirstOrThrow();
}

/** The live enrolments whose payment hold ran out by `now`, oldest first. */
export function dueHolds(db: DB, now: string, limit: number) {
  return db
    .selectFrom("section_enrolments")
    .select("id")
    .where("payment_hold_until", "<=", now)
    .where("status", "=", "enrolled")
    .orderBy("id")
    .limit(limit)
    .execute();
}

// --- The camp's enrolments (`camp_enrolments`): a family is its proven e-mail, the row has no account

/** The camp enrolment behind a reference (its confirmation page), or undefined. */
export function campEnrolmentByReference(db: DB, reference: string) {
  return db.selectFrom("camp_enrolments").selectAll().where("reference", "=", reference).executeTakeFirst();
}

/** The camp enrolment's child and family contact, or undefined (a check-out). */
export function campEnrolmentContact(db: DB, id: number) {
  return db.selectFrom("camp_enrolments").select(["id", "student_name", "email", "phone_number"]).where("id", "=", id).executeTakeFirst();
}

/** The camp enrolment's family, child and batch with its camp's titles and batches: what its invoice is issued from. */
export function campEnrolmentForInvoice(db: DB, id: number) {
  return db
    .selectFrom("camp_enrolments as e")
    .innerJoin("camps as c", "c.id", "e.camp_id")
    .select(["e.id", "e.email", "e.parent_name", "e.lang", "e.student_name", "e.session", "c.title_en", "c.title_ar", "c.batches"])
    .where("e.id", "=", id)
    .executeTakeFirstOrThrow();
}

/** The instalment rule of the camp enrolment's camp, or undefined. */
export function instalmentCountOfCampEnrolment(db: DB, id: number) {
  return db
    .selectFrom("camp_enrolments as e")
    .innerJoin("camps as c", "c.id", "e.camp_id")
    .select("c.instalment_count as count")
    .where("e.id", "=", id)
    .executeTakeFirst();
}

/** The camps' batches that have enrolments, with the camp's titles and batches, by camp then batch (staff's choices of a list). */
export function campBatchesWithEnrolments(db: DB, limit: number) {
  return db
    .selectFrom("camp_enrolments as e")
    .innerJoin("camps as c", "c.id", "e.camp_id")
    .select(["c.id", "c.title_en", "c.title_ar", "c.batches", "e.session"])
    .groupBy(["c.id", "c.title_en", "c.title_ar", "c.batches", "e.session"])
    .orderBy("c.id")
    .orderBy("e.session")
    .limit(limit)
    .execute();
}

/** A camp batch's children with their family's contact, by name or in the order they enrolled. */
export function campEnrolmentsOfBatch(db: DB, campId: number, session: string, options: { order: "name" | "enrolled"; limit: number }) {
  const query = db
    .selectFrom("camp_enrolments")
    .select(["id", "student_name", "parent_name", "email", "phone_number", "lang"])
    .where("camp_id", "=", campId)
    .where("session", "=", session);
  return (options.order === "name" ? query.orderBy("student_name").orderBy("id") : query.orderBy("id")).limit(options.limit).execute();
}

/** The families (e-mails) of a camp batch's enrolments, or of every camp enrolment. */
export function campEnrolmentEmails(db: DB, of?: { campId: number; session: string }) {
  const query = db.selectFrom("camp_enrolments").select("email");
  return (of ? query.where("camp_id", "=", of.campId).where("session", "=", of.session) : query).execute();
}

/** The names of the children with a camp enrolment under a family's e-mail (lower-cased), at most `limit`. */
export function campChildNamesByEmail(db: DB, lowerEmail: string, limit: number) {
  return db
    .selectFrom("camp_enrolments")
    .select("student_name as child_name")
    .where(sql<boolean>`lower(email) = ${lowerEmail}`)
    .limit(limit)
    .execute();
}

/** The account's camp enrolments with their camp's titles, newest first; none without a proven e-mail. */
export async function ownedCampEnrolments(db: DB, owner: Owner) {
  if (!owner.provenEmail) return [];
  return db
    .selectFrom("camp_enrolments as e")
    .leftJoin("camps as c", "c.id", "e.camp_id")
    .select([
      "e.id",
      "e.reference",
      "e.student_name",
      "e.parent_name",
      "e.email",
      "e.phone_number",
      "e.camp_title",
      "e.session",
      "e.message",
      "e.status",
      "e.lang",
      "e.created_at",
      "c.title_en",
      "c.title_ar",
    ])
    .where(sameEmail("e.email", owner.provenEmail))
    .orderBy("e.created_at", "desc")
    .execute();
}

/** The names and contacts on the account's camp enrolments (an erasure looks for them in queued mail); none without a proven e-mail. */
export async function ownedCampEnrolmentContacts(db: DB, owner: Owner, limit: number) {
  if (!owner.provenEmail) return [];
  return db
    .selectFrom("camp_enrolments")
    .select(["student_name", "parent_name", "email", "phone_number"])
    .where(sameEmail("email", owner.provenEmail))
    .limit(limit)
    .execute();
}

/** The children's names of the account's camp enrolments not closed (siblings for a discount); none without a proven e-mail. */
export async function ownedOpenCampChildNames(db: DB, owner: Owner, limit: number) {
  if (!owner.provenEmail) return [];
  return db
    .selectFrom("camp_enrolments")
    .select("student_name")
    .where(sameEmail("email", owner.provenEmail))
    .where("status", "!=", "closed")
    .limit(limit)
    .execute();
}

/** How many camp enrolments there are (the admin dashboard). */
export async function campEnrolmentCount(db: DB): Promise<number> {
  const { n } = await db
    .selectFrom("camp_enrolments")
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** When each camp enrolment since `since` was made (the dashboard's chart). */
export function campEnrolmentTimesSince(db: DB, since: string) {
  return db.selectFrom("camp_enrolments").select("created_at").where("created_at", ">=", since).execute();
}

/** The newest camp enrolments (the dashboard's latest submissions). */
export function latestCampEnrolments(db: DB, limit: number) {
  return db.selectFrom("camp_enrolments").select(["id", "parent_name", "email", "status", "created_at"]).orderBy("created_at", "desc").limit(limit).execute();
}
