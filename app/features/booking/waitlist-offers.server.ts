import { sql } from "kysely";
import type { DB } from "~server/db/db";
import { queueMail } from "~server/mail/mail-queue";
import { getSiteSettings } from "~/features/site/site.server";
import { inBoth } from "~/features/messaging/index.server";
import { academyTimeZone } from "~/features/site/academy-zone.server";
import { formatDateTimeLabel } from "~/kernel/slot-format";
import { waitlistOfferMail } from "./booking.jobs.server";
import { notifyFamily } from "~/features/push/index.server";
import { lockSeatRow, readSeatRow, releaseSeatIn, takeSeatIn, type SeatRow, type SeatTable } from "~/kernel/seats.server";

/**
 * A line of parents waiting for a seat (decisions 032 and 066): the demo slots' and the course
 * sections'. The two tables have the same columns but the owner's (`slot_id`, `section_id`); the
 * queries below are built against the slots' line and run on the table and column named.
 */
export interface WaitLine {
  /** The seat counter's table (seats.server.ts). */
  seats: SeatTable;
  line: "slot_waitlist" | "section_waitlist";
  owner: "slot_id" | "section_id";
  /** Whether the counter's locked row still takes offers (open, not begun). */
  offersOpen: (row: SeatRow, now: string) => boolean;
  /** Queues the parent's "a seat is held for you" e-mail, in the transaction that made the offer. */
  queueOffer: (trx: DB, entryId: number, expiresAt: string) => Promise<void>;
}

/** The demo slots' line (decision 032). */
export const SLOT_LINE: WaitLine = {
  seats: "demo_slots",
  line: "slot_waitlist",
  owner: "slot_id",
  offersOpen: (row, now) => row.status === "open" && row.starts_at > now,
  queueOffer: async (trx, entryId, expiresAt) => {
    const entry = await trx
      .selectFrom("slot_waitlist as w")
      .innerJoin("demo_slots as s", "s.id", "w.slot_id")
      .leftJoin("courses as c", "c.id", "s.course_id")
      .select(["w.email", "c.name_en", "c.name_ar"])
      .where("w.id", "=", entryId)
      .executeTakeFirstOrThrow();
    await queueMail(trx, waitlistOfferMail, { to: entry.email, data: { entryId, expiresAt } });
    await notifyOffer(trx, {
      line: "slot",
      entryId,
      email: entry.email,
      expiresAt,
      course: { en: entry.name_en ?? "the demo class", ar: entry.name_ar ?? "الدرس التجريبي" },
    });
  },
};

/**
 * The offer told on WhatsApp or SMS and the phones (decisions 127, 143), beside its e-mail, with the
 * hold's end in academy time: the message is the waitlist-offer automation's (decision 140: staff
 * switch it, its throttle holds and its audit and conversion count it); the notification goes to
 * each guardian who chose waitlist offers. One event per offer: a later offer of the entry is new.
 */
export async function notifyOffer(
  trx: DB,
  offer: { line: "slot" | "section"; entryId: number; email: string; expiresAt: string; course: { en: string; ar: string } },
) {
  const timeZone = await academyTimeZone(trx);
  await notifyFamily(trx, {
    event: `${offer.line}-offer:${offer.entryId}:${offer.expiresAt}`,
    email: offer.email,
    template: "waitlist_offer",
    params: { ...inBoth("course", (lang) => offer.course[lang]), ...inBoth("until", (lang) => formatDateTimeLabel(offer.expiresAt, timeZone, lang)) },
    automation: { key: "waitlist_offer", subjectId: offer.entryId },
    push: { category: "waitlist", url: "/account" },
  });
}

const lineOf = (line: WaitLine) => line.line as "slot_waitlist";
const ownerOf = (line: WaitLine) => line.owner as "slot_id";

/**
 * Offers the free seats of a slot or section to the first parents in its line, inside the caller's
 * transaction (decision 032). The counter's row is written first, so on PostgreSQL every offer of
 * one row waits for the row lock and then reads the line as committed (SQLite has one writer). Each
 * offer holds its seat with the seat helper's conditional UPDATE: the seat stays counted in
 * seats_taken until the offer is accepted (it becomes the booking's or enrolment's), or runs out or
 * is declined (freeSeatIn passes it on). Returns how many offers were made.
 */
export async function offerSeats(trx: DB, line: WaitLine, ownerId: number, now: string, locked?: SeatRow): Promise<number> {
  // `locked`: the caller's own write of the row just now (releaseSeatIn's), which holds the lock already.
  const row = locked ?? (await lockSeatRow(trx, line.seats, ownerId, now));
  if (!row || !line.offersOpen(row, now) || row.seats_taken >= row.capacity) return 0;
  let free = row.capacity - row.seats_taken;
  let expiresAt: string | undefined;
  let offered = 0;
  // The next parent waiting, one at a time: one who leaves at this moment is skipped, not offered.
  for (let tries = 0; free > 0 && tries < 1000; tries++) {
    const next = await trx
      .selectFrom(lineOf(line))
      .select("id")
      .where(ownerOf(line), "=", ownerId)
      .where("status", "=", "waiting")
      .orderBy("id")
      .executeTakeFirst();
    if (!next) break;
    if (!expiresAt) {
      const { waitlistHoldHours } = await getSiteSettings(trx);
      expiresAt = new Date(Date.parse(now) + waitlistHoldHours * 3_600_000).toISOString();
    }
    const made = await trx
      .updateTable(lineOf(line))
      .set({ status: "offered", offered_at: now, offer_expires_at: expiresAt, updated_at: now })
      .where("id", "=", next.id)
      .where("status", "=", "waiting")
      .executeTakeFirst();
    // Left the line while this transaction waited for its row: the next one then.
    if (Number(made.numUpdatedRows) !== 1) continue;
    const held = await takeSeatIn(trx, line.seats, ownerId, now);
    // The row is locked by this transaction and had a free seat: an offer without its seat is never committed.
    if (!held) throw new Error(`${line.seats} ${ownerId} filled under its own lock`);
    await line.queueOffer(trx, next.id, expiresAt);
    offered++;
    free--;
  }
  return offered;
}

/**
 * Gives one seat back (a cancelled, moved or dropped place, an offer declined or run out); never
 * below zero. In the same transaction the seat goes on to the first parent waiting for it, if any,
 * so a freed seat is never free for a moment while someone waits. Returns the row after, if any.
 */
export async function freeSeatIn(trx: DB, line: WaitLine, ownerId: number, now: string): Promise<SeatRow | undefined> {
  const row = await releaseSeatIn(trx, line.seats, ownerId, now);
  if (row) await offerSeats(trx, line, ownerId, now, row);
  return row;
}

/** A waiting entry's place in its line (1 = next); offered entries ahead are still in line. */
export async function positionIn(db: DB, line: WaitLine, ownerId: number, entryId: number): Promise<number> {
  const { n } = await db
    .selectFrom(lineOf(line))
    .select((eb) => eb.fn.countAll().as("n"))
    .where(ownerOf(line), "=", ownerId)
    .where("status", "=", "waiting")
    .where("id", "<=", entryId)
    .executeTakeFirstOrThrow();
  return Number(n);
}

export type LeaveResult = "left" | "alreadyLeft" | "notFound";

/**
 * The parent leaves the line (or declines the offer). The status change is conditional on the
 * status just read, so a leave racing an accept or the expiry sweep changes the entry once; a
 * declined offer's seat goes on to the next parent in the same transaction.
 */
export async function leaveLine(db: DB, line: WaitLine, entryId: number | undefined): Promise<LeaveResult> {
  if (entryId === undefined) return "notFound";
  return db.transaction().execute(async (trx) => {
    const now = new Date().toISOString();
    const entry = await trx
      .selectFrom(lineOf(line))
      .select(["id", "status", sql<number>`${sql.ref(line.owner)}`.as("owner_id")])
      .where("id", "=", entryId)
      .executeTakeFirst();
    if (!entry) return "notFound";
    if (entry.status !== "waiting" && entry.status !== "offered") return "alreadyLeft";
    const left = await trx
      .updateTable(lineOf(line))
      .set({ status: "left", updated_at: now })
      .where("id", "=", entry.id)
      .where("status", "=", entry.status)
      .executeTakeFirst();
    if (Number(left.numUpdatedRows) !== 1) return "alreadyLeft";
    if (entry.status === "offered") await freeSeatIn(trx, line, Number(entry.owner_id), now);
    return "left";
  });
}

/** Why an accept took nothing, as its parent is told. */
export type NotAccepted = "notFound" | "accepted" | "expired" | "left" | "waiting" | "closed";

/**
 * Why a parent's accept of an offer wrote nothing, read after its refused transaction (only to tell
 * them): the entry gone, already taken, left or still waiting; an offer whose class or term no
 * longer takes offers is "closed", one that ran out "expired".
 */
export async function whyNotAccepted(db: DB, line: WaitLine, entryId: number): Promise<NotAccepted> {
  const entry = await db
    .selectFrom(lineOf(line))
    .select(["status", sql<number>`${sql.ref(line.owner)}`.as("owner_id")])
    .where("id", "=", entryId)
    .executeTakeFirst();
  if (!entry) return "notFound";
  if (entry.status === "booked") return "accepted";
  if (entry.status === "left" || entry.status === "waiting") return entry.status;
  const seat = await readSeatRow(db, line.seats, Number(entry.owner_id));
  return entry.status === "offered" && (!seat || !line.offersOpen(seat, new Date().toISOString())) ? "closed" : "expired";
}

/**
 * Ends every open offer of a line that ran out (or whose class or term has begun) and passes each
 * seat to the next parent in line, in one transaction. The claim is a conditional UPDATE (still
 * offered), so two instances sweeping at once end each offer once. Returns how many offers ended.
 */
export async function sweepLine(db: DB, line: WaitLine, at = new Date()): Promise<number> {
  const now = at.toISOString();
  return db.transaction().execute(async (trx) => {
    const ended = await trx
      .updateTable(lineOf(line))
      .set({ status: "expired", updated_at: now })
      .where("status", "=", "offered")
      .where((eb) =>
        eb.or([
          eb("offer_expires_at", "<=", now),
          eb(
            ownerOf(line),
            "in",
            trx
              .selectFrom(line.seats as "demo_slots")
              .select("id")
              .where("starts_at", "<=", now),
          ),
        ]),
      )
      .returning(sql<number>`${sql.ref(line.owner)}`.as("owner_id"))
      .execute();
    // Rows in id order, so two sweeps (or a sweep and a booking) lock them in the same order.
    for (const ownerId of ended.map((row) => Number(row.owner_id)).sort((a, b) => a - b)) await freeSeatIn(trx, line, ownerId, now);
    return ended.length;
  });
}
