import { sql } from "kysely";
import type { DB } from "~server/db/db";
import { enqueue } from "~server/jobs/queue";
import { getSiteSettings } from "~/features/site/site.server";
import { waitlistOfferJob, type WaitlistOfferMail } from "./booking.jobs.server";

/** A slot row as its UPDATE ... RETURNING gave it, inside the transaction that holds its lock. */
export interface LockedSlot {
  capacity: number;
  seats_taken: number;
  status: string;
  starts_at: string;
}

/**
 * Offers the free seats of a slot to the first parents in its line, inside the caller's transaction
 * (decision 032). The slot's row is written first, so on PostgreSQL every offer of one slot waits
 * for the row lock and then reads the line as committed (SQLite has one writer). Each offer holds
 * its seat with the booking's conditional UPDATE (open, ahead, not full): the seat stays counted in
 * seats_taken until the offer is accepted (it becomes the booking's), or runs out or is declined
 * (freeSeat passes it on). Returns how many offers were made.
 */
export async function offerSeats(trx: DB, slotId: number, now: string, locked?: LockedSlot): Promise<number> {
  // `locked`: the caller's own write of the row just now (freeSeat's), which holds the lock already.
  const slot = locked
    ? locked.status === "open" && locked.starts_at > now
      ? locked
      : undefined
    : await trx
        .updateTable("demo_slots")
        .set({ updated_at: now })
        .where("id", "=", slotId)
        .where("status", "=", "open")
        .where("starts_at", ">", now)
        .returning(["capacity", "seats_taken"])
        .executeTakeFirst();
  if (!slot || slot.seats_taken >= slot.capacity) return 0;
  let free = slot.capacity - slot.seats_taken;
  let expiresAt: string | undefined;
  let offered = 0;
  // The next parent waiting, one at a time: one who leaves at this moment is skipped, not offered.
  for (let tries = 0; free > 0 && tries < 1000; tries++) {
    const next = await trx
      .selectFrom("slot_waitlist")
      .select("id")
      .where("slot_id", "=", slotId)
      .where("status", "=", "waiting")
      .orderBy("id")
      .executeTakeFirst();
    if (!next) break;
    if (!expiresAt) {
      const { waitlistHoldHours } = await getSiteSettings(trx);
      expiresAt = new Date(Date.parse(now) + waitlistHoldHours * 3_600_000).toISOString();
    }
    const made = await trx
      .updateTable("slot_waitlist")
      .set({ status: "offered", offered_at: now, offer_expires_at: expiresAt, updated_at: now })
      .where("id", "=", next.id)
      .where("status", "=", "waiting")
      .executeTakeFirst();
    // Left the line while this transaction waited for its row: the next one then.
    if (Number(made.numUpdatedRows) !== 1) continue;
    const held = await trx
      .updateTable("demo_slots")
      .set({ seats_taken: sql`seats_taken + 1`, updated_at: now })
      .where("id", "=", slotId)
      .where((eb) => eb("seats_taken", "<", eb.ref("capacity")))
      .executeTakeFirst();
    // The slot's row is locked by this transaction and had a free seat: an offer without its seat is never committed.
    if (Number(held.numUpdatedRows) !== 1) throw new Error(`slot ${slotId} filled under its own lock`);
    const mail: WaitlistOfferMail = { entryId: next.id, expiresAt };
    await enqueue(trx, waitlistOfferJob, mail);
    offered++;
    free--;
  }
  return offered;
}
