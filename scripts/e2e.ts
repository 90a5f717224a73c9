import { execSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { findChromium } from "./find-chromium";

/**
 * Browser tests: one production build, then Playwright. A run with arguments (a spec, -g …) is one
 * Playwright process, as before. The whole suite runs in two lanes at once (decision 072): the
 * accessibility walk's public half (a11y.spec.ts) with a few flows specs, and everything else, each lane with
 * its own server, port range and fresh database, so no test sees another lane's writes.
 * E2E_LANES=1 runs the suite in one lane.
 */
const chromium = findChromium("shell");
const buildDir = process.env.BUILD_DIR ?? "build-e2e";
const basePort = Number(process.env.E2E_PORT ?? 3210);
const args = process.argv.slice(2);

const specs = readdirSync("tests/e2e").filter((file) => file.endsWith(".spec.ts"));
/**
 * The accessibility lane: the walk's public half (a11y.spec.ts; its signed-in half,
 * a11y-admin.spec.ts, runs in the other lane), and flows specs that even the lanes out, by the
 * summed times scripts/e2e.ts prints at the end of a run ("== lane …"): move files between lanes
 * when those two figures drift apart.
 */
const withWalk = [
  "a11y.spec.ts",
  "blog.spec.ts",
  "page-texts.spec.ts",
  "public-site.spec.ts",
  "accounts.spec.ts",
  "booking.spec.ts",
  "admin-content.spec.ts",
  "admin-honest-states.spec.ts",
  "admin.spec.ts",
  "cached-pages.spec.ts",
  "phones-arabic.spec.ts",
  "passkeys.spec.ts",
  "site.spec.ts",
  "sections-admin.spec.ts",
  // Moved here 2026-11-30: the lanes had drifted to 545 s (this one) and 621 s of tests.
  "staff-security.spec.ts",
  "account-extras.spec.ts",
  "check-in.spec.ts",
];
const lanes: { name: string; files: string[] }[] =
  args.length > 0 || process.env.E2E_LANES === "1"
    ? [{ name: "", files: args }]
    : [
        { name: "a11y", files: withWalk.map((file) => `tests/e2e/${file}`) },
        { name: "flows", files: specs.filter((file) => !withWalk.includes(file)).map((file) => `tests/e2e/${file}`) },
      ];

/** Runs one lane; resolves with Playwright's exit status. Output lines carry the lane's name. */
function runLane(lane: { name: string; files: string[] }, index: number): Promise<number> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "stem-e2e-"));
  // Each lane uses its port, +2, +3 and +1000 (playwright.config.ts, cached-pages, the OpenID stand-in).
  const env = {
    ...process.env,
    CHROMIUM_PATH: chromium,
    BUILD_DIR: buildDir,
    E2E_DATA_DIR: dataDir,
    E2E_PORT: String(basePort + index * 10),
    E2E_OUTPUT_DIR: lane.name ? `test-results/${lane.name}` : "test-results",
  };
  // No shell: a grep pattern like "a|b" stays one argument.
  const child = spawn("npx", ["playwright", "test", ...lane.files], { env, stdio: lane.name ? ["ignore", "pipe", "pipe"] : "inherit" });
  if (lane.name) {
    for (const stream of [child.stdout!, child.stderr!]) {
      let rest = "";
      stream.setEncoding("utf8").on("data", (chunk: string) => {
        const lines = (rest + chunk).split("\n");
        rest = lines.pop()!;
        for (const line of lines) process.stdout.write(`[${lane.name}] ${line}\n`);
      });
      stream.on("end", () => rest && process.stdout.write(`[${lane.name}] ${rest}\n`));
    }
  }
  return new Promise((resolve) =>
    child.on("close", (code) => {
      rmSync(dataDir, { recursive: true, force: true });
      resolve(code ?? 1);
    }),
  );
}

/** Each spec file's summed test time in a lane (Playwright's results.json), longest first: what to move when lanes drift apart. */
function printSpecTimes(lane: string): void {
  const file = `test-results/${lane}/results.json`;
  if (!existsSync(file)) return;
  interface Suite {
    file?: string;
    specs?: { tests: { results: { duration: number }[] }[] }[];
    suites?: Suite[];
  }
  const perFile = new Map<string, number>();
  const walk = (suite: Suite, file: string) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests) for (const result of test.results) perFile.set(file, (perFile.get(file) ?? 0) + result.duration);
    for (const inner of suite.suites ?? []) walk(inner, inner.file ?? file);
  };
  for (const suite of (JSON.parse(readFileSync(file, "utf8")) as { suites: Suite[] }).suites) walk(suite, suite.file ?? "?");
  const sorted = [...perFile.entries()].sort((a, b) => b[1] - a[1]);
  const total = sorted.reduce((sum, [, ms]) => sum + ms, 0);
  console.log(
    `== lane ${lane}: ${Math.round(total / 1000)} s of tests; longest spec files: ${sorted
      .slice(0, 8)
      .map(([name, ms]) => `${name} ${Math.round(ms / 1000)} s`)
      .join(", ")}`,
  );
}

let status = 0;
try {
  // E2E_BUILT=1: `npm test` (scripts/test.ts) built BUILD_DIR beside Vitest.
  if (process.env.E2E_BUILT !== "1")
    execSync("npx react-router build", { stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, BUILD_DIR: buildDir } });
  const started = Date.now();
  const results = await Promise.all(lanes.map(runLane));
  if (lanes.length > 1) {
    lanes.forEach((lane, i) => console.log(`== lane ${lane.name}: ${results[i] === 0 ? "passed" : `failed (exit ${results[i]})`}`));
    console.log(`== browser tests took ${Math.round((Date.now() - started) / 1000)} s in ${lanes.length} lanes`);
    lanes.forEach((lane) => printSpecTimes(lane.name));
  }
  status = results.find((code) => code !== 0) ?? 0;
} catch (error) {
  status = (error as { status?: number }).status ?? 1;
}
process.exit(status);
