import { defineFeature } from "~server/feature-manifest";
import { defineJob, handleJob } from "~server/jobs/job";
import { consentApi } from "./consent.api";
import { consentReminderMail } from "./consent-missing.server";
import { resealChildrenData } from "./children-data.server";
import { owns } from "./tables";

/** Seals children's data written before encryption, or under an older key after a rotation (decision 102). */
const resealJob = defineJob("children-data-reseal");
const RESEAL_EVERY_MS = 10 * 60_000;

/** Consent forms, pickups and camp check-out (issue 30 part 4, decision 078). */
export const consentManifest = defineFeature({
  name: "consent",
  owns,
  routers: (deps) => [consentApi(deps)],
  mails: [consentReminderMail],
  jobs: (deps) => [
    handleJob(resealJob, async () => {
      const done = await resealChildrenData(deps.db);
      if (done.answers + done.pickups + done.unreadable > 0) deps.logger.info(done, "children's data sealed under the current key");
    }),
  ],
  periodic: [{ job: resealJob, everyMs: RESEAL_EVERY_MS }],
});
