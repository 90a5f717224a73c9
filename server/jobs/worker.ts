import { randomBytes } from "node:crypto";
import type { DB } from "~server/db/db";
import type { Logger } from "~server/logger";
import { claimNext, completeJob, enqueue, failJob, jobEvents, type Job } from "./queue";

export type JobHandler = (payload: unknown, job: Job) => Promise<void>;

/** A job added once a day (the day in UTC), whichever instance gets there first. */
export interface DailyJob {
  kind: string;
  payload?: unknown;
}

/** A job added once per period (periods counted from the epoch), whichever instance gets there first. */
export interface PeriodicJob {
  kind: string;
  everyMs: number;
}

export interface WorkerOptions {
  /** How often to look for due jobs. */
  pollMs?: number;
  /** How long a claimed job is this worker's before another may take it over. */
  leaseMs?: number;
  daily?: DailyJob[];
  periodic?: PeriodicJob[];
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

/** Polls the jobs table and runs what is due with the handler of its kind. */
export function startJobWorker(deps: { db: DB; logger: Logger }, handlers: Record<string, JobHandler>, options: WorkerOptions = {}): JobWorker {
  const { db, logger } = deps;
  const id = `${process.pid}-${randomBytes(4).toString("hex")}`;
  const leaseMs = options.leaseMs ?? 5 * 60_000;
  let running: Promise<number> | null = null;
  let stopped = false;
  let dailyAddedFor = "";
  const kinds = Object.keys(handlers);

  async function addDailyJobs() {
    const day = new Date().toISOString().slice(0, 10);
    if (day === dailyAddedFor) return;
    for (const job of options.daily ?? []) await enqueue(db, { kind: job.kind, payload: job.payload ?? {}, uniqueKey: `${job.kind}:${day}`, maxAttempts: 3 });
    dailyAddedFor = day;
  }

  // Like the daily jobs: the unique key names the period, so several instances add one row.
  const periodAddedFor = new Map<string, number>();
  async function addPeriodicJobs() {
    for (const job of options.periodic ?? []) {
      const period = Math.floor(Date.now() / job.everyMs);
      if (periodAddedFor.get(job.kind) === period) continue;
      await enqueue(db, { kind: job.kind, payload: {}, uniqueKey: `${job.kind}:${new Date(period * job.everyMs).toISOString()}`, maxAttempts: 3 });
      periodAddedFor.set(job.kind, period);
    }
  }

  async function run(): Promise<number> {
    await addDailyJobs();
    await addPeriodicJobs();
    let ran = 0;
    while (!stopped && ran < MAX_JOBS_PER_RUN) {
      const job = await claimNext(db, id, leaseMs, kinds);
      if (!job) break;
      ran += 1;
      const handler = handlers[job.kind];
      try {
        await handler!(job.payload, job);
        await completeJob(db, job, id);
        options.onOutcome?.(job.kind, "done");
      } catch (error) {
        const status = await failJob(db, job, id, error);
        options.onOutcome?.(job.kind, status === "dead" ? "dead" : "retry");
        logger.warn({ job: job.id, kind: job.kind, attempt: job.attempts, err: error instanceof Error ? error.message : String(error) }, status === "dead" ? "job given up" : "job failed, will retry");
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
