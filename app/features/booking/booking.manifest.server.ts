import { defineFeature } from "~server/feature-manifest";
import { handleJob } from "~server/jobs/job";
import { bookingApi } from "./booking.api";
import { bookingReminderSweepJob, waitlistExpirySweepJob } from "./booking.jobs.server";
import { bookingConfirmation, bookingReminder, bookingRescheduled, staffCancellation, waitlistClosed } from "./booking-mail.server";
import { bookingFollowup } from "./followup.server";
import { REMINDER_SWEEP_EVERY_MS, sweepDueReminders } from "./reminders.server";
import { seedDemoSlots } from "./seed-slots.server";
import { slotsAdminApi } from "./slots-admin.api";
import { waitlistApi } from "./waitlist.api";
import { waitlistJoined, waitlistOffer } from "./waitlist-mail.server";
import { sweepExpiredOffers, WAITLIST_SWEEP_EVERY_MS } from "./waitlist.server";
import { sweepTrialFollowUps, TRIAL_FOLLOW_UP_EVERY_MS, trialFollowUpJob } from "./trial-follow-up-automation.server";
import { owns } from "./tables";

/** Demo class booking, the waitlist and the staff's slot screens: what the process runs of them (decision 052). */
export const bookingManifest = defineFeature({
  name: "booking",
  owns,
  routers: (deps) => [bookingApi(deps), waitlistApi(deps), slotsAdminApi(deps)],
  // Its e-mails go through the one mail job (decision 118); each is sent once across instances as every job is.
  mails: [bookingConfirmation, staffCancellation, bookingRescheduled, bookingReminder, bookingFollowup, waitlistClosed, waitlistJoined, waitlistOffer],
  jobs: (deps) => [
    handleJob(bookingReminderSweepJob, async () => {
      const queued = await sweepDueReminders(deps.db);
      if (queued > 0) deps.logger.info({ queued }, "demo class reminders queued");
    }),
    handleJob(waitlistExpirySweepJob, async () => {
      const ended = await sweepExpiredOffers(deps.db);
      if (ended > 0) deps.logger.info({ ended }, "waitlist offers ran out and passed on");
    }),
    handleJob(trialFollowUpJob, async () => {
      const sent = await sweepTrialFollowUps(deps.db);
      if (sent > 0) deps.logger.info({ sent }, "trial follow-ups queued");
    }),
  ],
  periodic: [
    { job: bookingReminderSweepJob, everyMs: REMINDER_SWEEP_EVERY_MS },
    { job: waitlistExpirySweepJob, everyMs: WAITLIST_SWEEP_EVERY_MS },
    // The trial follow-up automation (decision 140).
    { job: trialFollowUpJob, everyMs: TRIAL_FOLLOW_UP_EVERY_MS },
  ],
  seed: seedDemoSlots,
});
