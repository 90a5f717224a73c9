import { defineFeature } from "~server/feature-manifest";
import { handleJob } from "~server/jobs/job";
import { bookingApi } from "./booking.api";
import {
  bookingConfirmationJob,
  bookingFollowupJob,
  bookingReminderJob,
  bookingReminderSweepJob,
  bookingRescheduledJob,
  staffCancelMailJob,
  waitlistClosedJob,
  waitlistExpirySweepJob,
  waitlistJoinedJob,
  waitlistOfferJob,
} from "./booking.jobs.server";
import { sendBookingConfirmation, sendBookingReminder, sendRescheduledMail, sendStaffCancellation } from "./booking-mail.server";
import { sendFollowupMail } from "./followup.server";
import { REMINDER_SWEEP_EVERY_MS, sweepDueReminders } from "./reminders.server";
import { seedDemoSlots } from "./seed-slots.server";
import { slotsAdminApi } from "./slots-admin.api";
import { waitlistApi } from "./waitlist.api";
import { sendWaitlistJoined, sendWaitlistOffer } from "./waitlist-mail.server";
import { sweepExpiredOffers, WAITLIST_SWEEP_EVERY_MS } from "./waitlist.server";

/** Demo class booking, the waitlist and the staff's slot screens: what the process runs of them (decision 052). */
export const bookingManifest = defineFeature({
  name: "booking",
  routers: (deps) => [bookingApi(deps), waitlistApi(deps), slotsAdminApi(deps)],
  jobs: (deps) => [
    handleJob(bookingConfirmationJob, ({ reference }) => sendBookingConfirmation(deps, reference)),
    handleJob(staffCancelMailJob, (mail) => sendStaffCancellation(deps, mail)),
    handleJob(bookingRescheduledJob, (mail) => sendRescheduledMail(deps, mail)),
    handleJob(bookingReminderJob, (mail) => sendBookingReminder(deps, mail)),
    handleJob(bookingFollowupJob, ({ reference }) => sendFollowupMail(deps, reference)),
    handleJob(bookingReminderSweepJob, async () => {
      const queued = await sweepDueReminders(deps.db);
      if (queued > 0) deps.logger.info({ queued }, "demo class reminders queued");
    }),
    handleJob(waitlistClosedJob, (mail) => sendStaffCancellation(deps, mail, "waitlist.closedMail")),
    handleJob(waitlistJoinedJob, (mail) => sendWaitlistJoined(deps, mail)),
    handleJob(waitlistOfferJob, (mail) => sendWaitlistOffer(deps, mail)),
    handleJob(waitlistExpirySweepJob, async () => {
      const ended = await sweepExpiredOffers(deps.db);
      if (ended > 0) deps.logger.info({ ended }, "waitlist offers ran out and passed on");
    }),
  ],
  periodic: [
    { job: bookingReminderSweepJob, everyMs: REMINDER_SWEEP_EVERY_MS },
    { job: waitlistExpirySweepJob, everyMs: WAITLIST_SWEEP_EVERY_MS },
  ],
  seed: seedDemoSlots,
});
