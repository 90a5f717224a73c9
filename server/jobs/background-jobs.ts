import type { EndpointDeps } from "~server/http/endpoint";
import { mailFailures } from "~server/http/metrics";
import { deliverQueuedMail, mailJob } from "~server/mail/mail-queue";
import { installDataKeys } from "~server/security/data-keys";
import { removeUnreferencedUploads } from "~server/storage/orphan-uploads";
import { createMediaStorage } from "~server/storage/storage";
import { featureJobs, featureMails, featurePeriodicJobs, libraryUploads } from "~server/features";
import { defineJob, handleJob } from "./job";
import { purgeExpired } from "./purge";
import { startJobWorker, type JobWorker, type WorkerOptions } from "./worker";

const purgeJob = defineJob("purge");
const uploadsCleanupJob = defineJob("uploads-cleanup");

/**
 * Starts this process's worker for every kind of background job: e-mail delivery (queued mails,
 * and the booking and enrolment confirmations, built from their record when sent), the daily
 * purge and the daily clean-up of unreferenced uploads, and the features' periodic jobs (the
 * demo class reminder sweep). Each instance runs one; the jobs table makes sure a job runs once across instances.
 */
export function startBackgroundJobs(
  deps: EndpointDeps,
  options: Omit<WorkerOptions, "daily" | "periodic"> & { dailyJobs?: boolean; periodicJobs?: boolean } = {},
): JobWorker {
  // A worker without an app in its process (another instance's jobs) still seals and opens
  // children's data (decision 102): the keys come with the config, as createApp installs them.
  installDataKeys(deps.config.dataKeys);
  return startJobWorker(
    deps,
    [
      handleJob(mailJob, (mail) => deliverQueuedMail(deps, featureMails, mail)),
      ...featureJobs(deps),
      handleJob(purgeJob, async () => {
        deps.logger.info({ deleted: await purgeExpired(deps.db) }, "daily purge");
      }),
      handleJob(uploadsCleanupJob, async () => {
        const removed = await removeUnreferencedUploads(deps.db, createMediaStorage(deps.config), { libraryUploads });
        deps.logger.info({ removed: removed.length }, "daily clean-up of unreferenced uploads");
      }),
    ],
    {
      ...options,
      daily: options.dailyJobs === false ? [] : [purgeJob, uploadsCleanupJob],
      periodic: options.periodicJobs === false ? [] : featurePeriodicJobs,
      onOutcome: (kind, outcome) => {
        if (kind === mailJob.kind && outcome !== "done") mailFailures.inc({ result: outcome });
      },
    },
  );
}
