import { defineJob } from "~server/jobs/job";

/** The periodic job that claims and queues the day-before meeting reminders (meeting-reminders.server.ts, decision 076). */
export const meetingReminderSweepJob = defineJob("meeting-reminder-sweep");
