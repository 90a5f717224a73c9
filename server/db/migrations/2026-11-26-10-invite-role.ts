import { randomBytes } from "node:crypto";
import { sql, type Kysely } from "kysely";
import { oneOf } from "~server/db/portable";

/**
 * Invitations carry the role they grant (admin or editor) and a public reference `ref` by which
 * staff list and revoke them (issue 25): the row's id is the token's hash, which stays out of URLs.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("staff_invites")
    .addColumn("role", "text", (c) =>
      c
        .notNull()
        .defaultTo("admin")
        .check(oneOf("role", ["admin", "editor"])),
    )
    .execute();
  await db.schema.alterTable("staff_invites").addColumn("ref", "text").execute();
  // Pending invitations are few (a week's worth at most): one update each.
  const rows = await sql<{ id: string }>`select id from staff_invites`.execute(db);
  for (const row of rows.rows) await sql`update staff_invites set ref = ${randomBytes(12).toString("base64url")} where id = ${row.id}`.execute(db);
  await db.schema.createIndex("staff_invites_ref").unique().on("staff_invites").column("ref").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("staff_invites_ref").execute();
  await db.schema.alterTable("staff_invites").dropColumn("ref").execute();
  await db.schema.alterTable("staff_invites").dropColumn("role").execute();
}
