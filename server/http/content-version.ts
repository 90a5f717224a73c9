import type { DB } from "~server/db/db";
import { newestAuditId } from "~server/audit/read";

/**
 * The site's content version: the newest audit-log id. Every staff change writes the audit log,
 * so a cache keyed on this version is invalidated on every instance sharing the database. Read
 * at most once a second per process (and again after each write this process answers, so whoever
 * changed something sees it at once); concurrent callers share one query.
 */
export interface ContentVersion {
  (): Promise<string>;
  /** The version when it was read within the last maxAgeMs, without waiting; else undefined. */
  fresh(): string | undefined;
  /** Makes the next call read the database (after a write this instance answered). */
  forget(): void;
}

export function contentVersion(db: DB, maxAgeMs = 1000): ContentVersion {
  let current = { value: "", readAt: -Infinity };
  let reading: Promise<string> | null = null;
  const fresh = () => (Date.now() - current.readAt <= maxAgeMs ? current.value : undefined);
  const version = () => {
    if (Date.now() - current.readAt <= maxAgeMs) return Promise.resolve(current.value);
    reading ??= newestAuditId(db)
      .then((value) => {
        current = { value, readAt: Date.now() };
        return current.value;
      })
      .finally(() => {
        reading = null;
      });
    return reading;
  };
  const forget = () => {
    current = { value: current.value, readAt: -Infinity };
  };
  return Object.assign(version, { fresh, forget });
}
