import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { isPostgres } from "~server/db/db";
import { campEnrolmentLinksFixture, type LinkTable } from "~server/test/camp-enrolment-links";
import type { TestServer } from "~server/test/harness";
import * as campEnrolmentColumns from "./2026-12-07-00-camp-enrolment-columns";
import { COLUMNS } from "./2026-12-07-00-camp-enrolment-columns";

const NEW = "camp_enrolment_id";

/**
 * Decision 156: each column spelled `enrollment_id` (certificates: `camp_enrollment_id`) has a twin
 * `camp_enrolment_id`, filled from it and kept equal by triggers, so the previous release (old name)
 * and this one (new name) read each other's writes (SQLite, or PostgreSQL with TEST_DATABASE_URL).
 * Rows are written in SQL with the column named explicitly, as each release's statements name it.
 */
describe("camp enrolment columns migration", () => {
  // The schema this migration left: the contract after it (decision 157) is undone first.
  const { server: running, campEnrolment, base, insert, update } = campEnrolmentLinksFixture("2026-12-07-00-camp-enrolment-columns");
  let server: TestServer;
  let pg: boolean;
  beforeAll(() => {
    server = running();
    pg = isPostgres(server.db);
  });

  const previousOf = (table: LinkTable) => COLUMNS.find((c) => c.table === table)!.previous;

  /** [old name, new name] of a row, or undefined when it is gone. */
  const links = async (table: LinkTable, id: number) => {
    const { rows } = await sql<{ previous: number | null; current: number | null }>`
      select ${sql.ref(previousOf(table))} as previous, ${sql.ref(NEW)} as current from ${sql.table(table)} where id = ${id}`.execute(server.db);
    return rows[0] ? [rows[0].previous, rows[0].current] : undefined;
  };

  it("gives each new column the old one's foreign key, delete action and NOT NULL", async () => {
    for (const { table, onDelete } of COLUMNS) {
      if (pg) {
        const { rows } = await sql<{ action: string; target: string }>`
          select c.confdeltype as action, c.confrelid::regclass::text as target from pg_constraint c
          join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
          where c.contype = 'f' and c.conrelid = ${table}::regclass and a.attname = ${NEW}`.execute(server.db);
        expect(rows.map((r) => [r.target.replace(/^.*\./, ""), r.action])).toEqual([["camp_enrolments", onDelete === "cascade" ? "c" : "n"]]);
      } else {
        const { rows } = await sql<{ target: string; on_delete: string }>`
          select "table" as target, on_delete from pragma_foreign_key_list(${table}) where "from" = ${NEW}`.execute(server.db);
        expect(rows.map((r) => [r.target, r.on_delete.toLowerCase()])).toEqual([["camp_enrolments", onDelete]]);
      }
    }
    // A checkout names its enrolment: PostgreSQL by NOT NULL on both, SQLite by a CHECK that one is given (the triggers fill the other).
    await expect(insert("camp_checkouts", base("camp_checkouts"))).rejects.toThrow();
    if (pg) {
      const { rows } = await sql<{ column: string; nullable: string }>`
        select column_name as column, is_nullable as nullable from information_schema.columns
        where table_schema = current_schema() and table_name = 'camp_checkouts' and column_name in ('enrollment_id', ${NEW}) order by 1`.execute(server.db);
      expect(rows).toEqual([
        { column: NEW, nullable: "NO" },
        { column: "enrollment_id", nullable: "NO" },
      ]);
    }
  });

  it("fills the new columns from the old ones", async () => {
    // Rows the previous release wrote before this migration: undo it, write them, apply it again.
    await campEnrolmentColumns.down(server.db as never);
    const enrolment = await campEnrolment();
    const written = [];
    for (const { table, previous } of COLUMNS) written.push({ table, id: await insert(table, { ...base(table), [previous]: enrolment }) });
    const empty = await insert("invoices", { ...base("invoices"), offer_kind: "section" });
    await campEnrolmentColumns.up(server.db as never);
    for (const { table, id } of written) expect(await links(table, id), table).toEqual([enrolment, enrolment]);
    expect(await links("invoices", empty)).toEqual([null, null]);
  });

  it("keeps the two names equal on every write, whichever name the writer uses", async () => {
    for (const { table, previous } of COLUMNS) {
      const [a, b, c] = [await campEnrolment(), await campEnrolment(), await campEnrolment()];
      // The previous release inserts and changes the old name; the new name follows.
      const row = await insert(table, { ...base(table), [previous]: a });
      expect(await links(table, row), table).toEqual([a, a]);
      await update(table, row, { [previous]: b });
      expect(await links(table, row), table).toEqual([b, b]);
      // This release writes the new name; the old one follows (what the previous release reads).
      await update(table, row, { [NEW]: a });
      expect(await links(table, row), table).toEqual([a, a]);
      const other = await insert(table, { ...base(table), [NEW]: b });
      expect(await links(table, other), table).toEqual([b, b]);
      // Both names given, and different: refused, on insert and on update.
      await expect(insert(table, { ...base(table), [previous]: a, [NEW]: c }), table).rejects.toThrow(/differ/);
      await expect(update(table, other, { [previous]: a, [NEW]: c }), table).rejects.toThrow(/differ/);
      // Both names given, equal: stored.
      await update(table, other, { [previous]: c, [NEW]: c });
      expect(await links(table, other), table).toEqual([c, c]);
      // Deleting the enrolment applies the table's action through both foreign keys.
      await server.db.deleteFrom("camp_enrolments").where("id", "=", c).execute();
      expect(await links(table, other), table).toEqual(table === "camp_checkouts" ? undefined : [null, null]);
      if (table !== "camp_checkouts") {
        // And the link can be set again afterwards, by either name.
        await update(table, other, { [previous]: b });
        expect(await links(table, other), table).toEqual([b, b]);
      }
    }
  });

  it("gives the new columns the old ones' unique rules and checks", async () => {
    const [a, b] = [await campEnrolment(), await campEnrolment()];
    // One checkout per enrolment and day, whichever name each write uses.
    const checkout = base("camp_checkouts");
    await insert("camp_checkouts", { ...checkout, enrollment_id: a });
    await expect(insert("camp_checkouts", { ...checkout, [NEW]: a })).rejects.toThrow();
    await expect(insert("camp_checkouts", { ...checkout, enrollment_id: a })).rejects.toThrow();
    // One live invoice per camp enrolment; a void one may be followed by another.
    const first = await insert("invoices", { ...base("invoices"), [NEW]: a });
    await expect(insert("invoices", { ...base("invoices"), enrollment_id: a })).rejects.toThrow();
    await expect(insert("invoices", { ...base("invoices"), [NEW]: a })).rejects.toThrow();
    await sql`update invoices set status = 'void' where id = ${first}`.execute(server.db);
    await insert("invoices", { ...base("invoices"), [NEW]: a });
    // One live certificate per camp enrolment; a group's certificate never links a camp enrolment.
    await insert("certificates", { ...base("certificates"), [NEW]: b });
    await expect(insert("certificates", { ...base("certificates"), camp_enrollment_id: b })).rejects.toThrow();
    await expect(insert("certificates", { ...base("certificates"), kind: "section", [NEW]: a })).rejects.toThrow();
    await expect(insert("certificates", { ...base("certificates"), kind: "section", camp_enrollment_id: a })).rejects.toThrow();
    if (pg) {
      const { rows } = await sql<{ name: string }>`
        select indexname as name from pg_indexes where schemaname = current_schema() and indexdef like ${`%(${NEW}%`} order by 1`.execute(server.db);
      expect(rows.map((r) => r.name)).toEqual(["camp_checkouts_one_per_enrolment_day", "certificates_one_live_camp_enrolment", "invoices_camp_enrolment"]);
    }
  });

  it("undoes and applies again with the links kept", async () => {
    const enrolment = await campEnrolment();
    const row = await insert("camp_checkouts", { ...base("camp_checkouts"), [NEW]: enrolment });
    await campEnrolmentColumns.down(server.db as never);
    expect((await sql<{ id: number }>`select enrollment_id as id from camp_checkouts where id = ${row}`.execute(server.db)).rows).toEqual([{ id: enrolment }]);
    await campEnrolmentColumns.up(server.db as never);
    expect(await links("camp_checkouts", row)).toEqual([enrolment, enrolment]);
    // Ids keep counting past the rows the SQLite rebuilds copied.
    expect(await insert("camp_checkouts", { ...base("camp_checkouts"), [NEW]: enrolment })).toBeGreaterThan(row);
  });
});
