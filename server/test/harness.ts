import { randomBytes } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { networkInterfaces, tmpdir } from "node:os";
import path from "node:path";
import { inject } from "vitest";
import type { Role } from "~/lib/roles";
import { createApp, requestListener, type AppDeps } from "~server/app";
import { loadConfig, type Config } from "~server/config";
import { openDatabase, type DB } from "~server/db/db";
import { migrateToLatest } from "~server/db/migrate";
import { seed } from "~server/db/seed";
import type { DestinationStream } from "pino";
import { startBackgroundJobs } from "~server/jobs/background-jobs";
import { createLogger } from "~server/logger";
import { startTracing } from "~server/tracing";
import { createUser } from "~/features/accounts/accounts.server";
import type { SessionUser } from "~server/security/session";
import { hashPassword } from "~server/security/passwords";
import type { Database } from "~server/db/schema";
import { copyPgTemplate } from "./pg-template";

const rand = () => Math.floor(Math.random() * 250) + 1;

export interface TestServer {
  /** Base URL of the running API, e.g. http://127.0.0.1:41234 */
  url: string;
  db: DB;
  config: Config;
  /** fetch against the server, JSON in and out. */
  request: (
    method: string,
    path: string,
    options?: { json?: unknown; body?: string; headers?: Record<string, string> },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test asserts the body's shape
  ) => Promise<{ status: number; body: any; headers: Headers }>;
  /** Creates an account with that role and signs it in; send `cookie` (and `origin: url` on writes). */
  signIn: (role: Role) => Promise<{ cookie: string; user: SessionUser; password: string }>;
  /** A second, independent connection to the same database (as another instance would have); close it yourself. */
  openDb: () => DB;
  /** How many rows a table holds now. */
  countRows: (table: keyof Database) => Promise<number>;
  close: () => Promise<void>;
}

/** The PostgreSQL run's template database, made once per run by server/test/global-setup.ts. */
function pgTemplateName(): string {
  const name = inject("pgTemplate");
  if (!name) throw new Error("No PostgreSQL template database: run Vitest with TEST_DATABASE_URL set (vitest.config.ts globalSetup makes it)");
  return name;
}

const SIGN_IN_PASSWORD = "Test-passw0rd";
let signInHash: Promise<string> | undefined;
/** The hash of SIGN_IN_PASSWORD, made by the app's own hashing once per test process. */
const signInPasswordHash = () => (signInHash ??= hashPassword(SIGN_IN_PASSWORD));

let template: Promise<string> | undefined;
/**
 * One SQLite file per test process, migrated and seeded like production, copied for each server.
 * Closed before copying (its write-ahead log folded in), so the copy is a whole database.
 */
function sqliteTemplate(): Promise<string> {
  template ??= (async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "stem-template-")), "app.db");
    const db = openDatabase({ kind: "sqlite", file });
    try {
      await migrateToLatest(db);
      await seed(db);
    } finally {
      await db.destroy();
    }
    process.once("exit", () => rmSync(path.dirname(file), { recursive: true, force: true }));
    return file;
  })();
  return template;
}

/**
 * A real Express app (API only) on a real, fresh database: a new SQLite file, or a new database on
 * the PostgreSQL server of TEST_DATABASE_URL. Migrated and seeded like production.
 */
export async function startTestServer(
  env: Record<string, string> = {},
  options: { log?: DestinationStream; sqlite?: boolean; pages?: AppDeps["pages"]; host?: string } = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "stem-test-"));
  // `sqlite`: SQLite even in the PostgreSQL run (SQLite-only features such as db:backup).
  const pgBase = options.sqlite ? undefined : process.env.TEST_DATABASE_URL;
  // PostgreSQL: a database of its own, copied from the run's migrated and seeded template (decision 119).
  const pgCopy = pgBase ? await copyPgTemplate(pgBase, pgTemplateName()) : undefined;
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    UPLOADS_DIR: path.join(dataDir, "uploads"),
    DATABASE_URL: pgCopy?.url ?? `sqlite:${path.join(dataDir, "app.db")}`,
    LOG_LEVEL: "silent",
    // Requests name their client address in X-Forwarded-For (see request()), so per-IP limits are testable.
    TRUST_PROXY: "1",
    ...env,
  });
  // SQLite: a copy of this process's migrated and seeded file (the same database a fresh start
  // makes, without migrating 50 times per file). A DATABASE_URL the test names is migrated here.
  const copied = Boolean(pgCopy) || (config.database.kind === "sqlite" && config.database.file !== ":memory:" && !existsSync(config.database.file));
  if (!pgCopy && copied && config.database.kind === "sqlite") {
    mkdirSync(path.dirname(config.database.file), { recursive: true });
    copyFileSync(await sqliteTemplate(), config.database.file);
  }
  const db = openDatabase(config.database);
  try {
    if (!copied) {
      await migrateToLatest(db);
      await seed(db);
    }
  } catch (error) {
    // A harness that never started is never closed: leave no database (or pool) behind. The
    // setup error is the one to report, so a failing cleanup does not replace it.
    await db.destroy().catch(() => {});
    await pgCopy?.drop().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  // Silent unless the test reads the log itself.
  const logger = options.log ? createLogger("info", options.log) : createLogger("silent");
  // `pages`: a page build too, for tests of the pages' form posts (API only otherwise).
  // Traces, as in production, when the test names an OTLP endpoint (server/tracing.test.ts).
  const tracing = await startTracing(config.tracing, config.database.kind);
  const traced = tracing ? db.withPlugin(tracing.queries) : db;
  const app = createApp({ config, db: traced, logger, pages: options.pages, tracing });
  // Background jobs (e-mail) run as in production, polling often so tests wait little. The daily
  // purge is left out: rows vanishing mid-test would make counts lie (server/jobs tests cover it).
  // So are periodic jobs (the reminder sweep): a row added at a period's turn would upset job
  // counts; the reminder tests run the sweep themselves.
  const jobs = startBackgroundJobs({ config, db: traced, logger }, { pollMs: 200, dailyJobs: false, periodicJobs: false, trace: tracing?.job });
  // `host`: another local address than 127.0.0.1 (as in a container or behind a proxy on another host).
  const host = options.host ?? "127.0.0.1";
  const server = createServer(requestListener(app)).listen(0, host);
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const url = `http://${host}:${(server.address() as AddressInfo).port}`;

  return {
    url,
    db,
    config,
    async request(method, requestPath, options = {}) {
      // Each request comes from its own random client address unless the test names one,
      // so per-IP rate limits only bite in tests that pin an address.
      const headers: Record<string, string> = { "x-forwarded-for": `10.${rand()}.${rand()}.${rand()}`, ...options.headers };
      let body = options.body;
      if (options.json !== undefined) {
        headers["content-type"] ??= "application/json";
        body = JSON.stringify(options.json);
      }
      const response = await fetch(url + requestPath, { method, headers, body, redirect: "manual" });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // not JSON: keep the text
      }
      return { status: response.status, body: parsed, headers: response.headers };
    },
    async signIn(role) {
      const email = `${role}-${randomBytes(5).toString("hex")}@example.com`;
      const password = SIGN_IN_PASSWORD;
      // The account is made without a password and given the hash of SIGN_IN_PASSWORD made once
      // per test process: an argon2 hash per sign-in was most of a sign-in's cost, and many tests
      // sign several people in. The sign-in itself still verifies the password through /login.
      const id = await createUser(db, { username: `Test ${role === "user" ? "Parent" : "Staff"}`, email, password: null, contactNumber: "9876543210", role });
      await db
        .updateTable("users")
        .set({ password_hash: await signInPasswordHash() })
        .where("id", "=", id!)
        .execute();
      const response = await fetch(`${url}/login`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": `10.9.${rand()}.${rand()}` },
        body: JSON.stringify({ email, password }),
      });
      if (response.status !== 200) throw new Error(`signIn failed: ${response.status}`);
      const cookie = (response.headers.get("set-cookie") ?? "").split(";")[0]!;
      return { cookie, password, user: { id: id!, username: `Test ${role === "user" ? "Parent" : "Staff"}`, email, role } };
    },
    openDb: () => openDatabase(config.database),
    async countRows(table) {
      const { n } = await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow();
      return Number(n);
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await jobs.stop();
      await tracing?.shutdown();
      await db.destroy();
      await pgCopy?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A local address of this machine other than 127.0.0.1, as a server in a container or behind a
 * proxy on another host is reached: the first non-loopback IPv4 address (its own connections to it
 * come from it), else 127.0.0.2 (which some systems answer from 127.0.0.1).
 */
export function otherLocalAddress(): string {
  const own = Object.values(networkInterfaces())
    .flatMap((list) => list ?? [])
    .find((entry) => entry.family === "IPv4" && !entry.internal);
  return own?.address ?? "127.0.0.2";
}

/** A test server with a staff member signed in: the headers a staff write needs (session and origin). */
export async function startStaffTestServer(): Promise<{ server: TestServer; headers: Record<string, string> }> {
  const server = await startTestServer();
  const admin = await server.signIn("admin");
  return { server, headers: { cookie: admin.cookie, origin: server.url } };
}
