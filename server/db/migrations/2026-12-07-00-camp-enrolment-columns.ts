import { sql, type Kysely } from "kysely";
import { isPostgres } from "~server/db/db";
import { rebuildTable } from "~server/db/portable";

/**
 * Issue 41 item 5, decision 156: the four columns that point at `camp_enrolments` get the British
 * spelling, in two releases. This one (expand) adds `camp_enrolment_id` beside each old column,
 * copies the old values, and keeps the two equal on every write, whichever name the writer uses: the
 * previous release (a rolling release, a rollback) still writes the old name. The new column carries
 * the old one's foreign key, NOT NULL, unique constraints, indexes and CHECK. A later release drops
 * the old columns, their indexes and constraints, and the triggers.
 *
 * PostgreSQL: a BEFORE INSERT OR UPDATE trigger per table sets the column the statement left alone,
 * before NOT NULL, CHECK, unique and foreign key checks run, so both columns can stay NOT NULL.
 * SQLite: a BEFORE trigger cannot change the row, so AFTER triggers copy the value; constraints are
 * checked on the row as written, before they run, so NOT NULL on either column of camp_checkouts
 * would refuse the other release's insert. That table is rebuilt with both nullable and a CHECK that
 * one is given (the triggers then fill the other).
 */
export const COLUMNS = [
  { table: "invoices", previous: "enrollment_id", onDelete: "set null" },
  { table: "consent_answers", previous: "enrollment_id", onDelete: "set null" },
  { table: "camp_checkouts", previous: "enrollment_id", onDelete: "cascade" },
  { table: "certificates", previous: "camp_enrollment_id", onDelete: "set null" },
] as const;
const NEW = "camp_enrolment_id";

/** What the old column's indexes and checks become on the new one (the old ones stay for the previous release). */
const INDEXES = [
  `create unique index invoices_camp_enrolment on invoices (${NEW}) where status <> 'void'`,
  `create unique index certificates_one_live_camp_enrolment on certificates (${NEW}) where revoked_at is null`,
];
// The certificates rule of decision 089, spelled with the new column (the old CHECK, on `kind`, stays as it is).
const CERTIFICATE_CHECK = `(kind = 'section' and ${NEW} is null) or (kind = 'camp' and enrolment_id is null and section_id is null)`;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    // Kysely's transaction: ALTER TABLE locks each table until commit, so no write of the running
    // release falls between the copy and the trigger.
    for (const { table, previous, onDelete } of COLUMNS) {
      const check = table === "certificates" ? ` constraint certificates_camp_enrolment_kind check (${CERTIFICATE_CHECK})` : "";
      await sql.raw(`alter table ${table} add column ${NEW} integer references camp_enrolments (id) on delete ${onDelete}${check}`).execute(db);
      await sql.raw(pgFunction(table, previous)).execute(db);
      await sql
        .raw(
          `create trigger ${table}_camp_enrolment_in_step before insert or update on ${table} for each row execute function ${table}_camp_enrolment_in_step()`,
        )
        .execute(db);
      await sql.raw(`update ${table} set ${NEW} = ${previous} where ${previous} is not null`).execute(db);
    }
    await sql.raw(`alter table camp_checkouts alter column ${NEW} set not null`).execute(db);
    await sql.raw(`alter table camp_checkouts add constraint camp_checkouts_one_per_enrolment_day unique (${NEW}, day)`).execute(db);
    for (const index of INDEXES) await sql.raw(index).execute(db);
    return;
  }
  // Kysely runs SQLite migrations outside a transaction; this one is all or nothing.
  await db.transaction().execute(async (trx) => {
    for (const { table, previous, onDelete } of COLUMNS) {
      if (table === "camp_checkouts") await rebuildCampCheckouts(trx, true);
      else {
        const check = table === "certificates" ? ` constraint certificates_camp_enrolment_kind check (${CERTIFICATE_CHECK})` : "";
        await sql.raw(`alter table ${table} add column ${NEW} integer references camp_enrolments (id) on delete ${onDelete}${check}`).execute(trx);
        await sql.raw(`update ${table} set ${NEW} = ${previous} where ${previous} is not null`).execute(trx);
      }
      for (const statement of sqliteTriggers(table, previous)) await sql.raw(statement).execute(trx);
    }
    for (const index of INDEXES) await sql.raw(index).execute(trx);
  });
}

/** Sets whichever column the statement did not write; refuses a write that gives the two different values. */
export function pgFunction(table: string, previous: string): string {
  const differ = `raise exception '${table}: ${previous} and ${NEW} differ' using errcode = 'check_violation'`;
  return `create function ${table}_camp_enrolment_in_step() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    if new.${NEW} is null then new.${NEW} := new.${previous};
    elsif new.${previous} is null then new.${previous} := new.${NEW};
    elsif new.${NEW} <> new.${previous} then ${differ};
    end if;
  elsif new.${NEW} is distinct from old.${NEW} then
    if new.${previous} is distinct from old.${previous} and new.${previous} is distinct from new.${NEW} then ${differ}; end if;
    new.${previous} := new.${NEW};
  elsif new.${previous} is distinct from old.${previous} then
    new.${NEW} := new.${previous};
  end if;
  return new;
end $$`;
}

/** SQLite: a refusal before the write, and copies after it (an UPDATE of the row just written; a copy that finds them equal stops). */
export function sqliteTriggers(table: string, previous: string): string[] {
  const differ = `select raise(abort, '${table}: ${previous} and ${NEW} differ')`;
  const name = `${table}_camp_enrolment`;
  return [
    `create trigger ${name}_insert_differ before insert on ${table} when new.${previous} <> new.${NEW} begin ${differ}; end`,
    `create trigger ${name}_update_differ before update of ${previous}, ${NEW} on ${table}
      when new.${previous} is not old.${previous} and new.${NEW} is not old.${NEW} and new.${previous} is not new.${NEW} begin ${differ}; end`,
    `create trigger ${name}_insert_previous after insert on ${table} when new.${NEW} is null and new.${previous} is not null
      begin update ${table} set ${NEW} = new.${previous} where id = new.id; end`,
    `create trigger ${name}_insert_new after insert on ${table} when new.${previous} is null and new.${NEW} is not null
      begin update ${table} set ${previous} = new.${NEW} where id = new.id; end`,
    `create trigger ${name}_update_previous after update of ${previous} on ${table} when new.${previous} is not old.${previous} and new.${previous} is not new.${NEW}
      begin update ${table} set ${NEW} = new.${previous} where id = new.id; end`,
    `create trigger ${name}_update_new after update of ${NEW} on ${table} when new.${NEW} is not old.${NEW} and new.${NEW} is not new.${previous}
      begin update ${table} set ${previous} = new.${NEW} where id = new.id; end`,
  ];
}

/**
 * camp_checkouts as the consent migration made it (`expanded` false), or with `enrollment_id`
 * nullable, the new column, its unique constraint and the CHECK that one of the two is given.
 */
export function campCheckouts(expanded: boolean): string {
  return `create table "camp_checkouts_rebuilt" (
    "id" integer primary key autoincrement,
    "enrollment_id" integer ${expanded ? "" : "not null "}references "camp_enrolments" ("id") on delete cascade,
    "day" text not null,
    "pickup_id" integer references "consent_pickups" ("id") on delete set null,
    "collected_by" text not null,
    "recorded_by" integer references "users" ("id") on delete set null,
    "created_at" text not null,${expanded ? `\n    "${NEW}" integer references "camp_enrolments" ("id") on delete cascade,` : ""}
    constraint "camp_checkouts_one_per_day" unique ("enrollment_id", "day")${
      expanded
        ? `,
    constraint "camp_checkouts_one_per_enrolment_day" unique ("${NEW}", "day"),
    constraint "camp_checkouts_enrolment_given" check ("enrollment_id" is not null or "${NEW}" is not null)`
        : ""
    })`;
}
export const CHECKOUT_COLUMNS = ["id", "enrollment_id", "day", "pickup_id", "collected_by", "recorded_by", "created_at"];

/**
 * SQLite cannot change a column's NOT NULL: copy into a new table and swap (rebuildTable). No table
 * points at camp_checkouts and it has no index but its unique constraints. The AUTOINCREMENT counter
 * is carried over.
 */
async function rebuildCampCheckouts(trx: Kysely<unknown>, expanded: boolean): Promise<void> {
  const columns = Object.fromEntries(CHECKOUT_COLUMNS.map((c) => [c, c]));
  await rebuildTable(trx, "camp_checkouts", campCheckouts(expanded), expanded ? { ...columns, [NEW]: "enrollment_id" } : columns);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop index certificates_one_live_camp_enrolment`.execute(db);
    await sql`drop index invoices_camp_enrolment`.execute(db);
    for (const { table } of COLUMNS) {
      await sql.raw(`drop trigger ${table}_camp_enrolment_in_step on ${table}`).execute(db);
      await sql.raw(`drop function ${table}_camp_enrolment_in_step()`).execute(db);
      // Drops its foreign key, unique constraint and CHECK with it.
      await sql.raw(`alter table ${table} drop column ${NEW}`).execute(db);
    }
    return;
  }
  await db.transaction().execute(async (trx) => {
    await sql`drop index certificates_one_live_camp_enrolment`.execute(trx);
    await sql`drop index invoices_camp_enrolment`.execute(trx);
    const triggers = await sql<{ name: string }>`select name from sqlite_master where type = 'trigger' and name glob '*_camp_enrolment_*'`.execute(trx);
    for (const { name } of triggers.rows) await sql.raw(`drop trigger "${name}"`).execute(trx);
    await sql`alter table invoices drop column camp_enrolment_id`.execute(trx);
    await sql`alter table consent_answers drop column camp_enrolment_id`.execute(trx);
    await sql`alter table certificates drop column camp_enrolment_id`.execute(trx);
    // Rows written by the new name have enrollment_id too (the triggers), so NOT NULL holds again.
    await rebuildCampCheckouts(trx, false);
  });
}
