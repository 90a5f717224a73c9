import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const script = path.join(import.meta.dirname, "check-import-cycles.ts");

/**
 * An owner's query module (decision 153) is a node of its own in the feature graph: a feature the
 * owner imports may call it, and a cycle through it is still found. Run on planted features.
 */
describe("check-import-cycles and the owners' query modules", () => {
  const root = mkdtempSync(path.join(tmpdir(), "import-cycles-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const put = (relative: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
    writeFileSync(path.join(root, relative), text);
  };
  const run = () => {
    try {
      return { status: 0, out: execFileSync("npx", ["tsx", script, root, "--strict"], { encoding: "utf8", stdio: "pipe" }) };
    } catch (error) {
      const failed = error as { status: number; stdout: string };
      return { status: failed.status, out: failed.stdout };
    }
  };

  it("lets a feature the owner imports call the owner's query module, and finds a cycle closed through it", () => {
    mkdirSync(path.join(root, "server"), { recursive: true });
    // groups imports teaching; teaching reads groups' tables through groups' query module.
    put("app/features/groups/tables.ts", `export const owns = [];\nexport const queries = ["queries.server.ts"];\n`);
    put("app/features/groups/groups.server.ts", `import { taught } from "~/features/teaching/teaching.server";\nexport const groups = () => taught();\n`);
    put("app/features/groups/queries.server.ts", `export const groupOf = (id: number) => id;\n`);
    put("app/features/teaching/teaching.server.ts", `import { groupOf } from "~/features/groups/queries.server";\nexport const taught = () => groupOf(1);\n`);
    const clean = run();
    expect(clean.status).toBe(0);
    expect(clean.out).toContain("0 between features (4 modules, 2 features and 1 query modules");

    // The query module imports its own feature, which imports teaching: the cycle closes through it.
    put("app/features/groups/queries.server.ts", `import { groups } from "./groups.server";\nexport const groupOf = (id: number) => (groups(), id);\n`);
    const cycle = run();
    expect(cycle.status).toBe(1);
    expect(cycle.out).toContain("feature cycle:");
    expect(cycle.out).toContain("groups/queries.server.ts");

    // Without the declaration the query module is groups itself: teaching ⇄ groups.
    put("app/features/groups/queries.server.ts", `export const groupOf = (id: number) => id;\n`);
    put("app/features/groups/tables.ts", `export const owns = [];\n`);
    const undeclared = run();
    expect(undeclared.status).toBe(1);
    expect(undeclared.out).toContain("feature cycle: groups ⇄ teaching");
  }, 60_000);
});
