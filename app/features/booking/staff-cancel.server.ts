import type { DB, Trx } from "~server/db/db";
import { recordAudit } from "~server/audit/audit";
import { queueMail } from "~server/mail/mail-queue";
import { nowIso } from "~server/db/values";
import { staffCancelMailKind, type StaffCancelMail } from "./booking.jobs.server";
import { freeSeat } from "./booking.server";

/** Closes a course's slots still to come (a course being deleted): closed first, so the seats its cancelled bookings free are offered to nobody. */
export async function closeUpcomingSlotsOfCourse(trx: DB, courseId: number, now: string): Promise<void> {
  await trx.updateTable("demo_slots").set({ status: "closed", updated_at: now }).where("course_id", "=", courseId).where("starts_at", ">", now).execute();
}

/** Which live bookings staff cancel: one booking, every future one of a slot, or of a course. */
export type StaffCancelTarget = { bookingId: number } | { slotId: number } | { courseId: number };

/**
 * Cancels live bookings on behalf of the academy, inside the caller's transaction: each one's
 * status becomes "cancelled" (conditionally, so a booking is cancelled, freed and mailed once
 * however often this runs), its seat returns, and the parent's e-mail is queued in the same
 * transaction. Slot and course targets take only classes that have not started (attendance
 * history stays); one booking is cancelled whenever staff ask, but mailed only while its class
 * is still ahead. `now`: the caller's instant, when it has already judged the class to be ahead.
 * Returns how many bookings were cancelled.
 */
export async function cancelBookingsByStaff(trx: Trx, target: StaffCancelTarget, now = nowIso()): Promise<number> {
  let update = trx.updateTable("demo_bookings").set({ status: "cancelled", updated_at: now }).where("status", "<>", "cancelled");
  if ("bookingId" in target) update = update.where("id", "=", target.bookingId);
  else {
    update = "slotId" in target ? update.where("slot_id", "=", target.slotId) : update.where("course_id", "=", target.courseId);
    update = update.where("slot_id", "in", trx.selectFrom("demo_slots").select("id").where("starts_at", ">", now));
  }
  const cancelled = await update.returning(["id", "slot_id", "course_id", "course_name", "email", "lang", "parent_name", "child_name"]).execute();
  if (cancelled.length === 0) return 0;

  for (const booking of cancelled) await freeSeat(trx, booking.slot_id, now);
  const slotIds = [...new Set(cancelled.map((booking) => booking.slot_id))];
  const starts = new Map(
    (await trx.selectFrom("demo_slots").select(["id", "starts_at"]).where("id", "in", slotIds).execute()).map((slot) => [slot.id, slot.starts_at]),
  );
  for (const booking of cancelled) {
    const startsAt = starts.get(booking.slot_id);
    // A class already held (or under way) is not announced as cancelled.
    if (!startsAt || startsAt <= now) continue;
    const payload: StaffCancelMail = {
      email: booking.email,
      lang: booking.lang,
      parentName: booking.parent_name,
      childName: booking.child_name,
      courseId: booking.course_id,
      courseName: booking.course_name,
      startsAt,
    };
    await queueMail(trx, staffCancelMailKind, { to: payload.email, data: payload });
  }
  return cancelled.length;
}

type StaffCancelResult = "cancelled" | "alreadyCancelled" | "notFound";

/** Staff cancel one booking (its seat returns, its parent is e-mailed), in one transaction. */
export async function cancelBookingByStaff(db: DB, bookingId: number, byUserId?: number): Promise<StaffCancelResult> {
  const count = await db.transaction().execute(async (trx) => {
    const cancelled = await cancelBookingsByStaff(trx, { bookingId });
    // The audit entry commits with the cancellation.
    if (cancelled > 0 && byUserId !== undefined) await recordAudit(trx, { action: "cancel", entity: "demo_booking", entityId: bookingId, userId: byUserId });
    return cancelled;
  });
  if (count > 0) return "cancelled";
  const exists = await db.selectFrom("demo_bookings").select("id").where("id", "=", bookingId).executeTakeFirst();
  return exists ? "alreadyCancelled" : "notFound";
}
