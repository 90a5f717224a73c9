import type { Kysely } from "kysely";
import { oneOf, withId, withTimestamps } from "~server/db/portable";

/**
 * Durable background jobs (server/jobs): e-mail delivery, the daily purge, upload clean-up.
 * A worker claims a job with a conditional UPDATE, so two instances never run one job twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withTimestamps(
    withId(db, db.schema.createTable("jobs"))
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("payload", "text", (c) => c.notNull())
      .addColumn("status", "text", (c) =>
        c
          .notNull()
          .defaultTo("queued")
          .check(oneOf("status", ["queued", "running", "done", "dead"])),
      )
      .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("max_attempts", "integer", (c) => c.notNull())
      .addColumn("run_at", "text", (c) => c.notNull())
      .addColumn("locked_by", "text")
      .addColumn("locked_until", "text")
      .addColumn("last_error", "text")
      // Periodic jobs carry a key such as "purge:2026-11-23", so each instance may try to add
      // today's and only one row exists.
      .addColumn("unique_key", "text", (c) => c.unique()),
  ).execute();
  await db.schema.createIndex("jobs_due").on("jobs").columns(["status", "run_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("jobs").execute();
}
