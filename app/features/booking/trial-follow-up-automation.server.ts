import type { DB } from "~server/db/db";
import { defineJob } from "~server/jobs/job";
import { AUTOMATION_CATCH_UP_DAYS, automationRun, inBoth } from "~/features/messaging/index.server";
import { enrolledAfterBooking } from "~/features/enrolments/queries.server";

/** The trial follow-up automation's run (decision 140): one job per quarter hour across instances (its unique key names the period). */
export const trialFollowUpJob = defineJob("trial-follow-up-automation");
export const TRIAL_FOLLOW_UP_EVERY_MS = 15 * 60_000;
const DAY_MS = 86_400_000;

/**
 * A demo class attended N days ago whose child has no live enrolment (the one converted from the
 * booking, or the family's for the same child): the family is invited to choose a group, by the
 * trial follow-up automation (news and offers: only with the opt-in). Returns how many were sent.
 */
export async function sweepTrialFollowUps(db: DB, now = new Date()): Promise<number> {
  const run = await automationRun(db, "trial_follow_up");
  if (!run) return 0;
  const days = run.settings.days!;
  const candidates = await db
    .selectFrom("demo_bookings as b")
    .innerJoin("demo_slots as s", "s.id", "b.slot_id")
    .leftJoin("courses as c", "c.id", "b.course_id")
    .select(["b.id", "b.email", "b.child_name", "b.course_name", "c.name_en", "c.name_ar"])
    .where("b.status", "=", "attended")
    .where("s.starts_at", "<=", new Date(now.getTime() - days * DAY_MS).toISOString())
    .where("s.starts_at", ">", new Date(now.getTime() - (days + AUTOMATION_CATCH_UP_DAYS) * DAY_MS).toISOString())
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("messaging_automation_events as ev").select("ev.id").where("ev.automation", "=", "trial_follow_up").whereRef("ev.subject_id", "=", "b.id"),
        ),
      ),
    )
    .orderBy("b.id")
    .limit(500)
    .execute();
  return run.each(candidates, async (trx, booking) => {
    const enrolled = await enrolledAfterBooking(trx, booking);
    if (enrolled) return null;
    return {
      event: `booking:${booking.id}`,
      subjectId: booking.id,
      email: booking.email,
      params: { child: booking.child_name, ...inBoth("course", (lang) => (lang === "ar" ? booking.name_ar : booking.name_en) ?? booking.course_name) },
    };
  });
}
