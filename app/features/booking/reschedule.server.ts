import type { DB } from "~server/db/db";
import { isUniqueViolation } from "~server/db/errors";
import { nowIso } from "~server/db/values";
import { queueMail } from "~server/mail/mail-queue";
import type { Lang } from "~/i18n/lang";
import { bookingRescheduledMail } from "./booking.jobs.server";
import { changeDeadline, freeSeat, listOpenSlots, reminderStateFor, takeSeat, type PublicSlot } from "./booking.server";
import { zonedParts } from "~/lib/zoned-time";

export type RescheduleRefusal = "cancelled" | "started" | "tooLate" | "sameSlot" | "full" | "closed" | "past" | "duplicate";

export type RescheduleResult =
  | { ok: true; reference: string; courseId: number | null; startsAt: string }
  | { ok: false; reason: "bookingNotFound" | "slotNotFound" }
  | { ok: false; reason: RescheduleRefusal; remaining: PublicSlot[] };

class Refused extends Error {
  constructor(readonly what: "booking" | "sameSlot" | "slot") {
    super(what);
  }
}

/**
 * Moves a live booking to another open time of its course, in ONE transaction (decision 029):
 *
 * 1. a conditional UPDATE of the booking (live, its class more than the cut-off ahead: site setting
 *    demoChangeCutoffHours, issue 29) locks its row, so two
 *    moves (or a move and a cancel) of one booking queue up behind each other;
 * 2. the new seat is taken with bookSlot's conditional UPDATE (open, ahead, not full, this
 *    course) and the old one given back; both slot rows are written in id order, so moves that
 *    cross between two slots cannot deadlock on PostgreSQL;
 * 3. the booking points at the new slot (the partial unique index refuses a time this e-mail
 *    already holds), its reminder is re-armed, and the new-time e-mail is queued.
 *
 * Any refusal throws inside the transaction, which rolls back every write: the booking keeps its
 * old seat, and no seat is ever taken without being held. The reference and links stay the same.
 */
export async function rescheduleBooking(
  db: DB,
  input: { bookingId: number | undefined; slotId: number },
  options: { timeZone: string; lang: Lang; cutoffHours: number },
): Promise<RescheduleResult> {
  const bookingId = input.bookingId;
  if (bookingId === undefined) return { ok: false, reason: "bookingNotFound" };
  try {
    return await db.transaction().execute(async (trx) => {
      const now = nowIso();
      const booking = await trx
        .updateTable("demo_bookings")
        .set({ updated_at: now })
        .where("id", "=", bookingId)
        .where("status", "=", "booked")
        .where("slot_id", "in", trx.selectFrom("demo_slots").select("id").where("starts_at", ">", changeDeadline(now, options.cutoffHours)))
        .returning(["id", "slot_id", "course_id", "reference", "email"])
        .executeTakeFirst();
      if (!booking) throw new Refused("booking");
      if (booking.slot_id === input.slotId) throw new Refused("sameSlot");

      const freeOld = () => freeSeat(trx, booking.slot_id, now);
      const takeNew = async () => {
        // A booking whose course was deleted (course_id null) may only move to slots open to every course (-1 matches none).
        const startsAt = await takeSeat(trx, input.slotId, booking.course_id ?? -1, now);
        if (!startsAt) throw new Refused("slot");
        return startsAt;
      };
      let startsAt: string;
      if (booking.slot_id < input.slotId) {
        await freeOld();
        startsAt = await takeNew();
      } else {
        startsAt = await takeNew();
        await freeOld();
      }
      await trx
        .updateTable("demo_bookings")
        .set({ slot_id: input.slotId, reminder_sent_at: reminderStateFor(startsAt, now), updated_at: now })
        .where("id", "=", booking.id)
        .execute();
      await queueMail(trx, bookingRescheduledMail, { to: booking.email, data: { reference: booking.reference, startsAt } });
      return { ok: true as const, reference: booking.reference, courseId: booking.course_id, startsAt };
    });
  } catch (error) {
    if (!(error instanceof Refused) && !isUniqueViolation(error)) throw error;
    return explainRefusal(db, { bookingId, slotId: input.slotId }, options, error);
  }
}

/** Nothing was written; now (only to tell the parent why) read the booking and the slot. */
async function explainRefusal(
  db: DB,
  input: { bookingId: number; slotId: number },
  options: { timeZone: string; lang: Lang },
  error: unknown,
): Promise<RescheduleResult> {
  const booking = await db
    .selectFrom("demo_bookings as b")
    .innerJoin("demo_slots as s", "s.id", "b.slot_id")
    .select(["b.status", "b.course_id", "b.slot_id", "s.starts_at"])
    .where("b.id", "=", input.bookingId)
    .executeTakeFirst();
  if (!booking) return { ok: false, reason: "bookingNotFound" };
  const remainingOn = async (startsAt: string) => {
    if (booking.course_id === null) return [];
    const day = zonedParts(startsAt, options.timeZone).date;
    const open = await listOpenSlots(db, { courseId: booking.course_id, from: day, to: day, timeZone: options.timeZone, lang: options.lang });
    return open.filter((slot) => slot.id !== booking.slot_id);
  };
  if (error instanceof Refused && error.what === "booking") {
    return { ok: false, reason: booking.status === "cancelled" ? "cancelled" : booking.starts_at <= nowIso() ? "started" : "tooLate", remaining: [] };
  }
  if (error instanceof Refused && error.what === "sameSlot") return { ok: false, reason: "sameSlot", remaining: await remainingOn(booking.starts_at) };
  const slot = await db.selectFrom("demo_slots").selectAll().where("id", "=", input.slotId).executeTakeFirst();
  if (!slot || (slot.course_id !== null && slot.course_id !== booking.course_id)) return { ok: false, reason: "slotNotFound" };
  const reason = isUniqueViolation(error) ? "duplicate" : slot.status !== "open" ? "closed" : slot.starts_at <= nowIso() ? "past" : "full";
  const remaining = (await remainingOn(slot.starts_at)).filter((free) => free.id !== input.slotId);
  return { ok: false, reason, remaining };
}
