import type { Kysely } from "kysely";
import { oneOf, withId } from "~server/db/portable";

/**
 * Automations (issue 43 item 5, decision 140): each automation's switch, days and throttle
 * (`messaging_automations`, one row per automation once staff saved it; defaults until then); the
 * audit trail, one row per automation and event (UNIQUE: the event is handled once across
 * instances) with what came of it and the message it queued; and the throttle, one row per
 * automation and family holding the last send, claimed by a conditional upsert.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("messaging_automations")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("enabled", "integer", (c) => c.notNull())
    .addColumn("days", "integer", (c) => c.notNull())
    .addColumn("throttle_days", "integer", (c) => c.notNull())
    .addColumn("updated_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await withId(db, db.schema.createTable("messaging_automation_events"))
    .addColumn("automation", "text", (c) => c.notNull())
    .addColumn("event", "text", (c) => c.notNull())
    // The booking, invoice, waitlist entry or attendance mark the event is about (its conversion is looked up by it).
    .addColumn("subject_id", "integer", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("outcome", "text", (c) => c.notNull().check(oneOf("outcome", ["sent", "throttled", "no_consent", "no_channel"])))
    .addColumn("message_id", "integer", (c) => c.references("messages.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addUniqueConstraint("messaging_automation_events_event", ["automation", "event"])
    .execute();
  await db.schema.createIndex("messaging_automation_events_recent").on("messaging_automation_events").columns(["automation", "created_at"]).execute();
  await db.schema
    .createTable("messaging_automation_throttle")
    .addColumn("automation", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("last_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("messaging_automation_throttle_pk", ["automation", "email"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("messaging_automation_throttle").execute();
  await db.schema.dropIndex("messaging_automation_events_recent").execute();
  await db.schema.dropTable("messaging_automation_events").execute();
  await db.schema.dropTable("messaging_automations").execute();
}
