import { EventEmitter } from "node:events";
import { sql } from "kysely";
import type { z } from "zod";
import type { DB } from "~server/db/db";
import type { JobStatus } from "~server/db/schema";
import { fromDbJson, nowIso, toDbJson } from "~server/db/values";
import type { Job, JobDefinition } from "./job";

export interface EnqueueOptions {
  /** Defaults to now. */
  runAt?: Date;
  /** Tries before the job is given up as dead; default 8 (about four hours of backoff). */
  maxAttempts?: number;
  /** At most one job with this key ever exists (periodic jobs: "purge:2026-11-23"). */
  uniqueKey?: string;
}

/** Says "queued" after each enqueue, so this process's worker can look at once instead of at its next poll. */
export const jobEvents = new EventEmitter().setMaxListeners(0);

/**
 * Adds a job of a defined kind with a payload its schema accepts (checked when compiling, and
 * parsed here, so a job that could not run is refused where it is queued). Pass the transaction
 * that writes the record the job belongs to, so both commit or neither does. Returns false when a
 * job with the same unique key already exists.
 */
export async function enqueue<S extends z.ZodType>(db: DB, job: JobDefinition<S>, payload: z.input<S>, options: EnqueueOptions = {}): Promise<boolean> {
  const now = nowIso();
  const row = await db
    .insertInto("jobs")
    .values({
      kind: job.kind,
      payload: toDbJson(job.payload.parse(payload)),
      status: "queued",
      attempts: 0,
      max_attempts: options.maxAttempts ?? 8,
      run_at: (options.runAt ?? new Date()).toISOString(),
      locked_by: null,
      locked_until: null,
      last_error: null,
      unique_key: options.uniqueKey ?? null,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column("unique_key").doNothing())
    .returning("id")
    .executeTakeFirst();
  if (row) jobEvents.emit("queued");
  return row !== undefined;
}

/**
 * Claims the next due job for this worker: a queued job whose time has come, or a running one
 * whose worker's lease ran out (it died). The claim is a conditional UPDATE on the row's current
 * state, so when two workers pick the same row only one update matches; the other moves on.
 * Only jobs of the given kinds (those the worker has handlers for).
 */
export async function claimNext(db: DB, workerId: string, leaseMs: number, kinds: readonly string[]): Promise<Job | null> {
  if (kinds.length === 0) return null;
  for (let tries = 0; tries < 5; tries++) {
    const now = nowIso();
    const candidate = await db
      .selectFrom("jobs")
      .select(["id", "status", "attempts"])
      .where("kind", "in", kinds)
      .where((eb) =>
        eb.or([eb.and([eb("status", "=", "queued"), eb("run_at", "<=", now)]), eb.and([eb("status", "=", "running"), eb("locked_until", "<", now)])]),
      )
      .orderBy("run_at")
      .orderBy("id")
      .limit(1)
      .executeTakeFirst();
    if (!candidate) return null;
    const claimed = await db
      .updateTable("jobs")
      .set({
        status: "running",
        locked_by: workerId,
        locked_until: new Date(Date.now() + leaseMs).toISOString(),
        attempts: candidate.attempts + 1,
        updated_at: now,
      })
      .where("id", "=", candidate.id)
      .where("status", "=", candidate.status)
      .where("attempts", "=", candidate.attempts)
      .returning(["id", "kind", "payload", "attempts", "max_attempts"])
      .executeTakeFirst();
    if (claimed)
      return { id: claimed.id, kind: claimed.kind, payload: fromDbJson(claimed.payload, null), attempts: claimed.attempts, maxAttempts: claimed.max_attempts };
  }
  return null;
}

/** Keeps a running job this worker's for another lease (while its handler still runs). */
export async function renewLease(db: DB, job: Job, workerId: string, leaseMs: number): Promise<void> {
  await db
    .updateTable("jobs")
    .set({ locked_until: new Date(Date.now() + leaseMs).toISOString() })
    .where("id", "=", job.id)
    .where("locked_by", "=", workerId)
    .where("status", "=", "running")
    .execute();
}

export async function completeJob(db: DB, job: Job, workerId: string): Promise<void> {
  await db
    .updateTable("jobs")
    .set({ status: "done", locked_by: null, locked_until: null, last_error: null, updated_at: nowIso() })
    .where("id", "=", job.id)
    .where("locked_by", "=", workerId)
    .execute();
}

/** Wait before retry n (1-based): 30 s, 1 min, 2 min, ... at most an hour. */
export function backoffMs(attempt: number): number {
  return Math.min(30_000 * 2 ** (attempt - 1), 60 * 60_000);
}

/** Records a failure: back to the queue after the backoff, or dead after the last attempt. */
export async function failJob(db: DB, job: Job, workerId: string, error: unknown): Promise<JobStatus> {
  const dead = job.attempts >= job.maxAttempts;
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
  await db
    .updateTable("jobs")
    .set({
      status: dead ? "dead" : "queued",
      run_at: new Date(Date.now() + (dead ? 0 : backoffMs(job.attempts))).toISOString(),
      locked_by: null,
      locked_until: null,
      last_error: message,
      updated_at: nowIso(),
    })
    .where("id", "=", job.id)
    .where("locked_by", "=", workerId)
    .execute();
  return dead ? "dead" : "queued";
}

/** How many jobs are in each state (the dashboard and /metrics). */
export async function jobCounts(db: DB): Promise<Record<JobStatus, number>> {
  const rows = await db
    .selectFrom("jobs")
    .select(["status", sql<number>`count(*)`.as("n")])
    .groupBy("status")
    .execute();
  const counts: Record<JobStatus, number> = { queued: 0, running: 0, done: 0, dead: 0 };
  for (const row of rows) counts[row.status] = Number(row.n);
  return counts;
}

/** The newest jobs that were given up, for staff. */
export async function deadJobs(db: DB, limit = 10) {
  const rows = await db
    .selectFrom("jobs")
    .select(["id", "kind", "payload", "attempts", "last_error", "updated_at"])
    .where("status", "=", "dead")
    .orderBy("updated_at", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    payload: fromDbJson<unknown>(row.payload, null),
    attempts: row.attempts,
    lastError: row.last_error ?? "",
    failedAt: row.updated_at,
  }));
}

/** Deletes a job while it still has this status (erasure drops a family's queued or dead mail, issue 39). */
export async function dropJob(db: DB, id: number, status: JobStatus): Promise<void> {
  await db.deleteFrom("jobs").where("id", "=", id).where("status", "=", status).execute();
}

/** Replaces a job's stored payload text (erasure blanks the personal data a kept job carries). */
export async function replaceJobPayload(db: DB, id: number, payload: string, now = nowIso()): Promise<void> {
  await db.updateTable("jobs").set({ payload, updated_at: now }).where("id", "=", id).execute();
}

/** The jobs whose payload contains one of these texts (lower case, compared with the payload lower-cased): an erasure finds a family's queued mail. */
export function jobsMentioning(db: DB, texts: readonly string[]) {
  const escape = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);
  return db
    .selectFrom("jobs")
    .select(["id", "payload", "status"])
    .where((eb) => eb.or(texts.map((text) => sql<boolean>`lower(${sql.ref("payload")}) like ${`%${escape(text)}%`} escape ${"\\"}`)))
    .execute();
}
