import type { Kysely } from "kysely";
import { oneOf, withId } from "~server/db/portable";

/**
 * Guardians (issue 45 item 3, decision 139): the primary guardian (the account that holds the
 * family's records) invites others by e-mail with a role. One row per invitation: pending while
 * `user_id` is null (the link's token kept only as its SHA-256 in `token_hash`), a guardian once an
 * account accepted it (then the hash is cleared, so the link is spent). An account is a guardian of
 * at most one family (`user_id` UNIQUE), which also makes two acceptances of one link link once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable("family_guardians"))
    .addColumn("family_user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("cascade").unique())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("role", "text", (c) => c.notNull())
    .addColumn("token_hash", "text", (c) => c.unique())
    .addColumn("ref", "text", (c) => c.notNull().unique())
    .addColumn("lang", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("accepted_at", "text")
    .addCheckConstraint("family_guardians_role", oneOf("role", ["parent", "payer", "pickup", "viewer"]))
    .execute();
  await db.schema.createIndex("family_guardians_family").on("family_guardians").column("family_user_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("family_guardians").execute();
}
