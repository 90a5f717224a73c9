import { sql } from "kysely";
import { afterAll, beforeAll } from "vitest";
import type { COLUMNS } from "~server/db/migrations/2026-12-07-00-camp-enrolment-columns";
import { campEnrolmentRow } from "./camp-enrolment-row";
import { startTestServer, type TestServer } from "./harness";
import { migrateTo } from "./migrate-to";

/** The four tables whose rows link a camp enrolment (decisions 156 and 157). */
export type LinkTable = (typeof COLUMNS)[number]["table"];

/**
 * What the camp enrolment column migrations' tests share: a server (its database taken back to
 * `migration` when given), a consent form to sign, camp enrolments, and rows of the four tables that
 * link one, written in SQL with the columns named explicitly, as each release's statements name
 * them. Call it inside a describe: it starts the server before the tests and closes it after.
 */
export function campEnrolmentLinksFixture(migration?: string) {
  let server: TestServer;
  let consent = { formId: 0, versionId: 0 };
  const at = new Date().toISOString();
  beforeAll(async () => {
    server = await startTestServer();
    if (migration) await migrateTo(server.db, migration);
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
  /** A new camp enrolment; its id. */
  const campEnrolment = async () => {
    serial += 1;
    const { id } = await server.db.insertInto("camp_enrolments").values(campEnrolmentRow(serial, at)).returning("id").executeTakeFirstOrThrow();
    return id;
  };

  /** A row of `table` without its enrolment link (each unique where the table wants it). */
  const base = (table: LinkTable): Record<string, string | number | null> => {
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

  /** Inserts a row of `table` with exactly these columns; its id. */
  const insert = async (table: LinkTable, values: Record<string, string | number | null>) => {
    const columns = Object.keys(values);
    const { rows } = await sql<{ id: number }>`insert into ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))})
      values (${sql.join(columns.map((c) => values[c]))}) returning id`.execute(server.db);
    return rows[0]!.id;
  };
  const update = (table: LinkTable, id: number, values: Record<string, string | number | null>) =>
    sql`update ${sql.table(table)} set ${sql.join(Object.entries(values).map(([c, v]) => sql`${sql.ref(c)} = ${v}`))} where id = ${id}`.execute(server.db);

  return { server: () => server, campEnrolment, base, insert, update };
}
