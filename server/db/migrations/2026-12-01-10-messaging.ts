import type { Kysely } from "kysely";
import { oneOf, withId, withTimestamps } from "~server/db/portable";

/**
 * The academy's messaging channel (issue 43, decision 127): each guardian's channel and category
 * choices (by e-mail, the family key) with a log of every choice as shown (text, time, source);
 * staff-editable templates in both languages with their WhatsApp approval; and the messages, one
 * row per event and guardian (a UNIQUE key, so two instances sending one event store one row),
 * outgoing and incoming, with their channel and provider status.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable("messaging_preferences"))
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("phone", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("lang", "text", (c) =>
      c
        .notNull()
        .defaultTo("en")
        .check(oneOf("lang", ["en", "ar"])),
    )
    .addColumn("whatsapp", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("sms", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("email_channel", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("news", "integer", (c) => c.notNull().defaultTo(0))
    // When the guardian last wrote to the academy's WhatsApp number: the 24-hour window.
    .addColumn("last_inbound_at", "text")
    .addColumn("assigned_to", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("messaging_preferences_phone").on("messaging_preferences").column("phone").execute();
  await withId(db, db.schema.createTable("messaging_consents"))
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("choice", "text", (c) => c.notNull())
    .addColumn("granted", "integer", (c) => c.notNull())
    .addColumn("text", "text", (c) => c.notNull())
    .addColumn("lang", "text", (c) => c.notNull().check(oneOf("lang", ["en", "ar"])))
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("messaging_consents_email").on("messaging_consents").columns(["email", "created_at"]).execute();
  await withTimestamps(
    withId(db, db.schema.createTable("messaging_templates"))
      .addColumn("key", "text", (c) => c.notNull().unique())
      .addColumn("category", "text", (c) => c.notNull().check(oneOf("category", ["service", "news"])))
      .addColumn("urgent", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("body_en", "text", (c) => c.notNull())
      .addColumn("body_ar", "text", (c) => c.notNull())
      .addColumn("wa_name", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("wa_language_en", "text", (c) => c.notNull().defaultTo("en"))
      .addColumn("wa_language_ar", "text", (c) => c.notNull().defaultTo("ar"))
      .addColumn("wa_category", "text", (c) =>
        c
          .notNull()
          .defaultTo("utility")
          .check(oneOf("wa_category", ["utility", "marketing"])),
      )
      .addColumn("wa_approved", "integer", (c) => c.notNull().defaultTo(0)),
  ).execute();
  await withTimestamps(
    withId(db, db.schema.createTable("messages"))
      .addColumn("key", "text", (c) => c.notNull().unique())
      .addColumn("direction", "text", (c) => c.notNull().check(oneOf("direction", ["out", "in"])))
      .addColumn("email", "text", (c) => c.notNull())
      .addColumn("template", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("params", "text", (c) => c.notNull().defaultTo("{}"))
      .addColumn("category", "text", (c) => c.notNull().check(oneOf("category", ["service", "news"])))
      .addColumn("urgent", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("body", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("channel", "text", (c) => c.check(oneOf("channel", ["whatsapp", "sms", "email"])))
      .addColumn("status", "text", (c) =>
        c.notNull().check(oneOf("status", ["queued", "held", "sent", "delivered", "read", "failed", "skipped", "dead", "received"])),
      )
      .addColumn("provider_id", "text")
      .addColumn("fallbacks", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("last_error", "text")
      .addColumn("sent_by", "integer", (c) => c.references("users.id").onDelete("set null")),
  ).execute();
  await db.schema.createIndex("messages_email").on("messages").columns(["email", "created_at"]).execute();
  await db.schema.createIndex("messages_provider").on("messages").column("provider_id").execute();
  await db.schema.createIndex("messages_status").on("messages").columns(["status", "updated_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["messages", "messaging_templates", "messaging_consents", "messaging_preferences"]) await db.schema.dropTable(table).execute();
}
