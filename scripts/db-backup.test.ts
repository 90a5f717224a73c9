import { spawn } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openSqliteBare } from "~server/db/sqlite-file";
import { nowIso } from "~server/db/values";
import { startTestServer, type TestServer } from "~server/test/harness";
import { runScript, type ScriptResult } from "~server/test/run-script";

// db:backup and db:restore are for SQLite: these tests use SQLite in the PostgreSQL run as well.

/** The operator-facing lines of stderr (Node's own warnings, e.g. node:sqlite's "experimental", aside). */
const messageLines = (result: ScriptResult) => result.stderr.split("\n").filter((line) => line.trim() && !/Warning|--trace-warnings/.test(line));
const sqliteEnv = (dataDir: string) => ({ DATA_DIR: dataDir, DATABASE_URL: `sqlite:${path.join(dataDir, "app.db")}` });
const dateIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A table's rows straight from a SQLite file (what a restored installation holds). */
function count(file: string, sqlText: string, parameters: unknown[] = []): number {
  const db = openSqliteBare(file);
  try {
    return Number(Object.values(db.prepare(sqlText).all(parameters)[0] as Record<string, unknown>)[0]);
  } finally {
    db.close();
  }
}

/**
 * A server that died mid-work: a child process writes a row (kept in the WAL, not yet in the
 * database file) and is killed with SIGKILL, leaving app.db-wal and app.db-shm behind.
 */
async function crashAfterWrite(file: string, note: string): Promise<void> {
  const code = `
    const { openSqliteFile } = await import(${JSON.stringify(path.resolve(import.meta.dirname, "../server/db/sqlite-file.ts"))});
    const db = openSqliteFile(${JSON.stringify(file)});
    db.prepare("CREATE TABLE IF NOT EXISTS crash_marker (note TEXT)").run([]);
    db.prepare("INSERT INTO crash_marker (note) VALUES (?)").run([${JSON.stringify(note)}]);
    process.kill(process.pid, "SIGKILL");`;
  const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", code], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const signal = await new Promise((resolve) => child.once("exit", (_code, sig) => resolve(sig)));
  if (signal !== "SIGKILL") throw new Error(`the crashing writer did not crash: ${stderr}`);
}

// Each test starts the backup and restore scripts several times (tsx and the app's modules per start):
// under a loaded machine that alone came to 17-20 s, Vitest's default limit here.
describe("npm run db:backup / db:restore (SQLite)", { timeout: 60_000 }, () => {
  let server: TestServer;
  let work: string;
  let slotId: number;
  const slug = "robotics-fundamentals";

  beforeAll(async () => {
    server = await startTestServer({}, { sqlite: true });
    work = mkdtempSync(path.join(tmpdir(), "stem-backup-"));
    const course = await server.db.selectFrom("courses").select("id").where("slug", "=", slug).executeTakeFirstOrThrow();
    const now = nowIso();
    slotId = (
      await server.db
        .insertInto("demo_slots")
        .values({
          starts_at: new Date(Date.now() + 72 * 3_600_000).toISOString(),
          duration_minutes: 60,
          capacity: 500,
          course_id: course.id,
          status: "open",
          created_at: now,
          updated_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => {
    await server?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  const contact = (email: string) =>
    server.request("POST", "/contact-us/form", { json: { email, description: "Do you run weekend classes for 8 year olds?" } });
  const book = (email: string) =>
    server.request("POST", `/api/courses/${slug}/demo-bookings`, {
      json: { slotId, childName: "Aarav Sharma", childAge: 9, parentName: "Priya Sharma", email, phone: "+91 98765 43210" },
    });
  const enquiry = (email: string) =>
    server.request("POST", "/school/add-school-info", {
      json: {
        name: "Anita Rao",
        email,
        contactNumber: "+91 98765 43210",
        designation: "Principal",
        city: "Pune",
        schoolName: "Green Valley School",
        preferredDate: dateIn(20),
        preferredTime: "10:30",
        requirements: "A lab for 40 pupils.",
      },
    });

  it("refuses PostgreSQL (pointing to pg_dump / pg_restore), an existing file and a missing argument, with one line each", async () => {
    const pg = { DATA_DIR: work, DATABASE_URL: "postgres://app@127.0.0.1:5432/stem" };
    const backupPg = await runScript("db-backup.ts", ["--out", path.join(work, "pg.db")], pg);
    expect(backupPg.code).toBe(1);
    expect(messageLines(backupPg)).toEqual([expect.stringMatching(/PostgreSQL: back it up with pg_dump/)]);
    expect(existsSync(path.join(work, "pg.db"))).toBe(false);
    const restorePg = await runScript("db-restore.ts", ["--from", path.join(work, "pg.db")], pg);
    expect(restorePg.code).toBe(1);
    expect(messageLines(restorePg)).toEqual([expect.stringMatching(/PostgreSQL: restore a pg_dump file with pg_restore/)]);

    const existing = path.join(work, "existing.db");
    writeFileSync(existing, "keep me");
    const overwrite = await runScript("db-backup.ts", ["--out", existing], sqliteEnv(server.config.dataDir));
    expect(overwrite.code).toBe(1);
    expect(messageLines(overwrite)).toEqual([`Refusing to overwrite ${existing}: choose a new file name.`]);
    expect(readFileSync(existing, "utf8")).toBe("keep me");

    const usage = await runScript("db-backup.ts", [], sqliteEnv(server.config.dataDir));
    expect(usage.code).toBe(1);
    expect(messageLines(usage)).toEqual([expect.stringMatching(/^Usage: npm run db:backup -- --out FILE/)]);
  });

  it("backs up while the server keeps answering; a restore into a fresh data folder has every record", async () => {
    // Written and answered before the backup starts: all of them must be in it.
    const before = { contacts: [] as string[], bookings: [] as string[], enquiries: [] as string[] };
    for (let i = 0; i < 3; i++) {
      const email = `before-${i}@example.com`;
      expect((await contact(email)).status).toBe(201);
      before.contacts.push(email);
      const booked = await book(email);
      expect(booked.status).toBe(201);
      before.bookings.push(booked.body.reference);
      expect((await enquiry(`school-${i}@example.com`)).status).toBe(201);
      before.enquiries.push(`school-${i}@example.com`);
    }

    // The backup runs in its own process while this one keeps sending and answering requests.
    const out = path.join(work, "backups", "app-backup.db");
    let backupDone = false;
    const backup = runScript("db-backup.ts", ["--out", out], sqliteEnv(server.config.dataDir)).finally(() => (backupDone = true));
    const during = { sent: 0, answered: 0 };
    const deadline = Date.now() + 60_000;
    // Bounded: until the backup ends, at most 300 rounds or 60 s.
    while (!backupDone && during.sent < 300 && Date.now() < deadline) {
      const n = during.sent++;
      const [a, b] = await Promise.all([contact(`during-${n}@example.com`), book(`during-${n}@example.com`)]);
      if (a.status === 201 && b.status === 201) during.answered++;
    }
    const result = await backup;
    console.log(`db:backup: ${result.stdout.trim()} (${during.sent} rounds of requests sent meanwhile, ${during.answered} answered 201)`);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`^Backed up .*app\\.db to ${out.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}: [\\d.]+ (B|kB|MB) in \\d+ ms\\.\\n$`));
    expect(statSync(out).size).toBeGreaterThan(0);
    expect(during.answered).toBeGreaterThan(0);
    // The server never stopped serving.
    expect((await contact("after@example.com")).status).toBe(201);

    const fresh = path.join(work, "fresh-install");
    const restore = await runScript("db-restore.ts", ["--from", out], sqliteEnv(fresh));
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.stdout).toMatch(/^Restored .* \(\d+ migrations\) into .*fresh-install\/app\.db\. Start the server/);

    const restored = await startTestServer(sqliteEnv(fresh), { sqlite: true });
    try {
      const staff = await restored.signIn("admin");
      const headers = { cookie: staff.cookie, origin: restored.url };
      for (const email of before.contacts) {
        const list = await restored.request("GET", `/api/admin/submissions/contact?q=${encodeURIComponent(email)}`, { headers });
        expect(
          list.body.rows.map((row: { email: string }) => row.email),
          email,
        ).toEqual([email]);
      }
      for (const email of before.enquiries) {
        const list = await restored.request("GET", `/api/admin/submissions/school?q=${encodeURIComponent(email)}`, { headers });
        expect(list.body.total, email).toBe(1);
      }
      for (const reference of before.bookings) {
        const found = await restored.request("GET", `/api/demo-bookings/${reference}`);
        expect(found.status, reference).toBe(200);
        expect(found.body.booking).toMatchObject({ reference, status: "booked", childName: "Aarav Sharma" });
      }
      // Requests answered during the backup may or may not be in it, but the snapshot is one
      // moment: the slot's seat counter matches its bookings, and nothing after the backup is there.
      const file = path.join(fresh, "app.db");
      const contacts = count(file, "SELECT count(*) FROM contact_messages WHERE email LIKE 'during-%'");
      expect(contacts).toBeLessThanOrEqual(during.sent);
      const seats = count(file, "SELECT seats_taken FROM demo_slots WHERE id = ?", [slotId]);
      expect(seats).toBe(count(file, "SELECT count(*) FROM demo_bookings WHERE slot_id = ? AND status <> 'cancelled'", [slotId]));
      expect(seats).toBeGreaterThanOrEqual(3);
      expect(count(file, "SELECT count(*) FROM contact_messages WHERE email = 'after@example.com'")).toBe(0);
    } finally {
      await restored.close();
    }
  });

  it("restores only a database of this app, never under a running server, and keeps the replaced one", async () => {
    const notDb = path.join(work, "notes.txt");
    writeFileSync(notDb, "not a database at all");
    const target = path.join(work, "target");
    const refused = await runScript("db-restore.ts", ["--from", notDb], sqliteEnv(target));
    expect(refused.code).toBe(1);
    expect(messageLines(refused)).toEqual([`${notDb} is not a SQLite database.`]);

    const otherDb = path.join(work, "other.db");
    const other = openSqliteBare(otherDb);
    other.prepare("CREATE TABLE notes (body TEXT)").run([]);
    other.close();
    const foreign = await runScript("db-restore.ts", ["--from", otherDb], sqliteEnv(target));
    expect(foreign.code).toBe(1);
    expect(messageLines(foreign)).toEqual([expect.stringMatching(/not one of this app \(no kysely_migration table\)/)]);
    expect(existsSync(path.join(target, "app.db"))).toBe(false);

    // The running test server has its database open: refused, and its data untouched.
    const backup = path.join(work, "second.db");
    expect((await runScript("db-backup.ts", ["--out", backup], sqliteEnv(server.config.dataDir))).code).toBe(0);
    const live = path.join(server.config.dataDir, "app.db");
    const sizeBefore = statSync(live).size;
    const busy = await runScript("db-restore.ts", ["--from", backup], sqliteEnv(server.config.dataDir));
    expect(busy.code).toBe(1);
    expect(messageLines(busy)).toEqual([`${live} is in use: stop the server first (or pass --force if you are sure nothing runs).`]);
    expect(existsSync(`${live}.before-restore`)).toBe(false);
    expect(statSync(live).size).toBe(sizeBefore);
    expect((await contact("still-serving@example.com")).status).toBe(201);

    // A stopped installation with its own data: replaced, and the old database kept beside it.
    const installed = await startTestServer(sqliteEnv(target), { sqlite: true });
    await installed.signIn("user");
    const usersBefore = await installed.countRows("users");
    await installed.close();
    const done = await runScript("db-restore.ts", ["--from", backup], sqliteEnv(target));
    expect(done.code, done.stderr).toBe(0);
    expect(done.stdout).toContain(`The replaced database is kept as ${path.join(target, "app.db.before-restore")}.`);
    expect(count(path.join(target, "app.db.before-restore"), "SELECT count(*) FROM users")).toBe(usersBefore);
    expect(count(path.join(target, "app.db"), "SELECT count(*) FROM contact_messages WHERE email = 'after@example.com'")).toBe(1);
    // A second restore would overwrite the kept copy: refused.
    const again = await runScript("db-restore.ts", ["--from", backup], sqliteEnv(target));
    expect(again.code).toBe(1);
    expect(messageLines(again)).toEqual([expect.stringMatching(/app\.db\.before-restore exists \(from an earlier restore\): move it away first\./)]);
  });

  it("restores over a crashed installation, keeping its last (WAL-only) writes in app.db.before-restore, with and without --force", async () => {
    const backup = path.join(work, "third.db");
    expect((await runScript("db-backup.ts", ["--out", backup], sqliteEnv(server.config.dataDir))).code).toBe(0);
    for (const force of [false, true]) {
      const dir = path.join(work, `crashed-${force ? "forced" : "plain"}`);
      // An installed database (a copy of the backup), then a server that died right after a write.
      cpSync(backup, path.join(dir, "app.db"));
      await crashAfterWrite(path.join(dir, "app.db"), "the last write before the crash");
      expect(existsSync(path.join(dir, "app.db-wal"))).toBe(true);

      const result = await runScript("db-restore.ts", ["--from", backup, ...(force ? ["--force"] : [])], sqliteEnv(dir));
      expect(result.code, result.stderr).toBe(0);
      // The kept database has the crashed server's last write; the restored one has not (nor its WAL).
      expect(count(path.join(dir, "app.db.before-restore"), "SELECT count(*) FROM crash_marker WHERE note = 'the last write before the crash'")).toBe(1);
      expect(existsSync(path.join(dir, "app.db-wal"))).toBe(false);
      expect(count(path.join(dir, "app.db"), "SELECT count(*) FROM sqlite_master WHERE name = 'crash_marker'")).toBe(0);
      const messages = "SELECT count(*) FROM contact_messages";
      expect(count(path.join(dir, "app.db"), messages)).toBe(count(backup, messages));
    }
  });
});
