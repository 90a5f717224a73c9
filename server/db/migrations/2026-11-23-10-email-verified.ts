import { sql, type Kysely } from "kysely";

/**
 * When the account's e-mail was proven to belong to its holder (Google sign-in, an e-mailed
 * reset link, or the operator creating a staff account); null while it never was. Decision 013.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").addColumn("email_verified_at", "text").execute();
  // Google already proved the e-mail of every account that signed in with it.
  await sql`update users set email_verified_at = updated_at where google_sub is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").dropColumn("email_verified_at").execute();
}
