import type { Kysely } from "kysely";
import { oneOf, withId } from "~server/db/portable";

/**
 * Web Push (issue 45, decision 131): each browser's subscription (its push service endpoint and
 * keys, the guardian it belongs to, by e-mail as messaging keys families), each guardian's choice
 * per category (a row only for a category turned off), and the notifications, one row per event
 * and guardian (a UNIQUE key, so two instances notifying one event store one row).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable("push_subscriptions"))
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("endpoint", "text", (c) => c.notNull().unique())
    .addColumn("p256dh", "text", (c) => c.notNull())
    .addColumn("auth", "text", (c) => c.notNull())
    .addColumn("lang", "text", (c) =>
      c
        .notNull()
        .defaultTo("en")
        .check(oneOf("lang", ["en", "ar"])),
    )
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("push_subscriptions_email").on("push_subscriptions").column("email").execute();
  await withId(db, db.schema.createTable("push_choices"))
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("category", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addUniqueConstraint("push_choices_email_category", ["email", "category"])
    .execute();
  await withId(db, db.schema.createTable("push_notifications"))
    .addColumn("key", "text", (c) => c.notNull().unique())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("category", "text", (c) => c.notNull())
    .addColumn("texts", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("queued")
        .check(oneOf("status", ["queued", "sent"])),
    )
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("push_notifications_email").on("push_notifications").columns(["email", "created_at"]).execute();
}
