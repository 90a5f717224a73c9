import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPostgres } from "~server/db/db";
import { campEnrolmentRow } from "~server/test/camp-enrolment-row";
import { startTestServer, type TestServer } from "~server/test/harness";
import * as campEnrolmentColumns from "./2026-12-07-00-camp-enrolment-columns";
import { COLUMNS } from "./2026-12-07-00-camp-enrolment-columns";

type Table = (typeof COLUMNS)[number]["table"];
const NEW = "camp_enrolment_id";

/**
 * Decision 156: each column spelled `enrollment_id` (certificates: `camp_enrollment_id`) has a twin
 * `camp_enrolment_id`, filled from it and kept equal by triggers, so the previous release (old name)
 * and this one (new name) read each other's writes (SQLite, or PostgreSQL with TEST_DATABASE_URL).
 * Rows are written in SQL with the column named explicitly, as each release's statements name it.
 */
describe("camp enrolment columns migration", () => {
  let server: TestServer;
  let pg: boolean;
  let consent: { formId: number; versionId: number };
  const at = new Date().toISOString();
  beforeAll(async () => {
    server = await startTestServer();
    pg = isPostgres(server.db);
    const form = await server.db
      .insertInto("consent_forms")
      .values({ kind: "pickup", required: 1, current_version: 1, created_at: at, updated_at: at } as never)
      .returning("id")
      .executeTakeFirstOrThrow();
    const version = await server.db
      .insertInto("consent_versions")
      .values({ form_id: form.id, version: 1, title_en: "t", title_ar: "t", body_en: "b", body_ar: "b", created_by: null, created_at: at })
      .returning("id")
      .executeTakeFirstOrThrow();
    consent = { formId: form.id, versionId: version.id };
  });
  afterAll(() => server?.close());

  let serial = 0;
  const campEnrolment = async () => {
    serial += 1;
    const { id } = await server.db.insertInto("camp_enrolments").values(campEnrolmentRow(serial, at)).returning("id").executeTakeFirstOrThrow();
    return id;
  };

  /** A row of `table` without its enrolment link (each unique where the table wants it). */
  const base = (table: Table): Record<string, string | number | null> => {
    serial += 1;
    switch (table) {
      case "invoices":
        return {
          number: `INV-M-${serial}`,
          family_key: "family@example.com",
          email: "family@example.com",
          parent_name: "Sara",
          lang: "en",
          currency: "AED",
          offer_kind: "camp",
          child_name: "Noor",
          description_en: "Camp",
          description_ar: "Camp",
          total_minor: 100,
          issued_at: at,
          due_on: "2026-12-31",
          created_at: at,
          updated_at: at,
        };
      case "consent_answers":
        return {
          version_id: consent.versionId,
          form_id: consent.formId,
          email: "family@example.com",
          child_key: "noor",
          child_name: "Noor",
          signer_name: "Sara",
          lang: "en",
          agreed: 1,
          signed_at: at,
        };
      case "camp_checkouts":
        return { day: `2026-07-${String((serial % 28) + 1).padStart(2, "0")}`, collected_by: "Sara", created_at: at };
      case "certificates":
        return {
          code: `CODE${String(serial).padStart(8, "0")}`,
          kind: "camp",
          child_name: "Noor",
          course_en: "Camp",
          course_ar: "Camp",
          lang: "en",
          issued_on: "2026-07-20",
          threshold: 75,
          rate: 100,
          created_at: at,
          updated_at: at,
        };
    }
  };
  const previousOf = (table: Table) => COLUMNS.find((c) => c.table === table)!.previous;

  const insert = async (table: Table, values: Record<string, string | number | null>) => {
    const columns = Object.keys(values);
    const { rows } = await sql<{ id: number }>`insert into ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))})
      values (${sql.join(columns.map((c) => values[c]))}) returning id`.execute(server.db);
    return rows[0]!.id;
  };
  const update = (table: Table, id: number, values: Record<string, number | null>) =>
    sql`update ${sql.table(table)} set ${sql.join(Object.entries(values).map(([c, v]) => sql`${sql.ref(c)} = ${v}`))} where id = ${id}`.execute(server.db);
  /** [old name, new name] of a row, or undefined when it is gone. */
  const links = async (table: Table, id: number) => {
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
