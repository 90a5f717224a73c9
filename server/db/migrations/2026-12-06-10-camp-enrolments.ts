import { sql, type Kysely } from "kysely";
import { isPostgres } from "~server/db/db";

/**
 * Issue 41 item 5, decision 152: the camp's enrolments are `camp_enrolments` (one spelling, beside
 * `section_enrolments`). Expand-only: `enrollments` stays, as a view of the new table that the
 * previous release reads and writes (a rolling release, a rollback); a later release drops it.
 *
 * PostgreSQL renames by object id, so the rows, indexes, the serial sequence and the foreign keys
 * of consent, billing and certificates follow the table; the names that spell it the old way are
 * renamed too. SQLite (3.26 and later) rewrites the other tables' foreign keys to the new name and
 * keeps the AUTOINCREMENT counter (sqlite_sequence); its indexes are made again under the new names.
 */
/** The table's columns when the previous release was built: the view offers exactly these. */
export const PREVIOUS_COLUMNS = [
  "id",
  "student_name",
  "parent_name",
  "email",
  "phone_number",
  "camp_id",
  "camp_slug",
  "camp_title",
  "session",
  "message",
  "lang",
  "status",
  "notes",
  "created_at",
  "updated_at",
  "reference",
] as const;

// SQLite views have no defaults: what the table would fill in when the previous release leaves a column out.
const DEFAULTS: Partial<Record<(typeof PREVIOUS_COLUMNS)[number], string>> = { message: "''", lang: "'en'", status: "'new'", notes: "''" };

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    // One transaction (Kysely's, PostgreSQL DDL is transactional): the previous release sees the table or the view, never neither.
    await sql`alter table enrollments rename to camp_enrolments`.execute(db);
    await sql`alter sequence enrollments_id_seq rename to camp_enrolments_id_seq`.execute(db);
    await sql`alter table camp_enrolments rename constraint enrollments_pkey to camp_enrolments_pkey`.execute(db);
    await sql`alter table camp_enrolments rename constraint enrollments_lang_check to camp_enrolments_lang_check`.execute(db);
    await sql`alter table camp_enrolments rename constraint enrollments_status_check to camp_enrolments_status_check`.execute(db);
    await sql`alter index enrollments_created rename to camp_enrolments_created`.execute(db);
    await sql`alter index enrollments_reference rename to camp_enrolments_reference`.execute(db);
    // A one-table view without joins or aggregates is updatable as it stands: INSERT (the table's
    // defaults, the serial id, RETURNING), UPDATE and DELETE go to camp_enrolments.
    await sql.raw(`create view enrollments as select ${PREVIOUS_COLUMNS.join(", ")} from camp_enrolments`).execute(db);
    return;
  }
  // Kysely runs SQLite migrations outside a transaction; this one is all or nothing.
  await db.transaction().execute(async (trx) => {
    await sql`alter table enrollments rename to camp_enrolments`.execute(trx);
    await sql`create index camp_enrolments_created on camp_enrolments (created_at)`.execute(trx);
    await sql`create unique index camp_enrolments_reference on camp_enrolments (reference)`.execute(trx);
    await sql`drop index enrollments_created`.execute(trx);
    await sql`drop index enrollments_reference`.execute(trx);
    for (const statement of sqliteView()) await sql.raw(statement).execute(trx);
  });
}

/** SQLite's view is read-only until INSTEAD OF triggers carry each write to the table. */
export function sqliteView(): string[] {
  const columns = PREVIOUS_COLUMNS.join(", ");
  const values = PREVIOUS_COLUMNS.map((c) => (DEFAULTS[c] ? `coalesce(new.${c}, ${DEFAULTS[c]})` : `new.${c}`)).join(", ");
  const sets = PREVIOUS_COLUMNS.map((c) => `${c} = new.${c}`).join(", ");
  return [
    `create view enrollments as select ${columns} from camp_enrolments`,
    `create trigger enrollments_insert instead of insert on enrollments begin insert into camp_enrolments (${columns}) values (${values}); end`,
    `create trigger enrollments_update instead of update on enrollments begin update camp_enrolments set ${sets} where id = old.id; end`,
    `create trigger enrollments_delete instead of delete on enrollments begin delete from camp_enrolments where id = old.id; end`,
  ];
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop view enrollments`.execute(db);
  if (isPostgres(db)) {
    await sql`alter index camp_enrolments_reference rename to enrollments_reference`.execute(db);
    await sql`alter index camp_enrolments_created rename to enrollments_created`.execute(db);
    await sql`alter table camp_enrolments rename constraint camp_enrolments_status_check to enrollments_status_check`.execute(db);
    await sql`alter table camp_enrolments rename constraint camp_enrolments_lang_check to enrollments_lang_check`.execute(db);
    await sql`alter table camp_enrolments rename constraint camp_enrolments_pkey to enrollments_pkey`.execute(db);
    await sql`alter sequence camp_enrolments_id_seq rename to enrollments_id_seq`.execute(db);
    await sql`alter table camp_enrolments rename to enrollments`.execute(db);
    return;
  }
  await sql`alter table camp_enrolments rename to enrollments`.execute(db);
  await sql`create index enrollments_created on enrollments (created_at)`.execute(db);
  await sql`create unique index enrollments_reference on enrollments (reference)`.execute(db);
  await sql`drop index camp_enrolments_created`.execute(db);
  await sql`drop index camp_enrolments_reference`.execute(db);
}
