import type { Config } from "~server/config";
import type { DB } from "~server/db/db";
import { mailFailures } from "~server/http/metrics";
import type { Logger } from "~server/logger";
import { deliverQueuedMail, MAIL_JOB } from "~server/mail/mail-queue";
import { removeUnreferencedUploads } from "~server/storage/orphan-uploads";
import { createMediaStorage } from "~server/storage/storage";
import { featureJobs, featureMailTemplates, featurePeriodicJobs } from "~server/features";
import { purgeExpired } from "./purge";
import { startJobWorker, type JobWorker, type WorkerOptions } from "./worker";

const PURGE_JOB = "purge";
const UPLOADS_CLEANUP_JOB = "uploads-cleanup";

/**
 * Starts this process's worker for every kind of background job: e-mail delivery (queued mails,
 * and the booking and enrollment confirmations, built from their record when sent), the daily
 * purge and the daily clean-up of unreferenced uploads, and the features' periodic jobs (the
 * demo class reminder sweep). Each instance runs one; the jobs table makes sure a job runs once across instances.
 */
export function startBackgroundJobs(
  deps: { config: Config; db: DB; logger: Logger },
  options: Omit<WorkerOptions, "daily" | "periodic"> & { dailyJobs?: boolean; periodicJobs?: boolean } = {},
): JobWorker {
  return startJobWorker(
    deps,
    {
      [MAIL_JOB]: (payload) => deliverQueuedMail(deps, featureMailTemplates, payload),
      ...featureJobs(deps),
      [PURGE_JOB]: async () => {
        deps.logger.info({ deleted: await purgeExpired(deps.db) }, "daily purge");
      },
      [UPLOADS_CLEANUP_JOB]: async () => {
        const removed = await removeUnreferencedUploads(deps.db, createMediaStorage(deps.config));
        deps.logger.info({ removed: removed.length }, "daily clean-up of unreferenced uploads");
      },
    },
    {
      ...options,
      daily: options.dailyJobs === false ? [] : [{ kind: PURGE_JOB }, { kind: UPLOADS_CLEANUP_JOB }],
      periodic: options.periodicJobs === false ? [] : featurePeriodicJobs,
      onOutcome: (kind, outcome) => {
        if (kind === MAIL_JOB && outcome !== "done") mailFailures.inc({ result: outcome });
      },
    },
  );
}
