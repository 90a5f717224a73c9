import { inTransaction, type DB } from "~server/db/db";
import { defineJob } from "~server/jobs/job";
import { academyTimeZone } from "~/features/site/academy-zone.server";
import { automationRun, inBoth } from "~/features/messaging/index.server";
import { notifyFamily } from "~/features/push/index.server";
import { formatDateTimeLabel } from "~/kernel/slot-format";
import { claimAbsenceAlert } from "~/features/teaching/attendance.server";

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
  const marks = await db
    .selectFrom("meeting_attendance as a")
    .innerJoin("section_meetings as m", "m.id", "a.meeting_id")
    .innerJoin("section_enrolments as e", "e.id", "a.enrolment_id")
    .innerJoin("course_sections as s", "s.id", "e.section_id")
    .innerJoin("courses as c", "c.id", "s.course_id")
    .select(["a.id", "e.email", "e.child_name", "c.name_en", "c.name_ar", "m.starts_at"])
    .where("a.status", "=", "absent")
    .where("e.status", "=", "enrolled")
    .where("a.updated_at", "<=", new Date(now.getTime() - GRACE_MS).toISOString())
    .where("a.updated_at", ">", new Date(now.getTime() - RECENT_MS).toISOString())
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("meeting_absences as r").select("r.id").whereRef("r.meeting_id", "=", "a.meeting_id").whereRef("r.enrolment_id", "=", "a.enrolment_id"),
        ),
      ),
    )
    // Still to push, or (the automation on) still to message: an event the automation recorded is its own.
    .where(({ or, and, not, exists, selectFrom, eb }) => {
      const messaged = exists(
        selectFrom("messaging_automation_events as ev").select("ev.id").where("ev.automation", "=", "absence_alert").whereRef("ev.subject_id", "=", "a.id"),
      );
      return automation ? or([eb("a.family_told_at", "is", null), not(messaged)]) : and([eb("a.family_told_at", "is", null), not(messaged)]);
    })
    .orderBy("a.id")
    .limit(500)
    .execute();
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
