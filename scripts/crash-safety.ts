import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import type { Config } from "~server/config";
import { openDatabase } from "~server/db/db";
import { nowIso } from "~server/db/values";
import { startBenchServer, type BenchServer } from "~server/test/server-process";

/**
 * `npm run test:crash`: what a power cut does to answered requests. Starts the production server
 * (server/test/server-process.ts), streams contact messages and demo bookings at it, kills it with
 * SIGKILL mid-stream, restarts it on the same data and checks that every request answered 201 is
 * stored, and that no slot holds more bookings than its capacity (seats_taken = live bookings).
 * SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (a fresh database, dropped after).
 * Prints the counts; exits 1 on any loss or overbooking.
 */
const SLOTS = 40;
const CAPACITY = 3;
const CONTACTS = 800;
const BOOKINGS = 400;
const CHILD_AGE = 9;
// Parallel senders per kind: enough that writes are in flight when the kill lands.
const SENDERS = 6;
// Kill once this many bookings have been answered 201 (half the seats), or after 30 s.
const KILL_AFTER_BOOKINGS = 60;
const KILL_AFTER_MS = 30_000;
const REQUEST_TIMEOUT_MS = 15_000;

/** A free port in 3600-3699 (the range these tests may use). */
async function freePort(): Promise<number> {
  const start = 3600 + Math.floor(Math.random() * 100);
  for (let i = 0; i < 100; i++) {
    const port = 3600 + ((start - 3600 + i) % 100);
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once("error", () => resolve(false));
      probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error("no free port in 3600-3699");
}

interface Figures {
  database: string;
  contactsSent: number;
  contactsAnswered: number;
  contactsFound: number;
  bookingsSent: number;
  bookingsAnswered: number;
  /** 409 answers: the slot was full (or the booking otherwise refused) before the kill. */
  bookingsRefused: number;
  bookingsFound: number;
  liveBookings: number;
  seatsTaken: number;
  capacity: number;
  problems: string[];
}

async function post(url: string, body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const text = await response.text();
  try {
    return { status: response.status, body: JSON.parse(text) as Record<string, unknown> };
  } catch {
    return { status: response.status, body: {} };
  }
}

async function run(label: string, database: Config["database"], dataDir: string): Promise<Figures> {
  const port = await freePort();
  const env = { DATABASE_URL: database.kind === "sqlite" ? `sqlite:${database.file}` : database.url, PUBLIC_URL: `http://127.0.0.1:${port}`, LOG_LEVEL: "error" };
  const figures: Figures = {
    database: label, contactsSent: 0, contactsAnswered: 0, contactsFound: 0, bookingsSent: 0, bookingsAnswered: 0,
    bookingsRefused: 0, bookingsFound: 0, liveBookings: 0, seatsTaken: 0, capacity: SLOTS * CAPACITY, problems: [],
  };
  let server: BenchServer | undefined = await startBenchServer(port, env, { dataDir });
  const db = openDatabase(database);
  try {
    // A course the booked child's age fits (others need the parent's confirmation).
    const course = await db.selectFrom("courses").select(["id", "slug"]).where("min_age", "<=", CHILD_AGE).where("max_age", ">=", CHILD_AGE).orderBy("id").executeTakeFirstOrThrow();
    const now = nowIso();
    const slotIds: number[] = [];
    for (let i = 0; i < SLOTS; i++) {
      const slot = await db
        .insertInto("demo_slots")
        .values({ starts_at: new Date(Date.now() + (48 + i) * 3_600_000).toISOString(), duration_minutes: 60, capacity: CAPACITY, course_id: course.id, status: "open", created_at: now, updated_at: now })
        .returning("id")
        .executeTakeFirstOrThrow();
      slotIds.push(slot.id);
    }

    const answeredContacts: string[] = [];
    const answeredBookings: string[] = [];
    let killed = false;
    const tag = randomBytes(4).toString("hex");
    // Bounded streams: each sender stops at its share of the total, or at the kill.
    const contactSender = async (sender: number) => {
      for (let i = sender; i < CONTACTS && !killed; i += SENDERS) {
        const email = `crash-${tag}-${i}@example.com`;
        figures.contactsSent++;
        const res = await post(`${server!.url}/contact-us/form`, { email, description: `Message ${i} before the power cut.` }).catch(() => undefined);
        if (res?.status === 201) answeredContacts.push(email);
      }
    };
    const bookingSender = async (sender: number) => {
      for (let i = sender; i < BOOKINGS && !killed; i += SENDERS) {
        figures.bookingsSent++;
        const res = await post(`${server!.url}/api/courses/${course.slug}/demo-bookings`, {
          // Every third request goes to the first slot: it fills at once, and then races full (409).
          slotId: slotIds[i % 3 === 0 ? 0 : i % SLOTS],
          childName: `Child ${i}`,
          childAge: CHILD_AGE,
          parentName: "Crash Parent",
          email: `booker-${tag}-${i}@example.com`,
          phone: "+91 98765 43210",
        }).catch(() => undefined);
        if (res?.status === 201 && typeof res.body.reference === "string") answeredBookings.push(res.body.reference);
        if (res?.status === 409) figures.bookingsRefused++;
      }
    };
    const started = Date.now();
    const killer = (async () => {
      while (answeredBookings.length < KILL_AFTER_BOOKINGS && Date.now() - started < KILL_AFTER_MS) await new Promise((r) => setTimeout(r, 5));
      killed = true;
      await server!.kill();
    })();
    await Promise.all([
      ...Array.from({ length: SENDERS }, (_, s) => contactSender(s)),
      ...Array.from({ length: SENDERS }, (_, s) => bookingSender(s)),
      killer,
    ]);
    figures.contactsAnswered = answeredContacts.length;
    figures.bookingsAnswered = answeredBookings.length;
    // A run that booked nothing, or whose streams ended before the kill, proves nothing.
    if (figures.bookingsAnswered === 0) figures.problems.push("no booking was answered 201: the booking stream tested nothing");
    if (figures.contactsSent >= CONTACTS && figures.bookingsSent >= BOOKINGS) figures.problems.push("both streams ended before the kill: nothing was in flight");

    // Back up on the same data: migrations and seed run again, and SQLite replays its WAL.
    server = await startBenchServer(port, env, { dataDir });
    if (!(await fetch(`${server.url}/healthz`)).ok) figures.problems.push("the restarted server is not healthy");

    const stored = new Set(
      (await db.selectFrom("contact_messages").select("email").where("email", "like", `crash-${tag}-%`).execute()).map((row) => row.email),
    );
    figures.contactsFound = answeredContacts.filter((email) => stored.has(email)).length;
    if (figures.contactsFound !== figures.contactsAnswered) figures.problems.push(`${figures.contactsAnswered - figures.contactsFound} contact messages answered 201 are missing`);
    // What the parent sees: each confirmed booking's page still finds it.
    for (const reference of answeredBookings) {
      const res = await fetch(`${server.url}/api/demo-bookings/${reference}`);
      if (res.status === 200) figures.bookingsFound++;
    }
    if (figures.bookingsFound !== figures.bookingsAnswered) figures.problems.push(`${figures.bookingsAnswered - figures.bookingsFound} bookings answered 201 are missing`);

    for (const slotId of slotIds) {
      const slot = await db.selectFrom("demo_slots").select(["seats_taken", "capacity"]).where("id", "=", slotId).executeTakeFirstOrThrow();
      const live = await db
        .selectFrom("demo_bookings")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("slot_id", "=", slotId)
        .where("status", "<>", "cancelled")
        .executeTakeFirstOrThrow();
      figures.seatsTaken += slot.seats_taken;
      figures.liveBookings += Number(live.n);
      if (slot.seats_taken !== Number(live.n)) figures.problems.push(`slot ${slotId}: seats_taken ${slot.seats_taken} but ${live.n} live bookings`);
      if (Number(live.n) > slot.capacity) figures.problems.push(`slot ${slotId}: ${live.n} bookings for ${slot.capacity} seats`);
    }
    if (figures.liveBookings < figures.bookingsAnswered) figures.problems.push("fewer live bookings than bookings answered 201");
    return figures;
  } finally {
    await db.destroy();
    await server?.stop().catch(() => undefined);
  }
}

function report(f: Figures): void {
  console.log(`\n${f.database}`);
  console.log(`  contact messages   sent ${f.contactsSent}, answered 201 ${f.contactsAnswered}, found after restart ${f.contactsFound}`);
  console.log(`  demo bookings      sent ${f.bookingsSent}, answered 201 ${f.bookingsAnswered} (409 ${f.bookingsRefused}), found after restart ${f.bookingsFound}`);
  console.log(`  seats              ${SLOTS} slots x ${CAPACITY} = capacity ${f.capacity}; live bookings ${f.liveBookings}; seats_taken ${f.seatsTaken}`);
  console.log(`  result             ${f.problems.length ? `FAILED: ${f.problems.join("; ")}` : "OK: nothing answered 201 was lost, no slot overbooked"}`);
}

async function main(): Promise<void> {
  const outcomes: Figures[] = [];
  const sqliteDir = mkdtempSync(path.join(tmpdir(), "stem-crash-sqlite-"));
  try {
    outcomes.push(await run("SQLite", { kind: "sqlite", file: path.join(sqliteDir, "app.db") }, sqliteDir));
    report(outcomes.at(-1)!);
  } finally {
    rmSync(sqliteDir, { recursive: true, force: true });
  }

  const pgUrl = process.env.TEST_DATABASE_URL;
  if (pgUrl) {
    const name = `crash_${randomBytes(6).toString("hex")}`;
    const admin = openDatabase({ kind: "postgres", url: pgUrl });
    await sql`create database ${sql.id(name)}`.execute(admin);
    const url = new URL(pgUrl);
    url.pathname = `/${name}`;
    const pgDir = mkdtempSync(path.join(tmpdir(), "stem-crash-pg-"));
    try {
      outcomes.push(await run("PostgreSQL", { kind: "postgres", url: url.toString() }, pgDir));
      report(outcomes.at(-1)!);
    } finally {
      await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin);
      await admin.destroy();
      rmSync(pgDir, { recursive: true, force: true });
    }
  } else {
    console.log("\nPostgreSQL: not run (set TEST_DATABASE_URL to run it too)");
  }
  process.exit(outcomes.every((o) => o.problems.length === 0) ? 0 : 1);
}

await main();
