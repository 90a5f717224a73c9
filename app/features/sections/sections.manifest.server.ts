import { defineFeature } from "~server/feature-manifest";
import { ENROLMENT_MAIL, SECTION_CANCELLED_MAIL, enrolmentMail, sectionCancelledMail } from "./enrolment-mail.server";
import { MEETING_CANCELLED_MAIL, MEETING_MOVED_MAIL, meetingCancelledMail, meetingMovedMail } from "./meeting-mail.server";
import { sectionsApi } from "./sections.api";
import { sectionsStaffApi } from "./sections-staff.api";
import { seedSections } from "./seed-sections.server";

/** Course sections and enrolments (issue 29): their API, their e-mails and the starter sections (decision 052). */
export const sectionsManifest = defineFeature({
  name: "sections",
  routers: (deps) => [sectionsApi(deps), sectionsStaffApi(deps)],
  mailTemplates: { [ENROLMENT_MAIL]: enrolmentMail, [SECTION_CANCELLED_MAIL]: sectionCancelledMail, [MEETING_CANCELLED_MAIL]: meetingCancelledMail, [MEETING_MOVED_MAIL]: meetingMovedMail },
  seed: seedSections,
});
