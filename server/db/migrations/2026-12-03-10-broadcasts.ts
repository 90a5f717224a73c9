import type { Kysely } from "kysely";
import { oneOf, withId, withTimestamps } from "~server/db/portable";

/**
 * Broadcasts (issue 43 item 5, decision 134): staff's message to a group, a course, a camp period
 * or all families, in both languages, now or at a set time. `key` is the form's idempotency key
 * (UNIQUE: a double submit stores one broadcast); each guardian's message is a row of `messages`
 * with `broadcast_id`, so delivery figures are counted from the messages' own statuses.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withTimestamps(
    withId(db, db.schema.createTable("messaging_broadcasts"))
      .addColumn("key", "text", (c) => c.notNull().unique())
      .addColumn("audience", "text", (c) => c.notNull().check(oneOf("audience", ["section", "course", "camp", "all"])))
      .addColumn("audience_id", "integer")
      // A camp period is a camp and one of its batches (the enrolment's session text).
      .addColumn("audience_session", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("category", "text", (c) => c.notNull().check(oneOf("category", ["service", "news"])))
      .addColumn("body_en", "text", (c) => c.notNull())
      .addColumn("body_ar", "text", (c) => c.notNull())
      .addColumn("send_at", "text", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull().check(oneOf("status", ["scheduled", "sent", "cancelled"])))
      .addColumn("recipients", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("estimate_minor", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("estimate_currency", "text", (c) => c.notNull().defaultTo("USD"))
      .addColumn("created_by", "integer", (c) => c.references("users.id").onDelete("set null"))
      .addColumn("sent_at", "text"),
  ).execute();
  await db.schema.createIndex("messaging_broadcasts_send_at").on("messaging_broadcasts").column("send_at").execute();
  await db.schema.alterTable("messages").addColumn("broadcast_id", "integer").execute();
  await db.schema.createIndex("messages_broadcast").on("messages").columns(["broadcast_id", "status"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("messages_broadcast").execute();
  await db.schema.alterTable("messages").dropColumn("broadcast_id").execute();
  await db.schema.dropTable("messaging_broadcasts").execute();
}
