import { sql } from "kysely";
import type { DB } from "~server/db/db";
import { nowIso } from "~server/db/values";

/**
 * A meeting's make-up places (`section_meetings.makeup_guests`, decision 073): the sections feature
 * owns the meetings (decision 145), the make-ups feature books and gives back the places through these.
 */

/** Takes one make-up place of a scheduled meeting still ahead, within the allowance; its start, or undefined when none is left. */
export async function takeMakeupPlace(trx: DB, meetingId: number, allowance: number, now: string): Promise<string | undefined> {
  const seat = await trx
    .updateTable("section_meetings")
    .set({ makeup_guests: sql`makeup_guests + 1`, updated_at: now })
    .where("id", "=", meetingId)
    .where("status", "=", "scheduled")
    .where("starts_at", ">", now)
    .where("makeup_guests", "<", allowance)
    .returning("starts_at")
    .executeTakeFirst();
  return seat?.starts_at;
}

/** One make-up place of a meeting given back (never below zero). */
export async function releaseMakeupPlace(trx: DB, meetingId: number, now = nowIso()): Promise<void> {
  await trx
    .updateTable("section_meetings")
    .set({ makeup_guests: sql`makeup_guests - 1`, updated_at: now })
    .where("id", "=", meetingId)
    .where("makeup_guests", ">", 0)
    .execute();
}
