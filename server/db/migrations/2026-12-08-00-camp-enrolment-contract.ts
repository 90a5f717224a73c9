import { sql, type Kysely } from "kysely";
import { isPostgres } from "~server/db/db";
import { rebuildTable } from "~server/db/portable";
import { PREVIOUS_COLUMNS, sqliteView } from "./2026-12-06-10-camp-enrolments";
import { CHECKOUT_COLUMNS, COLUMNS, campCheckouts, pgFunction, sqliteTriggers } from "./2026-12-07-00-camp-enrolment-columns";

/**
 * Issue 41 item 5, decisions 152, 156 and 157: the contract of the two renames. The release before
 * this one names only `camp_enrolments` and `camp_enrolment_id`, so what the expands kept for the
 * release before it goes: the view `enrollments` (on SQLite its INSTEAD OF triggers go with it), the
 * triggers that kept each old column equal to its twin (PostgreSQL: and their functions), the old
 * columns' indexes, unique constraint and decision 089's CHECK, then the old columns.
 *
 * PostgreSQL drops the columns in place; `camp_checkouts.camp_enrolment_id` stays NOT NULL, the new
 * unique indexes, constraint and CHECK stay. SQLite drops `invoices` and `consent_answers`' columns
 * in place, but refuses to drop a column that a unique constraint or another column's CHECK names:
 * `certificates` (the CHECK on `kind`) and `camp_checkouts` (its unique constraint) are rebuilt, the
 * latter with `camp_enrolment_id` NOT NULL again and without the CHECK that one of the two is given.
 */
const NEW = "camp_enrolment_id";

/** The old columns' rules, as the billing, camp certificates and consent migrations made them. */
const OLD_INDEXES = [
  `create unique index "invoices_enrollment" on "invoices" ("enrollment_id") where "status" <> 'void'`,
  `create unique index "certificates_one_live_camp" on "certificates" ("camp_enrollment_id") where "revoked_at" is null`,
];
const OLD_CERTIFICATE_CHECK = `(kind = 'section' and camp_enrollment_id is null) or (kind = 'camp' and enrolment_id is null and section_id is null)`;
const CERTIFICATE_CHECK = `(kind = 'section' and ${NEW} is null) or (kind = 'camp' and enrolment_id is null and section_id is null)`;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    // Kysely's transaction: a running instance sees the expanded schema or the contracted one.
    await sql`drop view enrollments`.execute(db);
    for (const { table } of COLUMNS) {
      await sql.raw(`drop trigger ${table}_camp_enrolment_in_step on ${table}`).execute(db);
      await sql.raw(`drop function ${table}_camp_enrolment_in_step()`).execute(db);
    }
    await sql`drop index invoices_enrollment`.execute(db);
    await sql`drop index certificates_one_live_camp`.execute(db);
    await sql`alter table camp_checkouts drop constraint camp_checkouts_one_per_day`.execute(db);
    // Decision 089's CHECK names two columns, so PostgreSQL named it `certificates_check` (not `certificates_kind_check`).
    for (const name of await checksNaming(db, "certificates", "camp_enrollment_id")) {
      await sql`alter table certificates drop constraint ${sql.id(name)}`.execute(db);
    }
    // Each takes its foreign key with it.
    for (const { table, previous } of COLUMNS) await sql.raw(`alter table ${table} drop column ${previous}`).execute(db);
    return;
  }
  // Kysely runs SQLite migrations outside a transaction; this one is all or nothing.
  await db.transaction().execute(async (trx) => {
    await sql`drop view enrollments`.execute(trx);
    const triggers = await sql<{ name: string }>`select name from sqlite_master where type = 'trigger' and name glob '*_camp_enrolment_*'`.execute(trx);
    for (const { name } of triggers.rows) await sql.raw(`drop trigger "${name}"`).execute(trx);
    await sql`drop index invoices_enrollment`.execute(trx);
    await sql`drop index certificates_one_live_camp`.execute(trx);
    await sql`alter table invoices drop column enrollment_id`.execute(trx);
    await sql`alter table consent_answers drop column enrollment_id`.execute(trx);
    await rebuildTable(trx, "certificates", certificates(false), same(CERTIFICATE_COLUMNS.filter((c) => c !== "camp_enrollment_id")));
    await rebuildTable(trx, "camp_checkouts", contractedCampCheckouts(), same([...CHECKOUT_COLUMNS.filter((c) => c !== "enrollment_id"), NEW]));
  });
}

/** Restores the expanded schema of decisions 152 and 156: the old columns filled from the new ones, the triggers, the old rules, the view. */
export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    for (const { table, previous, onDelete } of COLUMNS) {
      const check = table === "certificates" ? ` constraint certificates_check check (${OLD_CERTIFICATE_CHECK})` : "";
      await sql.raw(`alter table ${table} add column ${previous} integer references camp_enrolments (id) on delete ${onDelete}${check}`).execute(db);
      await sql.raw(pgFunction(table, previous)).execute(db);
      await sql
        .raw(
          `create trigger ${table}_camp_enrolment_in_step before insert or update on ${table} for each row execute function ${table}_camp_enrolment_in_step()`,
        )
        .execute(db);
      await sql.raw(`update ${table} set ${previous} = ${NEW} where ${NEW} is not null`).execute(db);
    }
    await sql`alter table camp_checkouts alter column enrollment_id set not null`.execute(db);
    await sql`alter table camp_checkouts add constraint camp_checkouts_one_per_day unique (enrollment_id, day)`.execute(db);
    for (const index of OLD_INDEXES) await sql.raw(index).execute(db);
    await sql.raw(`create view enrollments as select ${PREVIOUS_COLUMNS.join(", ")} from camp_enrolments`).execute(db);
    return;
  }
  await db.transaction().execute(async (trx) => {
    for (const table of ["invoices", "consent_answers"]) {
      await sql.raw(`alter table ${table} add column enrollment_id integer references camp_enrolments (id) on delete set null`).execute(trx);
      await sql.raw(`update ${table} set enrollment_id = ${NEW} where ${NEW} is not null`).execute(trx);
    }
    await rebuildTable(trx, "certificates", certificates(true), { ...same(CERTIFICATE_COLUMNS), camp_enrollment_id: NEW });
    await rebuildTable(trx, "camp_checkouts", campCheckouts(true), { ...same([...CHECKOUT_COLUMNS, NEW]), enrollment_id: NEW });
    for (const { table, previous } of COLUMNS) for (const statement of sqliteTriggers(table, previous)) await sql.raw(statement).execute(trx);
    for (const index of OLD_INDEXES) await sql.raw(index).execute(trx);
    for (const statement of sqliteView()) await sql.raw(statement).execute(trx);
  });
}

async function checksNaming(db: Kysely<unknown>, table: string, column: string): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select conname as name from pg_constraint
    where conrelid = ${table}::regclass and contype = 'c' and pg_get_constraintdef(oid) ~ ${`\\m${column}\\M`}`.execute(db);
  return rows.map((r) => r.name);
}

/** Each column copied as it is. */
const same = (columns: readonly string[]) => Object.fromEntries(columns.map((c) => [c, c]));

/** certificates' columns in the expanded schema, in order. */
const CERTIFICATE_COLUMNS = [
  "id",
  "code",
  "enrolment_id",
  "section_id",
  "child_name",
  "course_en",
  "course_ar",
  "lang",
  "issued_on",
  "threshold",
  "rate",
  "issued_by",
  "revoked_at",
  "revoked_by",
  "revoke_reason",
  "erased_at",
  "created_at",
  "updated_at",
  "camp_enrollment_id",
  "camp_id",
  "kind",
  "level_completion_id",
  NEW,
] as const;

/**
 * SQLite's certificates as the certificates, camp certificates, levels and camp enrolment columns
 * migrations left it (`expanded`), or without `camp_enrollment_id` and its CHECK on `kind`. The CHECK
 * on the new name stays a constraint of its column, as the expand made it.
 */
function certificates(expanded: boolean): string {
  return `create table "certificates_rebuilt" (
    "id" integer primary key autoincrement,
    "code" text not null unique,
    "enrolment_id" integer references "section_enrolments" ("id") on delete set null,
    "section_id" integer references "course_sections" ("id") on delete set null,
    "child_name" text not null,
    "course_en" text not null,
    "course_ar" text not null,
    "lang" text not null,
    "issued_on" text not null,
    "threshold" integer not null,
    "rate" integer not null,
    "issued_by" integer references "users" ("id") on delete set null,
    "revoked_at" text,
    "revoked_by" integer references "users" ("id") on delete set null,
    "revoke_reason" text,
    "erased_at" text,
    "created_at" text not null,
    "updated_at" text not null,${expanded ? `\n    "camp_enrollment_id" integer references "camp_enrolments" ("id") on delete set null,` : ""}
    "camp_id" integer references "camps" ("id") on delete set null,
    "kind" text default 'section' not null${expanded ? ` check (${OLD_CERTIFICATE_CHECK})` : ""},
    "level_completion_id" integer references "level_completions" ("id") on delete set null,
    "${NEW}" integer references "camp_enrolments" ("id") on delete set null constraint "certificates_camp_enrolment_kind" check (${CERTIFICATE_CHECK}))`;
}

/** SQLite's camp_checkouts after the contract: as the consent migration made it, under the new name, which is NOT NULL again. */
function contractedCampCheckouts(): string {
  return `create table "camp_checkouts_rebuilt" (
    "id" integer primary key autoincrement,
    "day" text not null,
    "pickup_id" integer references "consent_pickups" ("id") on delete set null,
    "collected_by" text not null,
    "recorded_by" integer references "users" ("id") on delete set null,
    "created_at" text not null,
    "${NEW}" integer not null references "camp_enrolments" ("id") on delete cascade,
    constraint "camp_checkouts_one_per_enrolment_day" unique ("${NEW}", "day"))`;
}
