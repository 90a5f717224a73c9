import type { Kysely } from "kysely";
import { oneOf, withId, withTimestamps } from "~server/db/portable";

/**
 * Consent forms and pickups (issue 30 part 4, decision 078). A form (media release, medical and
 * allergy information, liability, authorised pickup people) has numbered versions; an answer points
 * at the version it was given to, forever. Children are known by the parent's e-mail and the child's
 * name key (as section enrolments are, decision 059). Pickup people hang off their answer, the PIN
 * kept only as a keyed hash. Reminder links keep only their token's hash; camp check-outs are rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withTimestamps(
    withId(db, db.schema.createTable("consent_forms"))
      .addColumn("kind", "text", (c) => c.notNull().check(oneOf("kind", ["media", "medical", "liability", "pickup"])))
      .addColumn("required", "integer", (c) => c.notNull().defaultTo(1))
      .addColumn("active", "integer", (c) => c.notNull().defaultTo(1))
      .addColumn("current_version", "integer", (c) => c.notNull().defaultTo(1)),
  ).execute();
  await withId(db, db.schema.createTable("consent_versions"))
    .addColumn("form_id", "integer", (c) => c.notNull().references("consent_forms.id").onDelete("cascade"))
    .addColumn("version", "integer", (c) => c.notNull())
    .addColumn("title_en", "text", (c) => c.notNull())
    .addColumn("title_ar", "text", (c) => c.notNull())
    .addColumn("body_en", "text", (c) => c.notNull())
    .addColumn("body_ar", "text", (c) => c.notNull())
    .addColumn("created_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addUniqueConstraint("consent_versions_one_number", ["form_id", "version"])
    .execute();
  await withId(db, db.schema.createTable("consent_answers"))
    .addColumn("version_id", "integer", (c) => c.notNull().references("consent_versions.id"))
    .addColumn("form_id", "integer", (c) => c.notNull().references("consent_forms.id").onDelete("cascade"))
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("child_key", "text", (c) => c.notNull())
    .addColumn("child_name", "text", (c) => c.notNull())
    .addColumn("signer_name", "text", (c) => c.notNull())
    .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("lang", "text", (c) => c.notNull().check(oneOf("lang", ["en", "ar"])))
    .addColumn("agreed", "integer", (c) => c.notNull())
    .addColumn("allergies", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("medical", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("enrolment_id", "integer", (c) => c.references("section_enrolments.id").onDelete("set null"))
    .addColumn("enrollment_id", "integer", (c) => c.references("enrollments.id").onDelete("set null"))
    .addColumn("signed_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("consent_answers_child").on("consent_answers").columns(["email", "child_key", "version_id"]).execute();
  await db.schema.createIndex("consent_answers_user").on("consent_answers").column("user_id").execute();
  await withId(db, db.schema.createTable("consent_pickups"))
    .addColumn("answer_id", "integer", (c) => c.notNull().references("consent_answers.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("pin_hash", "text")
    .execute();
  await db.schema.createIndex("consent_pickups_answer").on("consent_pickups").column("answer_id").execute();
  await withId(db, db.schema.createTable("consent_links"))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("lang", "text", (c) => c.notNull().check(oneOf("lang", ["en", "ar"])))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
  await withId(db, db.schema.createTable("camp_checkouts"))
    .addColumn("enrollment_id", "integer", (c) => c.notNull().references("enrollments.id").onDelete("cascade"))
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("pickup_id", "integer", (c) => c.references("consent_pickups.id").onDelete("set null"))
    .addColumn("collected_by", "text", (c) => c.notNull())
    .addColumn("recorded_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addUniqueConstraint("camp_checkouts_one_per_day", ["enrollment_id", "day"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["camp_checkouts", "consent_links", "consent_pickups", "consent_answers", "consent_versions", "consent_forms"])
    await db.schema.dropTable(table).execute();
}
