import { randomBytes } from "node:crypto";
import { sql, type Kysely } from "kysely";

/**
 * Signed-in devices (issue 25): each session keeps a short browser and system name summarised
 * from its User-Agent, the client address last seen, and a public reference `ref` by which its
 * holder ends it. The row's id is derived from the cookie's token and never leaves the server.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ["ref", "browser", "os", "ip"]) await db.schema.alterTable("sessions").addColumn(column, "text").execute();
  const rows = await sql<{ id: string }>`select id from sessions`.execute(db);
  for (const row of rows.rows) await sql`update sessions set ref = ${randomBytes(12).toString("base64url")} where id = ${row.id}`.execute(db);
  await db.schema.createIndex("sessions_ref").unique().on("sessions").column("ref").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("sessions_ref").execute();
  for (const column of ["ip", "os", "browser", "ref"]) await db.schema.alterTable("sessions").dropColumn(column).execute();
}
