import { randomBytes } from "node:crypto";
import type { DB } from "~server/db/db";
import type { Logger } from "~server/logger";
import type { JobDefinition, JobHandler, NoPayload, PeriodicJob } from "./job";
import { claimNext, completeJob, enqueue, failJob, jobEvents, renewLease } from "./queue";

export interface WorkerOptions {
  /** How often to look for due jobs. */
  pollMs?: number;
  /**
   * How long a claimed job is this worker's before another may take it over; renewed every third
   * of it while the job runs, so only a dead worker's job (killed, machine gone) is taken over.
   */
  leaseMs?: number;
  /** Payload-free jobs added once a day (the day in UTC), whichever instance gets there first. */
  daily?: readonly JobDefinition<NoPayload>[];
  periodic?: readonly PeriodicJob[];
  /** Runs each job's handler inside a trace span of its kind (server/tracing.ts), when tracing is on. */
  trace?: <T>(kind: string, attempt: number, run: () => Promise<T>) => Promise<T>;
  /** Called after each job's outcome (metrics). */
  onOutcome?: (kind: string, outcome: "done" | "retry" | "dead") => void;
}

export interface JobWorker {
  readonly id: string;
  /** Runs every due job now; resolves with how many ran. */
  runDue(): Promise<number>;
  /** Asks for a run soon (after a job was queued here). */
  nudge(): void;
  /** Stops polling and waits for the job under way. */
  stop(): Promise<void>;
}

const MAX_JOBS_PER_RUN = 50;
/**
 * Short, because it is renewed: a killed instance's payment confirmation is taken over by another
 * (or by the restarted one) within half a minute, not five (seen in the crash test on PostgreSQL:
 * the webhook answered 200, its job claimed, then the kill).
 */
export const JOB_LEASE_MS = 30_000;

/** One handler per kind; every daily and periodic job needs one. Throws at start-up otherwise. */
function handlersByKind(handlers: readonly JobHandler[], options: WorkerOptions): Map<string, JobHandler> {
  const byKind = new Map<string, JobHandler>();
  for (const handler of handlers) {
    if (byKind.has(handler.job.kind)) throw new Error(`Two handlers for the job "${handler.job.kind}".`);
    byKind.set(handler.job.kind, handler);
  }
  for (const job of [...(options.daily ?? []), ...(options.periodic ?? []).map((p) => p.job)]) {
    if (!byKind.has(job.kind)) throw new Error(`The job "${job.kind}" is added on a schedule but has no handler.`);
  }
  return byKind;
}

/** Polls the jobs table and runs what is due with the handler of its kind. */
export function startJobWorker(deps: { db: DB; logger: Logger }, handlers: readonly JobHandler[], options: WorkerOptions = {}): JobWorker {
  const { db, logger } = deps;
  const byKind = handlersByKind(handlers, options);
  const id = `${process.pid}-${randomBytes(4).toString("hex")}`;
  const leaseMs = options.leaseMs ?? JOB_LEASE_MS;
  let running: Promise<number> | null = null;
  let stopped = false;
  let dailyAddedFor = "";
  const kinds = [...byKind.keys()];
  const urgent = kinds.filter((kind) => byKind.get(kind)!.job.urgent);

  async function addDailyJobs() {
    const day = new Date().toISOString().slice(0, 10);
    if (day === dailyAddedFor) return;
    for (const job of options.daily ?? []) await enqueue(db, job, {}, { uniqueKey: `${job.kind}:${day}`, maxAttempts: 3 });
    dailyAddedFor = day;
  }

  // Like the daily jobs: the unique key names the period, so several instances add one row.
  const periodAddedFor = new Map<string, number>();
  async function addPeriodicJobs() {
    for (const { job, everyMs } of options.periodic ?? []) {
      const period = Math.floor(Date.now() / everyMs);
      if (periodAddedFor.get(job.kind) === period) continue;
      await enqueue(db, job, {}, { uniqueKey: `${job.kind}:${new Date(period * everyMs).toISOString()}`, maxAttempts: 3 });
      periodAddedFor.set(job.kind, period);
    }
  }

  async function run(): Promise<number> {
    await addDailyJobs();
    await addPeriodicJobs();
    let ran = 0;
    while (!stopped && ran < MAX_JOBS_PER_RUN) {
      // Urgent kinds first (a payment's confirmation before the mail queue), then any due job.
      const job = (urgent.length > 0 ? await claimNext(db, id, leaseMs, urgent) : null) ?? (await claimNext(db, id, leaseMs, kinds));
      if (!job) break;
      ran += 1;
      const handler = byKind.get(job.kind)!;
      const renewal = setInterval(
        () => {
          renewLease(db, job, id, leaseMs).catch((error: unknown) =>
            logger.warn({ job: job.id, err: error instanceof Error ? error.message : String(error) }, "job lease not renewed"),
          );
        },
        Math.max(10, Math.floor(leaseMs / 3)),
      );
      try {
        const attempt = async () => {
          // The stored payload goes through the job's schema: a row in another shape fails here.
          const payload = handler.job.payload.safeParse(job.payload);
          if (!payload.success)
            throw new Error(
              `The payload does not fit the job "${job.kind}": ${payload.error.issues.map((i) => `${i.path.join(".") || "payload"} ${i.message}`).join("; ")}`,
            );
          await handler.run(payload.data, job);
        };
        await (options.trace ? options.trace(job.kind, job.attempts, attempt) : attempt());
        await completeJob(db, job, id);
        options.onOutcome?.(job.kind, "done");
      } catch (error) {
        const status = await failJob(db, job, id, error);
        options.onOutcome?.(job.kind, status === "dead" ? "dead" : "retry");
        logger.warn(
          { job: job.id, kind: job.kind, attempt: job.attempts, err: error instanceof Error ? error.message : String(error) },
          status === "dead" ? "job given up" : "job failed, will retry",
        );
      } finally {
        clearInterval(renewal);
      }
    }
    return ran;
  }

  const runDue = () => {
    running ??= run().finally(() => {
      running = null;
    });
    return running;
  };
  const tick = () => {
    runDue().catch((error: unknown) => logger.error({ err: error instanceof Error ? error.message : String(error) }, "job worker run failed"));
  };
  const timer = setInterval(tick, options.pollMs ?? 1000);
  timer.unref();
  let nudged: NodeJS.Timeout | null = null;
  const nudge = () => {
    // A short delay lets the queuing transaction commit first.
    nudged ??= setTimeout(() => {
      nudged = null;
      if (!stopped) tick();
    }, 20);
  };
  jobEvents.on("queued", nudge);

  return {
    id,
    runDue,
    nudge,
    async stop() {
      stopped = true;
      clearInterval(timer);
      jobEvents.off("queued", nudge);
      if (nudged) clearTimeout(nudged);
      await running?.catch(() => 0);
    },
  };
}
