import { markPublicForm } from "~server/mail/mail-budget";
import { randomBytes } from "node:crypto";
import { sql, type ExpressionBuilder, type Selectable } from "kysely";
import { LRUCache } from "lru-cache";
import { isUniqueViolation, violatesUniqueIndex } from "~server/db/errors";
import { isPostgres, type DB } from "~server/db/db";
import type { DataVersions } from "~server/db/data-versions";
import { queueMail } from "~server/mail/mail-queue";
import type { Database, DemoBookingStatus, DemoSlotMode, DemoSlotsTable } from "~server/db/schema";
import { nowIso } from "~server/db/values";
import { pick } from "~/i18n/localized";
import { randomToken } from "~/lib/random-token.server";
import { formatPhone } from "~/lib/validation";
import type { Lang } from "~/i18n/lang";
import { bookingConfirmationMail } from "./booking.jobs.server";
import { linkedId, linkToken, unusedTokenHash } from "./link-tokens.server";
import { formatDateLabel, formatDateTimeLabel, formatTimeLabel, formatZoneLabel } from "~/kernel/slot-format";
import { freeSeatIn, SLOT_LINE } from "./waitlist-offers.server";
import { takeSeatIn } from "~/kernel/seats.server";
import { addDays, zonedParts, zonedToUtc } from "~/lib/zoned-time";
import { optInFromForm } from "~/features/messaging/index.server";
import { notifyFamily } from "~/features/push/index.server";
import { courseCard } from "~/features/admin-content/queries.server";

/** A course as the booking pages need it. */
interface BookingCourse {
  id: number;
  slug: string;
  name: string;
  image: string;
  minAge: number;
  maxAge: number;
}

/** `/courses/{slug}` or `/courses/{id}`: digits are an id, anything else a slug. `versions`: the change tokens, when already read. */
export async function findCourse(db: DB, slugOrId: string, lang: Lang, versions?: DataVersions): Promise<BookingCourse | undefined> {
  const row = await courseCard(db, /^\d{1,9}$/.test(slugOrId) ? { id: Number(slugOrId) } : { slug: slugOrId }, versions);
  return row ? { id: row.id, slug: row.slug, name: pick(row, "name", lang), image: row.image, minAge: row.min_age, maxAge: row.max_age } : undefined;
}

/** A bookable time as parents see it. */
export interface PublicSlot {
  id: number;
  startsAt: string;
  /** YYYY-MM-DD and HH:MM in the academy's time zone. */
  date: string;
  time: string;
  /** The time formatted for the page's language. */
  label: string;
  durationMinutes: number;
  seatsLeft: number;
  /** Online or at the academy (the meeting link itself is only for booked parents). */
  mode: DemoSlotMode;
}

export function toPublicSlot(row: Selectable<DemoSlotsTable>, timeZone: string, lang: Lang): PublicSlot {
  const parts = zonedParts(row.starts_at, timeZone);
  return {
    id: row.id,
    startsAt: row.starts_at,
    date: parts.date,
    time: parts.time,
    label: formatTimeLabel(row.starts_at, timeZone, lang),
    durationMinutes: row.duration_minutes,
    seatsLeft: Math.max(0, row.capacity - row.seats_taken),
    mode: row.mode,
  };
}

/** Slots meant for this course: tied to it, or open to every course (no course). */
export const forCourse = (courseId: number) => (eb: ExpressionBuilder<Database, "demo_slots">) =>
  eb.or([eb("demo_slots.course_id", "=", courseId), eb("demo_slots.course_id", "is", null)]);

/**
 * Takes one seat of a slot for a course, or nothing: one conditional UPDATE that the database
 * decides under its lock (open, in the future, not full, that course's or every course's slot).
 * Returns the slot's start, or undefined when no seat was taken. Booking and rescheduling share it.
 */
export async function takeSeat(trx: DB, slotId: number, courseId: number, now: string): Promise<string | undefined> {
  const seat = await takeSeatIn(trx, "demo_slots", slotId, now, (eb) =>
    eb.and([eb("status", "=", "open"), eb("starts_at", ">", now), forCourse(courseId)(eb)]),
  );
  if (seat) refusalTimes.clear();
  return seat?.starts_at;
}

/**
 * Gives one seat of a slot back (a cancelled or moved booking, an offer declined or run out);
 * never below zero. In the same transaction the seat goes on to the first parent waiting for it,
 * if any (offerSeats, decision 032), so a freed seat is never free for a moment while someone waits.
 */
export async function freeSeat(trx: DB, slotId: number, now: string): Promise<void> {
  if (await freeSeatIn(trx, SLOT_LINE, slotId, now)) refusalTimes.clear();
}

/**
 * The day's free times a refusal lists, kept for a second per course, day, zone and language (issue
 * 27): in a rush for one slot almost every request is refused with the same list, and reading it once
 * per refusal cost a query each. Any seat taken or freed in this process forgets them; another
 * instance's change shows within the second. A listed time may have just filled: booking it is still
 * decided by takeSeat, so a stale entry costs the parent one more refusal, never a wrong seat.
 */
const refusalTimes = new LRUCache<string, Promise<PublicSlot[]>>({ max: 500, ttl: 1000 });
/** A slot's day in a zone, per start and zone: a pure answer, and Intl's parts cost more than the rest of a refusal's explanation. */
const slotDays = new LRUCache<string, string>({ max: 500 });
const slotDayOf = (startsAt: string, timeZone: string) => {
  const key = `${startsAt}|${timeZone}`;
  let day = slotDays.get(key);
  if (day === undefined) {
    day = zonedParts(startsAt, timeZone).date;
    slotDays.set(key, day);
  }
  return day;
};

/** The UTC bounds of the days `from`..`to` (inclusive) in the academy's time zone. */
export function dayRange(from: string, to: string, timeZone: string): { start: string; end: string } {
  return { start: zonedToUtc(from, "00:00", timeZone).toISOString(), end: zonedToUtc(addDays(to, 1), "00:00", timeZone).toISOString() };
}

/**
 * Open, future slots of a course from `from` to `to` (academy dates, inclusive): those with a free
 * seat, or ("any") the full ones too, which offer their waitlist (decision 032).
 */
export async function listOpenSlots(
  db: DB,
  options: { courseId: number; from: string; to: string; timeZone: string; lang: Lang; seats?: "free" | "any" },
): Promise<PublicSlot[]> {
  const { start, end } = dayRange(options.from, options.to, options.timeZone);
  const now = nowIso();
  let query = db
    .selectFrom("demo_slots")
    .selectAll()
    .where("status", "=", "open")
    .where("starts_at", ">", now > start ? now : start)
    .where("starts_at", "<", end)
    .where(forCourse(options.courseId));
  if (options.seats !== "any") query = query.where((eb) => eb("seats_taken", "<", eb.ref("capacity")));
  const rows = await query.orderBy("starts_at").orderBy("id").execute();
  return rows.map((row) => toPublicSlot(row, options.timeZone, options.lang));
}

interface BookingRequest {
  slotId: number;
  childName: string;
  childAge: number;
  parentName: string;
  email: string;
  phone: string;
  messagingWhatsapp?: boolean;
  messagingSms?: boolean;
}

type BookResult =
  | { ok: true; reference: string; code: string; cancelToken: string }
  | { ok: false; reason: "notFound" }
  | { ok: false; reason: "full" | "closed" | "past" | "duplicate"; remaining: PublicSlot[] }
  | { ok: false; reason: "alreadyHadDemo" | "familyCap"; remaining: PublicSlot[] };

/** A fair-booking rule refused the booking (issue 29); thrown inside the transaction, so nothing is kept. */
class RuleRefusal extends Error {
  constructor(readonly reason: "alreadyHadDemo" | "familyCap") {
    super(reason);
  }
}

/** A child's name as the one-demo-per-course rule compares it: case, width and spacing ignored. */
const childKey = (name: string) => name.normalize("NFKC").toLocaleLowerCase("en").replace(/\s+/g, " ").trim();

/**
 * The fair-booking rules (issue 29), checked in the booking's transaction: one free demo per child per
 * course (a booking not cancelled, for the same family and the same child's name), and at most
 * `perFamily` demo classes still ahead per family. A family is its e-mail address and, when the parent
 * is signed in, the account's bookings too (so a saved child counts whichever address was typed). On
 * PostgreSQL a transaction lock on the e-mail makes two bookings of one family queue, so the count cannot
 * be passed by booking twice at once; SQLite runs one write transaction at a time already.
 */
async function checkFamilyRules(
  trx: DB,
  input: { email: string; childName: string; slotId: number },
  userId: number | null,
  courseId: number,
  perFamily: number,
  now: string,
): Promise<void> {
  const email = input.email.toLowerCase();
  if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(hashtext(${`demo-family:${email}`}))`.execute(trx);
  const family = (eb: ExpressionBuilder<Database, "demo_bookings">) =>
    userId === null ? eb("demo_bookings.email", "=", email) : eb.or([eb("demo_bookings.email", "=", email), eb("demo_bookings.user_id", "=", userId)]);
  const rows = await trx
    .selectFrom("demo_bookings")
    .innerJoin("demo_slots", "demo_slots.id", "demo_bookings.slot_id")
    .select(["demo_bookings.child_name", "demo_bookings.course_id", "demo_bookings.slot_id", "demo_bookings.status", "demo_slots.starts_at"])
    .where("demo_bookings.status", "<>", "cancelled")
    .where(family)
    .limit(500)
    .execute();
  // The same time booked again is refused by the unique index with its own, plainer message.
  if (rows.some((row) => row.slot_id === input.slotId && row.status === "booked")) return;
  const child = childKey(input.childName);
  if (rows.some((row) => row.course_id === courseId && childKey(row.child_name) === child)) throw new RuleRefusal("alreadyHadDemo");
  if (rows.filter((row) => row.status === "booked" && row.starts_at > now).length >= perFamily) throw new RuleRefusal("familyCap");
}

/** How long before its class a booking's reminder e-mail goes out (reminders.server.ts). */
export const REMINDER_LEAD_MS = 24 * 60 * 60_000;

/**
 * The reminder_sent_at of a booking made (or moved) now for a class at `startsAt`: a class less
 * than a day away gets no reminder, since the confirmation just sent says the same.
 */
export const reminderStateFor = (startsAt: string, now: string): string | null => (Date.parse(startsAt) - REMINDER_LEAD_MS <= Date.parse(now) ? now : null);

/** Letters and digits that cannot be mistaken for one another on the phone (no 0/O, 1/I/L). */
const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

/** A short booking code: 6 characters of CODE_ALPHABET (31^6, about 887 million). */
export function bookingCode(): string {
  const bytes = randomBytes(6);
  // 256 is not a multiple of 31; the slight bias does not matter for a code guarded by a unique index.
  return Array.from(bytes, (byte) => CODE_ALPHABET[byte % CODE_ALPHABET.length]).join("");
}

/** A unique-index violation on the booking code (not on the e-mail and slot). */
export const isCodeCollision = (error: unknown): boolean => violatesUniqueIndex(error, "demo_bookings_code", "demo_bookings.code");

/**
 * Books one seat. One transaction: the conditional UPDATE takes the seat only while the slot is
 * open, in the future and not full (the database decides, under its row lock / write lock), then
 * the INSERT records the booking; the unique index refuses a second live booking of one e-mail,
 * which rolls the seat back. Nothing is read first and decided in JavaScript.
 */
export async function bookSlot(
  db: DB,
  input: BookingRequest,
  options: {
    course: BookingCourse;
    userId: number | null;
    lang: Lang;
    timeZone: string;
    /** Queues what staff are told of the booking, in its transaction (staff-notice.server.ts). */
    notifyStaff?: (trx: DB, booking: { startsAt: string; code: string }) => Promise<void>;
    /** SESSION_SECRET: the key of the booking's cancel link (link-tokens.server.ts). */
    linkSecret: string;
    /** The most demo classes still ahead one family may hold (site setting demoBookingsPerFamily). */
    perFamily: number;
    /**
     * The signed-in parent's account, whose bookings count as the family's (issue 29); null for
     * visitors and for staff booking on a family's behalf, who are not that family.
     */
    familyAccountId?: number | null;
  },
): Promise<BookResult> {
  // Most of a rush finds the slot full: refused on one read, without a write transaction (issue 27).
  // A slot that looks free is still decided by the conditional UPDATE below.
  const seen = await db.selectFrom("demo_slots").selectAll().where("id", "=", input.slotId).executeTakeFirst();
  if (!seen || seen.status !== "open" || seen.seats_taken >= seen.capacity || seen.starts_at <= nowIso())
    // No error object on this path, the rush's usual one: its stack trace cost more than the answer.
    return explainRefusal(undefined, seen ?? null);
  const reference = randomToken();
  let code = bookingCode();
  let id = 0;
  try {
    // A fresh code when one is taken already (rare); any other refusal ends the loop.
    for (let attempt = 0; ; attempt++) {
      try {
        const inserted = await insertBooking(code);
        if (inserted === null) return explainRefusal(undefined);
        id = inserted;
        break;
      } catch (error) {
        if (attempt >= 4 || !isCodeCollision(error)) throw error;
        code = bookingCode();
      }
    }
    return { ok: true, reference, code, cancelToken: linkToken(options.linkSecret, "booking", { id, reference }) };
  } catch (error) {
    if (error instanceof RuleRefusal) return { ok: false, reason: error.reason, remaining: [] };
    if (!isUniqueViolation(error)) throw error;
    return explainRefusal(error);
  }

  function insertBooking(code: string) {
    return db.transaction().execute(async (trx) => {
      const now = nowIso();
      // The seat first: in a rush most requests that got past the read above find it gone here, and
      // leave at once with nothing written (on PostgreSQL before the family's lock and reads, issue 40).
      // Nothing else takes the family's lock before a slot's row lock, so this order cannot deadlock.
      const startsAt = await takeSeat(trx, input.slotId, options.course.id, now);
      if (!startsAt) return null;
      await checkFamilyRules(trx, input, options.familyAccountId ?? null, options.course.id, options.perFamily, now);
      const row = await trx
        .insertInto("demo_bookings")
        .values({
          reference,
          code,
          cancel_token: unusedTokenHash(),
          slot_id: input.slotId,
          course_id: options.course.id,
          course_name: options.course.name,
          child_name: input.childName,
          child_age: input.childAge,
          parent_name: input.parentName,
          email: input.email.toLowerCase(),
          phone: input.phone,
          lang: options.lang,
          status: "booked",
          user_id: options.userId,
          reminder_sent_at: reminderStateFor(startsAt, now),
          created_at: now,
          updated_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      // The confirmation e-mail is queued with the seat: both are stored, or neither; within the
      // typed address's mail budget (decision 104), else the booking stands without it.
      markPublicForm(trx, input.email);
      await queueMail(trx, bookingConfirmationMail, { to: input.email, data: { reference } });
      // And on WhatsApp or SMS when the family chose one (decision 127), here in the form or before; the e-mail above stays the full confirmation.
      await optInFromForm(trx, {
        email: input.email,
        phone: input.phone,
        lang: options.lang,
        whatsapp: input.messagingWhatsapp,
        sms: input.messagingSms,
        source: "booking",
      });
      await notifyFamily(trx, {
        event: `demo-booking:${row.id}`,
        email: input.email,
        template: "demo_booking_confirmation",
        params: { child: input.childName, course: options.course.name, date: formatDateTimeLabel(startsAt, options.timeZone, options.lang) },
        ownMail: true,
        push: { category: "schedule", url: "/account" },
      });
      await options.notifyStaff?.(trx, { startsAt, code });
      return row.id;
    });
  }

  async function explainRefusal(error: unknown, known?: Selectable<DemoSlotsTable> | null): Promise<BookResult> {
    // The seat was not taken; now (and only to explain why) look at the slot.
    const slot = known !== undefined ? known : await db.selectFrom("demo_slots").selectAll().where("id", "=", input.slotId).executeTakeFirst();
    if (!slot || (slot.course_id !== null && slot.course_id !== options.course.id)) return { ok: false, reason: "notFound" };
    const reason = isUniqueViolation(error) ? "duplicate" : slot.status !== "open" ? "closed" : slot.starts_at <= nowIso() ? "past" : "full";
    const day = slotDayOf(slot.starts_at, options.timeZone);
    const cacheKey = `${options.course.id}|${day}|${options.timeZone}|${options.lang}`;
    // The list being read is shared too: a rush's refusals arrive together, before any read ends.
    let pending = refusalTimes.get(cacheKey);
    if (!pending) {
      pending = listOpenSlots(db, { courseId: options.course.id, from: day, to: day, timeZone: options.timeZone, lang: options.lang });
      refusalTimes.set(cacheKey, pending);
      const mine = pending;
      mine.catch(() => refusalTimes.peek(cacheKey) === mine && refusalTimes.delete(cacheKey));
    }
    const open = await pending;
    // A time this e-mail already holds is not "still free" for it.
    const remaining = reason === "duplicate" ? open.filter((free) => free.id !== input.slotId) : open;
    return { ok: false, reason, remaining };
  }
}

type CancelResult = "cancelled" | "alreadyCancelled" | "notFound" | "started" | "tooLate";

/** The latest start a parent may still cancel or move online: `cutoffHours` from now (issue 29). */
export const changeDeadline = (now: string, cutoffHours: number) => new Date(Date.parse(now) + cutoffHours * 3_600_000).toISOString();

/**
 * The parent cancels with their cancel link (its booking found by linkedId): the booking is cancelled and its seat
 * given back, in one transaction. The status change is conditional (not yet cancelled, its class more
 * than `cutoffHours` ahead: site setting demoChangeCutoffHours), so the seat is returned once however
 * often it is called. No mail: the parent did it themselves (staff cancel through
 * staff-cancel.server.ts, which tells the parent, at any time).
 */
export async function cancelBooking(db: DB, by: { id: number | undefined }, options: { cutoffHours: number }): Promise<CancelResult> {
  const id = by.id;
  if (id === undefined) return "notFound";
  const cancelled = await db.transaction().execute(async (trx) => {
    const now = nowIso();
    const row = await trx
      .updateTable("demo_bookings")
      .set({ status: "cancelled", updated_at: now })
      .where("id", "=", id)
      .where("status", "<>", "cancelled")
      .where("slot_id", "in", trx.selectFrom("demo_slots").select("id").where("starts_at", ">", changeDeadline(now, options.cutoffHours)))
      .returning("slot_id")
      .executeTakeFirst();
    if (!row) return false;
    await freeSeat(trx, row.slot_id, now);
    return true;
  });
  if (cancelled) return "cancelled";
  const booking = await db
    .selectFrom("demo_bookings")
    .innerJoin("demo_slots", "demo_slots.id", "demo_bookings.slot_id")
    .select(["demo_bookings.status", "demo_slots.starts_at"])
    .where("demo_bookings.id", "=", id)
    .executeTakeFirst();
  if (!booking) return "notFound";
  if (booking.status === "cancelled") return "alreadyCancelled";
  return booking.starts_at <= nowIso() ? "started" : "tooLate";
}

/** A booking as its parent sees it (confirmation page, e-mail, API). */
export interface BookingView {
  reference: string;
  /** Short code for phone calls; null for bookings made before codes existed. */
  code: string | null;
  mode: DemoSlotMode;
  /** The online class's link ("" at the academy). */
  meetingUrl: string;
  status: DemoBookingStatus;
  courseId: number | null;
  courseSlug: string | null;
  courseName: string;
  childName: string;
  childAge: number;
  parentName: string;
  email: string;
  phone: string;
  /** The number as people read it ("+91 98765 11111"), formatted here: the browser has no phone metadata (decision 070). */
  phoneLabel: string;
  startsAt: string;
  durationMinutes: number;
  dateLabel: string;
  timeLabel: string;
  zoneLabel: string;
  timeZone: string;
}

async function findBooking(db: DB, by: { reference: string } | { id: number }, timeZone: string, lang: Lang) {
  const row = await db
    .selectFrom("demo_bookings as b")
    .innerJoin("demo_slots as s", "s.id", "b.slot_id")
    .leftJoin("courses as c", "c.id", "b.course_id")
    .select([
      "b.id",
      "b.reference",
      "b.code",
      "b.status",
      "b.course_id",
      "b.course_name",
      "b.child_name",
      "b.child_age",
      "b.parent_name",
      "b.email",
      "b.phone",
      "b.lang",
      "s.starts_at",
      "s.duration_minutes",
      "s.mode",
      "s.meeting_url",
      "c.slug",
      "c.name_en",
      "c.name_ar",
    ])
    .where((eb) => ("reference" in by ? eb("b.reference", "=", by.reference) : eb("b.id", "=", by.id)))
    .executeTakeFirst();
  if (!row) return undefined;
  const courseName = row.name_en != null && row.name_ar != null ? pick({ name_en: row.name_en, name_ar: row.name_ar }, "name", lang) : row.course_name;
  const view: BookingView = {
    reference: row.reference,
    code: row.code,
    mode: row.mode,
    meetingUrl: row.mode === "online" ? row.meeting_url : "",
    status: row.status,
    courseId: row.course_id,
    courseSlug: row.slug,
    courseName,
    childName: row.child_name,
    childAge: row.child_age,
    parentName: row.parent_name,
    email: row.email,
    phone: row.phone,
    phoneLabel: formatPhone(row.phone),
    startsAt: row.starts_at,
    durationMinutes: row.duration_minutes,
    dateLabel: formatDateLabel(row.starts_at, timeZone, lang),
    timeLabel: formatTimeLabel(row.starts_at, timeZone, lang),
    zoneLabel: formatZoneLabel(row.starts_at, timeZone, lang),
    timeZone,
  };
  return { view, id: row.id, lang: row.lang };
}

/** The booking behind an (unguessable) reference, or undefined. */
export async function getBookingByReference(db: DB, reference: string, timeZone: string, lang: Lang): Promise<BookingView | undefined> {
  if (reference.length < 16 || reference.length > 100) return undefined;
  return (await findBooking(db, { reference }, timeZone, lang))?.view;
}

/** The booking behind a cancel link's token (link-tokens.server.ts), or undefined. */
export async function getBookingByCancelToken(db: DB, linkSecret: string, token: string, timeZone: string, lang: Lang): Promise<BookingView | undefined> {
  const id = await linkedId(db, linkSecret, "booking", token);
  return id === undefined ? undefined : (await findBooking(db, { id }, timeZone, lang))?.view;
}

/** The booking with its id (for its cancel link), for the confirmation e-mail (in the booking's language). */
export async function getBookingForMail(db: DB, reference: string, timeZone: string) {
  const first = await findBooking(db, { reference }, timeZone, "en");
  if (!first || first.lang === "en") return first;
  return findBooking(db, { reference }, timeZone, first.lang);
}
