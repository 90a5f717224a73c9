import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { execFileSync } from "node:child_process";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadOwnership, queryModules, readsIn, tableAccesses, writesIn, type Ownership } from "./check-table-ownership";

const repo = path.resolve(import.meta.dirname, "..");
const script = path.join(import.meta.dirname, "check-table-ownership.ts");

/** The tables of the `Database` type (server/db/schema.ts), as the compiler sees it. */
function databaseTables(): string[] {
  const file = path.join(repo, "server/db/schema.ts");
  // The table names are the interface's own members (and those of ContentTables, in the same file): no import nor lib is needed.
  const program = ts.createProgram([file], { noEmit: true, noResolve: true, noLib: true, types: [] });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file)!;
  const declaration = source.statements.find((s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === "Database")!;
  return checker
    .getTypeAtLocation(declaration.name)
    .getProperties()
    .map((p) => p.name)
    .sort();
}

/** The lint that keeps each table's writes, and its reads, in its owner (decisions 100, 145 and 153). */
describe("check-table-ownership", () => {
  const root = mkdtempSync(path.join(tmpdir(), "table-ownership-"));
  const put = (relative: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
    writeFileSync(path.join(root, relative), text);
  };
  let ownership: Ownership;
  beforeAll(async () => {
    ownership = await loadOwnership();
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("gives every table of the Database type exactly one owner", () => {
    expect(ownership.twice).toEqual([]);
    expect([...ownership.owner.keys()].sort()).toEqual(databaseTables());
    expect(ownership.owner.get("section_enrolments")).toBe("app/features/enrolments/");
    expect(ownership.owner.get("sessions")).toBe("server/security/");
  });

  it("finds a table two folders claim", async () => {
    put("app/features/one/tables.ts", `export const owns = ["users", "jobs"] as const;\n`);
    put("server/two/tables.ts", `export const owns = ["jobs"] as const;\n`);
    const planted = await loadOwnership(root);
    expect(planted.twice).toEqual([{ table: "jobs", owners: ["app/features/one/", "server/two/"] }]);
    expect(planted.owner.get("users")).toBe("app/features/one/");
  });

  it("names this repository's query modules, and refuses one that is not a file of its owner's folder", async () => {
    const here = (await queryModules()).map((file) => path.relative(repo, file).split(path.sep).join("/"));
    expect(here).toContain("app/features/enrolments/queries.server.ts");
    expect(here).toContain("app/features/sections/queries.server.ts");
    const planted = mkdtempSync(path.join(tmpdir(), "query-modules-"));
    try {
      mkdirSync(path.join(planted, "server"), { recursive: true });
      mkdirSync(path.join(planted, "app/features/groups"), { recursive: true });
      writeFileSync(path.join(planted, "app/features/groups/tables.ts"), `export const owns = [];\nexport const queries = ["../other/queries.server.ts"];\n`);
      await expect(queryModules(planted)).rejects.toThrow("names a query module that is not a file of its folder");
    } finally {
      rmSync(planted, { recursive: true, force: true });
    }
  });

  it("refuses planted writes outside the owner, Kysely's (aliased) and raw SQL, and the run fails", () => {
    put(
      "app/features/billing/payments/sneaky.server.ts",
      `export const f = (trx) =>\n  trx\n    .updateTable("section_enrolments")\n    .set({ status: "enrolled" });\n`,
    );
    put(
      "app/features/camp/sneaky.server.ts",
      `export const g = (trx) => trx.insertInto('camp_enrolments as e').values({});\nexport const h = sql\`delete from camp_enrolments where id = 1\`;\nexport const i = (trx) => trx.mergeInto("users as u");\n`,
    );
    put(
      "server/jobs/sneaky.ts",
      `export const j = (db) => db.replaceInto("sessions").values({});\nexport const k = sql\`update "jobs" set status = 'done'\`;\n`,
    );
    put("app/features/enrolments/owner.server.ts", `export const ok = (trx) => trx.deleteFrom("section_enrolments");\n`);
    put("app/features/sections/sections.api.test.ts", `await db.updateTable("section_enrolments").set({}).execute();\n`);
    put("server/db/migrations/2026-01-01-x.ts", `await db.insertInto("camp_enrolments").values({}).execute();\n`);
    put("server/db/seed/index.ts", `await db.insertInto("courses").values({}).execute();\n`);
    put("app/features/sections/reader.server.ts", `db.selectFrom("section_enrolments").selectAll();\n`);
    const { writes, reads } = tableAccesses(root, ownership);
    expect(writes.map((v) => [v.file, v.line, v.table])).toEqual([
      ["app/features/billing/payments/sneaky.server.ts", 3, "section_enrolments"],
      ["app/features/camp/sneaky.server.ts", 1, "camp_enrolments"],
      ["app/features/camp/sneaky.server.ts", 2, "camp_enrolments"],
      ["app/features/camp/sneaky.server.ts", 3, "users"],
      ["server/jobs/sneaky.ts", 1, "sessions"],
    ]);
    expect(reads.map((r) => [r.file, r.table, r.owner])).toEqual([
      ["app/features/sections/reader.server.ts", "section_enrolments", "app/features/enrolments/"],
    ]);
    let failed: { status: number; stderr: string; stdout: string } | undefined;
    try {
      execFileSync("npx", ["tsx", script, root], { encoding: "utf8", stdio: "pipe" });
    } catch (error) {
      failed = error as { status: number; stderr: string; stdout: string };
    }
    expect(failed?.status).toBe(1);
    expect(failed?.stderr).toContain("app/features/billing/payments/sneaky.server.ts:3: writes section_enrolments outside its owner app/features/enrolments/");
    expect(failed?.stdout).toContain("table writes: 5 outside their owner");
    expect(failed?.stdout).toContain("table reads: 1 outside their owner");
  });

  it("refuses every read outside the owner, and the run fails", () => {
    const reads = mkdtempSync(path.join(tmpdir(), "table-reads-"));
    const plant = (relative: string, text: string) => {
      mkdirSync(path.dirname(path.join(reads, relative)), { recursive: true });
      writeFileSync(path.join(reads, relative), text);
    };
    try {
      plant("app/features/teaching/old.server.ts", `db.selectFrom("section_meetings as m").selectAll();\ndb.selectFrom("users").select("id");\n`);
      plant("app/features/teaching/new.server.ts", `export const f = (db) =>\n  db\n    .selectFrom("course_sections")\n    .select("teacher_id");\n`);
      // The owner reads its own tables; the crash test and the rehearsals check stored rows; tests set up.
      plant("app/features/sections/own.server.ts", `db.selectFrom("section_meetings").selectAll();\n`);
      plant("scripts/crash-safety.ts", `db.selectFrom("section_enrolments").selectAll();\n`);
      plant("scripts/rehearsal/checks.ts", `db.selectFrom("users").selectAll();\n`);
      plant("scripts/rehearse-deploy.ts", `db.selectFrom("demo_slots").selectAll();\n`);
      plant("app/features/teaching/t.api.test.ts", `db.selectFrom("users").selectAll();\n`);
      const found = tableAccesses(reads, ownership).reads;
      expect(found.map((r) => [r.file, r.line, r.table])).toEqual([
        ["app/features/teaching/new.server.ts", 3, "course_sections"],
        ["app/features/teaching/old.server.ts", 1, "section_meetings"],
        ["app/features/teaching/old.server.ts", 2, "users"],
      ]);
      let failed: { status: number; stderr: string; stdout: string } | undefined;
      try {
        execFileSync("npx", ["tsx", script, reads], { encoding: "utf8", stdio: "pipe" });
      } catch (error) {
        failed = error as { status: number; stderr: string; stdout: string };
      }
      expect(failed?.status).toBe(1);
      expect(failed?.stderr).toContain("app/features/teaching/new.server.ts:3: reads course_sections outside its owner app/features/sections/ (decision 153)");
      expect(failed?.stderr).toContain("app/features/teaching/old.server.ts:2: reads users outside its owner app/features/accounts/ (decision 153)");
      expect(failed?.stderr).not.toContain("own.server.ts");
      expect(failed?.stderr).not.toContain("crash-safety");
      expect(failed?.stdout).toContain("table writes: 0 outside their owner");
      expect(failed?.stdout).toContain("table reads: 3 outside their owner");
    } finally {
      rmSync(reads, { recursive: true, force: true });
    }
  });

  it("finds nothing in the owner, in tests, fixtures, migrations, seeds and benchmarks; reads in the checks of stored rows", () => {
    expect(writesIn("app/features/enrolments/enrolments.server.ts", `trx.updateTable("camp_enrolments")`, ownership)).toEqual([]);
    expect(writesIn("server/security/session.ts", `db.deleteFrom("sessions")`, ownership)).toEqual([]);
    expect(writesIn("app/features/sections/seed-sections.server.ts", `trx.insertInto("section_enrolments")`, ownership)).toEqual([]);
    expect(writesIn("server/test/fixture.ts", `trx.insertInto("section_enrolments")`, ownership)).toEqual([]);
    expect(writesIn("scripts/bench-booking.ts", `db.insertInto("demo_slots")`, ownership)).toEqual([]);
    expect(writesIn("app/features/sections/x.server.ts", `db.selectFrom("section_enrolments as e")`, ownership)).toEqual([]);
    expect(readsIn("app/features/sections/x.server.ts", `db.selectFrom("section_enrolments as e")`, ownership)).toHaveLength(1);
    expect(readsIn("app/features/enrolments/x.server.ts", `db.selectFrom("section_enrolments as e")`, ownership)).toEqual([]);
    for (const verifier of ["scripts/crash-safety.ts", "scripts/rehearsal/demo-slots.ts", "scripts/rehearse-restore.ts"]) {
      expect(readsIn(verifier, `db.selectFrom("users")`, ownership)).toEqual([]);
      expect(writesIn(verifier, `db.insertInto("users")`, ownership)).toHaveLength(1);
    }
    expect(readsIn("scripts/crash-safety-report.ts", `db.selectFrom("users")`, ownership)).toHaveLength(1);
  });

  it("passes on this repository (npm run lint runs it)", () => {
    const { writes, reads } = tableAccesses(repo, ownership);
    expect(writes).toEqual([]);
    expect(reads).toEqual([]);
    const out = execFileSync("npx", ["tsx", script], { encoding: "utf8" });
    expect(out).toMatch(/table writes: 0 outside their owner/);
    expect(out).toMatch(/table reads: 0 outside their owner/);
  });
});
