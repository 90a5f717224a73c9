import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPostgres } from "~server/db/db";
import type { CampEnrolmentsTable } from "~server/db/schema";
import { campEnrolmentRow } from "~server/test/camp-enrolment-row";
import { startTestServer, type TestServer } from "~server/test/harness";
import { migrateTo } from "~server/test/migrate-to";
import * as campEnrolments from "./2026-12-06-10-camp-enrolments";

/** The table as the previous release names it: its statements, unchanged, run against the view. */
interface PreviousRelease {
  enrollments: CampEnrolmentsTable;
}

/**
 * Decision 152: `enrollments` renamed `camp_enrolments`, the old name a view the previous release
 * still reads and writes (SQLite, or PostgreSQL with TEST_DATABASE_URL).
 */
describe("camp enrolments migration", () => {
  let server: TestServer;
  let previous: Kysely<PreviousRelease>;
  let pg: boolean;
  beforeAll(async () => {
    server = await startTestServer();
    // The schema this migration left: the column expand and the contract after it (decisions 156, 157) are undone first.
    await migrateTo(server.db, "2026-12-06-10-camp-enrolments");
    previous = server.db as unknown as Kysely<PreviousRelease>;
    pg = isPostgres(server.db);
  });
  afterAll(() => server?.close());

  let serial = 0;
  /** A camp enrolment as the previous release's enrolInCamp inserts it (every column but the id). */
  const values = () => campEnrolmentRow(++serial);
  const stored = (reference: string) => server.db.selectFrom("camp_enrolments").selectAll().where("reference", "=", reference).executeTakeFirst();

  it("keeps the rows, ids, indexes and the foreign keys that point at the table", async () => {
    const tables = await server.db.introspection.getTables();
    expect(tables.find((t) => t.name === "camp_enrolments")?.isView).toBe(false);
    expect(tables.find((t) => t.name === "enrollments")?.isView).toBe(true);
    if (pg) {
      const indexes = await sql<{
        name: string;
      }>`select indexname as name from pg_indexes where schemaname = current_schema() and tablename = 'camp_enrolments' order by 1`.execute(server.db);
      expect(indexes.rows.map((r) => r.name)).toEqual(["camp_enrolments_created", "camp_enrolments_pkey", "camp_enrolments_reference"]);
      const sequence = await sql<{ name: string }>`select pg_get_serial_sequence('camp_enrolments', 'id') as name`.execute(server.db);
      expect(sequence.rows[0]!.name).toMatch(/\.camp_enrolments_id_seq$/);
      const references = await sql<{ name: string }>`
        select distinct conrelid::regclass::text as name from pg_constraint where contype = 'f' and confrelid = 'camp_enrolments'::regclass order by 1`.execute(
        server.db,
      );
      expect(references.rows.map((r) => r.name.replace(/^.*\./, ""))).toEqual(["camp_checkouts", "certificates", "consent_answers", "invoices"]);
    } else {
      const indexes = await sql<{ name: string }>`select name from pragma_index_list('camp_enrolments') order by 1`.execute(server.db);
      expect(indexes.rows.map((r) => r.name)).toEqual(["camp_enrolments_created", "camp_enrolments_reference"]);
      const references = await sql<{ name: string }>`
        select distinct m.name from sqlite_master m, pragma_foreign_key_list(m.name) f
        where m.type = 'table' and f."table" = 'camp_enrolments' order by 1`.execute(server.db);
      expect(references.rows.map((r) => r.name)).toEqual(["camp_checkouts", "certificates", "consent_answers", "invoices"]);
      const stale = await sql<{ n: number }>`select count(*) as n from sqlite_master where type = 'table' and sql like '%"enrollments"%'`.execute(server.db);
      expect(stale.rows[0]!.n).toBe(0);
    }
  });

  it("takes the previous release's insert, update and delete through the view, onto camp_enrolments", async () => {
    // The previous release's enrolInCamp: every column but the id, RETURNING the row.
    const row = values();
    const inserted = await previous.insertInto("enrollments").values(row).returningAll().executeTakeFirstOrThrow();
    const kept = await stored(row.reference);
    expect(kept).toMatchObject({ ...row, id: expect.any(Number) });
    if (pg) {
      // An updatable view: the table's serial id comes back.
      expect(inserted.id).toBe(kept!.id);
    } else {
      // SQLite reports an INSTEAD OF insert's NEW row, in which the id was not given (decision 152).
      expect(inserted.id).toBeNull();
      expect(inserted.reference).toBe(row.reference);
    }

    // Columns left out take the table's defaults (SQLite: the trigger's).
    const bare = values();
    const given = (Object.keys(bare) as (keyof typeof bare)[]).filter((c) => !["message", "lang", "status", "notes"].includes(c));
    await sql`insert into enrollments (${sql.join(given.map((c) => sql.ref(c)))}) values (${sql.join(given.map((c) => bare[c]))})`.execute(server.db);
    const defaulted = await stored(bare.reference);
    expect(defaulted).toMatchObject({ message: "", lang: "en", status: "new", notes: "" });
    // The reference stays unique through the view.
    await expect(
      previous
        .insertInto("enrollments")
        .values({ ...values(), reference: row.reference })
        .execute(),
    ).rejects.toThrow();

    // Staff's follow-up and the erasure's anonymising UPDATE ... RETURNING.
    const changed = await previous
      .updateTable("enrollments")
      .set({ status: "contacted", notes: "called", updated_at: new Date().toISOString() })
      .where("id", "=", kept!.id)
      .returningAll()
      .execute();
    expect(changed).toMatchObject([{ id: kept!.id, status: "contacted", notes: "called" }]);
    expect(await stored(row.reference)).toMatchObject({ status: "contacted", notes: "called", student_name: "Noor" });
    // Reads of the previous release see the same rows.
    expect(await previous.selectFrom("enrollments").select(["id", "status"]).where("reference", "=", row.reference).execute()).toEqual([
      { id: kept!.id, status: "contacted" },
    ]);

    // A delete through the view runs the table's foreign key actions (camp_checkouts cascade).
    await sql`insert into camp_checkouts (enrollment_id, day, collected_by, created_at) values (${kept!.id}, '2026-07-01', 'Sara', ${row.created_at})`.execute(
      server.db,
    );
    await previous.deleteFrom("enrollments").where("id", "in", [kept!.id, defaulted!.id]).execute();
    expect(await stored(row.reference)).toBeUndefined();
    expect(await stored(bare.reference)).toBeUndefined();
    expect((await sql`select id from camp_checkouts where enrollment_id = ${kept!.id}`.execute(server.db)).rows).toEqual([]);

    // Ids keep counting past the deleted highest one (the sequence, SQLite's AUTOINCREMENT counter).
    const next = await server.db.insertInto("camp_enrolments").values(values()).returning("id").executeTakeFirstOrThrow();
    expect(next.id).toBeGreaterThan(defaulted!.id);
  });

  it("undoes and applies again with the rows kept", async () => {
    const row = values();
    await server.db.insertInto("camp_enrolments").values(row).execute();
    await campEnrolments.down(server.db as never);
    expect((await sql<{ n: number }>`select count(*) as n from enrollments where reference = ${row.reference}`.execute(server.db)).rows[0]!.n).toBe(1);
    await campEnrolments.up(server.db as never);
    expect(await stored(row.reference)).toMatchObject(row);
    expect(await previous.selectFrom("enrollments").select("reference").where("reference", "=", row.reference).execute()).toHaveLength(1);
  });
});
