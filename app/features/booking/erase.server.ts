import type { DB } from "~server/db/db";
import { freeSeat } from "./booking.server";

/** What an erased record's personal fields become (the caller's placeholder and e-mail, its instant). */
export interface ErasedAs {
  erased: string;
  email: string;
  now: string;
}

/**
 * Erasure with the family's account (the booking feature owns demo_bookings and slot_waitlist,
 * decision 145): its booked classes still ahead are cancelled, each conditionally like
 * cancelBooking, so the seat is given back once even if a cancel races this. Returns how many.
 */
export async function cancelBookingsOnErasure(
  trx: DB,
  bookings: readonly { id: number; status: string; slot_id: number; starts_at: string }[],
  now: string,
): Promise<number> {
  let cancelled = 0;
  for (const booking of bookings) {
    if (booking.status !== "booked" || booking.starts_at <= now) continue;
    const done = await trx
      .updateTable("demo_bookings")
      .set({ status: "cancelled", updated_at: now })
      .where("id", "=", booking.id)
      .where("status", "<>", "cancelled")
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1) continue;
    await freeSeat(trx, booking.slot_id, now);
    cancelled++;
  }
  return cancelled;
}

/** Erasure: the bookings lose the child's and the parent's data and their account. */
export async function eraseBookings(trx: DB, ids: readonly number[], replace: ErasedAs): Promise<void> {
  if (ids.length === 0) return;
  await trx
    .updateTable("demo_bookings")
    .set({ child_name: replace.erased, parent_name: replace.erased, email: replace.email, phone: replace.erased, user_id: null, updated_at: replace.now })
    .where("id", "in", ids)
    .execute();
}

/**
 * Erasure: these waitlist entries leave their line, each conditionally on still being in it (so
 * one that an accept or the expiry sweep ended meanwhile is not touched); then the seat each left
 * offer held is passed on, slots in id order as the expiry sweep does. Returns how many left.
 */
export async function leaveSlotLines(trx: DB, ids: readonly number[], now: string): Promise<number> {
  if (ids.length === 0) return 0;
  const leave = (status: "waiting" | "offered") =>
    trx
      .updateTable("slot_waitlist")
      .set({ status: "left", updated_at: now })
      .where("id", "in", ids)
      .where("status", "=", status)
      .returning("slot_id")
      .execute();
  const offered = await leave("offered");
  const waiting = await leave("waiting");
  for (const slotId of offered.map((row) => row.slot_id).sort((a, b) => a - b)) await freeSeat(trx, slotId, now);
  return offered.length + waiting.length;
}

/** Erasure: the waitlist places lose the child's and the parent's data. */
export async function eraseWaitlistPlaces(trx: DB, ids: readonly number[], replace: ErasedAs): Promise<void> {
  if (ids.length === 0) return;
  await trx
    .updateTable("slot_waitlist")
    .set({ child_name: replace.erased, parent_name: replace.erased, email: replace.email, phone: replace.erased, updated_at: replace.now })
    .where("id", "in", ids)
    .execute();
}
