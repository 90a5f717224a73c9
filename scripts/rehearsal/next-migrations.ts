import type { Kysely, Migration } from "kysely";
import { migrations as released } from "~server/db/migrations";

/**
 * The "newer release" of `npm run rehearse:deploy`: the released migrations plus one expand-only
 * migration (a nullable column and a new table: nothing the running release reads or writes
 * changes). scripts/rehearsal/next-build.ts compiles a second server build in which
 * server/db/migrate.ts imports this list instead of server/db/migrations, so the rehearsal rolls
 * onto a real build that differs by one migration, and the old build keeps serving on the new
 * schema until it is drained. Never part of the shipped build.
 */
export const REHEARSAL_MIGRATION = "2099-01-01-00-rehearsal-expand";

export const migrations: Record<string, Migration> = {
  ...released,
  [REHEARSAL_MIGRATION]: {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("demo_bookings").addColumn("rehearsal_channel", "text").execute();
      await db.schema
        .createTable("rehearsal_releases")
        .addColumn("name", "text", (c) => c.primaryKey())
        .addColumn("released_at", "text", (c) => c.notNull())
        .execute();
    },
  },
};
