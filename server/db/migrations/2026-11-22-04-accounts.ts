import type { Kysely } from "kysely";
import { oneOf, withId, withTimestamps } from "~server/db/portable";

/** Accounts, their sessions and password-reset tokens. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withTimestamps(
    withId(db, db.schema.createTable("users"))
      .addColumn("username", "text", (c) => c.notNull())
      // Always stored lower-cased, so the unique index is case-insensitive.
      .addColumn("email", "text", (c) => c.notNull().unique())
      // Null for accounts that only ever signed in with Google.
      .addColumn("password_hash", "text")
      .addColumn("contact_number", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("role", "text", (c) =>
        c
          .notNull()
          .defaultTo("user")
          .check(oneOf("role", ["user", "admin"])),
      )
      .addColumn("disabled", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("google_sub", "text", (c) => c.unique()),
  ).execute();

  await db.schema
    .createTable("sessions")
    // HMAC of the cookie's random token: a copy of this table opens no session.
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull().check(oneOf("kind", ["password", "google"])))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("last_seen_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("sessions_user").on("sessions").column("user_id").execute();

  await db.schema
    .createTable("password_resets")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("password_resets").execute();
  await db.schema.dropTable("sessions").execute();
  await db.schema.dropTable("users").execute();
}
