import type { DB } from "~server/db/db";
import { defineJob } from "~server/jobs/job";
import { academyTimeZone } from "~/features/site/academy-zone.server";
import { automationRun, inBoth } from "~/features/messaging/index.server";
import { formatDateTimeLabel } from "~/features/booking/slot-format";

/** The absence alert automation's run (decision 140): one job per quarter hour across instances. */
export const absenceAlertJob = defineJob("absence-alert-automation");
export const ABSENCE_ALERT_EVERY_MS = 15 * 60_000;
/** A mark corrected within this time (absent by a slip, then present) sends nothing. */
const GRACE_MS = 10 * 60_000;
/** Marks older than this are history, not news for the family. */
const RECENT_MS = 2 * 86_400_000;

/**
 * A child of a live enrolment marked absent (not excused) at a class whose absence the family had
 * not reported (`meeting_absences`): the family is told, by the absence alert automation.
 * Returns how many were sent.
 */
export async function sweepAbsenceAlerts(db: DB, now = new Date()): Promise<number> {
  const run = await automationRun(db, "absence_alert");
  if (!run) return 0;
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
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("messaging_automation_events as ev").select("ev.id").where("ev.automation", "=", "absence_alert").whereRef("ev.subject_id", "=", "a.id"),
        ),
      ),
    )
    .orderBy("a.id")
    .limit(500)
    .execute();
  if (marks.length === 0) return 0;
  const zone = await academyTimeZone(db);
  return run.each(marks, async (_trx, mark) => ({
    event: `attendance:${mark.id}`,
    subjectId: mark.id,
    email: mark.email,
    params: {
      child: mark.child_name,
      ...inBoth("course", (lang) => (lang === "ar" ? mark.name_ar : mark.name_en)),
      ...inBoth("date", (lang) => formatDateTimeLabel(mark.starts_at, zone, lang)),
    },
  }));
}
