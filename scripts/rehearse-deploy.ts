import { createHmac, randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import sharp from "sharp";
import { createUser } from "~/features/accounts/accounts.server";
import { courseWithDemoSlots } from "./rehearsal/demo-slots";
import { openDatabase, type DB } from "~server/db/db";
import { JOB_LEASE_MS } from "~server/jobs/worker";
import { startS3StandIn, type S3StandIn } from "~server/test/s3-stand-in";
import { startStripeStandIn, type StripeStandIn } from "~server/test/stripe-stand-in";
import { ledgerProblems } from "./rehearsal/checks";
import { client, logTail, p99, parse, sleep, startChild, waitFor, type Answer, type Child } from "./rehearsal/kit";
import { buildServer } from "./build-server";
import { buildNextRelease } from "./rehearsal/next-build";
import { REHEARSAL_MIGRATION } from "./rehearsal/next-migrations";

/**
 * `npm run rehearse:deploy [-- --short]`: a zero-downtime release, rehearsed on loopback with the
 * deploy kit (docs/deploy.md, decision 121). Caddy with deploy/Caddyfile (TLS from its internal CA)
 * in front of two production instances of BUILD_DIR on one fresh PostgreSQL database
 * (TEST_DATABASE_URL's server; dropped after), the Stripe stand-in as the payment provider, an
 * S3-compatible stand-in (s3rver) for uploads. A steady mixed load goes through Caddy (page views,
 * demo bookings, contact messages, enrolments paid online: checkout, then the provider's signed
 * webhook; staff uploading pictures), and meanwhile both instances are rolled,
 * one at a time, onto a newer build that adds an expand-only migration (scripts/rehearsal/): start
 * the new instance on a free slot, wait until it is healthy and Caddy has seen it, SIGTERM the old
 * one, which drains. Between the first and the second roll, the old build also serves requests sent
 * straight to it on the migrated schema, and after the roll an instance of the old build starts on
 * the migrated schema (a rollback), serves and drains. Then it checks in the database that every acknowledged
 * write is there, seats match bookings, every paid checkout is recorded once and every family's
 * ledger balances, and prints the figures. Exits 1 on any failed request, any lost write, or any
 * problem. Short mode: about 20 s of load (CI); full mode: 3 minutes. `--keep-database` leaves the
 * database in place and prints its URL (scripts/rehearse-restore.ts backs it up and restores it).
 */
const SHORT = process.argv.includes("--short");
// rehearse:restore's source: keep the database and print its URL on a line of its own.
const KEEP_DATABASE = process.argv.includes("--keep-database");
// Ports 3960-3999 (this script's range): Caddy 3960-3962, instance slots 3963-3966, stand-in 3967.
const CADDY_HTTPS = 3960;
const CADDY_HTTP = 3961;
const CADDY_ADMIN = 3962;
const SLOTS = [3963, 3964, 3965, 3966];
const STRIPE_PORT = 3967;
const BASE = `https://localhost:${CADDY_HTTPS}`;
const LOAD_SECONDS = SHORT ? 20 : 180;
// Load before the roll starts, and at least this much after it ends.
const WARM_UP_MS = SHORT ? 2_000 : 45_000;
const COOL_DOWN_MS = 2_000;
// Bounds, whatever the timing: requests per worker, and the whole rehearsal.
const MAX_REQUESTS_PER_WORKER = 20_000;
const HARD_LIMIT_MS = (LOAD_SECONDS + 240) * 1000;
// As deploy/stem-academy.env.example: 3 s of 503 on /healthz against Caddy's 1 s checks.
// REHEARSE_DRAIN_SECONDS=0 shows what a release without the drain does (decision 121).
const DRAIN_SECONDS = Math.min(60, Math.max(0, Number(process.env.REHEARSE_DRAIN_SECONDS ?? 3) || 0));
const THINK_MS = 20;
// Enrolments: 2 money workers, each at most MONEY_SHARE, into GROUPS groups of 500 seats.
const GROUPS = SHORT ? 2 : 6;
const MONEY_SHARE = (GROUPS * 500) / 2 - 10;
const CHILD_AGE = 9;
// One upload every 2 s or so: resizing is the heaviest work here, and the machine has two cores.
const UPLOAD_PAUSE_MS = 2000;

interface Write {
  kind: "booking" | "contact" | "enrolment";
  key: string;
}

interface Figures {
  sent: number;
  failed: number;
  failures: string[];
  byKind: Map<string, number>;
  latencies: { at: number; ms: number }[];
  writes: Write[];
  /** Checkout session → enrolment reference, for each webhook answered 200. */
  paid: Map<string, string>;
  /** Public URLs of uploads answered 201. */
  uploads: string[];
  /** Requests straight to the old build on the new schema, and how many failed. */
  oldOnNewSchema: { sent: number; failed: number };
}

function sign(secret: string, payload: string): string {
  const t = Math.floor(Date.now() / 1000);
  return `t=${t},v1=${createHmac("sha256", secret).update(`${t}.${payload}`, "utf8").digest("hex")}`;
}

async function main(): Promise<number> {
  if (!existsSync("/usr/bin/caddy")) {
    console.error("rehearse:deploy needs Caddy at /usr/bin/caddy (Debian: apt-get install caddy). Not run.");
    return 1;
  }
  const pgUrl = process.env.TEST_DATABASE_URL;
  if (!pgUrl) {
    console.error("rehearse:deploy needs TEST_DATABASE_URL (a PostgreSQL server it may create a database on). Not run.");
    return 1;
  }
  const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
  if (!existsSync(path.join(buildDir, "server-main/index.js")) || !existsSync(path.join(buildDir, "server/index.js"))) {
    console.error(`No production build in ${buildDir}: run \`npm run build\` (or set BUILD_DIR) first.`);
    return 1;
  }
  const started = Date.now();
  const work = mkdtempSync(path.join(tmpdir(), "stem-rehearse-"));
  // Inside the project: the next build's packages resolve from node_modules above it.
  const nextDir = path.resolve(`build-rehearsal-next-${randomBytes(4).toString("hex")}`);
  const dbName = `rehearse_${randomBytes(6).toString("hex")}`;
  const admin = openDatabase({ kind: "postgres", url: pgUrl });
  const children: Child[] = [];
  let stripe: StripeStandIn | undefined;
  let s3: S3StandIn | undefined;
  let db: DB | undefined;
  const hardLimit = setTimeout(() => {
    console.error(`rehearse:deploy: still running after ${HARD_LIMIT_MS / 1000} s: stopping everything`);
    for (const child of children) child.process.kill("SIGKILL");
    process.exit(1);
  }, HARD_LIMIT_MS);
  hardLimit.unref();
  try {
    console.log(`Building the next release (${buildDir} + migration ${REHEARSAL_MIGRATION}) into ${path.basename(nextDir)}...`);
    await buildNextRelease(buildDir, nextDir, buildServer);

    await sql`create database ${sql.id(dbName)}`.execute(admin);
    const url = new URL(pgUrl);
    url.pathname = `/${dbName}`;
    db = openDatabase({ kind: "postgres", url: url.toString() });

    stripe = await startStripeStandIn({ port: STRIPE_PORT });
    // Uploads in an S3-compatible bucket every instance shares (s3rver, as the storage tests use).
    s3 = await startS3StandIn();
    const sessionSecret = randomBytes(32).toString("hex");
    const instanceEnv = (port: number, build: string): NodeJS.ProcessEnv => ({
      PATH: process.env.PATH,
      NODE_ENV: "production",
      BUILD_DIR: build,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: url.toString(),
      PUBLIC_URL: BASE,
      TRUST_PROXY: "1",
      SESSION_SECRET: sessionSecret,
      DATA_DIR: path.join(work, `data-${port}`),
      ...s3!.env,
      // Unused with S3 set; kept out of the project folder all the same.
      UPLOADS_DIR: path.join(work, "uploads"),
      LOG_LEVEL: "warn",
      // All the load comes from one address.
      RATE_LIMIT_MULTIPLIER: "1000000",
      DRAIN_SECONDS: String(DRAIN_SECONDS),
      SHUTDOWN_TIMEOUT_SECONDS: "10",
      STRIPE_SECRET_KEY: stripe!.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe!.webhookSecret,
      STRIPE_API_URL: stripe!.url,
    });
    const startInstance = async (port: number, build: string, label: string) => {
      const child = startChild(
        `${label}-${port}`,
        process.execPath,
        ["--max-semi-space-size=4", "--max-old-space-size=512", path.join(build, "server-main/index.js")],
        instanceEnv(port, build),
        work,
      );
      children.push(child);
      const direct = client(`http://127.0.0.1:${port}`);
      try {
        await waitFor(`instance ${child.name} healthy`, async () => (await direct.send("GET", "/healthz")).status === 200, 90_000, child);
      } finally {
        direct.close();
      }
      return child;
    };

    // Two instances of the current release, started at once on the empty database (they take turns to migrate and seed).
    console.log("Starting two instances of the current release and Caddy...");
    let live: Child[] = await Promise.all([startInstance(SLOTS[0]!, buildDir, "old"), startInstance(SLOTS[1]!, buildDir, "old")]);
    const caddy = startChild(
      "caddy",
      "/usr/bin/caddy",
      ["run", "--config", path.resolve("deploy/Caddyfile"), "--adapter", "caddyfile"],
      {
        PATH: process.env.PATH,
        HOME: work,
        XDG_DATA_HOME: path.join(work, "caddy-data"),
        XDG_CONFIG_HOME: path.join(work, "caddy-config"),
        SITE_ADDRESS: "localhost",
        CADDY_TLS: "internal",
        CADDY_HTTP_PORT: String(CADDY_HTTP),
        CADDY_HTTPS_PORT: String(CADDY_HTTPS),
        CADDY_ADMIN: `127.0.0.1:${CADDY_ADMIN}`,
        APP_UPSTREAMS: SLOTS.map((port) => `127.0.0.1:${port}`).join(" "),
      },
      work,
    );
    children.push(caddy);
    const rootFile = path.join(work, "caddy-data/caddy/pki/authorities/local/root.crt");
    await waitFor("Caddy's internal CA", async () => existsSync(rootFile), 30_000, caddy);
    const proxy = client(BASE, readFileSync(rootFile, "utf8"));
    await waitFor("the site through Caddy", async () => (await proxy.send("GET", "/healthz")).status === 200, 30_000, caddy);
    // Caddy names each request (deploy/Caddyfile); the app logs that id, and the answer carries it.
    const named = await proxy.send("GET", "/", { headers: { "x-request-id": "forged-by-the-client" } });
    const requestId = String(named.headers["x-request-id"] ?? "");
    if (!/^[0-9a-f-]{36}$/.test(requestId)) throw new Error(`Caddy answered without its own request id (X-Request-Id: "${requestId}")`);

    // What the load needs: a course, demo slots with room for every booking, staff, a roomy group.
    const { course, slotIds } = await courseWithDemoSlots(db, { count: 20, capacity: 2000, childAge: CHILD_AGE });
    const tag = randomBytes(4).toString("hex");
    const staffEmail = `rehearsal-staff-${tag}@example.com`;
    await createUser(db, { username: "Rehearsal Staff", email: staffEmail, password: "Rehearsal-passw0rd", contactNumber: "9876543210", role: "admin" });
    const login = await proxy.json("/login", { email: staffEmail, password: "Rehearsal-passw0rd" });
    if (login.status !== 200) throw new Error(`staff sign-in through Caddy answered ${login.status}`);
    const staffCookie = String(login.headers["set-cookie"]?.[0] ?? "").split(";")[0]!;
    // Groups take 500 children at most: enough of them for the money workers' bound (MONEY_SHARE each).
    const firstDate = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const groupIds: string[] = [];
    for (let g = 0; g < GROUPS; g++) {
      const group = await proxy.json(
        "/api/admin/sections",
        { courseId: course.id, weekdays: [1 + g], startTime: "16:00", durationMinutes: 60, firstDate, meetings: 4, capacity: 500 },
        { cookie: staffCookie },
      );
      if (group.status !== 201) throw new Error(`a group was not created: ${group.status} ${group.text.slice(0, 200)}`);
      groupIds.push(String(parse(group.text).id));
    }

    // The load: closed-loop workers with a short pause, each bounded in time and count.
    const f: Figures = {
      sent: 0,
      failed: 0,
      failures: [],
      byKind: new Map(),
      latencies: [],
      writes: [],
      paid: new Map(),
      uploads: [],
      oldOnNewSchema: { sent: 0, failed: 0 },
    };
    let stop = false;
    const loadStarted = Date.now();
    const record = (kind: string, answer: Answer | Error, expected: number): Answer | undefined => {
      f.sent++;
      f.byKind.set(kind, (f.byKind.get(kind) ?? 0) + 1);
      if (answer instanceof Error || answer.status !== expected) {
        f.failed++;
        if (f.failures.length < 20) f.failures.push(`${kind}: ${answer instanceof Error ? answer.message : `${answer.status} ${answer.text.slice(0, 120)}`}`);
        return undefined;
      }
      f.latencies.push({ at: Date.now(), ms: answer.ms });
      return answer;
    };
    const call = async (kind: string, expected: number, send: () => Promise<Answer>) =>
      record(kind, await send().catch((error: unknown) => (error instanceof Error ? error : new Error(String(error)))), expected);
    const loop = async (body: (i: number) => Promise<void>) => {
      for (let i = 0; !stop && i < MAX_REQUESTS_PER_WORKER; i++) {
        await body(i);
        await sleep(THINK_MS);
      }
    };
    const pages = ["/", "/ar", "/courses", `/courses/${course.slug}`, "/api/blogs", "/ar/courses"];
    const pageWorker = (w: number) => loop(async (i) => void (await call("page view", 200, () => proxy.send("GET", pages[(i + w) % pages.length]!))));
    const bookingWorker = (w: number) =>
      loop(async (i) => {
        const answer = await call("demo booking", 201, () =>
          proxy.json(`/api/courses/${course.slug}/demo-bookings`, {
            slotId: slotIds[(i + w) % slotIds.length],
            childName: `Child ${w}-${i}`,
            childAge: CHILD_AGE,
            parentName: "Rehearsal Parent",
            email: `booker-${tag}-${w}-${i}@example.com`,
            phone: "+91 98765 43210",
          }),
        );
        const reference = answer && parse(answer.text).reference;
        if (typeof reference === "string") f.writes.push({ kind: "booking", key: reference });
      });
    const contactWorker = (w: number) =>
      loop(async (i) => {
        const email = `contact-${tag}-${w}-${i}@example.com`;
        if (await call("contact message", 201, () => proxy.json("/contact-us/form", { email, description: `Rehearsal message ${i}.` })))
          f.writes.push({ kind: "contact", key: email });
      });
    const moneyWorker = (w: number) =>
      loop(async (i) => {
        if (i >= MONEY_SHARE) return;
        const email = `family-${tag}-${w}-${i}@example.com`;
        const groupId = groupIds[(w * MONEY_SHARE + i) % groupIds.length]!;
        const enrolled = await call("enrolment", 201, () =>
          proxy.json(`/api/sections/${groupId}/enrolments`, {
            childName: `Child ${w}-${i}`,
            childAge: CHILD_AGE,
            parentName: "Rehearsal Parent",
            email,
            phone: "+91 98765 43210",
          }),
        );
        const body = enrolled ? parse(enrolled.text) : {};
        if (typeof body.reference !== "string") return;
        f.writes.push({ kind: "enrolment", key: body.reference });
        const token = typeof body.paymentUrl === "string" ? new URL(body.paymentUrl, BASE).searchParams.get("token") : null;
        if (!token) {
          record("checkout", new Error(`enrolment ${body.reference} answered without a payment link`), 201);
          return;
        }
        const checkout = await call("checkout", 201, () => proxy.json("/api/payments/checkouts", { token }));
        const sessionId = checkout && parse(checkout.text).sessionId;
        if (typeof sessionId !== "string") return;
        // The family pays at the provider; the provider's signed event comes through Caddy.
        const payload = JSON.stringify(stripe!.complete(sessionId));
        const hook = await call("payment webhook", 200, () =>
          proxy.send("POST", "/api/payments/stripe/webhook", {
            body: payload,
            headers: { "content-type": "application/json; charset=utf-8", "stripe-signature": sign(stripe!.webhookSecret, payload) },
          }),
        );
        if (hook) f.paid.set(sessionId, body.reference);
      });
    // Staff uploading pictures (each resized into three WebP widths: the heaviest request here), slowly.
    const picture = await sharp({ create: { width: 640, height: 400, channels: 4, background: { r: 30, g: 120, b: 200, alpha: 1 } } })
      .png()
      .toBuffer();
    const uploadWorker = () =>
      loop(async () => {
        const answer = await call("upload", 201, () => proxy.upload("/api/admin/uploads", "file", "photo.png", picture, { cookie: staffCookie, origin: BASE }));
        const url = answer && parse(answer.text).url;
        if (typeof url === "string") f.uploads.push(url);
        await sleep(UPLOAD_PAUSE_MS);
      });
    const workers = [uploadWorker(), ...[0, 1, 2].map(pageWorker), ...[0, 1].map(bookingWorker), contactWorker(0), ...[0, 1].map(moneyWorker)];
    console.log(`Load running through Caddy (${SHORT ? "short" : "full"} mode, about ${LOAD_SECONDS} s)...`);

    // The roll, one instance at a time, onto the free slots.
    await sleep(WARM_UP_MS);
    const rollStarted = Date.now();
    const drained: (number | string)[] = [];
    const next: Child[] = [];
    for (let n = 0; n < live.length; n++) {
      const old = live[n]!;
      const port = SLOTS[2 + n]!;
      const fresh = await startInstance(port, nextDir, "new");
      next.push(fresh);
      // Caddy checks every second: two intervals and it routes to the new instance.
      await sleep(2_200);
      if (n === 0) {
        // The migration is applied and the old build still serves: straight to the second old instance, on the new schema.
        const applied = await db
          .selectFrom("kysely_migration" as never)
          .select(sql<string>`name`.as("name"))
          .where(sql.ref("name"), "=", REHEARSAL_MIGRATION)
          .execute();
        if (applied.length !== 1) throw new Error(`the new release did not apply ${REHEARSAL_MIGRATION}`);
        const oldDirect = client(`http://127.0.0.1:${SLOTS[1]}`);
        for (let i = 0; i < 20; i++) {
          f.oldOnNewSchema.sent += 2;
          const page = await oldDirect.send("GET", pages[i % pages.length]!).catch(() => undefined);
          if (page?.status !== 200) f.oldOnNewSchema.failed++;
          const booked = await oldDirect
            .json(`/api/courses/${course.slug}/demo-bookings`, {
              slotId: slotIds[i % slotIds.length],
              childName: `Old ${i}`,
              childAge: CHILD_AGE,
              parentName: "Rehearsal Parent",
              email: `old-${tag}-${i}@example.com`,
              phone: "+91 98765 43210",
            })
            .catch(() => undefined);
          const reference = booked && parse(booked.text).reference;
          if (booked?.status === 201 && typeof reference === "string") f.writes.push({ kind: "booking", key: reference });
          else f.oldOnNewSchema.failed++;
        }
        oldDirect.close();
      }
      const code = await old.stop((DRAIN_SECONDS + 10 + 5) * 1000);
      drained.push(code);
      console.log(`  rolled ${old.name} → ${fresh.name}; the old one drained and exited with ${code}`);
    }
    live = next;
    const rollEnded = Date.now();
    // A rollback's first step, under the same load: the old build starts on the migrated schema
    // (server/db/migrate.ts lets it run under the newer, expand-only migration), serves, drains.
    const rollback = await startInstance(SLOTS[0]!, buildDir, "rollback");
    await sleep(2_200);
    const rollbackExit = await rollback.stop((DRAIN_SECONDS + 10 + 5) * 1000);
    console.log(`  the old build started on the new schema (a rollback), served, drained and exited with ${rollbackExit}`);
    const loadEnds = Math.max(loadStarted + LOAD_SECONDS * 1000, rollEnded + COOL_DOWN_MS);
    await sleep(Math.max(0, loadEnds - Date.now()));
    stop = true;
    await Promise.all(workers);
    const loadSeconds = (Date.now() - loadStarted) / 1000;
    proxy.close();

    // The checks, in the database.
    const problems: string[] = [];
    if (drained.some((code) => code !== 0)) problems.push(`an old instance did not drain cleanly (exit ${drained.join(", ")})`);
    if (rollbackExit !== 0) problems.push(`the old build on the new schema exited with ${rollbackExit}`);
    if (f.oldOnNewSchema.failed > 0) problems.push(`${f.oldOnNewSchema.failed} of ${f.oldOnNewSchema.sent} requests to the old build on the new schema failed`);
    const found = async (kind: Write["kind"], keys: string[]): Promise<Set<string>> => {
      const out = new Set<string>();
      for (let i = 0; i < keys.length; i += 500) {
        const chunk = keys.slice(i, i + 500);
        const rows =
          kind === "booking"
            ? await db!.selectFrom("demo_bookings").select("reference as key").where("reference", "in", chunk).execute()
            : kind === "contact"
              ? await db!.selectFrom("contact_messages").select("email as key").where("email", "in", chunk).execute()
              : await db!.selectFrom("section_enrolments").select("reference as key").where("reference", "in", chunk).execute();
        for (const row of rows) out.add(row.key);
      }
      return out;
    };
    let lost = 0;
    for (const kind of ["booking", "contact", "enrolment"] as const) {
      const keys = f.writes.filter((w) => w.kind === kind).map((w) => w.key);
      const there = await found(kind, keys);
      const missing = keys.filter((key) => !there.has(key));
      lost += missing.length;
      if (missing.length) problems.push(`${missing.length} ${kind}s answered 201 are missing (${missing.slice(0, 3).join(", ")})`);
    }
    // Each webhook answered 200: its payment recorded once (a job records it; a job the drain caught is finished or taken over).
    const intents = [...f.paid.keys()].map((sessionId) => stripe!.sessions.get(sessionId)!.payment_intent!);
    const recordedOnce = async () => {
      const rows = intents.length
        ? await db!.selectFrom("payments").select("provider_ref").where("kind", "=", "payment").where("provider_ref", "in", intents).execute()
        : [];
      return rows.length;
    };
    for (const deadline = Date.now() + JOB_LEASE_MS + 10_000; Date.now() < deadline && (await recordedOnce()) < intents.length;) await sleep(250);
    const paymentsRecorded = await recordedOnce();
    if (paymentsRecorded !== intents.length) {
      lost += Math.max(0, intents.length - paymentsRecorded);
      problems.push(`${intents.length} webhooks answered 200, ${paymentsRecorded} payments recorded`);
    }
    for (const slotId of slotIds) {
      const slot = await db.selectFrom("demo_slots").select(["seats_taken"]).where("id", "=", slotId).executeTakeFirstOrThrow();
      const live = await db
        .selectFrom("demo_bookings")
        .select((eb) => eb.fn.countAll<string>().as("n"))
        .where("slot_id", "=", slotId)
        .where("status", "<>", "cancelled")
        .executeTakeFirstOrThrow();
      if (slot.seats_taken !== Number(live.n)) problems.push(`slot ${slotId}: seats_taken ${slot.seats_taken}, ${live.n} live bookings`);
    }
    // Every upload answered 201 is in the bucket, at the URL the answer gave.
    let uploadsFound = 0;
    for (const url of f.uploads) if ((await fetch(url).catch(() => undefined))?.status === 200) uploadsFound++;
    if (uploadsFound !== f.uploads.length) {
      lost += f.uploads.length - uploadsFound;
      problems.push(`${f.uploads.length - uploadsFound} of ${f.uploads.length} uploads answered 201 are not in the bucket`);
    }
    const ledger = await ledgerProblems(db);
    problems.push(...ledger.problems.slice(0, 5));
    const columns = await sql<{
      n: string;
    }>`select count(*) as n from information_schema.columns where table_name = 'demo_bookings' and column_name = 'rehearsal_channel'`.execute(db);
    if (Number(columns.rows[0]!.n) !== 1) problems.push("the new release's column is not in the schema");
    if (f.failed > 0) problems.push(`${f.failed} failed requests: ${f.failures.slice(0, 5).join("; ")}`);
    if ((f.byKind.get("payment webhook") ?? 0) === 0) problems.push("no payment went through: the money stream tested nothing");

    const during = f.latencies.filter((l) => l.at >= rollStarted && l.at <= rollEnded).map((l) => l.ms);
    const all = f.latencies.map((l) => l.ms);
    const kinds = [...f.byKind].map(([kind, n]) => `${kind} ${n}`).join(", ");
    console.log(`\nRehearsal of a rolling release (${SHORT ? "short" : "full"} mode), PostgreSQL, Caddy ${CADDY_HTTPS} → 2 instances`);
    console.log(
      `  load               ${loadSeconds.toFixed(1)} s through Caddy (TLS, internal CA); the roll took ${((rollEnded - rollStarted) / 1000).toFixed(1)} s`,
    );
    console.log(`  requests sent      ${f.sent} (${kinds})`);
    console.log(`  failed requests    ${f.failed}`);
    console.log(
      `  acknowledged writes ${f.writes.length} (bookings, contact messages, enrolments) + ${intents.length} payments (webhooks answered 200) + ${f.uploads.length} uploads (in the S3 stand-in); lost ${lost}`,
    );
    console.log(
      `  old build, new schema ${f.oldOnNewSchema.sent} requests straight to the old instance after ${REHEARSAL_MIGRATION} ran, ${f.oldOnNewSchema.failed} failed`,
    );
    console.log(`  drains             ${drained.map((code) => `exit ${code}`).join(", ")}; rollback instance (old build, new schema) exit ${rollbackExit}`);
    console.log(`  ledger             ${ledger.families} families, ${ledger.problems.length} unbalanced`);
    console.log(`  p99 during the roll ${p99(during).toFixed(0)} ms (${during.length} answers); p99 overall ${p99(all).toFixed(0)} ms`);
    console.log(`  whole rehearsal    ${((Date.now() - started) / 1000).toFixed(1)} s`);
    console.log(
      `  result             ${problems.length ? `FAILED: ${problems.join("; ")}` : "OK: no failed request, no acknowledged write lost, every family's ledger balances"}`,
    );
    return problems.length ? 1 : 0;
  } catch (error) {
    console.error(`rehearse:deploy failed: ${error instanceof Error ? error.message : String(error)}`);
    for (const child of children)
      if (child.process.exitCode !== null) console.error(`--- ${child.name} (exited ${child.process.exitCode}):\n${logTail(child)}`);
    return 1;
  } finally {
    await Promise.all(children.map((child) => child.stop(5_000)));
    await stripe?.stop();
    await s3?.stop();
    await db?.destroy();
    const kept = new URL(pgUrl);
    kept.pathname = `/${dbName}`;
    if (KEEP_DATABASE) console.log(`KEPT_DATABASE_URL=${kept.toString()}`);
    else await sql`drop database if exists ${sql.id(dbName)} with (force)`.execute(admin).catch(() => undefined);
    await admin.destroy();
    rmSync(nextDir, { recursive: true, force: true });
    rmSync(work, { recursive: true, force: true });
    clearTimeout(hardLimit);
  }
}

process.exit(await main());
