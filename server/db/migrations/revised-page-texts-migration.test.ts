import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "~server/test/harness";
import * as revisedPageTexts from "./2026-11-28-10-revised-page-texts";

/** The drafts/revisions CHECK widening of decision 063, both ways (SQLite, or PostgreSQL with TEST_DATABASE_URL). */
describe("revised page texts migration", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  it("keeps blog and course history through the CHECK change, refuses page sections once undone, and undoes cleanly", async () => {
    const staff = await server.signIn("editor");
    const now = new Date().toISOString();
    const revision = (table: string, id: number) =>
      sql`insert into content_revisions (record_table, record_id, user_id, user_name, form_values, created_at) values (${table}, ${id}, null, '', '{}', ${now})`.execute(
        server.db,
      );
    const draft = (table: string, id: number) =>
      sql`insert into content_drafts (record_table, record_id, user_id, form_values, created_at, updated_at) values (${table}, ${id}, ${staff.user.id}, '{}', ${now}, ${now})`.execute(
        server.db,
      );
    await revision("blog_posts", 1);
    await draft("courses", 1);
    await revision("page_sections", 1);
    await draft("testimonials", 1);
    await revisedPageTexts.down(server.db as never);
    // Their history goes with the down migration; blog and course history stays.
    expect(await server.countRows("content_revisions")).toBe(1);
    expect(await server.countRows("content_drafts")).toBe(1);
    await expect(revision("page_sections", 2)).rejects.toThrow();
    await expect(draft("testimonials", 2)).rejects.toThrow();
    await revisedPageTexts.up(server.db as never);
    await revision("page_sections", 2);
    await draft("testimonials", 2);
    await expect(revision("camps", 1)).rejects.toThrow();
    // The drafts' one-per-person rule survived the rebuild.
    await expect(draft("testimonials", 2)).rejects.toThrow();
    expect(await server.countRows("content_drafts")).toBe(2);
  });
});
