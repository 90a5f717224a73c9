import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * Start-and-serve smoke test: `npm start` on a fresh SQLite database, then the pages and API a
 * visitor meets first must answer. CI runs it under each supported Node.js version.
 * Usage: npx tsx scripts/smoke.ts   (SMOKE_PORT, default 3290)
 */
const port = Number(process.env.SMOKE_PORT ?? 3290);
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), "stem-smoke-"));
const server = spawn("npm", ["start"], {
  env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, UPLOADS_DIR: path.join(dataDir, "uploads"), LOG_LEVEL: "warn", NODE_ENV: "production" },
  stdio: ["ignore", "inherit", "inherit"],
  detached: true,
});

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
  let up = false;
  for (let i = 0; i < 180 && !up; i++) {
    up = await fetch(`${base}/healthz`).then((r) => r.ok, () => false);
    if (!up) await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  if (!up) throw new Error(`the server did not answer ${base}/healthz within 3 minutes`);
  for (const check of checks) {
    const res = await fetch(base + check.path);
    const body = await res.text();
    const ok = res.status === 200 && body.includes(check.contains);
    console.log(`${ok ? "ok  " : "FAIL"} ${res.status} ${check.path}`);
    if (!ok) failed = true;
  }
  console.log(`smoke test on Node ${process.version}: ${failed ? "FAILED" : "passed"}`);
} catch (error) {
  console.error(String(error));
  failed = true;
} finally {
  process.kill(-server.pid!, "SIGTERM");
  await new Promise((resolve) => server.once("exit", resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
