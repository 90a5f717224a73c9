import { sql, type CreateTableBuilder, type Kysely } from "kysely";
import { isPostgres } from "./db";

/**
 * Schema-building helpers for migrations that run unchanged on SQLite and PostgreSQL.
 * Column conventions: see server/db/values.ts.
 */
export function withId<T extends string>(
  db: Kysely<unknown>,
  table: CreateTableBuilder<T, never>,
): CreateTableBuilder<T, "id"> {
  return isPostgres(db)
    ? table.addColumn("id", "serial", (c) => c.primaryKey())
    : table.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());
}

/** created_at / updated_at as ISO text, filled by the application (values.ts nowIso). */
export function withTimestamps<T extends string, C extends string>(
  table: CreateTableBuilder<T, C>,
): CreateTableBuilder<T, C | "created_at" | "updated_at"> {
  return table
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull());
}

/** A CHECK expression limiting a text column to a fixed set of values. */
export function oneOf(column: string, values: readonly string[]) {
  return sql`${sql.ref(column)} in (${sql.join(values.map((v) => sql.lit(v)))})`;
}
