import { sql } from "kysely";
import type { DB } from "~server/db/db";
import { enqueue } from "~server/jobs/queue";
import { getSiteSettings } from "~/features/site/site.server";

/** The background job that e-mails a waitlisted parent the seat held for them (waitlist-mail.server.ts). */
export const WAITLIST_OFFER_JOB = "waitlist-offer";

/** What the offer job carries: the entry, and the offer's end (a later offer of the same entry makes it stale). */
export interface WaitlistOfferMail {
  entryId: number;
  expiresAt: string;
}

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
  const line = await trx
    .selectFrom("slot_waitlist")
    .select("id")
    .where("slot_id", "=", slotId)
    .where("status", "=", "waiting")
    .orderBy("id")
    .limit(slot.capacity - slot.seats_taken)
    .execute();
  if (line.length === 0) return 0;
  const { waitlistHoldHours } = await getSiteSettings(trx);
  const expiresAt = new Date(Date.parse(now) + waitlistHoldHours * 3_600_000).toISOString();
  let offered = 0;
  for (const entry of line) {
    const held = await trx
      .updateTable("demo_slots")
      .set({ seats_taken: sql`seats_taken + 1`, updated_at: now })
      .where("id", "=", slotId)
      .where((eb) => eb("seats_taken", "<", eb.ref("capacity")))
      .executeTakeFirst();
    if (Number(held.numUpdatedRows) !== 1) break;
    const made = await trx
      .updateTable("slot_waitlist")
      .set({ status: "offered", offered_at: now, offer_expires_at: expiresAt, updated_at: now })
      .where("id", "=", entry.id)
      .where("status", "=", "waiting")
      .executeTakeFirst();
    // The slot's row lock keeps the line still; a seat without its offer would be lost, so never commit one.
    if (Number(made.numUpdatedRows) !== 1) throw new Error(`waitlist entry ${entry.id} changed under the slot lock`);
    const mail: WaitlistOfferMail = { entryId: entry.id, expiresAt };
    await enqueue(trx, { kind: WAITLIST_OFFER_JOB, payload: mail });
    offered++;
  }
  return offered;
}
