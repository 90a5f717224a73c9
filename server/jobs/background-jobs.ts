import type { Config } from "../config";
import type { DB } from "../db/db";
import { mailFailures } from "../http/metrics";
import type { Logger } from "../logger";
import { deliverQueuedMail, MAIL_JOB } from "../mail/mail-queue";
import { purgeExpired } from "./purge";
import { startJobWorker, type JobWorker, type WorkerOptions } from "./worker";

export const PURGE_JOB = "purge";

/**
 * Starts this process's worker for every kind of background job: e-mail delivery and the daily
 * purge. Each instance runs one; the jobs table makes sure a job runs once across instances.
 */
export function startBackgroundJobs(deps: { config: Config; db: DB; logger: Logger }, options: Omit<WorkerOptions, "daily"> & { dailyJobs?: boolean } = {}): JobWorker {
  return startJobWorker(
    deps,
    {
      [MAIL_JOB]: (payload) => deliverQueuedMail(deps, payload),
      [PURGE_JOB]: async () => {
        deps.logger.info({ deleted: await purgeExpired(deps.db) }, "daily purge");
      },
    },
    {
      ...options,
      daily: options.dailyJobs === false ? [] : [{ kind: PURGE_JOB }],
      onOutcome: (kind, outcome) => {
        if (kind === MAIL_JOB && outcome !== "done") mailFailures.inc({ result: outcome });
      },
    },
  );
}
