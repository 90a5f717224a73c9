import type { Router } from "express";
import type { DB, Trx } from "./db/db";
import type { Database } from "./db/schema";
import type { EndpointDeps } from "./http/endpoint";
import type { JobHandler, PeriodicJob } from "./jobs/job";
import type { MailDefinition } from "./mail/mail-queue";

/**
 * What a feature gives the process, in one export per feature (`<feature>.manifest.server.ts`,
 * decision 052): the registry (server/features.ts) is the list of these, and the app, the worker and
 * the seed read them from there. Everything is optional; a feature lists only what it has.
 */
export interface FeatureManifest {
  /** For error messages. */
  name: string;
  /** The feature's JSON API routers, mounted in the order of the registry, then of this list. */
  routers?: (deps: EndpointDeps) => Router[];
  /** The handlers of the jobs the feature queues (one per job kind across the process). */
  jobs?: (deps: EndpointDeps) => JobHandler[];
  /** Payload-free jobs added once per period; each needs a handler in `jobs`. */
  periodic?: readonly PeriodicJob[];
  /** The mails the feature queues with `queueMail` (`defineMail`, decisions 053 and 118); a name is one mail across the process. */
  mails?: readonly MailDefinition[];
  /**
   * Handlers of another feature's domain events, run inside the transaction that emits them
   * (decision 100: billing, discounts, mail and waitlists follow an enrolment's life this way, so
   * the enrolments feature imports none of them).
   */
  subscribers?: readonly DomainSubscriber[];
  /**
   * The tables the feature owns (decision 145): only its modules write them, others call its
   * functions. Declared in the feature's side-effect-free `tables.ts`, which the lint reads alone.
   */
  owns?: readonly (keyof Database)[];
  /** The feature's part of the daily purge (server/jobs/purge.ts): deletes its spent rows, returns how many per kind. */
  purge?: (db: DB, now: Date) => Promise<Record<string, number>>;
  /** Starter data, added at start-up (and in tests) after the content tables are seeded. */
  seed?: (db: DB) => Promise<void>;
}

/** Declares a feature's manifest (the type checks it; nothing else happens). */
export function defineFeature(manifest: FeatureManifest): FeatureManifest {
  return manifest;
}

/** A feature's handler of one topic's events (`topic`: the emitting feature, e.g. "enrolment"). */
export interface DomainSubscriber<E extends { type: string } = { type: string }> {
  /** For error messages and the order of handlers (the registry's order). */
  name: string;
  topic: string;
  handle(trx: Trx, event: E): Promise<void>;
}
