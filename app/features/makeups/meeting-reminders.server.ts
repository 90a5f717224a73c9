import { sql } from "kysely";
import type { DB } from "~server/db/db";
import { z } from "zod";
import { mailKind, queueMail } from "~server/mail/mail-queue";
import type { Lang } from "~/i18n/lang";
import { serverT } from "~server/i18n";
import { pick } from "~/i18n/localized";
import { inBoth } from "~/features/messaging/index.server";
import { notifyFamily } from "~/features/push/index.server";
import { academyTimeZone } from "~/features/site/academy-zone.server";
import { formatDateTimeLabel } from "~/kernel/slot-format";
import { enrolmentFamilies } from "~/features/enrolments/queries.server";
import { enrolledOfMeetings, meetingStarts, scheduledMeetingIdsBetween } from "~/features/sections/queries.server";

/** How far ahead a class is reminded: the day before. */
export const MEETING_REMINDER_LEAD_MS = 24 * 3_600_000;
/** How often the sweep runs (as the demo reminders'): a reminder leaves at most this much later. */
export const MEETING_REMINDER_SWEEP_EVERY_MS = 5 * 60_000;
/** Reminders claimed per sweep at most; the next sweep takes the rest. */
const BATCH = 500;

/** One class's reminder to one child's family (rendered in meeting-reminder-mail.server.ts, which reads this module). */
export const meetingReminderMailKind = mailKind("meeting-reminder", z.object({ meetingId: z.number().int(), enrolmentId: z.number().int() }));

/**
 * Claims the reminder of every child who attends a class starting within the next 24 hours (the
 * group's enrolled children who did not report an absence, and the make-up guests booked into it)
 * and queues one e-mail per claim, in one transaction (decision 076, decision 029's way). The claim
 * is the insert of the (meeting, child) row of `meeting_reminders`, unique: when instances sweep at
 * once, the database gives each row to one of them (PostgreSQL makes a second insert of the same
 * key wait for the first and then skip it; SQLite has one writer), and a sweep that rolls back
 * queues nothing and claims nothing. Returns how many reminders were queued.
 */
export async function sweepMeetingReminders(db: DB, at = new Date()): Promise<number> {
  const now = at.toISOString();
  const until = new Date(at.getTime() + MEETING_REMINDER_LEAD_MS).toISOString();
  return db.transaction().execute(async (trx) => {
    const due = scheduledMeetingIdsBetween(trx, now, until);
    // A child who reported the absence, or was reminded already, is skipped.
    const enrolled = await enrolledOfMeetings(trx, due, {
      skip: ({ meetingId, enrolmentId }) =>
        trx
          .selectFrom("meeting_absences as a")
          .select("a.id")
          .where("a.meeting_id", "=", sql.ref<number>(meetingId))
          .where("a.enrolment_id", "=", sql.ref<number>(enrolmentId))
          .unionAll(
            trx
              .selectFrom("meeting_reminders as r")
              .select("r.id")
              .where("r.meeting_id", "=", sql.ref<number>(meetingId))
              .where("r.enrolment_id", "=", sql.ref<number>(enrolmentId)),
          ),
      limit: BATCH,
    });
    const guests = await trx
      .selectFrom("makeup_credits as k")
      .innerJoin("section_enrolments as e", "e.id", "k.enrolment_id")
      .leftJoin("meeting_reminders as r", (join) => join.onRef("r.meeting_id", "=", "k.meeting_id").onRef("r.enrolment_id", "=", "k.enrolment_id"))
      .select(["k.meeting_id", "k.enrolment_id"])
      .where("k.meeting_id", "in", due)
      .where("e.status", "=", "enrolled")
      .where("r.id", "is", null)
      .limit(BATCH)
      .execute();
    const candidates = [...enrolled, ...guests.map((g) => ({ meeting_id: g.meeting_id!, enrolment_id: g.enrolment_id }))];
    if (candidates.length === 0) return 0;
    const claimed = await trx
      .insertInto("meeting_reminders")
      .values(candidates.map((c) => ({ meeting_id: c.meeting_id, enrolment_id: c.enrolment_id, sent_at: now })))
      .onConflict((oc) => oc.columns(["meeting_id", "enrolment_id"]).doNothing())
      .returning(["meeting_id", "enrolment_id"])
      .execute();
    if (claimed.length === 0) return 0;
    const families = new Map((await enrolmentFamilies(trx, [...new Set(claimed.map((c) => c.enrolment_id))])).map((row) => [row.id, row]));
    const timeZone = await academyTimeZone(trx);
    const starts = new Map((await meetingStarts(trx, [...new Set(claimed.map((c) => c.meeting_id))])).map((row) => [row.id, row.starts_at]));
    for (const claim of claimed) {
      const family = families.get(claim.enrolment_id)!;
      const lang = family.lang as Lang;
      const course = family.name_en !== null && family.name_ar !== null ? pick({ name_en: family.name_en, name_ar: family.name_ar }, "name", lang) : "";
      await queueMail(trx, meetingReminderMailKind, {
        to: family.email,
        subject: serverT(lang, "makeups", "reminderMail.subject", { course }),
        data: { meetingId: claim.meeting_id, enrolmentId: claim.enrolment_id },
      });
      // "Class tomorrow" on WhatsApp or SMS and the phones too, for guardians who chose them (decisions 127, 143).
      const startsAt = starts.get(claim.meeting_id);
      if (startsAt)
        await notifyFamily(trx, {
          event: `class-tomorrow:${claim.meeting_id}:${claim.enrolment_id}`,
          email: family.email,
          template: "class_tomorrow",
          params: {
            child: family.child_name,
            ...inBoth("course", (lang) =>
              family.name_en !== null && family.name_ar !== null ? pick({ name_en: family.name_en, name_ar: family.name_ar }, "name", lang) : "",
            ),
            ...inBoth("date", (lang) => formatDateTimeLabel(startsAt, timeZone, lang)),
          },
          ownMail: true,
          push: { category: "classTomorrow", url: "/account" },
        });
    }
    return claimed.length;
  });
}
