import { sql, type Kysely } from "kysely";
import { isPostgres } from "~server/db/db";

/**
 * Decision 158: a token per cached table, changed by a trigger on every write to it, so a process
 * can keep the table's rows in memory and ask only "did it change?" (one short row) on each request.
 * The database changes the token itself, so a write from anywhere (another instance, a test, psql)
 * is seen by the next read. A token is random, not a counter: a value from a rolled-back write or a
 * restored backup is never met again, so an equal token always means the same rows.
 */
export const VERSIONED_TABLES = ["site_settings", "courses"] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("data_versions")
    .addColumn("name", "text", (col) => col.primaryKey())
    .addColumn("token", "text", (col) => col.notNull())
    .execute();
  for (const table of VERSIONED_TABLES) await sql`insert into data_versions (name, token) values (${table}, 'initial')`.execute(db);
  if (isPostgres(db)) {
    // One function for every table: TG_TABLE_NAME names the row to change. Statement-level, so a
    // bulk write changes the token once; TRUNCATE too (tests empty tables with it).
    await sql
      .raw(
        `create function data_version_changed() returns trigger language plpgsql as $$
        begin
          update data_versions set token = gen_random_uuid()::text where name = TG_TABLE_NAME;
          return null;
        end $$`,
      )
      .execute(db);
    for (const table of VERSIONED_TABLES)
      await sql
        .raw(
          `create trigger ${table}_data_version after insert or update or delete or truncate on ${table} for each statement execute function data_version_changed()`,
        )
        .execute(db);
    return;
  }
  // SQLite has row triggers only, one per kind of write.
  for (const table of VERSIONED_TABLES)
    for (const event of ["insert", "update", "delete"])
      await sql
        .raw(
          `create trigger ${table}_data_version_${event} after ${event} on ${table} begin update data_versions set token = lower(hex(randomblob(16))) where name = '${table}'; end`,
        )
        .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    for (const table of VERSIONED_TABLES) await sql.raw(`drop trigger ${table}_data_version on ${table}`).execute(db);
    await sql.raw("drop function data_version_changed()").execute(db);
  } else {
    for (const table of VERSIONED_TABLES)
      for (const event of ["insert", "update", "delete"]) await sql.raw(`drop trigger ${table}_data_version_${event}`).execute(db);
  }
  await db.schema.dropTable("data_versions").execute();
}
