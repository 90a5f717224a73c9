import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { afterAll, describe, expect, it } from "vitest";
import { tableWriteViolations, writesIn } from "./check-table-writes";

/** The lint that keeps enrolment writes in the enrolments feature (decision 100). */
describe("check-table-writes", () => {
  const root = mkdtempSync(path.join(tmpdir(), "table-writes-"));
  const put = (relative: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
    writeFileSync(path.join(root, relative), text);
  };
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("refuses a planted write of either enrolment table outside the enrolments feature, and the run fails", () => {
    put(
      "app/features/billing/payments/sneaky.server.ts",
      `export const f = (trx) =>\n  trx\n    .updateTable("section_enrolments")\n    .set({ status: "enrolled" });\n`,
    );
    put(
      "app/features/camp/sneaky.server.ts",
      `export const g = (trx) => trx.insertInto('enrollments as e').values({});\nexport const h = sql\`delete from enrollments where id = 1\`;\n`,
    );
    put("app/features/enrolments/owner.server.ts", `export const ok = (trx) => trx.deleteFrom("section_enrolments");\n`);
    put("app/features/sections/sections.api.test.ts", `await db.updateTable("section_enrolments").set({}).execute();\n`);
    put("server/db/migrations/2026-01-01-x.ts", `await db.insertInto("enrollments").values({}).execute();\n`);
    put("app/features/sections/reader.server.ts", `db.selectFrom("section_enrolments").selectAll();\n`);
    const found = tableWriteViolations(root);
    expect(found.map((v) => [v.file, v.line, v.table])).toEqual([
      ["app/features/billing/payments/sneaky.server.ts", 3, "section_enrolments"],
      ["app/features/camp/sneaky.server.ts", 1, "enrollments"],
      ["app/features/camp/sneaky.server.ts", 2, "enrollments"],
    ]);
    let failed: { status: number; stderr: string } | undefined;
    try {
      execFileSync("npx", ["tsx", path.join(import.meta.dirname, "check-table-writes.ts"), root], { encoding: "utf8", stdio: "pipe" });
    } catch (error) {
      failed = error as { status: number; stderr: string };
    }
    expect(failed?.status).toBe(1);
    expect(failed?.stderr).toContain("app/features/billing/payments/sneaky.server.ts:3: writes section_enrolments outside app/features/enrolments/");
  });

  it("finds nothing in reads, in the owner, in tests, migrations and seeds", () => {
    expect(writesIn("app/features/sections/x.server.ts", `db.selectFrom("section_enrolments as e")`)).toEqual([]);
    expect(writesIn("app/features/enrolments/enrolments.server.ts", `trx.updateTable("enrollments")`)).toEqual([]);
    expect(writesIn("app/features/sections/seed-sections.server.ts", `trx.insertInto("section_enrolments")`)).toEqual([]);
    expect(writesIn("server/test/fixture.ts", `trx.insertInto("section_enrolments")`)).toEqual([]);
  });

  it("passes on this repository (npm run lint runs it)", () => {
    expect(tableWriteViolations(path.resolve(import.meta.dirname, ".."))).toEqual([]);
    const out = execFileSync("npx", ["tsx", path.join(import.meta.dirname, "check-table-writes.ts")], { encoding: "utf8" });
    expect(out).toMatch(/table writes: 0 outside their owner/);
  });
});
