import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { isPostgres } from "~server/db/db";
import { campEnrolmentLinksFixture, type LinkTable } from "~server/test/camp-enrolment-links";
import type { TestServer } from "~server/test/harness";
import * as contract from "./2026-12-08-00-camp-enrolment-contract";
import { COLUMNS } from "./2026-12-07-00-camp-enrolment-columns";

const NEW = "camp_enrolment_id";

/**
 * Decision 157: the contract of decisions 152 and 156. The view `enrollments`, the old columns and
 * everything that kept them (triggers, functions, indexes, the CHECK) are gone; the links the rows
 * had stay in `camp_enrolment_id`, with the old columns' rules (SQLite, or PostgreSQL with
 * TEST_DATABASE_URL). Rows before the contract are written as the release before it wrote them.
 */
describe("camp enrolment contract migration", () => {
  const { server: running, campEnrolment, base, insert, update } = campEnrolmentLinksFixture();
  let server: TestServer;
  let pg: boolean;
  beforeAll(() => {
    server = running();
    pg = isPostgres(server.db);
  });

  /** A row's camp_enrolment_id, or undefined when the row is gone. */
  const link = async (table: LinkTable, id: number) => {
    const { rows } = await sql<{ link: number | null }>`select ${sql.ref(NEW)} as link from ${sql.table(table)} where id = ${id}`.execute(server.db);
    return rows[0]?.link;
  };

  /** Columns, foreign keys and indexes of a table, as comparable lines (SQLite's automatic index names and column positions left out). */
  const shape = async (table: LinkTable): Promise<string[]> => {
    if (pg) {
      const columns = await sql<{ line: string }>`
        select column_name || ' ' || data_type || ' ' || is_nullable || ' ' || coalesce(column_default, '-') as line
        from information_schema.columns where table_schema = current_schema() and table_name = ${table}`.execute(server.db);
      const constraints = await sql<{ line: string }>`
        select conname || ': ' || pg_get_constraintdef(oid) as line from pg_constraint where conrelid = ${table}::regclass`.execute(server.db);
      const indexes = await sql<{ line: string }>`select indexdef as line from pg_indexes where schemaname = current_schema() and tablename = ${table}`.execute(
        server.db,
      );
      return [...columns.rows, ...constraints.rows, ...indexes.rows].map((r) => r.line).sort();
    }
    const columns = await sql<{ line: string }>`
      select name || ' ' || type || ' ' || iif("notnull", 'not null', 'null') || ' ' || coalesce(dflt_value, '-') || ' ' || pk as line
      from pragma_table_xinfo(${table})`.execute(server.db);
    const keys = await sql<{ line: string }>`
      select 'references ' || "from" || ' ' || "table" || '.' || "to" || ' ' || on_delete as line from pragma_foreign_key_list(${table})`.execute(server.db);
    const indexes = await sql<{ line: string }>`
      select iif(l.origin = 'c', l.name, l.origin) || ' unique ' || l."unique" || ' partial ' || l.partial || ' (' || group_concat(i.name, ', ') || ')' as line
      from pragma_index_list(${table}) l, pragma_index_info(l.name) i group by l.name`.execute(server.db);
    return [...columns.rows, ...keys.rows, ...indexes.rows].map((r) => r.line).sort();
  };
  /** Text of every schema object (columns, constraints, indexes, triggers, functions, views) that names an old column or the view. */
  const namingOldNames = async (): Promise<string[]> => {
    if (!pg) {
      const { rows } = await sql<{ line: string }>`select type || ' ' || name || ': ' || sql as line from sqlite_master where sql like '%enrollment%'`.execute(
        server.db,
      );
      return rows.map((r) => r.line);
    }
    const { rows } = await sql<{ line: string }>`
      select table_name || '.' || column_name as line from information_schema.columns where table_schema = current_schema() and column_name like '%enrollment%'
      union all select conname || ': ' || pg_get_constraintdef(oid) from pg_constraint
        where connamespace = current_schema()::regnamespace and (conname like '%enrollment%' or pg_get_constraintdef(oid) like '%enrollment%')
      union all select indexdef from pg_indexes where schemaname = current_schema() and indexdef like '%enrollment%'
      union all select 'view ' || table_name from information_schema.views where table_schema = current_schema()
      union all select 'trigger ' || tgname from pg_trigger where not tgisinternal and tgrelid::regclass::text in ('invoices', 'consent_answers', 'camp_checkouts', 'certificates')
      union all select 'function ' || proname from pg_proc where pronamespace = current_schema()::regnamespace and (proname like '%camp_enrolment%' or prosrc like '%enrollment%')`.execute(
      server.db,
    );
    return rows.map((r) => r.line);
  };
  const mentionsOld = (line: string) => /enrollment/.test(line);

  it("drops the view, the old columns and all that kept them, and keeps every other column, key and index", async () => {
    expect(await namingOldNames()).toEqual([]);
    expect((await server.db.introspection.getTables()).filter((t) => t.isView).map((t) => t.name)).toEqual([]);

    // The expanded schema, less what names an old column, is what the contract leaves (SQLite's rebuilds included).
    await contract.down(server.db as never);
    expect(await namingOldNames()).not.toEqual([]);
    const expanded = new Map<LinkTable, string[]>();
    for (const { table } of COLUMNS) expanded.set(table, await shape(table));
    await contract.up(server.db as never);
    for (const { table } of COLUMNS) {
      let expected = expanded.get(table)!.filter((line) => !mentionsOld(line));
      // SQLite could not keep camp_checkouts' NOT NULL while both names were written (decision 156): it is back.
      if (!pg && table === "camp_checkouts")
        expected = expected.map((line) => line.replace(/^camp_enrolment_id INTEGER null/, "camp_enrolment_id INTEGER not null"));
      expect(await shape(table), table).toEqual(expected.sort());
    }
    expect(await namingOldNames()).toEqual([]);
  });

  it("keeps the links of rows written before it, by either name", async () => {
    await contract.down(server.db as never);
    const written = [];
    for (const { table, previous } of COLUMNS) {
      // The release before the expand wrote the old name, the release before this one the new name.
      for (const name of [previous, NEW]) {
        const enrolment = await campEnrolment();
        written.push({ table, enrolment, id: await insert(table, { ...base(table), [name]: enrolment }) });
      }
    }
    const unlinked = await insert("invoices", { ...base("invoices"), offer_kind: "section" });
    await contract.up(server.db as never);
    for (const { table, id, enrolment } of written) expect(await link(table, id), table).toBe(enrolment);
    expect(await link("invoices", unlinked)).toBeNull();
  });

  it("keeps camp_checkouts' enrolment NOT NULL and the foreign keys' actions", async () => {
    await expect(insert("camp_checkouts", base("camp_checkouts"))).rejects.toThrow();
    if (pg) {
      const { rows } = await sql<{ nullable: string }>`
        select is_nullable as nullable from information_schema.columns
        where table_schema = current_schema() and table_name = 'camp_checkouts' and column_name = ${NEW}`.execute(server.db);
      expect(rows).toEqual([{ nullable: "NO" }]);
    } else {
      const { rows } = await sql<{ notnull: number }>`select "notnull" from pragma_table_info('camp_checkouts') where name = ${NEW}`.execute(server.db);
      expect(rows).toEqual([{ notnull: 1 }]);
    }
    const [kept, deleted] = [await campEnrolment(), await campEnrolment()];
    const rows = [];
    for (const { table } of COLUMNS)
      rows.push({ table, gone: await insert(table, { ...base(table), [NEW]: deleted }), stays: await insert(table, { ...base(table), [NEW]: kept }) });
    await server.db.deleteFrom("camp_enrolments").where("id", "=", deleted).execute();
    for (const { table, gone, stays } of rows) {
      // Set null on invoices, consent answers and certificates; the checkout goes with its enrolment.
      expect(await link(table, gone), table).toBe(table === "camp_checkouts" ? undefined : null);
      expect(await link(table, stays), table).toBe(kept);
    }
    // A link to no enrolment is refused.
    for (const { table } of COLUMNS) await expect(insert(table, { ...base(table), [NEW]: deleted }), table).rejects.toThrow();
  });

  it("keeps the unique rules and the certificate kind CHECK on camp_enrolment_id", async () => {
    const [a, b] = [await campEnrolment(), await campEnrolment()];
    // One checkout per enrolment and day.
    const checkout = base("camp_checkouts");
    await insert("camp_checkouts", { ...checkout, [NEW]: a });
    await expect(insert("camp_checkouts", { ...checkout, [NEW]: a })).rejects.toThrow();
    await insert("camp_checkouts", { ...checkout, [NEW]: b });
    // One live invoice per camp enrolment; a void one may be followed by another.
    const first = await insert("invoices", { ...base("invoices"), [NEW]: a });
    await expect(insert("invoices", { ...base("invoices"), [NEW]: a })).rejects.toThrow();
    await update("invoices", first, { status: "void" });
    await insert("invoices", { ...base("invoices"), [NEW]: a });
    // One live certificate per camp enrolment; a revoked one may be followed by another.
    const certificate = await insert("certificates", { ...base("certificates"), [NEW]: b });
    await expect(insert("certificates", { ...base("certificates"), [NEW]: b })).rejects.toThrow();
    await update("certificates", certificate, { revoked_at: new Date().toISOString() });
    await insert("certificates", { ...base("certificates"), [NEW]: b });
    // Decision 089: a group's certificate never links a camp enrolment, on insert or update.
    await expect(insert("certificates", { ...base("certificates"), kind: "section", [NEW]: a })).rejects.toThrow();
    await expect(update("certificates", certificate, { kind: "section" })).rejects.toThrow();
    await insert("certificates", { ...base("certificates"), kind: "section" });
  });

  it("undoes and applies again with the links kept, and ids keep counting", async () => {
    /** A row of `table` linking a new camp enrolment (each table's unique rules allow one live row per enrolment). */
    const linked = async (table: LinkTable) => {
      const enrolment = await campEnrolment();
      return { table, enrolment, id: await insert(table, { ...base(table), [NEW]: enrolment }) };
    };
    const rows = [];
    for (const { table } of COLUMNS) rows.push(await linked(table));
    await contract.down(server.db as never);
    for (const { table, previous } of COLUMNS) {
      const { id, enrolment } = rows.find((r) => r.table === table)!;
      const { rows: found } = await sql<{ old: number; current: number }>`
        select ${sql.ref(previous)} as old, ${sql.ref(NEW)} as current from ${sql.table(table)} where id = ${id}`.execute(server.db);
      expect(found, table).toEqual([{ old: enrolment, current: enrolment }]);
    }
    // Each table's highest id deleted before the contract's rebuilds (SQLite): never handed out again.
    const deleted = [];
    for (const { table } of COLUMNS) {
      const row = await linked(table);
      await sql`delete from ${sql.table(table)} where id = ${row.id}`.execute(server.db);
      deleted.push(row);
    }
    await contract.up(server.db as never);
    for (const { table, id, enrolment } of rows) expect(await link(table, id), table).toBe(enrolment);
    for (const { table, id } of deleted) expect((await linked(table)).id, table).toBeGreaterThan(id);
    // Also with no row left to copy: every checkout deleted, then undone and applied again.
    const last = (await linked("camp_checkouts")).id;
    await sql`delete from camp_checkouts`.execute(server.db);
    await contract.down(server.db as never);
    await contract.up(server.db as never);
    expect((await linked("camp_checkouts")).id).toBeGreaterThan(last);
  });
});
