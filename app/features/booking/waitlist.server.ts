import { markPublicForm } from "~server/mail/mail-budget";
import type { DB } from "~server/db/db";
import { isUniqueViolation, violatesUniqueIndex } from "~server/db/errors";
import type { DemoSlotMode, WaitlistStatus } from "~server/db/schema";
import { nowIso } from "~server/db/values";
import { queueMail } from "~server/mail/mail-queue";
import { pick } from "~/i18n/localized";
import type { Lang } from "~/i18n/lang";
import { bookingConfirmationMail, waitlistJoinedMail } from "./booking.jobs.server";
import { randomToken } from "~/lib/random-token.server";
import { bookingCode, forCourse, isCodeCollision, reminderStateFor, toPublicSlot } from "./booking.server";
import { leaveLine, positionIn, SLOT_LINE, sweepLine, whyNotAccepted, type LeaveResult } from "./waitlist-offers.server";
import { linkToken, unusedTokenHash } from "./link-tokens.server";
import { formatDateLabel, formatTimeLabel, formatZoneLabel } from "~/kernel/slot-format";
import { zonedParts } from "~/lib/zoned-time";
import { MAX_RECORD_ID } from "~/lib/record-id";
import { courseById } from "~/features/admin-content/queries.server";

export type { LeaveResult };

/** How often the sweep runs: an offer's seat passes on at most this much after it ran out. */
export const WAITLIST_SWEEP_EVERY_MS = 60_000;

interface JoinRequest {
  slotId: number;
  childName: string;
  childAge: number;
  parentName: string;
  email: string;
  phone: string;
}

export type JoinResult =
  { ok: true; token: string; position: number } | { ok: false; reason: "notFound" | "notFull" | "closed" | "past" | "booked" | "duplicate" };

class JoinRefused extends Error {
  constructor(readonly reason: "notFound" | "notFull" | "closed" | "past" | "booked") {
    super(reason);
  }
}

/**
 * Puts a parent in line for a full slot, in one transaction: the slot's row is written first (so
 * a seat freed at the same moment waits for this line, then is offered to it), the slot must be
 * this course's, open, ahead and full (a free seat is booked, not waited for), the e-mail must not
 * hold a live booking of it, and the partial unique index keeps one place per e-mail and slot.
 */
export async function joinWaitlist(db: DB, input: JoinRequest, options: { courseId: number; lang: Lang; linkSecret: string }): Promise<JoinResult> {
  const email = input.email.toLowerCase();
  try {
    const { position, token } = await db.transaction().execute(async (trx) => {
      const now = nowIso();
      const slot = await trx
        .updateTable("demo_slots")
        .set({ updated_at: now })
        .where("id", "=", input.slotId)
        .where(forCourse(options.courseId))
        .returning(["status", "starts_at", "capacity", "seats_taken"])
        .executeTakeFirst();
      if (!slot) throw new JoinRefused("notFound");
      if (slot.status !== "open") throw new JoinRefused("closed");
      if (slot.starts_at <= now) throw new JoinRefused("past");
      if (slot.seats_taken < slot.capacity) throw new JoinRefused("notFull");
      const booked = await trx
        .selectFrom("demo_bookings")
        .select("id")
        .where("slot_id", "=", input.slotId)
        .where("email", "=", email)
        .where("status", "<>", "cancelled")
        .executeTakeFirst();
      if (booked) throw new JoinRefused("booked");
      const entry = await trx
        .insertInto("slot_waitlist")
        .values({
          slot_id: input.slotId,
          course_id: options.courseId,
          token: unusedTokenHash(),
          child_name: input.childName,
          child_age: input.childAge,
          parent_name: input.parentName,
          email,
          phone: input.phone,
          lang: options.lang,
          status: "waiting",
          created_at: now,
          updated_at: now,
        })
        .returning(["id", "created_at"])
        .executeTakeFirstOrThrow();
      // Within the typed address's mail budget (decision 104); the place in line stands without it.
      markPublicForm(trx, email);
      await queueMail(trx, waitlistJoinedMail, { to: email, data: { entryId: entry.id } });
      return { position: await positionOf(trx, input.slotId, entry.id), token: linkToken(options.linkSecret, "waitlist", entry) };
    });
    return { ok: true, token, position };
  } catch (error) {
    if (error instanceof JoinRefused) return { ok: false, reason: error.reason };
    if (isUniqueViolation(error)) return { ok: false, reason: "duplicate" };
    throw error;
  }
}

/** A waiting entry's place in its slot's line (1 = next); offered entries ahead are still in line. */
export function positionOf(db: DB, slotId: number, entryId: number): Promise<number> {
  return positionIn(db, SLOT_LINE, slotId, entryId);
}

export type AcceptResult =
  | { ok: true; reference: string; courseSlug: string | null; courseId: number | null }
  | { ok: false; reason: "notFound" | "accepted" | "expired" | "left" | "waiting" | "closed" | "duplicate" };

class AcceptRefused extends Error {}

/**
 * Accepts an offer: ONE transaction turns the held seat into a booking (decision 032). The
 * conditional UPDATE of the entry (offered, not run out, its slot open and ahead) is the claim: the
 * database lets one of any number of simultaneous accepts of one offer through (PostgreSQL re-checks
 * the condition after the row lock; SQLite has one writer). The seat was counted in seats_taken when
 * it was offered, so the booking takes no other seat and a slot never holds more than its capacity.
 * The booking is like one made on the booking page: reference, code, cancel link and confirmation
 * e-mail with its .ics. A refusal writes nothing.
 */
/** What staff are told of a booking made from an offer (the API queues the staff notice with it). */
export interface AcceptedBooking {
  startsAt: string;
  code: string;
  courseName: string;
  childName: string;
  childAge: number;
  parentName: string;
  email: string;
  phone: string;
}

export async function acceptOffer(
  db: DB,
  entryId: number | undefined,
  options: { notifyStaff?: (trx: DB, booking: AcceptedBooking) => Promise<void> } = {},
): Promise<AcceptResult> {
  if (entryId === undefined) return { ok: false, reason: "notFound" };
  const reference = randomToken();
  let code = bookingCode();
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction().execute(async (trx) => {
        const now = nowIso();
        const entry = await trx
          .updateTable("slot_waitlist")
          .set({ status: "booked", updated_at: now })
          .where("id", "=", entryId)
          .where("status", "=", "offered")
          .where("offer_expires_at", ">", now)
          .where("slot_id", "in", trx.selectFrom("demo_slots").select("id").where("status", "=", "open").where("starts_at", ">", now))
          .returningAll()
          .executeTakeFirst();
        if (!entry) throw new AcceptRefused();
        const slot = await trx.selectFrom("demo_slots").select("starts_at").where("id", "=", entry.slot_id).executeTakeFirstOrThrow();
        const course = entry.course_id === null ? undefined : await courseById(trx, entry.course_id);
        const booking = await trx
          .insertInto("demo_bookings")
          .values({
            reference,
            code,
            cancel_token: unusedTokenHash(),
            slot_id: entry.slot_id,
            course_id: course ? entry.course_id : null,
            course_name: course?.name_en ?? "",
            child_name: entry.child_name,
            child_age: entry.child_age,
            parent_name: entry.parent_name,
            email: entry.email,
            phone: entry.phone,
            lang: entry.lang,
            status: "booked",
            user_id: null,
            reminder_sent_at: reminderStateFor(slot.starts_at, now),
            created_at: now,
            updated_at: now,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        await trx.updateTable("slot_waitlist").set({ booking_id: booking.id }).where("id", "=", entry.id).execute();
        await queueMail(trx, bookingConfirmationMail, { to: entry.email, data: { reference } });
        await options.notifyStaff?.(trx, {
          startsAt: slot.starts_at,
          code,
          courseName: course?.name_en ?? "",
          childName: entry.child_name,
          childAge: entry.child_age,
          parentName: entry.parent_name,
          email: entry.email,
          phone: entry.phone,
        });
        return { ok: true as const, reference, courseSlug: course?.slug ?? null, courseId: course ? entry.course_id : null };
      });
    } catch (error) {
      if (attempt < 4 && isCodeCollision(error)) {
        code = bookingCode();
        continue;
      }
      if (violatesUniqueIndex(error, "demo_bookings_slot_email", "demo_bookings.email")) return { ok: false, reason: "duplicate" };
      if (!(error instanceof AcceptRefused)) throw error;
      return { ok: false, reason: await whyNotAccepted(db, SLOT_LINE, entryId) };
    }
  }
}

/**
 * The parent leaves the line (or declines the offer) with their link (its entry found by linkedId):
 * the line's leave (waitlist-offers.server.ts), a declined offer's seat passed on in its transaction.
 */
export function leaveWaitlist(db: DB, entryId: number | undefined): Promise<LeaveResult> {
  return leaveLine(db, SLOT_LINE, entryId);
}

/** Ends the demo slots' offers that ran out (or whose class has begun), passing each seat on. */
export function sweepExpiredOffers(db: DB, at = new Date()): Promise<number> {
  return sweepLine(db, SLOT_LINE, at);
}

/** A waitlist entry as its parent sees it (status and accept pages, e-mails). */
export interface WaitlistView {
  status: WaitlistStatus;
  /** Place in line while waiting (1 = next), else null. */
  position: number | null;
  courseSlug: string | null;
  courseName: string;
  childName: string;
  parentName: string;
  email: string;
  lang: Lang;
  mode: DemoSlotMode;
  startsAt: string;
  dateLabel: string;
  timeLabel: string;
  zoneLabel: string;
  offerExpiresAt: string | null;
  /** The offer's end in the academy's zone (date and time), or null. */
  offerExpiresLabel: string | null;
  /** The booking an accepted offer became. */
  bookingReference: string | null;
  /** The line ended because staff closed the time (the entry is `left`, its slot closed). */
  closedByAcademy: boolean;
}

/**
 * The entry with that id (undefined when none), in `lang` (or the entry's own language when null),
 * with its link token rebuilt from the row and `linkSecret` (link-tokens.server.ts).
 */
export async function getWaitlistEntry(db: DB, linkSecret: string, id: number | undefined, timeZone: string, lang: Lang | null) {
  if (id === undefined) return undefined;
  const row = await db
    .selectFrom("slot_waitlist as w")
    .innerJoin("demo_slots as s", "s.id", "w.slot_id")
    .leftJoin("courses as c", "c.id", "w.course_id")
    .leftJoin("demo_bookings as b", "b.id", "w.booking_id")
    .select([
      "w.id",
      "w.slot_id",
      "w.created_at",
      "w.status",
      "w.child_name",
      "w.parent_name",
      "w.email",
      "w.lang",
      "w.offer_expires_at",
      "s.starts_at",
      "s.mode",
      "s.status as slotStatus",
      "c.slug",
      "c.name_en",
      "c.name_ar",
      "b.reference",
    ])
    .where("w.id", "=", id)
    .executeTakeFirst();
  if (!row) return undefined;
  const shown = lang ?? row.lang;
  const view: WaitlistView = {
    status: row.status,
    position: row.status === "waiting" ? await positionOf(db, row.slot_id, row.id) : null,
    courseSlug: row.slug,
    courseName: row.name_en != null && row.name_ar != null ? pick({ name_en: row.name_en, name_ar: row.name_ar }, "name", shown) : "",
    childName: row.child_name,
    parentName: row.parent_name,
    email: row.email,
    lang: row.lang,
    mode: row.mode,
    startsAt: row.starts_at,
    dateLabel: formatDateLabel(row.starts_at, timeZone, shown),
    timeLabel: formatTimeLabel(row.starts_at, timeZone, shown),
    zoneLabel: formatZoneLabel(row.starts_at, timeZone, shown),
    offerExpiresAt: row.offer_expires_at,
    offerExpiresLabel: row.offer_expires_at
      ? `${formatDateLabel(row.offer_expires_at, timeZone, shown)} ${formatTimeLabel(row.offer_expires_at, timeZone, shown)} ${formatZoneLabel(row.offer_expires_at, timeZone, shown)}`
      : null,
    bookingReference: row.reference,
    closedByAcademy: row.status === "left" && row.slotStatus === "closed",
  };
  return { view, token: linkToken(linkSecret, "waitlist", row) };
}

/** A slot's line as staff see it (the slots screen): who waits, in order, and the open offers. */
export interface AdminWaitlistEntry {
  id: number;
  position: number | null;
  status: WaitlistStatus;
  childName: string;
  childAge: number;
  parentName: string;
  email: string;
  phone: string;
  offerExpiresAt: string | null;
  /** The offer's end in the academy's zone ("2026-12-01 09:30"), or null. */
  offerExpiresLabel: string | null;
}

const expiresLabel = (at: string, timeZone: string) => {
  const parts = zonedParts(at, timeZone);
  return `${parts.date} ${parts.time}`;
};

/** How many parents are in the lines of these slots (waiting, or holding an offered seat). */
export async function waitlistCount(db: DB, slotIds: number[]): Promise<number> {
  if (slotIds.length === 0) return 0;
  const row = await db
    .selectFrom("slot_waitlist")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("slot_id", "in", slotIds)
    .where("status", "in", ["waiting", "offered"])
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The waiting and offered entries of these slots (the rest is history), by slot, in line order. */
export async function waitlistsOf(db: DB, slotIds: number[], timeZone: string): Promise<Map<number, AdminWaitlistEntry[]>> {
  const lists = new Map<number, AdminWaitlistEntry[]>();
  if (slotIds.length === 0) return lists;
  const rows = await db
    .selectFrom("slot_waitlist")
    .selectAll()
    .where("slot_id", "in", slotIds)
    .where("status", "in", ["waiting", "offered"])
    .orderBy("slot_id")
    .orderBy("id")
    .execute();
  for (const row of rows) {
    const list = lists.get(row.slot_id) ?? [];
    const waitingBefore = list.filter((entry) => entry.status === "waiting").length;
    list.push({
      id: row.id,
      position: row.status === "waiting" ? waitingBefore + 1 : null,
      status: row.status,
      childName: row.child_name,
      childAge: row.child_age,
      parentName: row.parent_name,
      email: row.email,
      phone: row.phone,
      offerExpiresAt: row.offer_expires_at,
      offerExpiresLabel: row.offer_expires_at ? expiresLabel(row.offer_expires_at, timeZone) : null,
    });
    lists.set(row.slot_id, list);
  }
  return lists;
}

/**
 * A course's slot as the waitlist page shows it, with what a parent can do there: join its line
 * (full), book it (a seat is free), or nothing (closed, past, another course's, or no such slot).
 */
export async function slotForWaitlist(db: DB, options: { slotId: number; courseId: number; timeZone: string; lang: Lang }) {
  if (!Number.isSafeInteger(options.slotId) || options.slotId < 1 || options.slotId > MAX_RECORD_ID) return undefined;
  const row = await db.selectFrom("demo_slots").selectAll().where("id", "=", options.slotId).where(forCourse(options.courseId)).executeTakeFirst();
  if (!row) return undefined;
  const state: "full" | "free" | "unavailable" =
    row.status !== "open" || row.starts_at <= nowIso() ? "unavailable" : row.seats_taken >= row.capacity ? "full" : "free";
  return {
    slot: toPublicSlot(row, options.timeZone, options.lang),
    dateLabel: formatDateLabel(row.starts_at, options.timeZone, options.lang),
    zoneLabel: formatZoneLabel(row.starts_at, options.timeZone, options.lang),
    state,
  };
}
