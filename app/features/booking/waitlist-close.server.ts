import type { Trx } from "~server/db/db";
import { queueMail } from "~server/mail/mail-queue";
import { waitlistClosedMail, type StaffCancelMail } from "./booking.jobs.server";
import { freeSeat } from "./booking.server";

/** Whose lines staff end: one slot's (closed or deleted), or every future slot's of a deleted course. */
export type WaitlistCloseTarget = { slotId: number } | { courseId: number };

/**
 * Ends the lines of slots staff closed or are deleting, inside the caller's transaction (decision
 * 032, "Staff close a time"). The caller has already set the slots closed, so a held seat given
 * back here is offered to nobody: every waiting or offered entry becomes `left` (conditionally, so
 * an accept, a leave or the sweep racing this ends each entry once), each open offer's seat
 * returns, and each parent of a class still ahead is e-mailed in the language they joined in, with
 * a link to book another time. The mail carries copies: the slot (and its entries) or the course
 * may be deleted before the worker sends it. Returns how many places ended.
 */
export async function endWaitlistsByStaff(trx: Trx, target: WaitlistCloseTarget, now: string): Promise<number> {
  const slots = await trx
    .selectFrom("demo_slots as s")
    .leftJoin("courses as c", "c.id", "s.course_id")
    .select(["s.id", "s.starts_at", "s.course_id", "c.name_en", "c.name_ar"])
    .where((eb) => ("slotId" in target ? eb("s.id", "=", target.slotId) : eb.and([eb("s.course_id", "=", target.courseId), eb("s.starts_at", ">", now)])))
    .orderBy("s.id")
    .execute();
  if (slots.length === 0) return 0;
  const slotIds = slots.map((slot) => slot.id);
  const end = (status: "offered" | "waiting") =>
    trx
      .updateTable("slot_waitlist")
      .set({ status: "left", updated_at: now })
      .where("slot_id", "in", slotIds)
      .where("status", "=", status)
      .returning(["id", "slot_id", "email", "lang", "parent_name", "child_name"])
      .execute();
  const offered = await end("offered");
  const waiting = await end("waiting");
  // Each held seat back, slots in id order (the lock order of the sweep); the slot is closed, so no new offer follows.
  for (const entry of [...offered].sort((a, b) => a.slot_id - b.slot_id)) await freeSeat(trx, entry.slot_id, now);
  const bySlot = new Map(slots.map((slot) => [slot.id, slot]));
  for (const entry of [...offered, ...waiting].sort((a, b) => a.id - b.id)) {
    const slot = bySlot.get(entry.slot_id);
    if (!slot || slot.starts_at <= now) continue;
    const payload: StaffCancelMail = {
      email: entry.email,
      lang: entry.lang,
      parentName: entry.parent_name,
      childName: entry.child_name,
      courseId: slot.course_id,
      courseName: (entry.lang === "ar" ? slot.name_ar : slot.name_en) ?? "",
      startsAt: slot.starts_at,
    };
    await queueMail(trx, waitlistClosedMail, { to: payload.email, data: payload });
  }
  return offered.length + waiting.length;
}
