import { execSync, spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { sql } from "kysely";
import { openDatabase } from "~server/db/db";
import { nowIso } from "~server/db/values";

/**
 * `npm run bench:booking`: the overbooking guarantee under load. Starts the production server on
 * a fresh database, creates one slot of capacity 5, fires 500 concurrent bookings with distinct
 * e-mails at it over loopback, and prints what happened. SQLite always; PostgreSQL as well when
 * TEST_DATABASE_URL is set (in a fresh database created and dropped for the run).
 */
const REQUESTS = 500;
const CAPACITY = 5;
const REQUEST_TIMEOUT_MS = 30_000;
const root = path.resolve(import.meta.dirname, "..");
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) })).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("the server did not answer /healthz within 90 s");
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

interface Outcome {
  database: string;
  ok: boolean;
}

async function run(label: string, databaseUrl: string, dataDir: string): Promise<Outcome> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      BUILD_DIR: buildDir,
      DATA_DIR: dataDir,
      UPLOADS_DIR: path.join(dataDir, "uploads"),
      DATABASE_URL: databaseUrl,
      PUBLIC_URL: url,
      LOG_LEVEL: "error",
      // One client address sends everything: lift the per-address booking limit for the run.
      RATE_LIMIT_MULTIPLIER: "1000",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const db = openDatabase(databaseUrl.startsWith("sqlite:") ? { kind: "sqlite", file: databaseUrl.slice("sqlite:".length) } : { kind: "postgres", url: databaseUrl });
  try {
    await waitForHealth(url, server);
    const course = await db.selectFrom("courses").select(["id", "slug"]).orderBy("id").executeTakeFirstOrThrow();
    const now = nowIso();
    const slot = await db
      .insertInto("demo_slots")
      .values({
        starts_at: new Date(Date.now() + 36 * 3_600_000).toISOString(),
        duration_minutes: 60,
        capacity: CAPACITY,
        course_id: course.id,
        status: "open",
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();

    const statuses = new Map<string, number>();
    const latencies: number[] = [];
    const started = performance.now();
    await Promise.all(
      Array.from({ length: REQUESTS }, async (_, i) => {
        const t0 = performance.now();
        let status: string;
        try {
          const response = await fetch(`${url}/api/courses/${course.slug}/demo-bookings`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ slotId: slot.id, childName: `Bench Child ${i}`, childAge: 10, parentName: "Bench Parent", email: `bench${i}@example.com`, phone: "9876543210" }),
            signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
          });
          await response.arrayBuffer();
          status = String(response.status);
        } catch (error) {
          status = (error as Error).name === "TimeoutError" ? "timeout" : "network error";
        }
        latencies.push(performance.now() - t0);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }),
    );
    const wall = performance.now() - started;

    const held = await db.selectFrom("demo_slots").select("seats_taken").where("id", "=", slot.id).executeTakeFirstOrThrow();
    const live = await db
      .selectFrom("demo_bookings")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("slot_id", "=", slot.id)
      .where("status", "<>", "cancelled")
      .executeTakeFirstOrThrow();
    latencies.sort((a, b) => a - b);
    const successes = statuses.get("201") ?? 0;
    const conflicts = statuses.get("409") ?? 0;
    const others = [...statuses.entries()].filter(([s]) => s !== "201" && s !== "409");
    console.log(`\n${label}`);
    console.log(`  requests           ${REQUESTS} concurrent, capacity ${CAPACITY}`);
    console.log(`  201 booked         ${successes}`);
    console.log(`  409 refused        ${conflicts}`);
    console.log(`  other statuses     ${others.length ? others.map(([s, n]) => `${s}: ${n}`).join(", ") : "none"}`);
    console.log(`  seats_taken in DB  ${held.seats_taken}   live bookings in DB ${Number(live.n)}`);
    console.log(`  latency p50        ${percentile(latencies, 50).toFixed(1)} ms`);
    console.log(`  latency p99        ${percentile(latencies, 99).toFixed(1)} ms`);
    console.log(`  wall time          ${wall.toFixed(0)} ms`);
    const ok = successes === CAPACITY && conflicts === REQUESTS - CAPACITY && held.seats_taken === CAPACITY && Number(live.n) === CAPACITY;
    console.log(`  result             ${ok ? "OK: exactly the capacity was booked" : "FAILED"}`);
    return { database: label, ok };
  } finally {
    await db.destroy();
    server.kill("SIGTERM");
    await new Promise((resolve) => (server.exitCode !== null ? resolve(null) : server.once("exit", resolve)));
  }
}

async function main(): Promise<void> {
  if (!existsSync(path.join(buildDir, "server/index.js"))) {
    console.log(`No production build at ${buildDir}: building it...`);
    execSync("npx react-router build", { cwd: root, stdio: "inherit", env: { ...process.env, BUILD_DIR: buildDir } });
  }
  const outcomes: Outcome[] = [];

  const sqliteDir = mkdtempSync(path.join(tmpdir(), "stem-bench-sqlite-"));
  try {
    outcomes.push(await run("SQLite", `sqlite:${path.join(sqliteDir, "bench.db")}`, sqliteDir));
  } finally {
    rmSync(sqliteDir, { recursive: true, force: true });
  }

  const pgUrl = process.env.TEST_DATABASE_URL;
  if (pgUrl) {
    const name = `bench_${randomBytes(6).toString("hex")}`;
    const admin = openDatabase({ kind: "postgres", url: pgUrl });
    await sql`create database ${sql.id(name)}`.execute(admin);
    const benchUrl = new URL(pgUrl);
    benchUrl.pathname = `/${name}`;
    const pgDir = mkdtempSync(path.join(tmpdir(), "stem-bench-pg-"));
    try {
      outcomes.push(await run("PostgreSQL", benchUrl.toString(), pgDir));
    } finally {
      await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin);
      await admin.destroy();
      rmSync(pgDir, { recursive: true, force: true });
    }
  } else {
    console.log("\nPostgreSQL: skipped (set TEST_DATABASE_URL to run it too)");
  }

  process.exit(outcomes.every((o) => o.ok) ? 0 : 1);
}

await main();
