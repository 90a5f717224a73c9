import { inTransaction, type DB } from "~server/db/db";
import type { CsvColumn } from "~/features/admin-kit/list/csv.server";
import { recordAudit } from "~server/audit/audit";
import type { DemoBookingStatus, DemoSlotMode, DemoSlotStatus } from "~server/db/schema";
import { nowIso } from "~server/db/values";
import { pick } from "~/i18n/localized";
import type { Lang } from "~/i18n/lang";
import { MAX_SERIES_SLOTS } from "./booking.schema";
import { dayRange } from "./booking.server";
import { claimFollowup } from "./followup.server";
import { formatDateLabel, formatTimeLabel } from "~/kernel/slot-format";
import { offerSeats, SLOT_LINE } from "./waitlist-offers.server";
import { waitlistsOf, type AdminWaitlistEntry } from "./waitlist.server";
import { cancelBookingsByStaff } from "./staff-cancel.server";
import { endWaitlistsByStaff } from "./waitlist-close.server";
import { addDays, daysBetween, weekdayOf, zonedParts, zonedToUtc } from "~/lib/zoned-time";
import { courseById, courseNames } from "~/features/admin-content/queries.server";

type SlotCreateResult = { ok: true; id: number } | { ok: false; reason: "past" | "courseNotFound" };

async function courseExists(db: DB, courseId: number | null): Promise<boolean> {
  if (courseId === null) return true;
  return (await courseById(db, courseId)) !== undefined;
}

/** Where a slot's class happens (staff choose per slot). */
interface SlotPlace {
  mode: DemoSlotMode;
  meetingUrl: string;
}

/** The link is kept for online slots only. */
const placeColumns = (place: SlotPlace) => ({ mode: place.mode, meeting_url: place.mode === "online" ? place.meetingUrl : "" });

/** One slot at `date` + `time` in the academy's time zone. */
export async function createSlot(
  db: DB,
  input: { date: string; time: string; durationMinutes: number; capacity: number; courseId: number | null } & SlotPlace,
  timeZone: string,
): Promise<SlotCreateResult> {
  const startsAt = zonedToUtc(input.date, input.time, timeZone).toISOString();
  if (startsAt <= nowIso()) return { ok: false, reason: "past" };
  if (!(await courseExists(db, input.courseId))) return { ok: false, reason: "courseNotFound" };
  const now = nowIso();
  const row = await db
    .insertInto("demo_slots")
    .values({
      starts_at: startsAt,
      duration_minutes: input.durationMinutes,
      capacity: input.capacity,
      course_id: input.courseId,
      ...placeColumns(input),
      status: "open",
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { ok: true, id: row.id };
}

type SeriesResult = { ok: true; created: number; skipped: number } | { ok: false; reason: "tooMany" | "courseNotFound" | "empty" };

/**
 * Every chosen weekday x time from `from` to `to` (academy dates). Times already past and slots
 * that already exist (same start, same course) are skipped, so running a series twice is harmless.
 */
export async function createSeries(
  db: DB,
  input: { from: string; to: string; weekdays: number[]; times: string[]; durationMinutes: number; capacity: number; courseId: number | null } & SlotPlace,
  timeZone: string,
): Promise<SeriesResult> {
  const weekdays = new Set(input.weekdays);
  const times = [...new Set(input.times)].sort();
  const now = nowIso();
  const starts: string[] = [];
  const days = daysBetween(input.from, input.to);
  // A series spans at most two years; the slot cap below decides the rest.
  if (days > 731) return { ok: false, reason: "tooMany" };
  for (let i = 0; i <= days; i++) {
    const date = addDays(input.from, i);
    if (!weekdays.has(weekdayOf(date))) continue;
    for (const time of times) {
      const start = zonedToUtc(date, time, timeZone).toISOString();
      if (start > now) starts.push(start);
    }
  }
  if (starts.length > MAX_SERIES_SLOTS) return { ok: false, reason: "tooMany" };
  if (!(await courseExists(db, input.courseId))) return { ok: false, reason: "courseNotFound" };
  if (starts.length === 0) return { ok: false, reason: "empty" };

  const existing = new Set(
    (
      await db
        .selectFrom("demo_slots")
        .select("starts_at")
        .where("starts_at", ">=", starts[0]!)
        .where("starts_at", "<=", starts[starts.length - 1]!)
        .where((eb) => (input.courseId === null ? eb("course_id", "is", null) : eb("course_id", "=", input.courseId)))
        .execute()
    ).map((row) => row.starts_at),
  );
  const fresh = starts.filter((start) => !existing.has(start));
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < fresh.length; i += 100) {
      await trx
        .insertInto("demo_slots")
        .values(
          fresh.slice(i, i + 100).map((start) => ({
            starts_at: start,
            duration_minutes: input.durationMinutes,
            capacity: input.capacity,
            course_id: input.courseId,
            ...placeColumns(input),
            status: "open" as const,
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
    }
  });
  return { ok: true, created: fresh.length, skipped: starts.length - fresh.length };
}

/** `waitlistEnded`: how many parents' places a closing ended (each e-mailed). */
type SlotUpdateResult = { result: "updated"; waitlistEnded: number } | { result: "notFound" } | { result: "belowTaken" };

/**
 * Capacity and/or status; the capacity never drops below the seats already taken (checked by the
 * UPDATE itself). Seats that a raised capacity or a reopening frees go, in the same transaction,
 * to the first parents on the slot's waitlist (offerSeats, decision 032).
 */
export async function updateSlot(db: DB, id: number, change: { capacity?: number; status?: DemoSlotStatus }, byUserId?: number): Promise<SlotUpdateResult> {
  const updated = await db.transaction().execute(async (trx) => {
    const now = nowIso();
    let query = trx
      .updateTable("demo_slots")
      .set({
        ...(change.capacity !== undefined ? { capacity: change.capacity } : {}),
        ...(change.status !== undefined ? { status: change.status } : {}),
        updated_at: now,
      })
      .where("id", "=", id);
    if (change.capacity !== undefined) query = query.where("seats_taken", "<=", change.capacity);
    const result = await query.executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return undefined;
    // Closing ends the line (its parents are told); otherwise freed seats go to the line.
    let ended = 0;
    if (change.status === "closed") ended = await endWaitlistsByStaff(trx, { slotId: id }, now);
    else await offerSeats(trx, SLOT_LINE, id, now);
    // The audit entry commits with the change, or neither does.
    if (byUserId !== undefined)
      await recordAudit(trx, {
        action: "update",
        entity: "demo_slot",
        entityId: id,
        summary: ended > 0 ? { ...change, waitlistEnded: ended } : change,
        userId: byUserId,
      });
    return ended;
  });
  if (updated !== undefined) return { result: "updated", waitlistEnded: updated };
  const exists = await db.selectFrom("demo_slots").select("id").where("id", "=", id).executeTakeFirst();
  return exists ? { result: "belowTaken" } : { result: "notFound" };
}

type SlotDeleteResult = { result: "deleted"; cancelled: number } | { result: "notFound" } | { result: "hasBookings"; bookings: number; started: boolean };

/**
 * Deletes a slot (its cancelled bookings go with it). Without `confirm` only a slot holding no
 * live booking goes: closing it first, conditionally on no seat taken, locks out a booking racing
 * the delete. With `confirm`, a slot whose class is still ahead is closed, its live bookings are
 * cancelled by the academy (each parent e-mailed, cancelBookingsByStaff) and it is deleted, all in
 * one transaction; a class already started keeps its bookings (attendance history) and stays.
 */
export async function deleteSlot(db: DB, id: number, options: { confirm?: boolean; byUserId?: number } = {}): Promise<SlotDeleteResult> {
  const cancelled = await db.transaction().execute(async (trx) => {
    const now = nowIso();
    const closed = await trx
      .updateTable("demo_slots")
      .set({ status: "closed", updated_at: now })
      .where("id", "=", id)
      .where((eb) => (options.confirm ? eb.or([eb("seats_taken", "=", 0), eb("starts_at", ">", now)]) : eb("seats_taken", "=", 0)))
      .executeTakeFirst();
    if (Number(closed.numUpdatedRows) !== 1) return undefined;
    const count = options.confirm ? await cancelBookingsByStaff(trx, { slotId: id }, now) : 0;
    // Its line goes with it (cascade); its parents are told first.
    await endWaitlistsByStaff(trx, { slotId: id }, now);
    await trx.deleteFrom("demo_bookings").where("slot_id", "=", id).where("status", "=", "cancelled").execute();
    await trx.deleteFrom("demo_slots").where("id", "=", id).execute();
    if (options.byUserId !== undefined)
      await recordAudit(trx, {
        action: "delete",
        entity: "demo_slot",
        entityId: id,
        ...(count > 0 ? { summary: { cancelledBookings: count } } : {}),
        userId: options.byUserId,
      });
    return count;
  });
  if (cancelled !== undefined) return { result: "deleted", cancelled };
  const slot = await db.selectFrom("demo_slots").select("starts_at").where("id", "=", id).executeTakeFirst();
  if (!slot) return { result: "notFound" };
  return { result: "hasBookings", bookings: await liveBookings(db, id), started: slot.starts_at <= nowIso() };
}

async function liveBookings(db: DB, slotId: number): Promise<number> {
  const { n } = await db
    .selectFrom("demo_bookings")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("slot_id", "=", slotId)
    .where("status", "<>", "cancelled")
    .executeTakeFirstOrThrow();
  return Number(n);
}

export type BulkSlotAction = "close" | "reopen" | "delete";

export type BulkSlotsResult =
  | { ok: true; changed: number; cancelled: number }
  | { ok: false; reason: "notFound"; missing: number[] }
  | { ok: false; reason: "hasBookings"; slots: number; bookings: number }
  | { ok: false; reason: "started"; slots: number; bookings: number };

/** Thrown inside the bulk transaction to roll everything back with the reason. */
class BulkRefusal extends Error {
  constructor(readonly result: Extract<BulkSlotsResult, { ok: false }>) {
    super(result.reason);
  }
}

/**
 * Closes, reopens or deletes several slots in one transaction, each change in the audit log; all
 * or nothing. Deleting follows the one-slot rules (deleteSlot): slots holding live bookings need
 * `confirm`, and then their bookings are cancelled by the academy (each parent e-mailed); a class
 * that has started keeps its bookings, so a selection holding one is refused as a whole.
 */
export async function bulkSlots(
  db: DB,
  input: { action: BulkSlotAction; ids: number[]; confirm: boolean; userId: number; timeZone: string },
): Promise<BulkSlotsResult> {
  try {
    return await db.transaction().execute(async (trx) => {
      const now = nowIso();
      const rows = await trx
        .selectFrom("demo_slots as s")
        .leftJoin("courses as c", "c.id", "s.course_id")
        .select(["s.id", "s.starts_at", "s.status", "s.seats_taken", "c.name_en"])
        .where("s.id", "in", input.ids)
        .orderBy("s.starts_at")
        .orderBy("s.id")
        .execute();
      const found = new Set(rows.map((row) => row.id));
      const missing = input.ids.filter((id) => !found.has(id));
      if (missing.length > 0) throw new BulkRefusal({ ok: false, reason: "notFound", missing });
      // The audit log names a slot as staff see it, kept after a delete.
      const nameOf = (row: (typeof rows)[number]) => {
        const parts = zonedParts(row.starts_at, input.timeZone);
        return `${parts.date} ${parts.time}${row.name_en ? ` · ${row.name_en}` : ""}`;
      };
      const audit = (row: (typeof rows)[number], action: string, extra: Partial<Parameters<typeof recordAudit>[1]>) =>
        recordAudit(trx, { userId: input.userId, action, entity: "demo_slot", entityId: row.id, name: nameOf(row), ...extra });

      if (input.action !== "delete") {
        const status = input.action === "close" ? "closed" : "open";
        const changing = rows.filter((row) => row.status !== status);
        if (changing.length > 0) {
          await trx
            .updateTable("demo_slots")
            .set({ status, updated_at: now })
            .where(
              "id",
              "in",
              changing.map((row) => row.id),
            )
            .execute();
        }
        for (const row of changing) {
          await audit(row, "bulk_status", { changes: { status: { from: row.status, to: status } } });
          // A reopened slot's free seats go to its waitlist first; a closed one's line ends.
          if (status === "open") await offerSeats(trx, SLOT_LINE, row.id, now);
          else await endWaitlistsByStaff(trx, { slotId: row.id }, now);
        }
        return { ok: true, changed: changing.length, cancelled: 0 };
      }

      const booked = rows.filter((row) => row.seats_taken > 0);
      const bookings = booked.reduce((sum, row) => sum + row.seats_taken, 0);
      const started = booked.filter((row) => row.starts_at <= now);
      if (started.length > 0) {
        throw new BulkRefusal({ ok: false, reason: "started", slots: started.length, bookings: started.reduce((sum, row) => sum + row.seats_taken, 0) });
      }
      if (booked.length > 0 && !input.confirm) throw new BulkRefusal({ ok: false, reason: "hasBookings", slots: booked.length, bookings });
      let cancelled = 0;
      for (const row of rows) {
        // As in deleteSlot: closing first, conditionally, locks out a booking racing the delete.
        const closed = await trx
          .updateTable("demo_slots")
          .set({ status: "closed", updated_at: now })
          .where("id", "=", row.id)
          .where((eb) => (input.confirm ? eb.or([eb("seats_taken", "=", 0), eb("starts_at", ">", now)]) : eb("seats_taken", "=", 0)))
          .executeTakeFirst();
        if (Number(closed.numUpdatedRows) !== 1) throw new BulkRefusal({ ok: false, reason: "hasBookings", slots: 1, bookings: 1 });
        const count = input.confirm ? await cancelBookingsByStaff(trx, { slotId: row.id }, now) : 0;
        cancelled += count;
        await endWaitlistsByStaff(trx, { slotId: row.id }, now);
        await trx.deleteFrom("demo_bookings").where("slot_id", "=", row.id).where("status", "=", "cancelled").execute();
        await trx.deleteFrom("demo_slots").where("id", "=", row.id).execute();
        await audit(row, "bulk_delete", count > 0 ? { summary: { cancelledBookings: count } } : {});
      }
      return { ok: true, changed: rows.length, cancelled };
    });
  } catch (error) {
    if (error instanceof BulkRefusal) return error.result;
    throw error;
  }
}

/** "followupQueued": marked attended for the first time, and the follow-up e-mail is on its way. */
type AttendanceResult = "updated" | "followupQueued" | "notFound" | "cancelled";

/**
 * Marks a live booking attended, no show, or back to booked (a cancelled one stays cancelled).
 * The first time it is marked attended, the follow-up e-mail is queued with the change (decision 033).
 */
export async function setAttendance(db: DB, bookingId: number, status: Exclude<DemoBookingStatus, "cancelled">, byUserId?: number): Promise<AttendanceResult> {
  const updated = await inTransaction(db, async (trx) => {
    const result = await trx
      .updateTable("demo_bookings")
      .set({ status, updated_at: nowIso() })
      .where("id", "=", bookingId)
      .where("status", "<>", "cancelled")
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return null;
    const outcome = status === "attended" && (await claimFollowup(trx, bookingId)) ? "followupQueued" : "updated";
    const followupQueued = outcome === "followupQueued";
    if (byUserId !== undefined)
      await recordAudit(trx, {
        action: "status",
        entity: "demo_booking",
        entityId: bookingId,
        summary: followupQueued ? { status, followupQueued } : { status },
        userId: byUserId,
      });
    return outcome;
  });
  if (updated) return updated;
  const exists = await db.selectFrom("demo_bookings").select("id").where("id", "=", bookingId).executeTakeFirst();
  return exists ? "cancelled" : "notFound";
}

export interface AdminBooking {
  id: number;
  reference: string;
  code: string | null;
  status: DemoBookingStatus;
  courseName: string;
  childName: string;
  childAge: number;
  parentName: string;
  email: string;
  phone: string;
  bookedAt: string;
  bookedAtLabel: string;
}

export interface AdminSlot {
  id: number;
  startsAt: string;
  date: string;
  time: string;
  dateLabel: string;
  timeLabel: string;
  durationMinutes: number;
  capacity: number;
  seatsTaken: number;
  status: DemoSlotStatus;
  courseId: number | null;
  courseName: string | null;
  mode: DemoSlotMode;
  meetingUrl: string;
  bookings: AdminBooking[];
  /** Who waits for a seat, in line order, and the open offers (decision 032). */
  waitlist: AdminWaitlistEntry[];
}

/** Default staff view: from today for two weeks. */
export function defaultAdminRange(timeZone: string): { from: string; to: string } {
  const today = zonedParts(new Date(), timeZone).date;
  return { from: today, to: addDays(today, 13) };
}

/** Slots starting within the academy dates `from`..`to`, each with all its bookings. */
export async function listSlotsWithBookings(
  db: DB,
  options: { from: string; to: string; timeZone: string; lang: Lang; slotIds?: number[] },
): Promise<AdminSlot[]> {
  const { start, end } = dayRange(options.from, options.to, options.timeZone);
  let query = db
    .selectFrom("demo_slots as s")
    .leftJoin("courses as c", "c.id", "s.course_id")
    .select([
      "s.id",
      "s.starts_at",
      "s.duration_minutes",
      "s.capacity",
      "s.seats_taken",
      "s.status",
      "s.course_id",
      "s.mode",
      "s.meeting_url",
      "c.name_en",
      "c.name_ar",
    ])
    .where("s.starts_at", ">=", start)
    .where("s.starts_at", "<", end);
  if (options.slotIds) query = query.where("s.id", "in", options.slotIds);
  const slots = await query.orderBy("s.starts_at").orderBy("s.id").limit(2000).execute();
  const ids = slots.map((slot) => slot.id);
  const bookings = ids.length ? await db.selectFrom("demo_bookings").selectAll().where("slot_id", "in", ids).orderBy("created_at").orderBy("id").execute() : [];
  const { lang, timeZone } = options;
  const waitlists = await waitlistsOf(db, ids, timeZone);
  // A booking keeps the English course name it was made with; Arabic screens name the course in
  // Arabic while it exists.
  const courseIds = lang === "ar" ? [...new Set(bookings.map((booking) => booking.course_id).filter((id): id is number => id !== null))] : [];
  const arabicNames = new Map(courseIds.length ? (await courseNames(db, courseIds)).map((course) => [course.id, course.name_ar]) : []);
  return slots.map((slot) => {
    const parts = zonedParts(slot.starts_at, timeZone);
    return {
      id: slot.id,
      startsAt: slot.starts_at,
      date: parts.date,
      time: parts.time,
      dateLabel: formatDateLabel(slot.starts_at, timeZone, lang),
      timeLabel: formatTimeLabel(slot.starts_at, timeZone, lang),
      durationMinutes: slot.duration_minutes,
      capacity: slot.capacity,
      seatsTaken: slot.seats_taken,
      status: slot.status,
      courseId: slot.course_id,
      mode: slot.mode,
      meetingUrl: slot.meeting_url,
      courseName: slot.name_en != null && slot.name_ar != null ? pick({ name_en: slot.name_en, name_ar: slot.name_ar }, "name", lang) : null,
      waitlist: waitlists.get(slot.id) ?? [],
      bookings: bookings
        .filter((booking) => booking.slot_id === slot.id)
        .map((booking) => {
          const booked = zonedParts(booking.created_at, timeZone);
          return {
            id: booking.id,
            reference: booking.reference,
            code: booking.code,
            status: booking.status,
            courseName: (booking.course_id !== null && arabicNames.get(booking.course_id)) || booking.course_name,
            childName: booking.child_name,
            childAge: booking.child_age,
            parentName: booking.parent_name,
            email: booking.email,
            phone: booking.phone,
            bookedAt: booking.created_at,
            bookedAtLabel: `${booked.date} ${booked.time}`,
          };
        }),
    };
  });
}

/** Every booking of the range with its slot, in slot order (for the CSV export). */
export async function bookingsForExport(db: DB, options: { from: string; to: string; timeZone: string; slotIds?: number[] }) {
  const slots = await listSlotsWithBookings(db, { ...options, lang: "en" });
  return slots.flatMap((slot) => slot.bookings.map((booking) => ({ slot, booking })));
}

/** The chosen bookings with their slots, in slot order (the CSV export of chosen rows); unknown ids are left out. */
export async function bookingsForExportByIds(db: DB, ids: number[], timeZone: string) {
  if (ids.length === 0) return [];
  const bookings = await db
    .selectFrom("demo_bookings as b")
    .innerJoin("demo_slots as s", "s.id", "b.slot_id")
    .select(["b.id", "b.slot_id", "s.starts_at"])
    .where("b.id", "in", ids)
    .execute();
  if (bookings.length === 0) return [];
  const starts = bookings.map((row) => zonedParts(row.starts_at, timeZone).date).sort();
  const chosen = new Set(bookings.map((row) => row.id));
  const slotIds = [...new Set(bookings.map((row) => row.slot_id))];
  const rows = await bookingsForExport(db, { from: starts[0]!, to: starts[starts.length - 1]!, timeZone, slotIds });
  return rows.filter((row) => chosen.has(row.booking.id));
}

type ExportRow = Awaited<ReturnType<typeof bookingsForExport>>[number];

/** The columns of the demo bookings CSV (range export and chosen rows). */
export function bookingExportColumns(timeZone: string): CsvColumn<ExportRow>[] {
  return [
    { header: "Reference", value: (r) => r.booking.reference },
    { header: "Course", value: (r) => r.booking.courseName },
    { header: "Date", value: (r) => r.slot.date },
    { header: "Time", value: (r) => r.slot.time },
    { header: "Time zone", value: () => timeZone },
    { header: "Duration (min)", value: (r) => r.slot.durationMinutes },
    { header: "Child", value: (r) => r.booking.childName },
    { header: "Age", value: (r) => r.booking.childAge },
    { header: "Parent", value: (r) => r.booking.parentName },
    { header: "E-mail", value: (r) => r.booking.email },
    { header: "Phone", value: (r) => r.booking.phone },
    { header: "Status", value: (r) => r.booking.status },
    { header: "Booked at", value: (r) => r.booking.bookedAtLabel },
  ];
}

/** The academy date of the slot of the booking with this short code, or undefined (staff search by code). */
export async function bookingCodeDay(db: DB, code: string, timeZone: string): Promise<string | undefined> {
  const row = await db
    .selectFrom("demo_bookings as b")
    .innerJoin("demo_slots as s", "s.id", "b.slot_id")
    .select("s.starts_at")
    .where("b.code", "=", code)
    .executeTakeFirst();
  return row ? zonedParts(row.starts_at, timeZone).date : undefined;
}
