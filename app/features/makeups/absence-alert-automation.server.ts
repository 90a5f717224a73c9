import { sql } from "kysely";
import { inTransaction, type DB } from "~server/db/db";
import { defineJob } from "~server/jobs/job";
import { academyTimeZone } from "~/features/site/academy-zone.server";
import { automationRun, inBoth } from "~/features/messaging/index.server";
import { notifyFamily } from "~/features/push/index.server";
import { formatDateTimeLabel } from "~/kernel/slot-format";
import { claimAbsenceAlert } from "~/features/teaching/attendance.server";
import { absentMarksToTell } from "~/features/teaching/queries.server";
import { automationEventsOf } from "~/features/messaging/queries.server";

/** The absence sweep (decisions 140, 143): one job per quarter hour across instances. */
export const absenceAlertJob = defineJob("absence-alert-automation");
export const ABSENCE_ALERT_EVERY_MS = 15 * 60_000;
/** A mark corrected within this time (absent by a slip, then present) sends nothing. */
const GRACE_MS = 10 * 60_000;
/** Marks older than this are history, not news for the family. */
const RECENT_MS = 2 * 86_400_000;

/**
 * A child of a live enrolment marked absent (not excused) at a class whose absence the family had
 * not reported (`meeting_absences`): the phones of each guardian who chose "absence recorded" are
 * told once (the mark's `family_told_at`, claimed by a conditional update), whether or not staff
 * switched the absence alert on (decision 143); its WhatsApp/SMS message goes while the automation
 * is on, once (its own record of the event), also for a mark told on the phones before it was
 * switched on. Returns how many messages were sent.
 */
export async function sweepAbsenceAlerts(db: DB, now = new Date()): Promise<number> {
  const automation = await automationRun(db, "absence_alert");
  const marks = await absentMarksToTell(db, {
    from: new Date(now.getTime() - RECENT_MS).toISOString(),
    until: new Date(now.getTime() - GRACE_MS).toISOString(),
    // The family reported the absence: nothing to tell them.
    reported: ({ meetingId, enrolmentId }) =>
      db
        .selectFrom("meeting_absences as r")
        .select("r.id")
        .where("r.meeting_id", "=", sql.ref<number>(meetingId))
        .where("r.enrolment_id", "=", sql.ref<number>(enrolmentId)),
    // Still to push, or (the automation on) still to message: an event the automation recorded is its own.
    messaged: (markId) => automationEventsOf(db, "absence_alert", markId),
    messaging: automation !== null,
    limit: 500,
  });
  if (marks.length === 0) return 0;
  const zone = await academyTimeZone(db);
  let sent = 0;
  for (const mark of marks) {
    // Each mark in its own transaction: one family's failure does not undo another's.
    const messaged = await inTransaction(db, async (trx) => {
      const pushNow = await claimAbsenceAlert(trx, mark.id);
      if (!pushNow && !automation) return false;
      const told = await notifyFamily(trx, {
        event: `attendance:${mark.id}`,
        email: mark.email,
        template: "absence_alert",
        params: {
          child: mark.child_name,
          ...inBoth("course", (lang) => (lang === "ar" ? mark.name_ar : mark.name_en)),
          ...inBoth("date", (lang) => formatDateTimeLabel(mark.starts_at, zone, lang)),
        },
        automation: { key: "absence_alert", subjectId: mark.id },
        push: pushNow ? { category: "absence", url: "/account" } : null,
      });
      return told.messaged;
    });
    if (messaged) sent += 1;
  }
  return sent;
}
