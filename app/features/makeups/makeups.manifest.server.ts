import { defineFeature } from "~server/feature-manifest";
import { handleJob } from "~server/jobs/job";
import { makeupsApi } from "./makeups.api";
import { meetingReminderSweepJob } from "./makeups.jobs.server";
import { meetingReminderMail } from "./meeting-reminder-mail.server";
import { MEETING_REMINDER_SWEEP_EVERY_MS, sweepMeetingReminders } from "./meeting-reminders.server";
import { ABSENCE_ALERT_EVERY_MS, absenceAlertJob, sweepAbsenceAlerts } from "./absence-alert-automation.server";
import { owns } from "./tables";

/** Absences, make-up credits and the day-before meeting reminders (issue 30 part 3, decision 076). */
export const makeupsManifest = defineFeature({
  name: "makeups",
  owns,
  routers: (deps) => [makeupsApi(deps)],
  mails: [meetingReminderMail],
  jobs: (deps) => [
    handleJob(meetingReminderSweepJob, async () => {
      const queued = await sweepMeetingReminders(deps.db);
      if (queued > 0) deps.logger.info({ queued }, "meeting reminders queued");
    }),
    handleJob(absenceAlertJob, async () => {
      const sent = await sweepAbsenceAlerts(deps.db);
      if (sent > 0) deps.logger.info({ sent }, "absence alerts queued");
    }),
  ],
  periodic: [
    { job: meetingReminderSweepJob, everyMs: MEETING_REMINDER_SWEEP_EVERY_MS },
    // The absence alert automation (decision 140).
    { job: absenceAlertJob, everyMs: ABSENCE_ALERT_EVERY_MS },
  ],
});
