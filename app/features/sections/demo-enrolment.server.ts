import { sql } from "kysely";
import type { DB, Trx } from "~server/db/db";
import { linkDemoBooking } from "~/features/enrolments/enrolments.server";
import { nowIso } from "~server/db/values";
import type { Lang } from "~/i18n/lang";
import { zonedParts } from "~/lib/zoned-time";
import { childKey } from "~/lib/child-key";
import { demoBookingOfToken } from "~/features/booking/demo-link.server";
import { enrol, type EnrolResult } from "./sections.server";
import { enrolmentsAfterDemos, liveEnrolmentOfBooking } from "~/features/enrolments/queries.server";
import { bookingById, bookingOutcomesSince } from "~/features/booking/queries.server";

/**
 * The course page's form filled in from a follow-up link (decision 069): the demo booking's child
 * and parent, when the token is valid and the booking is of this course. Null otherwise (a link for
 * another course fills in nothing rather than another child).
 */
export async function demoPrefill(db: DB, secret: string, token: string | null, courseId: number) {
  const bookingId = demoBookingOfToken(secret, token);
  if (bookingId === undefined) return null;
  const booking = await bookingById(db, bookingId);
  if (!booking || booking.course_id !== courseId || booking.status === "cancelled") return null;
  return { childName: booking.child_name, childAge: String(booking.child_age), parentName: booking.parent_name, email: booking.email, phone: booking.phone };
}

/**
 * The demo booking a family's own enrolment came from (decision 069): the follow-up link's token
 * (`demo` in the form) is valid, names a live booking of this course, and the child enrolled is the
 * booking's child (same name, as the enrolments' unique index compares them). Else null: the
 * enrolment is then an ordinary direct one (a stale or foreign link never refuses it).
 */
export async function demoBookingForEnrolment(db: DB, secret: string, token: string, courseId: number, childName: string): Promise<number | null> {
  const bookingId = demoBookingOfToken(secret, token || null);
  if (bookingId === undefined) return null;
  const booking = await bookingById(db, bookingId);
  if (!booking || booking.course_id !== courseId || booking.status === "cancelled") return null;
  return childKey(booking.child_name) === childKey(childName) ? booking.id : null;
}

/**
 * Marks a new enrolment as the demo booking's (source 'demo', demo_booking_id), inside the
 * enrolment's transaction, unless the booking already has a live enrolment (staff converted it, or
 * the family enrolled the child from the link before): that one stays the booking's.
 */
export async function markFromDemo(trx: Trx, enrolmentId: number, bookingId: number): Promise<void> {
  await linkDemoBooking(trx, enrolmentId, bookingId, { unlessLinked: true });
}

export type ConvertResult = EnrolResult | { ok: false; reason: "bookingNotFound" | "bookingCancelled" | "otherCourse" | "converted" };

/**
 * Staff turn a demo booking into an enrolment (decision 069): the booking's child and parent take a
 * seat in a section of the booking's course through the enrolment's own transaction (enrol(), the
 * one conditional seat UPDATE), which also marks the row `source = 'demo'` with the booking's id;
 * a second conversion of the same booking is refused by a partial unique index (one live
 * enrolment per booking), whose violation rolls the seat back. `after` queues the e-mail and
 * the audit entry in that transaction.
 */
export async function convertDemoBooking(
  db: DB,
  bookingId: number,
  sectionId: number,
  after: (trx: DB, enrolment: { reference: string; email: string; lang: Lang }) => Promise<void>,
): Promise<ConvertResult> {
  const booking = await bookingById(db, bookingId);
  if (!booking) return { ok: false, reason: "bookingNotFound" };
  if (booking.status === "cancelled") return { ok: false, reason: "bookingCancelled" };
  const section = await db.selectFrom("course_sections").select(["course_id", "status"]).where("id", "=", sectionId).executeTakeFirst();
  if (!section || section.status === "cancelled") return { ok: false, reason: "notFound" };
  if (section.course_id !== booking.course_id) return { ok: false, reason: "otherCourse" };
  const live = await liveEnrolmentOfBooking(db, bookingId);
  if (live) return { ok: false, reason: "converted" };
  return enrol(
    db,
    sectionId,
    { childName: booking.child_name, childAge: booking.child_age, childId: null, parentName: booking.parent_name, email: booking.email, phone: booking.phone },
    {
      userId: booking.user_id,
      lang: booking.lang,
      // Marked as the booking's; invoiced at the course's price by billing's subscriber (decisions 090, 100).
      demoBookingId: bookingId,
      queue: (trx, enrolment) => after(trx, { reference: enrolment.reference, email: enrolment.email, lang: booking.lang }),
    },
  );
}

export interface FunnelRow {
  courseId: number | null;
  course: string;
  /** YYYY-MM of the demo class, on the academy's clock. */
  month: string;
  booked: number;
  attended: number;
  enrolled: number;
}

/** Most demo bookings one funnel reads (about two years of a busy academy). */
const MAX_FUNNEL_BOOKINGS = 50_000;

/**
 * Where a demo booking came from, as the data records it (no marketing source is asked for):
 * `waitlist` an offer from the slot's waiting list accepted (decision 032), `account` booked while
 * signed in, `guest` booked on the site without an account.
 */
export type DemoSource = "waitlist" | "account" | "guest";
export const DEMO_SOURCES: readonly DemoSource[] = ["waitlist", "account", "guest"];

/** One demo booking of the funnel with its outcome (decision 069's rules). */
export interface DemoOutcome {
  id: number;
  courseId: number | null;
  course: string;
  /** YYYY-MM of the demo class, on the academy's clock. */
  month: string;
  attended: boolean;
  enrolled: boolean;
  source: DemoSource;
}

/**
 * The demo classes of the last `months` months, each booking with its outcome (decision 069).
 * Booked: every booking but the cancelled ones. Attended: marked attended by staff. Enrolled: a
 * booking followed by an enrolment of the same child in the same course (converted by staff, or
 * made by the family with the booking's e-mail and child's name after the booking), whatever that
 * enrolment's later fate; each booking counts once. The funnel below and the conversion by source
 * (the retention screen, decision 136) group these same outcomes.
 */
export async function demoOutcomes(db: DB, timeZone: string, lang: Lang, months = 12): Promise<DemoOutcome[]> {
  const since = new Date(Date.now() - months * 31 * 86_400_000).toISOString();
  const bookings = await bookingOutcomesSince(db, since, MAX_FUNNEL_BOOKINGS);
  const courseIds = [...new Set(bookings.map((b) => b.course_id).filter((id): id is number => id !== null))];
  const enrolments = courseIds.length === 0 ? [] : await enrolmentsAfterDemos(db, courseIds, since);
  const converted = new Set(enrolments.map((e) => e.demo_booking_id).filter((id) => id !== null));
  // The earliest enrolment of each child (course, e-mail, name): a booking before it led to it.
  const firstEnrolled = new Map<string, string>();
  for (const e of enrolments) {
    const key = `${e.course_id}|${e.email.toLowerCase()}|${e.child_key}`;
    const seen = firstEnrolled.get(key);
    if (seen === undefined || e.created_at < seen) firstEnrolled.set(key, e.created_at);
  }
  return bookings.map((b) => {
    const enrolledAt = firstEnrolled.get(`${b.course_id}|${b.email.toLowerCase()}|${childKey(b.child_name)}`);
    return {
      id: b.id,
      courseId: b.course_id,
      course: b.name_en !== null && b.name_ar !== null ? (lang === "ar" ? b.name_ar : b.name_en) : b.course_name,
      month: zonedParts(b.starts_at, timeZone).date.slice(0, 7),
      attended: b.status === "attended",
      enrolled: converted.has(b.id) || (enrolledAt !== undefined && enrolledAt >= b.created_at),
      source: Number(b.from_waitlist) === 1 ? "waitlist" : b.user_id !== null ? "account" : "guest",
    };
  });
}

/** Demo classes booked → attended → enrolled, per course and month of the class (decision 069). */
export async function demoFunnel(db: DB, timeZone: string, lang: Lang, months = 12): Promise<FunnelRow[]> {
  const rows = new Map<string, FunnelRow>();
  for (const b of await demoOutcomes(db, timeZone, lang, months)) {
    const key = `${b.courseId ?? b.course}|${b.month}`;
    const row = rows.get(key) ?? { courseId: b.courseId, course: b.course, month: b.month, booked: 0, attended: 0, enrolled: 0 };
    row.booked++;
    if (b.attended) row.attended++;
    if (b.enrolled) row.enrolled++;
    rows.set(key, row);
  }
  return [...rows.values()].sort((a, b) => b.month.localeCompare(a.month) || a.course.localeCompare(b.course));
}

/** A course's open sections staff may convert a booking into (id and a label in the academy's time). */
export async function openSectionsForCourse(db: DB, courseId: number) {
  return db
    .selectFrom("course_sections")
    .select(["id", "weekdays", "start_time", "first_date", "capacity", "seats_taken"])
    .where("course_id", "=", courseId)
    .where("status", "=", "open")
    .where("registration_closes_at", ">", nowIso())
    .where(sql<boolean>`seats_taken < capacity`)
    .orderBy("starts_at")
    .limit(50)
    .execute();
}
