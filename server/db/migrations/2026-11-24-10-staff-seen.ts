import type { Kysely } from "kysely";

/**
 * When each staff member last opened each list of new arrivals (school enquiries, contact
 * messages, enrollments, brochure requests, demo bookings): what arrived since is "unread" for
 * them, counted in the sidebar (app/features/admin/unread.server.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("staff_seen")
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("area", "text", (c) => c.notNull())
    .addColumn("seen_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("staff_seen_pk", ["user_id", "area"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("staff_seen").execute();
}
