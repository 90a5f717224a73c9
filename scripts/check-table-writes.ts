import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * `npm run lint` (decision 100): the enrolment tables are written only by their owner, the
 * enrolments feature. Any `insertInto`, `updateTable`, `deleteFrom`, `replaceInto` or `mergeInto` of
 * `section_enrolments` or `enrollments` (or raw SQL `insert into` / `update` / `delete from` them)
 * anywhere else under app/, server/ or scripts/ fails the run. Tests, migrations, seeds and the
 * test fixtures may write them (they set up or change the schema, not the lifecycle), and so may the
 * benchmarks' fixtures (scripts/bench-*.ts), which fill their own fresh database before measuring.
 */

/** Table → the one folder (relative to the root, with a trailing slash) allowed to write it. */
export const OWNED_TABLES: Readonly<Record<string, string>> = {
  section_enrolments: "app/features/enrolments/",
  enrollments: "app/features/enrolments/",
};

const SCANNED = ["app", "server", "scripts"];

/** Files that may write any table: tests and their fixtures, benchmark fixtures, migrations, seeds. */
const exempt = (relative: string) =>
  /\.test\.tsx?$/.test(relative) ||
  /^scripts\/bench-[^/]*\.ts$/.test(relative) ||
  relative.startsWith("server/test/") ||
  relative.startsWith("server/db/migrations/") ||
  /(^|\/)seed[^/]*\.ts$/.test(relative);

export interface TableWrite {
  file: string;
  line: number;
  table: string;
  text: string;
}

const names = Object.keys(OWNED_TABLES).join("|");
// Kysely's writers, the table possibly aliased ("section_enrolments as e"), and raw SQL.
const BUILDER = new RegExp(`\\.(?:insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\\(\\s*["'\`](${names})(?:\\s+as\\s+\\w+)?["'\`]`, "g");
const RAW = new RegExp(`\\b(?:insert\\s+into|update|delete\\s+from)\\s+["\`]?(${names})\\b`, "gi");

/** The writes of owned tables in one file's text that its path does not own. */
export function writesIn(relative: string, text: string): TableWrite[] {
  if (exempt(relative)) return [];
  const found: TableWrite[] = [];
  for (const pattern of [BUILDER, RAW]) {
    for (const match of text.matchAll(pattern)) {
      const table = match[1]!.toLowerCase();
      if (relative.startsWith(OWNED_TABLES[table]!)) continue;
      const line = text.slice(0, match.index).split("\n").length;
      found.push({ file: relative, line, table, text: text.split("\n")[line - 1]!.trim() });
    }
  }
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (name === "node_modules" || name === "+types" || name.startsWith(".")) return [];
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.(ts|tsx|mts)$/.test(name) && !name.endsWith(".d.ts") ? [file] : [];
  });
}

/** Every write of an owned table outside its owner, under `root`. */
export function tableWriteViolations(root: string): TableWrite[] {
  return SCANNED.flatMap((top) => {
    const dir = path.join(root, top);
    try {
      statSync(dir);
    } catch {
      return [];
    }
    return sourceFiles(dir).flatMap((file) => {
      const relative = path.relative(root, file).split(path.sep).join("/");
      return writesIn(relative, readFileSync(file, "utf8"));
    });
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  // The root may be given (the script's own test plants a violation in a copy).
  const root = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, ".."));
  const violations = tableWriteViolations(root);
  for (const v of violations) console.error(`${v.file}:${v.line}: writes ${v.table} outside ${OWNED_TABLES[v.table]} (decision 100): ${v.text}`);
  console.log(`table writes: ${violations.length} outside their owner (${Object.keys(OWNED_TABLES).join(", ")})`);
  if (violations.length > 0) process.exit(1);
}
