import type { DB } from "~server/db/db";
import { queueMail } from "~server/mail/mail-queue";
import { inBoth } from "~/features/messaging/index.server";
import { academyTimeZone } from "~/features/site/academy-zone.server";
import { bookingReminderMail } from "./booking.jobs.server";
import { REMINDER_LEAD_MS } from "./booking.server";
import { notifyFamily } from "~/features/push/index.server";
import { formatDateTimeLabel } from "~/kernel/slot-format";

/** How often the sweep runs: a reminder leaves at most this much later than 24 hours before. */
export const REMINDER_SWEEP_EVERY_MS = 5 * 60_000;

/**
 * Claims every live booking whose class starts within the next 24 hours and has not been reminded,
 * and queues one reminder e-mail per claimed booking, in one transaction (decision 029). The claim
 * is a conditional UPDATE (`reminder_sent_at` still null): when two instances sweep at once, the
 * database gives each booking to one of them (PostgreSQL re-checks the condition after the row
 * lock; SQLite has one writer), and a sweep that fails or rolls back queues nothing and claims
 * nothing. Returns how many reminders were queued.
 */
export async function sweepDueReminders(db: DB, at = new Date()): Promise<number> {
  const now = at.toISOString();
  const until = new Date(at.getTime() + REMINDER_LEAD_MS).toISOString();
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable("demo_bookings")
      .set({ reminder_sent_at: now })
      .where("reminder_sent_at", "is", null)
      .where("status", "=", "booked")
      .where("slot_id", "in", trx.selectFrom("demo_slots").select("id").where("starts_at", ">", now).where("starts_at", "<=", until))
      .returning(["id", "reference", "slot_id", "email", "child_name", "course_name"])
      .execute();
    if (claimed.length === 0) return 0;
    const slotIds = [...new Set(claimed.map((booking) => booking.slot_id))];
    const starts = new Map(
      (await trx.selectFrom("demo_slots").select(["id", "starts_at"]).where("id", "in", slotIds).execute()).map((slot) => [slot.id, slot.starts_at]),
    );
    const timeZone = await academyTimeZone(trx);
    for (const booking of claimed) {
      const startsAt = starts.get(booking.slot_id)!;
      await queueMail(trx, bookingReminderMail, { to: booking.email, data: { reference: booking.reference, startsAt } });
      // And on WhatsApp or SMS and the phones, for guardians who chose them (decisions 127, 143); a moved class is reminded again.
      await notifyFamily(trx, {
        event: `demo-reminder:${booking.id}:${startsAt}`,
        email: booking.email,
        template: "demo_booking_reminder",
        params: { child: booking.child_name, course: booking.course_name, ...inBoth("date", (lang) => formatDateTimeLabel(startsAt, timeZone, lang)) },
        ownMail: true,
        push: { category: "classTomorrow", url: "/account" },
      });
    }
    return claimed.length;
  });
}
