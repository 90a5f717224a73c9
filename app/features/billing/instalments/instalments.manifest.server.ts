import { defineFeature } from "~server/feature-manifest";
import { handleJob } from "~server/jobs/job";
import { instalmentReminderMail } from "./instalment-mail.server";
import { INSTALMENT_REMINDER_SWEEP_EVERY_MS, instalmentReminderSweepJob, sweepInstalmentReminders } from "./instalment-reminders.server";
import { instalmentsApi } from "./instalments.api";
import { sweepUnpaidInvoices, UNPAID_INVOICE_EVERY_MS, unpaidInvoiceJob } from "./unpaid-invoice-automation.server";

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
    handleJob(unpaidInvoiceJob, async () => {
      const sent = await sweepUnpaidInvoices(deps.db);
      if (sent > 0) deps.logger.info({ sent }, "unpaid invoice reminders queued");
    }),
  ],
  periodic: [
    { job: instalmentReminderSweepJob, everyMs: INSTALMENT_REMINDER_SWEEP_EVERY_MS },
    // The unpaid-invoice automation (decision 140).
    { job: unpaidInvoiceJob, everyMs: UNPAID_INVOICE_EVERY_MS },
  ],
});
