import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * Start-and-serve smoke test: `npm start` on a fresh SQLite database, then the pages and API a
 * visitor meets first must answer; then a second `npm start` from the same directory (another
 * instance of one release) must leave the build untouched and the first instance answering
 * (issue 46). CI runs it under each supported Node.js version.
 * Usage: npx tsx scripts/smoke.ts   (SMOKE_PORT, default 3290)
 */
const port = Number(process.env.SMOKE_PORT ?? 3290);
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), "stem-smoke-"));
const start = (at: number, dir: string) =>
  spawn("npm", ["start"], {
    env: {
      ...process.env,
      PORT: String(at),
      HOST: "127.0.0.1",
      DATA_DIR: dir,
      UPLOADS_DIR: path.join(dir, "uploads"),
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
    },
    stdio: ["ignore", "inherit", "inherit"],
    detached: true,
  });
const server = start(port, dataDir);
const secondDir = mkdtempSync(path.join(tmpdir(), "stem-smoke-"));
let second: ReturnType<typeof start> | undefined;

/** Waits (at most `seconds`) for /healthz at that address. */
async function waitUp(at: string, seconds: number): Promise<boolean> {
  for (let i = 0; i < seconds; i++) {
    if (
      await fetch(`${at}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return true;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  return false;
}

/** Each compiled server file and when it was written. */
function buildFiles(): string {
  const dir = path.join(process.env.BUILD_DIR ?? "build", "server-main");
  return readdirSync(dir)
    .sort()
    .map((file) => `${file}@${statSync(path.join(dir, file)).mtimeMs}`)
    .join(",");
}

const checks: Array<{ path: string; contains: string }> = [
  { path: "/healthz", contains: '"ok"' },
  { path: "/", contains: "STEM" },
  { path: "/ar", contains: 'dir="rtl"' },
  { path: "/courses", contains: "Robotics Fundamentals" },
  { path: "/admin/course-dashboard/all-courses", contains: "robotics_fundamentals" },
  { path: "/api/blogs", contains: "slug" },
];

let failed = false;
try {
  // Up to 3 minutes: the first start builds the bundle.
  if (!(await waitUp(base, 180))) throw new Error(`the server did not answer ${base}/healthz within 3 minutes`);
  const checkAll = async (label: string) => {
    for (const check of checks) {
      const res = await fetch(base + check.path);
      const body = await res.text();
      const ok = res.status === 200 && body.includes(check.contains);
      console.log(`${ok ? "ok  " : "FAIL"} ${res.status} ${check.path}${label}`);
      if (!ok) failed = true;
    }
  };
  await checkAll("");
  const before = buildFiles();
  second = start(port + 1, secondDir);
  if (!(await waitUp(`http://127.0.0.1:${port + 1}`, 60))) throw new Error("a second instance did not start within a minute");
  const untouched = buildFiles() === before;
  console.log(`${untouched ? "ok  " : "FAIL"} a second start left the build as it was`);
  if (!untouched) failed = true;
  await checkAll(" (with a second instance running)");
  console.log(`smoke test on Node ${process.version}: ${failed ? "FAILED" : "passed"}`);
} catch (error) {
  console.error(String(error));
  failed = true;
} finally {
  for (const child of [server, second]) {
    if (!child || child.exitCode !== null || child.signalCode !== null) continue;
    process.kill(-child.pid!, "SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
  }
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(secondDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
