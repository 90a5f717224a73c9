import { defineFeature } from "~server/feature-manifest";
import { consentApi } from "./consent.api";
import { CONSENT_REMINDER_MAIL, consentReminderMail } from "./consent-missing.server";

/** Consent forms, pickups and camp check-out (issue 30 part 4, decision 078). */
export const consentManifest = defineFeature({
  name: "consent",
  routers: (deps) => [consentApi(deps)],
  mailTemplates: { [CONSENT_REMINDER_MAIL]: consentReminderMail },
});
