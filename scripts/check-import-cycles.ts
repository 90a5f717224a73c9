import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { queryModules } from "./check-table-ownership";

/**
 * `npm run lint` (issue 26): import cycles under app/, type-only imports aside (they vanish at
 * build time). Two checks: no cycle between modules, and no cycle between features (a feature is a
 * folder of app/features; feature A imports feature B when any of A's modules imports one of B's).
 * An owner's query module (its tables.ts's `queries`, decision 153) is a node of its own, named
 * `<feature>/<file>`: a feature the owner imports may call it, and a cycle through it is still found
 * (it imports its own feature, or a feature that imports the caller, and the cycle closes).
 * Tests are left out: a test may import whatever it checks. Prints each cycle (a feature cycle with
 * an example import per edge); a cycle between modules fails the run, one between features too
 * with --strict (as `npm run lint` runs it).
 */
// The root may be given (the script's test plants features in a copy); this repository's by default.
const root = path.resolve(process.argv.slice(2).find((arg) => !arg.startsWith("--")) ?? path.join(import.meta.dirname, ".."));
const app = path.join(root, "app");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return name === "+types" ? [] : sourceFiles(file);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith(".d.ts") ? [file] : [];
  });
}

const IMPORT = /^\s*(import|export)\s+(type\s+)?([^"';]*?)\s*from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)|^\s*import\s+["']([^"']+)["']/gm;

/** The modules a file imports at run time: `import type` and imports of types only are left out. */
function valueImports(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const found: string[] = [];
  for (const match of text.matchAll(IMPORT)) {
    const [, , typeOnly, clause, from, dynamic, bare] = match;
    const specifier = from ?? dynamic ?? bare;
    if (!specifier || typeOnly) continue;
    // `import { type A, type B } from` is types only too.
    const names = /\{([^}]*)\}/.exec(clause ?? "")?.[1];
    const outsideBraces = (clause ?? "")
      .replace(/\{[^}]*\}/, "")
      .replace(/,/g, "")
      .trim();
    if (
      names !== undefined &&
      !outsideBraces &&
      names
        .split(",")
        .map((n) => n.trim())
        .filter(Boolean)
        .every((n) => n.startsWith("type "))
    )
      continue;
    const resolved = resolve(file, specifier);
    if (resolved) found.push(resolved);
  }
  return found;
}

function resolve(from: string, specifier: string): string | undefined {
  const base = specifier.startsWith("~/")
    ? path.join(app, specifier.slice(2))
    : specifier.startsWith(".")
      ? path.resolve(path.dirname(from), specifier)
      : undefined;
  if (!base) return undefined;
  const clean = base.replace(/\?.*$/, "");
  for (const candidate of [clean, `${clean}.ts`, `${clean}.tsx`, path.join(clean, "index.ts"), path.join(clean, "index.tsx")]) {
    if (existsSync(candidate) && statSync(candidate).isFile() && candidate.startsWith(app)) return candidate;
  }
  return undefined;
}

/** Strongly connected components of more than one node (or a node importing itself): the cycles. */
function cycles(graph: Map<string, Set<string>>): string[][] {
  let index = 0;
  const indexes = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    indexes.set(node, index);
    low.set(node, index++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indexes.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, indexes.get(next)!));
    }
    if (low.get(node) === indexes.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || graph.get(node)?.has(node)) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!indexes.has(node)) visit(node);
  return found;
}

const files = sourceFiles(app);
const modules = new Map<string, Set<string>>();
for (const file of files) modules.set(file, new Set(valueImports(file).filter((target) => target !== file)));

const queries = new Set(await queryModules(root));
const featureOf = (file: string) => {
  const feature = /^features\/([^/]+)\//.exec(path.relative(app, file))?.[1];
  return feature && queries.has(file) ? `${feature}/${path.basename(file)}` : feature;
};
const features = new Map<string, Set<string>>();
const examples = new Map<string, string>();
for (const [file, targets] of modules) {
  const from = featureOf(file);
  if (!from) continue;
  if (!features.has(from)) features.set(from, new Set());
  for (const target of targets) {
    const to = featureOf(target);
    if (!to || to === from) continue;
    features.get(from)!.add(to);
    if (!examples.has(`${from}>${to}`)) examples.set(`${from}>${to}`, `${path.relative(app, file)} → ${path.relative(app, target)}`);
  }
}

const moduleCycles = cycles(modules);
const featureCycles = cycles(features);
for (const cycle of moduleCycles) console.log(`module cycle: ${cycle.map((file) => path.relative(app, file)).join(", ")}`);
for (const cycle of featureCycles) {
  const edges = cycle.flatMap((a) => cycle.filter((b) => features.get(a)?.has(b)).map((b) => `  ${examples.get(`${a}>${b}`)}`));
  console.log(`feature cycle: ${cycle.join(" ⇄ ")}\n${edges.join("\n")}`);
}
const featureEdges = [...features.values()].reduce((sum, targets) => sum + targets.size, 0);
console.log(
  `import cycles: ${moduleCycles.length} between modules, ${featureCycles.length} between features (${files.length} modules, ${features.size - queries.size} features and ${queries.size} query modules, ${featureEdges} dependencies between them)`,
);
process.exit(moduleCycles.length > 0 || (process.argv.includes("--strict") && featureCycles.length > 0) ? 1 : 0);
