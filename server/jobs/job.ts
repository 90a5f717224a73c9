import { z } from "zod";

/**
 * A kind of background job, defined once: its name (the `kind` stored in the jobs table) and the
 * zod schema of its payload (decision 052). `enqueue` takes the definition and a payload the
 * schema's type accepts, so a wrong payload is a compile error; the worker reads the stored payload
 * back through the same schema, so a row written by another version of the code fails as that job's
 * error (and is retried, then shown dead) instead of reaching the handler in the wrong shape.
 * Payloads are stored as JSON: schemas describe plain JSON shapes (no transforms, no dates).
 */
export interface JobDefinition<S extends z.ZodType = z.ZodType> {
  readonly kind: string;
  readonly payload: S;
  /**
   * Claimed before every other due job (a payment's confirmation must not wait behind a queue of
   * mails with PDFs; issue 38). Among themselves, first come first served, as all jobs are.
   */
  readonly urgent?: boolean;
}

/** A job as its handler and the admin screens see it (a row of the jobs table). */
export interface Job {
  id: number;
  kind: string;
  payload: unknown;
  attempts: number;
  maxAttempts: number;
}

const noPayload = z.object({});
/** The payload of a job that carries nothing (periodic and daily jobs). */
export type NoPayload = typeof noPayload;

export function defineJob(kind: string): JobDefinition<NoPayload>;
export function defineJob<S extends z.ZodType>(kind: string, payload: S, options?: { urgent?: boolean }): JobDefinition<S>;
export function defineJob(kind: string, payload: z.ZodType = noPayload, options: { urgent?: boolean } = {}): JobDefinition {
  return options.urgent ? { kind, payload, urgent: true } : { kind, payload };
}

/** What a job's payload is, as its handler receives it. */
export type PayloadOf<J extends JobDefinition> = z.output<J["payload"]>;

/** A job definition with the function that runs it (the feature's manifest lists these). */
export interface JobHandler<S extends z.ZodType = z.ZodType> {
  readonly job: JobDefinition<S>;
  run(payload: z.output<S>, job: Job): Promise<void>;
}

/** Pairs a job with its handler; the handler's payload type comes from the job's schema. */
export function handleJob<S extends z.ZodType>(job: JobDefinition<S>, run: (payload: z.output<S>, job: Job) => Promise<void>): JobHandler<S> {
  return { job, run };
}

/** A payload-free job added once per period (periods counted from the epoch), whichever instance gets there first. */
export interface PeriodicJob {
  job: JobDefinition<NoPayload>;
  everyMs: number;
}
