import { defineFeature } from "~server/feature-manifest";
import { ENROLMENT_MAIL, SECTION_CANCELLED_MAIL, enrolmentMail, sectionCancelledMail } from "./enrolment-mail.server";
import { sectionsApi } from "./sections.api";
import { seedSections } from "./seed-sections.server";

/** Course sections and enrolments (issue 29): their API, their e-mails and the starter sections (decision 052). */
export const sectionsManifest = defineFeature({
  name: "sections",
  routers: (deps) => [sectionsApi(deps)],
  mailTemplates: { [ENROLMENT_MAIL]: enrolmentMail, [SECTION_CANCELLED_MAIL]: sectionCancelledMail },
  seed: seedSections,
});
