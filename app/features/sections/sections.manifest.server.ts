import { defineFeature } from "~server/feature-manifest";
import { handleJob } from "~server/jobs/job";
import { WAITLIST_SWEEP_EVERY_MS } from "~/features/booking/waitlist.server";
import { enrolmentMail, sectionCancelledMail, sectionDroppedMail, sectionMovedMail } from "./enrolment-mail.server";
import { enrolmentChangesApi } from "./enrolment-changes.api";
import { sectionsEnrolmentSubscriber } from "./enrolment-events.server";
import { sectionOfferMail } from "./section-waitlist-mail.server";
import { sectionWaitlistSweepJob, sweepSectionOffers } from "./section-waitlist.server";
import { meetingCancelledMail, meetingMovedMail } from "./meeting-mail.server";
import { sectionsApi } from "./sections.api";
import { sectionsStaffApi } from "./sections-staff.api";
import { seedSections } from "./seed-sections.server";
import { owns } from "./tables";

/** Course sections and enrolments (issue 29): their API, their waitlist, moves and drops, their e-mails and the starter sections (decision 052). */
export const sectionsManifest = defineFeature({
  name: "sections",
  owns,
  routers: (deps) => [sectionsApi(deps), sectionsStaffApi(deps), enrolmentChangesApi(deps)],
  mails: [enrolmentMail, sectionCancelledMail, sectionMovedMail, sectionDroppedMail, sectionOfferMail, meetingCancelledMail, meetingMovedMail],
  jobs: (deps) => [
    handleJob(sectionWaitlistSweepJob, async () => {
      const ended = await sweepSectionOffers(deps.db);
      if (ended > 0) deps.logger.info({ ended }, "section waitlist offers ran out and passed on");
    }),
  ],
  periodic: [{ job: sectionWaitlistSweepJob, everyMs: WAITLIST_SWEEP_EVERY_MS }],
  subscribers: [sectionsEnrolmentSubscriber],
  seed: seedSections,
});
