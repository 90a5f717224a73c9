import { sql, type Kysely } from "kysely";
import { isPostgres } from "~server/db/db";

/**
 * A course's catalogue price may have its currency's decimals (KWD 12.345; issue 38 part 2), so
 * `courses.price` and `original_price` hold a major-unit number with up to 3 decimals. PostgreSQL's
 * integer column becomes double precision (read as a JS number, exact to far more than 3 decimals
 * at catalogue sizes; billing turns it into integer minor units with toMinor). SQLite's integer
 * affinity already keeps such a value as REAL: nothing to change there.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`alter table courses alter column price type double precision`.execute(db);
  await sql`alter table courses alter column original_price type double precision`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`alter table courses alter column price type integer using round(price)::integer`.execute(db);
  await sql`alter table courses alter column original_price type integer using round(original_price)::integer`.execute(db);
}
