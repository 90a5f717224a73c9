import { markPublicForm } from "~server/mail/mail-budget";
import { checkFamilyLimits, FamilyLimitReached } from "~/features/enrolments/family-limits.server";
import { type Insertable, type Selectable } from "kysely";
import { retryDeadlock, type DB, type Trx } from "~server/db/db";
import { isUniqueViolation, violatesUniqueIndex } from "~server/db/errors";
import type { CourseSectionsTable } from "~server/db/schema";
import { fromDbJson, nowIso, toDbJson } from "~server/db/values";
import { pick } from "~/i18n/localized";
import type { Lang } from "~/i18n/lang";
import { randomToken } from "~/lib/random-token.server";
import { zonedParts, zonedToUtc } from "~/lib/zoned-time";
import { bookingCode } from "~/features/booking/booking.server";
import { takeSeatIn } from "~/kernel/seats.server";
import { materialiseMeetings } from "./meetings";
import { enrolInSection, cancelSectionEnrolments, type PriceEnrolment } from "~/features/enrolments/enrolments.server";
import { SECTION_LINE } from "./section-waitlist.server";
import { offerSeats } from "~/features/booking/waitlist-offers.server";
import type { SectionInput } from "./sections.schema";
import { optInFromForm } from "~/features/messaging/index.server";
import { enrolmentForMailRow } from "~/features/enrolments/queries.server";
import { courseById, courseSessionsAndInstructor, teacherById } from "~/features/admin-content/queries.server";

export type SectionRow = Selectable<CourseSectionsTable>;

/** The UTC instant of a datetime-local value in the academy's zone. */
const localToUtc = (moment: string, timeZone: string) => zonedToUtc(moment.slice(0, 10), moment.slice(11, 16), timeZone).toISOString();
/** A UTC instant as a datetime-local value in the academy's zone (the staff form shows it so). */
export const utcToLocal = (instant: string | null, timeZone: string): string | null => {
  if (!instant) return null;
  const parts = zonedParts(instant, timeZone);
  return `${parts.date}T${parts.time}`;
};

type Planned =
  | { ok: true; values: Required<Omit<Insertable<CourseSectionsTable>, "id" | "seats_taken" | "status" | "created_at" | "updated_at">>; meetings: string[] }
  | { ok: false; field: string; reason: "courseNotFound" | "teacherNotFound" | "noMeetings" };

/**
 * A section's columns and meeting starts from the staff's input: omitted meetings and ages come
 * from the course, the registration window from the academy's clock (closing by default when the
 * first meeting starts).
 */
async function plan(db: DB, input: SectionInput, timeZone: string): Promise<Planned> {
  const course = await courseById(db, input.courseId);
  if (!course) return { ok: false, field: "courseId", reason: "courseNotFound" };
  if (input.teacherId !== null) {
    const teacher = await teacherById(db, input.teacherId);
    if (!teacher) return { ok: false, field: "teacherId", reason: "teacherNotFound" };
  }
  const count = input.meetings ?? Math.max(1, Math.min(course.sessions, 104));
  const meetings = materialiseMeetings(
    { weekdays: input.weekdays, startTime: input.startTime, firstDate: input.firstDate, count, closures: input.closures },
    timeZone,
  ).map((m) => m.startsAt);
  if (meetings.length === 0) return { ok: false, field: "weekdays", reason: "noMeetings" };
  const startsAt = meetings[0]!;
  const minAge = input.minAge ?? course.min_age;
  const maxAge = input.maxAge ?? Math.max(course.max_age, minAge);
  return {
    ok: true,
    meetings,
    values: {
      course_id: course.id,
      teacher_id: input.teacherId,
      weekdays: input.weekdays.join(","),
      start_time: input.startTime,
      duration_minutes: input.durationMinutes,
      first_date: input.firstDate,
      meeting_count: meetings.length,
      closures: toDbJson(input.closures),
      mode: input.mode,
      meeting_url: input.mode === "online" ? input.meetingUrl : "",
      capacity: input.capacity,
      min_age: minAge,
      max_age: maxAge,
      language: input.language,
      registration_opens_at: input.registrationOpensAt ? localToUtc(input.registrationOpensAt, timeZone) : null,
      registration_closes_at: input.registrationClosesAt ? localToUtc(input.registrationClosesAt, timeZone) : startsAt,
      starts_at: startsAt,
      ends_at: meetings.at(-1)!,
    },
  };
}

async function insertMeetings(trx: DB, sectionId: number, starts: string[], durationMinutes: number, now: string) {
  await trx
    .insertInto("section_meetings")
    .values(
      starts.map((startsAt) => ({
        section_id: sectionId,
        starts_at: startsAt,
        duration_minutes: durationMinutes,
        status: "scheduled" as const,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
}

export type SaveResult = { ok: true; id: number; before?: SectionRow; after: SectionRow } | { ok: false; field: string; reason: string };

/** Creates a section and its meetings in one transaction. */
export async function createSection(db: DB, input: SectionInput, timeZone: string, audit: (trx: DB, row: SectionRow) => Promise<void>): Promise<SaveResult> {
  const planned = await plan(db, input, timeZone);
  if (!planned.ok) return planned;
  return db.transaction().execute(async (trx) => {
    const now = nowIso();
    const row = await trx
      .insertInto("course_sections")
      .values({ ...planned.values, status: "open", created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    await insertMeetings(trx, row.id, planned.meetings, row.duration_minutes, now);
    await audit(trx, row);
    return { ok: true as const, id: row.id, after: row };
  });
}

/** The columns whose change means new meetings. */
const SCHEDULE = ["weekdays", "start_time", "duration_minutes", "first_date", "meeting_count", "closures"] as const;

/**
 * Changes a section. Its capacity never drops below the seats taken and its course never changes
 * while children are enrolled (decided by the UPDATE itself); a new pattern replaces its meetings.
 */
export async function updateSection(
  db: DB,
  id: number,
  input: SectionInput,
  timeZone: string,
  audit: (trx: DB, before: SectionRow, after: SectionRow) => Promise<void>,
): Promise<SaveResult | { ok: false; reason: "notFound" | "cancelled"; field?: undefined }> {
  const planned = await plan(db, input, timeZone);
  if (!planned.ok) return planned;
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom("course_sections").selectAll().where("id", "=", id).executeTakeFirst();
    if (!before) return { ok: false as const, reason: "notFound" as const };
    if (before.status === "cancelled") return { ok: false as const, reason: "cancelled" as const };
    const now = nowIso();
    const after = await trx
      .updateTable("course_sections")
      .set({ ...planned.values, updated_at: now })
      .where("id", "=", id)
      .where("status", "<>", "cancelled")
      .where("seats_taken", "<=", planned.values.capacity)
      .where((eb) => eb.or([eb("seats_taken", "=", 0), eb("course_id", "=", planned.values.course_id)]))
      .returningAll()
      .executeTakeFirst();
    if (!after) {
      const field = planned.values.course_id !== before.course_id ? "courseId" : "capacity";
      return { ok: false as const, field, reason: field === "capacity" ? "capacityBelowTaken" : "courseHasEnrolments" };
    }
    if (SCHEDULE.some((column) => String(before[column]) !== String(after[column]))) {
      await trx.deleteFrom("section_meetings").where("section_id", "=", id).execute();
      await insertMeetings(trx, id, planned.meetings, after.duration_minutes, now);
    }
    // More seats, or a seat freed: the line is offered it at once (decision 066).
    if (after.capacity > before.capacity) await offerSeats(trx, SECTION_LINE, id, now);
    await audit(trx, before, after);
    return { ok: true as const, id, before, after };
  });
}

/** Opens or closes a section to new enrolments (a cancelled one stays cancelled). */
export async function setSectionStatus(db: DB, id: number, status: "open" | "closed", audit: (trx: DB, before: SectionRow) => Promise<void>) {
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom("course_sections").selectAll().where("id", "=", id).executeTakeFirst();
    if (!before) return "notFound" as const;
    const changed = await trx
      .updateTable("course_sections")
      .set({ status, updated_at: nowIso() })
      .where("id", "=", id)
      .where("status", "<>", "cancelled")
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) === 0) return "cancelled" as const;
    if (before.status !== status) await audit(trx, before);
    if (status === "open") await offerSeats(trx, SECTION_LINE, id, nowIso());
    return "ok" as const;
  });
}

export interface CancelledEnrolment {
  reference: string;
  email: string;
  lang: Lang;
}

/**
 * Cancels a section: the status, every live enrolment and every meeting in one transaction, the
 * seats given back; `after` queues each family's e-mail in it. A second cancel finds nothing to do.
 */
export async function cancelSection(db: DB, id: number, after: (trx: DB, before: SectionRow, enrolments: CancelledEnrolment[]) => Promise<void>) {
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom("course_sections").selectAll().where("id", "=", id).executeTakeFirst();
    if (!before) return { ok: false as const, reason: "notFound" as const };
    const now = nowIso();
    const changed = await trx
      .updateTable("course_sections")
      .set({ status: "cancelled", seats_taken: 0, updated_at: now })
      .where("id", "=", id)
      .where("status", "<>", "cancelled")
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) === 0) return { ok: false as const, reason: "cancelled" as const };
    // Each live enrolment ends (its invoice voided, a code's use given back: decision 100).
    const enrolments = await cancelSectionEnrolments(trx, id);
    await trx.updateTable("section_meetings").set({ status: "cancelled", updated_at: now }).where("section_id", "=", id).execute();
    // Its line ends too: open offers held seats of the counter set to 0 above (decision 066).
    await trx
      .updateTable("section_waitlist")
      .set({ status: "left", updated_at: now })
      .where("section_id", "=", id)
      .where("status", "in", ["waiting", "offered"])
      .execute();
    await after(trx, before, enrolments);
    return { ok: true as const, families: enrolments.length };
  });
}

/** A section as parents see it (course page, GET /api/courses/{slug}/sections). */
export interface PublicSection {
  id: number;
  courseId: number;
  weekdays: number[];
  /** HH:MM and first date in the academy's zone. */
  startTime: string;
  firstDate: string;
  durationMinutes: number;
  startsAt: string;
  endsAt: string;
  meetingCount: number;
  meetings: { startsAt: string }[];
  capacity: number;
  seatsLeft: number;
  mode: "academy" | "online";
  instructor: string | null;
  language: "en" | "ar";
  minAge: number;
  maxAge: number;
  registrationOpensAt: string | null;
  registrationClosesAt: string;
  /** Whether an enrolment would be taken now (else it opens at registrationOpensAt). */
  registrationOpen: boolean;
}

function toPublic(
  row: SectionRow & { teacher_en: string | null; teacher_ar: string | null },
  meetings: { startsAt: string }[],
  lang: Lang,
  now: string,
): PublicSection {
  return {
    id: row.id,
    courseId: row.course_id,
    weekdays: row.weekdays.split(",").map(Number),
    startTime: row.start_time,
    firstDate: row.first_date,
    durationMinutes: row.duration_minutes,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    meetingCount: meetings.length,
    meetings,
    capacity: row.capacity,
    seatsLeft: Math.max(0, row.capacity - row.seats_taken),
    mode: row.mode,
    instructor: row.teacher_en === null ? null : pick({ name_en: row.teacher_en, name_ar: row.teacher_ar ?? row.teacher_en }, "name", lang),
    language: row.language,
    minAge: row.min_age,
    maxAge: row.max_age,
    registrationOpensAt: row.registration_opens_at,
    registrationClosesAt: row.registration_closes_at,
    registrationOpen: row.registration_opens_at === null || row.registration_opens_at <= now,
  };
}

const sectionsWithTeacher = (db: DB) =>
  db
    .selectFrom("course_sections as s")
    .leftJoin("teachers as t", "t.id", "s.teacher_id")
    .selectAll("s")
    .select(["t.name_en as teacher_en", "t.name_ar as teacher_ar"]);

async function scheduledMeetings(db: DB, ids: number[]): Promise<Map<number, { startsAt: string }[]>> {
  const byId = new Map<number, { startsAt: string }[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return byId;
  const rows = await db
    .selectFrom("section_meetings")
    .select(["section_id", "starts_at"])
    .where("section_id", "in", ids)
    .where("status", "=", "scheduled")
    .orderBy("starts_at")
    .execute();
  for (const row of rows) byId.get(row.section_id)?.push({ startsAt: row.starts_at });
  return byId;
}

/**
 * A course's sections parents can still join: open, registration not yet closed (registration
 * may not have opened yet: `registrationOpen` says so); a full one (seatsLeft 0) offers its
 * waitlist (decision 066).
 */
export async function listOpenSections(db: DB, courseId: number, lang: Lang): Promise<PublicSection[]> {
  const now = nowIso();
  const rows = await sectionsWithTeacher(db)
    .where("s.course_id", "=", courseId)
    .where("s.status", "=", "open")
    .where("s.registration_closes_at", ">", now)
    .orderBy("s.starts_at")
    .orderBy("s.id")
    .execute();
  const meetings = await scheduledMeetings(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toPublic(row, meetings.get(row.id) ?? [], lang, now));
}

/**
 * What a course itself says of its length and instructor (its page's facts without an open group,
 * decision 115): the course's session count and instructor, in Arabic script when a teacher
 * profile of that name has it.
 */
export async function courseOwnFacts(db: DB, courseId: number, lang: Lang): Promise<{ sessions: number; instructor: string }> {
  const row = await courseSessionsAndInstructor(db, courseId);
  return { sessions: row.sessions, instructor: lang === "ar" && row.instructor_ar?.trim() ? row.instructor_ar : row.instructor };
}

/** One section as a family sees it (its enrolment's page), whatever its status; undefined when none. */
export async function sectionForFamily(db: DB, id: number, lang: Lang): Promise<(PublicSection & { status: SectionRow["status"] }) | undefined> {
  const row = await sectionsWithTeacher(db).where("s.id", "=", id).executeTakeFirst();
  if (!row) return undefined;
  const meetings = await scheduledMeetings(db, [row.id]);
  return { ...toPublic(row, meetings.get(row.id) ?? [], lang, nowIso()), status: row.status };
}

/** Every section of the staff screen, newest term first, with its meetings. */
export async function listSectionsForStaff(db: DB, lang: Lang, filter: { courseId?: number } = {}) {
  let query = sectionsWithTeacher(db)
    .innerJoin("courses as c", "c.id", "s.course_id")
    .select(["c.name_en as course_en", "c.name_ar as course_ar", "c.slug as course_slug"]);
  if (filter.courseId !== undefined) query = query.where("s.course_id", "=", filter.courseId);
  const rows = await query.orderBy("s.starts_at", "desc").orderBy("s.id", "desc").limit(500).execute();
  const now = nowIso();
  const meetings = await scheduledMeetings(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    ...toPublic(row, meetings.get(row.id) ?? [], lang, now),
    status: row.status,
    seatsTaken: row.seats_taken,
    closures: fromDbJson<string[]>(row.closures, []),
    meetingUrl: row.meeting_url,
    teacherId: row.teacher_id,
    course: { id: row.course_id, slug: row.course_slug, name: pick({ name_en: row.course_en, name_ar: row.course_ar }, "name", lang) },
  }));
}
export type StaffSection = Awaited<ReturnType<typeof listSectionsForStaff>>[number];

/** One section with its course (enrolment, mail), or undefined. */
export async function findSection(db: DB, id: number) {
  return db
    .selectFrom("course_sections as s")
    .innerJoin("courses as c", "c.id", "s.course_id")
    .selectAll("s")
    .select(["c.name_en as course_en", "c.name_ar as course_ar", "c.slug as course_slug", "c.price as course_price"])
    .where("s.id", "=", id)
    .executeTakeFirst();
}

export interface EnrolmentRequest {
  childName: string;
  childAge: number;
  childId: number | null;
  parentName: string;
  email: string;
  phone: string;
  messagingWhatsapp?: boolean;
  messagingSms?: boolean;
}

export type EnrolRefusal = "full" | "closed" | "notOpenYet" | "duplicate";
export type EnrolResult =
  | { ok: true; id: number; reference: string; code: string; sectionId: number }
  | { ok: false; reason: "notFound" }
  | { ok: false; reason: "ageOutside"; minAge: number; maxAge: number }
  | { ok: false; reason: EnrolRefusal; opensAt?: string }
  | { ok: false; reason: "familyCap" | "holdLimit"; limit: number };

class SectionUnavailable extends Error {}

/** Why a section takes no enrolment now (undefined: it would). */
function refusalOf(
  section: Pick<SectionRow, "status" | "seats_taken" | "capacity" | "registration_opens_at" | "registration_closes_at">,
  now: string,
): EnrolRefusal | undefined {
  if (section.status !== "open" || section.registration_closes_at <= now) return "closed";
  if (section.registration_opens_at !== null && section.registration_opens_at > now) return "notOpenYet";
  if (section.seats_taken >= section.capacity) return "full";
  return undefined;
}

/**
 * Enrols a child in every meeting of a section at once, or not at all (decision 059). As the demo
 * booking does (bookSlot): a first read refuses most of a rush without a write; then one
 * transaction whose conditional UPDATE takes the seat only while the section is open, its
 * registration window open and a seat left (the database decides, under its lock), and whose
 * INSERT records the enrolment (the unique index refuses the same child twice, rolling the seat
 * back). `queue` stores the confirmation e-mail in that transaction. `holdUntil` (online payment,
 * decision 085): the seat is held for the family's payment until then (payment_hold_until). The row
 * itself, its price and invoice are the enrolments feature's enrolInSection (decision 100).
 */
export async function enrol(
  db: DB,
  sectionId: number,
  input: EnrolmentRequest,
  options: {
    userId: number | null;
    lang: Lang;
    holdUntil?: string | null;
    /** The demo booking staff convert (decision 069). */
    demoBookingId?: number;
    /** Prices it (its code's use reserved); without it, the course's list price is invoiced. */
    price?: PriceEnrolment;
    /**
     * A family's own enrolment from the public form (decision 104): its family's limits are checked
     * first in the transaction, and its mails to the typed address spend that address's budget.
     * Absent for staff's enrolments.
     */
    family?: { userId: number | null; perFamily: number };
    /** What else the use case stores in the enrolment's transaction (consent, mail); `held`: waiting for its online payment. */
    queue: (trx: Trx, enrolment: { id: number; reference: string; email: string; held: boolean }) => Promise<void>;
  },
): Promise<EnrolResult> {
  const seen = await db.selectFrom("course_sections").selectAll().where("id", "=", sectionId).executeTakeFirst();
  if (!seen || seen.status === "cancelled") return { ok: false, reason: "notFound" };
  const early = refusalOf(seen, nowIso());
  if (early) return { ok: false, reason: early, ...(early === "notOpenYet" ? { opensAt: seen.registration_opens_at! } : {}) };
  if (input.childAge < seen.min_age || input.childAge > seen.max_age) return { ok: false, reason: "ageOutside", minAge: seen.min_age, maxAge: seen.max_age };
  const reference = randomToken();
  let code = bookingCode();
  let id = 0;
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        id = await insert(code);
        break;
      } catch (error) {
        if (attempt >= 4 || !violatesUniqueIndex(error, "section_enrolments_code", "section_enrolments.code")) throw error;
        code = bookingCode();
      }
    }
    return { ok: true, id, reference, code, sectionId };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "duplicate" };
    if (error instanceof FamilyLimitReached) return { ok: false, reason: error.reason, limit: error.limit };
    if (!(error instanceof SectionUnavailable)) throw error;
    // The seat was not taken; only now look again, to say why.
    const section = await db.selectFrom("course_sections").selectAll().where("id", "=", sectionId).executeTakeFirstOrThrow();
    const reason = refusalOf(section, nowIso()) ?? "full";
    return { ok: false, reason, ...(reason === "notOpenYet" ? { opensAt: section.registration_opens_at! } : {}) };
  }

  function insert(code: string) {
    return retryDeadlock(() =>
      db.transaction().execute(async (trx) => {
        const now = nowIso();
        if (options.family) {
          // Before the seat: the family's lock comes first in every public enrolment, so two never wait on each other.
          markPublicForm(trx, input.email);
          await checkFamilyLimits(trx, { ...options.family, email: input.email, heldIn: options.holdUntil ? sectionId : null }, now);
        }
        // The one seat helper (seats.server.ts): open, registration window open, a seat left.
        const seat = await takeSeatIn(trx, "course_sections", sectionId, now, (eb) =>
          eb.and([
            eb("status", "=", "open"),
            eb("registration_closes_at", ">", now),
            eb.or([eb("registration_opens_at", "is", null), eb("registration_opens_at", "<=", now)]),
          ]),
        );
        if (!seat) throw new SectionUnavailable();
        const { course_id } = await trx.selectFrom("course_sections").select("course_id").where("id", "=", sectionId).executeTakeFirstOrThrow();
        // The family's WhatsApp / SMS opt-in on its own form (decision 132), before the invoice's message is queued.
        if (options.family)
          await optInFromForm(trx, {
            email: input.email,
            phone: input.phone,
            lang: options.lang,
            whatsapp: input.messagingWhatsapp,
            sms: input.messagingSms,
            source: "enrolment",
          });
        // The row, its price and its invoice: the enrolments feature's one command (decision 100).
        const { enrolment, held } = await enrolInSection(
          trx,
          {
            reference,
            code,
            section_id: sectionId,
            course_id,
            child_name: input.childName,
            child_age: input.childAge,
            child_id: input.childId,
            parent_name: input.parentName,
            email: input.email,
            phone: input.phone,
            lang: options.lang,
            user_id: options.userId,
            source: options.demoBookingId ? "demo" : "direct",
            demo_booking_id: options.demoBookingId ?? null,
            payment_hold_until: options.holdUntil ?? null,
          },
          options.price,
        );
        await options.queue(trx, { id: enrolment.id, reference, email: enrolment.email, held });
        return enrolment.id;
      }),
    );
  }
}

/** An enrolment with its section, course and meetings, for its e-mails. */
export async function enrolmentForMail(db: DB, reference: string) {
  const row = await enrolmentForMailRow(db, reference);
  if (!row) return undefined;
  const meetings = await db
    .selectFrom("section_meetings")
    .select(["id", "starts_at", "duration_minutes", "status"])
    .where("section_id", "=", row.section_id)
    .orderBy("starts_at")
    .execute();
  return { ...row, meetings };
}
