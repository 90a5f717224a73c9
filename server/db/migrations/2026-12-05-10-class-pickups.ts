import type { Kysely } from "kysely";
import { withId } from "~server/db/portable";

/**
 * Pickup at every class (issue 45 item 4, decision 142).
 *
 * - class_pickups: who collected a child from one class meeting, recorded once (unique per meeting
 *   and child, so two scans at once store one): the guardian whose pickup pass was shown, or the
 *   person of the family's consent pickup list whose PIN was given; their name as shown then, and
 *   the member of staff who handed the child over.
 * - pickup_photos: a collector's photo (a guardian's own, or a consent pickup person's, added by the
 *   family), the media pipeline's copies in the private store; `family_user_id` is the primary
 *   guardian of the family it belongs to (who may see it is decided from that, per request).
 * - late_pickup_alerts: a child not collected after a class, claimed by inserting this row
 *   (unique), so several instances alert staff once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable("class_pickups"))
    .addColumn("meeting_id", "integer", (c) => c.notNull().references("section_meetings.id").onDelete("cascade"))
    .addColumn("enrolment_id", "integer", (c) => c.notNull().references("section_enrolments.id").onDelete("cascade"))
    .addColumn("guardian_user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("pickup_id", "integer", (c) => c.references("consent_pickups.id").onDelete("set null"))
    .addColumn("collected_by", "text", (c) => c.notNull())
    .addColumn("recorded_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addUniqueConstraint("class_pickups_once", ["meeting_id", "enrolment_id"])
    .execute();
  await withId(db, db.schema.createTable("pickup_photos"))
    .addColumn("family_user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("cascade").unique())
    .addColumn("pickup_id", "integer", (c) => c.references("consent_pickups.id").onDelete("cascade").unique())
    .addColumn("upload", "text", (c) => c.notNull())
    .addColumn("widths", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await withId(db, db.schema.createTable("late_pickup_alerts"))
    .addColumn("meeting_id", "integer", (c) => c.notNull().references("section_meetings.id").onDelete("cascade"))
    .addColumn("enrolment_id", "integer", (c) => c.notNull().references("section_enrolments.id").onDelete("cascade"))
    .addColumn("alerted_at", "text", (c) => c.notNull())
    .addUniqueConstraint("late_pickup_alerts_once", ["meeting_id", "enrolment_id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["late_pickup_alerts", "pickup_photos", "class_pickups"]) await db.schema.dropTable(table).execute();
}
