import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

/**
 * `npm run lint` (decisions 100, 145 and 153): every table has one owner, a feature folder
 * (app/features/<feature>/) or a server folder (server/<folder>/), which lists it in its `tables.ts`
 * (`export const owns = [...]`). Any `insertInto`, `updateTable`, `deleteFrom`, `replaceInto` or
 * `mergeInto` of a table (aliased or not), or raw SQL `insert into` / `update` / `delete from` it,
 * anywhere under app/, server/ or scripts/ outside its owner fails the run: the write belongs behind
 * a function the owner exports. Tests, migrations, seeds and the test fixtures may write any table
 * (they set up or change the schema, not the behaviour), and so may the benchmarks' fixtures
 * (scripts/bench-*.ts), which fill their own fresh database before measuring.
 *
 * Reads (`selectFrom`) too (decision 153): the owner's folder is its query module, and code
 * elsewhere calls the functions it exports. A read of another owner's table fails the run (the
 * baseline of reads left from before the rule reached zero on 2026-11-30 and was removed). Besides
 * the files exempt above, the checks that read stored rows to verify them (the crash test and the
 * deploy rehearsals) may read any table.
 */

const REPO = path.resolve(import.meta.dirname, "..");
const SCANNED = ["app", "server", "scripts"];

/** Files that may write any table: tests (and the suites they share) and their fixtures, benchmark fixtures, migrations, seeds. */
const exempt = (relative: string) =>
  /\.(test\.tsx?|suite\.ts)$/.test(relative) ||
  /^scripts\/bench-[^/]*\.ts$/.test(relative) ||
  relative.startsWith("server/test/") ||
  relative.startsWith("server/db/migrations/") ||
  relative.startsWith("server/db/seed/") ||
  /(^|\/)seed[^/]*\.ts$/.test(relative);

/**
 * Files that may read any table besides those: the crash test and the deploy and restore rehearsals
 * read the stored rows to check what a crash, a deploy or a restore left, not to serve anyone; an
 * owner's function in between would check the function, not the rows.
 */
const readExempt = (relative: string) =>
  exempt(relative) || relative === "scripts/crash-safety.ts" || relative.startsWith("scripts/rehearsal/") || /^scripts\/rehearse-[^/]*\.ts$/.test(relative);

/** Table → the folder (relative to the root, with a trailing slash) that owns it; `twice`: tables two folders claim. */
export interface Ownership {
  owner: ReadonlyMap<string, string>;
  twice: readonly { table: string; owners: string[] }[];
}

/** The owners' declarations: app/features/<feature>/tables.ts and server/<folder>/tables.ts. */
export function ownerModules(root = REPO): string[] {
  return [path.join(root, "app", "features"), path.join(root, "server")].flatMap((dir) =>
    readdirSync(dir)
      .map((name) => path.join(dir, name, "tables.ts"))
      .filter((file) => existsSync(file)),
  );
}

/**
 * The owners' query modules (decision 153): the files of its folder an owner's `tables.ts` names in
 * `export const queries = [...]` (paths from the folder), where other features read its tables
 * through the functions they export. check-import-cycles.ts counts each as a node of its own, so a
 * feature the owner itself imports may call them as long as they do not import it back.
 */
export async function queryModules(root = REPO): Promise<string[]> {
  const found: string[] = [];
  for (const file of ownerModules(root)) {
    const { queries = [] } = (await import(pathToFileURL(file).href)) as { queries?: readonly string[] };
    for (const name of queries) {
      const module = path.join(path.dirname(file), name);
      if (!existsSync(module) || !path.relative(path.dirname(file), module) || path.relative(path.dirname(file), module).startsWith(".."))
        throw new Error(`${path.relative(root, file)} names a query module that is not a file of its folder: ${name}`);
      found.push(module);
    }
  }
  return found;
}

/** Reads every owner's `owns` (small modules with type-only imports, so nothing else of the app loads). */
export async function loadOwnership(root = REPO): Promise<Ownership> {
  const claims = new Map<string, string[]>();
  for (const file of ownerModules(root)) {
    const { owns } = (await import(pathToFileURL(file).href)) as { owns?: readonly string[] };
    if (!Array.isArray(owns)) throw new Error(`${path.relative(root, file)} exports no \`owns\` list`);
    const folder = `${path.relative(root, path.dirname(file)).split(path.sep).join("/")}/`;
    for (const table of owns) claims.set(table, [...(claims.get(table) ?? []), folder]);
  }
  return {
    owner: new Map([...claims].map(([table, folders]) => [table, folders[0]!])),
    twice: [...claims].filter(([, folders]) => folders.length > 1).map(([table, owners]) => ({ table, owners })),
  };
}

export interface TableAccess {
  file: string;
  line: number;
  table: string;
  /** The folder that owns the table. */
  owner: string;
  text: string;
}

const escape = (name: string) => name.replace(/[^\w]/g, "");
// Kysely's writers and reader, the table possibly aliased ("section_enrolments as e"), and raw SQL writes.
const builder = (methods: string, names: string) => new RegExp(`\\.(?:${methods})\\(\\s*["'\`](${names})(?:\\s+as\\s+\\w+)?["'\`]`, "g");
const patterns = (ownership: Ownership) => {
  const names = [...ownership.owner.keys()].map(escape).join("|");
  return {
    writes: [
      builder("insertInto|updateTable|deleteFrom|replaceInto|mergeInto", names),
      new RegExp(`\\b(?:insert\\s+into|update|delete\\s+from)\\s+["\`]?(${names})\\b`, "gi"),
    ],
    reads: [builder("selectFrom", names)],
  };
};

function accesses(relative: string, text: string, ownership: Ownership, regexes: RegExp[], isExempt = exempt): TableAccess[] {
  if (isExempt(relative)) return [];
  const found: TableAccess[] = [];
  for (const pattern of regexes) {
    for (const match of text.matchAll(pattern)) {
      const table = match[1]!.toLowerCase();
      const owner = ownership.owner.get(table)!;
      if (relative.startsWith(owner)) continue;
      const line = text.slice(0, match.index).split("\n").length;
      found.push({ file: relative, line, table, owner, text: text.split("\n")[line - 1]!.trim() });
    }
  }
  return found.sort((a, b) => a.line - b.line);
}

/** The writes of owned tables in one file's text that its path does not own. */
export const writesIn = (relative: string, text: string, ownership: Ownership): TableAccess[] =>
  accesses(relative, text, ownership, patterns(ownership).writes);

/** The reads (`selectFrom`) of tables in one file's text that its path does not own. */
export const readsIn = (relative: string, text: string, ownership: Ownership): TableAccess[] =>
  accesses(relative, text, ownership, patterns(ownership).reads, readExempt);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (name === "node_modules" || name === "+types" || name.startsWith(".")) return [];
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.(ts|tsx|mts)$/.test(name) && !name.endsWith(".d.ts") ? [file] : [];
  });
}

/** Every write and read of a table outside its owner, under `root`. */
export function tableAccesses(root: string, ownership: Ownership): { writes: TableAccess[]; reads: TableAccess[] } {
  const { writes, reads } = patterns(ownership);
  const result = { writes: [] as TableAccess[], reads: [] as TableAccess[] };
  for (const top of SCANNED) {
    const dir = path.join(root, top);
    if (!existsSync(dir)) continue;
    for (const file of sourceFiles(dir)) {
      const relative = path.relative(root, file).split(path.sep).join("/");
      const text = readFileSync(file, "utf8");
      result.writes.push(...accesses(relative, text, ownership, writes));
      result.reads.push(...accesses(relative, text, ownership, reads, readExempt));
    }
  }
  return result;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  // The root scanned may be given (the script's own test plants a violation in a copy); the owners are this repository's.
  const args = process.argv.slice(2);
  const root = path.resolve(args.find((a) => !a.startsWith("--")) ?? REPO);
  const ownership = await loadOwnership();
  for (const { table, owners } of ownership.twice) console.error(`${table} is owned twice: ${owners.join(", ")} (decision 145)`);
  const { writes, reads } = tableAccesses(root, ownership);
  for (const v of writes) console.error(`${v.file}:${v.line}: writes ${v.table} outside its owner ${v.owner} (decision 145): ${v.text}`);
  for (const r of reads)
    console.error(`${r.file}:${r.line}: reads ${r.table} outside its owner ${r.owner} (decision 153): call a function ${r.owner} exports: ${r.text}`);
  console.log(`table writes: ${writes.length} outside their owner (${ownership.owner.size} tables owned)`);
  console.log(`table reads: ${reads.length} outside their owner`);
  if (writes.length > 0 || ownership.twice.length > 0 || reads.length > 0) process.exit(1);
}
