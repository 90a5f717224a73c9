import { defineFeature } from "~server/feature-manifest";
import { handleJob } from "~server/jobs/job";
import { instalmentReminderMail } from "./instalment-mail.server";
import { INSTALMENT_REMINDER_SWEEP_EVERY_MS, instalmentReminderSweepJob, sweepInstalmentReminders } from "./instalment-reminders.server";
import { instalmentsApi } from "./instalments.api";

/** Instalments (issue 31 part 4, decision 091): the split API, paying an invoice online, the reminders. */
export const instalmentsManifest = defineFeature({
  name: "instalments",
  routers: (deps) => [instalmentsApi(deps)],
  mails: [instalmentReminderMail],
  jobs: (deps) => [
    handleJob(instalmentReminderSweepJob, async () => {
      const queued = await sweepInstalmentReminders(deps.db);
      if (queued > 0) deps.logger.info({ queued }, "instalment reminders queued");
    }),
  ],
  periodic: [{ job: instalmentReminderSweepJob, everyMs: INSTALMENT_REMINDER_SWEEP_EVERY_MS }],
});
