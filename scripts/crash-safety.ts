import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import type { Config } from "~server/config";
import { openDatabase } from "~server/db/db";
import { createLogger } from "~server/logger";
import { startBenchServer, type BenchServer } from "~server/test/server-process";
import { JOB_LEASE_MS } from "~server/jobs/worker";
import { startStripeStandIn, type StripeStandIn } from "~server/test/stripe-stand-in";
import { createUser } from "~/features/accounts/accounts.server";
import { courseWithDemoSlots } from "./rehearsal/demo-slots";
import { stripeProvider, retryPendingRefunds } from "~/features/billing/index.server";

/**
 * `npm run test:crash`: what a power cut does to answered requests. Starts the production server
 * (server/test/server-process.ts) with the Stripe stand-in as its provider, streams contact
 * messages, demo bookings and money at it (course enrolments, their online payments as signed
 * webhooks, and refunds of part of each through the stand-in, which answers refunds slowly so some
 * are in flight), kills it with SIGKILL mid-stream, restarts it on the same data and checks that
 * every request answered 201 (200 for a webhook) is stored, that no slot holds more bookings than
 * its capacity (seats_taken = live bookings), that after Stripe's redelivery of the events it never
 * had answered and the pending-refund sweep (two at once) every family's ledger balances
 * (invoiced − credited − paid + refunded) and equals what moved at the stand-in, and that every
 * refund left pending was made exactly once at the stand-in.
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
// The money stream: enrolments into one roomy group, each paid online and partly refunded, by
// MONEY_SENDERS parallel families' worth of senders; the kill also waits for KILL_AFTER_REFUNDS
// refunds answered 201 with one in flight (the stand-in takes REFUND_DELAY_MS to answer one).
const ENROLMENTS = 200;
const MONEY_SENDERS = 4;
// 4 enrolments a family: under the shipped enrolmentsPerFamily cap (6, decision 104).
const MONEY_FAMILIES = 50;
const KILL_AFTER_REFUNDS = 8;
const REFUND_DELAY_MS = 600;

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
  enrolmentsSent: number;
  enrolmentsAnswered: number;
  enrolmentsFound: number;
  webhooksAnswered: number;
  paymentsFound: number;
  redelivered: number;
  refundsAsked: number;
  refundsAnswered: number;
  refundsFound: number;
  pendingAfterRestart: number;
  sweptOnce: number;
  standInRefunds: number;
  families: number;
  problems: string[];
}

async function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
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
  const stripe = await startStripeStandIn({ refundDelayMs: REFUND_DELAY_MS });
  stripe.setWebhookUrl(`http://127.0.0.1:${port}/api/payments/stripe/webhook`);
  const env = {
    DATABASE_URL: database.kind === "sqlite" ? `sqlite:${database.file}` : database.url,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: "error",
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_URL: stripe.url,
  };
  const figures: Figures = {
    database: label,
    contactsSent: 0,
    contactsAnswered: 0,
    contactsFound: 0,
    bookingsSent: 0,
    bookingsAnswered: 0,
    bookingsRefused: 0,
    bookingsFound: 0,
    liveBookings: 0,
    seatsTaken: 0,
    capacity: SLOTS * CAPACITY,
    enrolmentsSent: 0,
    enrolmentsAnswered: 0,
    enrolmentsFound: 0,
    webhooksAnswered: 0,
    paymentsFound: 0,
    redelivered: 0,
    refundsAsked: 0,
    refundsAnswered: 0,
    refundsFound: 0,
    pendingAfterRestart: 0,
    sweptOnce: 0,
    standInRefunds: 0,
    families: 0,
    problems: [],
  };
  let server: BenchServer | undefined = await startBenchServer(port, env, { dataDir });
  const db = openDatabase(database);
  try {
    const { course, slotIds } = await courseWithDemoSlots(db, { count: SLOTS, capacity: CAPACITY, childAge: CHILD_AGE });

    const answeredContacts: string[] = [];
    const answeredBookings: string[] = [];
    let killed = false;
    const tag = randomBytes(4).toString("hex");

    // Staff (for the group and the refunds), signed in as the desk would be.
    const staffEmail = `crash-staff-${tag}@example.com`;
    await createUser(db, { username: "Crash Staff", email: staffEmail, password: "Crash-passw0rd", contactNumber: "9876543210", role: "admin" });
    const login = await fetch(`${server.url}/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: staffEmail, password: "Crash-passw0rd" }),
    });
    if (login.status !== 200) throw new Error(`staff sign-in answered ${login.status}`);
    const staff = { cookie: (login.headers.get("set-cookie") ?? "").split(";")[0]! };
    const firstDate = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const group = await post(
      `${server.url}/api/admin/sections`,
      { courseId: course.id, weekdays: [3], startTime: "16:00", durationMinutes: 60, firstDate, meetings: 4, capacity: ENROLMENTS + 10 },
      staff,
    );
    if (group.status !== 201) throw new Error(`the group was not created: ${group.status} ${JSON.stringify(group.body)}`);
    const money = {
      enrolments: [] as string[],
      paid: new Map<string, string>(),
      undelivered: new Set<string>(),
      refunds: [] as number[],
      inFlight: new Set<number>(),
    };
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
    // One family's enrolment, paid online (the stand-in's Pay, then its signed event to the server), then part refunded.
    const moneySender = async (sender: number) => {
      for (let i = sender; i < ENROLMENTS && !killed; i += MONEY_SENDERS) {
        figures.enrolmentsSent++;
        const email = `money-${tag}-${i % MONEY_FAMILIES}@example.com`;
        const enrolled = await post(`${server!.url}/api/sections/${String(group.body.id)}/enrolments`, {
          childName: `Child ${i}`,
          childAge: CHILD_AGE,
          parentName: "Crash Parent",
          email,
          phone: "+91 98765 43210",
        }).catch(() => undefined);
        if (enrolled?.status !== 201 || typeof enrolled.body.reference !== "string") continue;
        money.enrolments.push(enrolled.body.reference);
        const token = typeof enrolled.body.paymentUrl === "string" ? new URL(enrolled.body.paymentUrl, "http://x").searchParams.get("token") : null;
        if (!token) continue;
        const started = await post(`${server!.url}/api/payments/checkouts`, { token }).catch(() => undefined);
        if (started?.status !== 201 || typeof started.body.sessionId !== "string") continue;
        const sessionId = started.body.sessionId;
        const event = stripe.complete(sessionId);
        money.undelivered.add(sessionId);
        const delivered = await stripe.deliver(event).catch(() => 0);
        if (delivered !== 200) continue;
        money.undelivered.delete(sessionId);
        money.paid.set(sessionId, enrolled.body.reference);
        const intent = stripe.sessions.get(sessionId)!.payment_intent!;
        // The webhook only stores the event; its job records the payment (decision 094): wait for it, bounded.
        let payment: { id: number; amount_minor: number } | undefined;
        for (let waited = 0; !payment && waited < 100 && !killed; waited++) {
          payment = await db
            .selectFrom("payments")
            .select(["id", "amount_minor"])
            .where("kind", "=", "payment")
            .where("provider_ref", "=", intent)
            .executeTakeFirst();
          if (!payment) await new Promise((r) => setTimeout(r, 100));
        }
        if (!payment) continue;
        figures.refundsAsked++;
        const asked = Date.now() + Math.random();
        money.inFlight.add(asked);
        const refunded = await post(
          `${server!.url}/api/admin/billing/payments/${payment.id}/refunds`,
          { amountMinor: Math.max(1, Math.floor(payment.amount_minor / 3)), reason: "Crash test" },
          staff,
        ).catch(() => undefined);
        money.inFlight.delete(asked);
        const refundId = (refunded?.body.refund as { id?: unknown } | undefined)?.id;
        if (refunded?.status === 201 && typeof refundId === "number") money.refunds.push(refundId);
      }
    };
    const started = Date.now();
    const killer = (async () => {
      // A refund reserved in our database (its credit note written, the refund pending) while the stand-in takes its time to answer.
      const refundWaiting = async () =>
        money.inFlight.size > 0 &&
        !!(await db.selectFrom("payments").select("id").where("kind", "=", "refund").where("refund_state", "=", "pending").executeTakeFirst());
      const ready = async () => answeredBookings.length >= KILL_AFTER_BOOKINGS && money.refunds.length >= KILL_AFTER_REFUNDS && (await refundWaiting());
      while (!(await ready()) && Date.now() - started < KILL_AFTER_MS) await new Promise((r) => setTimeout(r, 10));
      killed = true;
      await server!.kill();
    })();
    await Promise.all([
      ...Array.from({ length: SENDERS }, (_, s) => contactSender(s)),
      ...Array.from({ length: SENDERS }, (_, s) => bookingSender(s)),
      ...Array.from({ length: MONEY_SENDERS }, (_, s) => moneySender(s)),
      killer,
    ]);
    figures.enrolmentsAnswered = money.enrolments.length;
    figures.webhooksAnswered = money.paid.size;
    figures.refundsAnswered = money.refunds.length;
    if (figures.refundsAnswered === 0) figures.problems.push("no refund was answered 201: the money stream tested nothing");
    figures.contactsAnswered = answeredContacts.length;
    figures.bookingsAnswered = answeredBookings.length;
    // A run that booked nothing, or whose streams ended before the kill, proves nothing.
    if (figures.bookingsAnswered === 0) figures.problems.push("no booking was answered 201: the booking stream tested nothing");
    if (figures.contactsSent >= CONTACTS && figures.bookingsSent >= BOOKINGS)
      figures.problems.push("both streams ended before the kill: nothing was in flight");

    // Back up on the same data: migrations and seed run again, and SQLite replays its WAL.
    server = await startBenchServer(port, env, { dataDir });
    if (!(await fetch(`${server.url}/healthz`)).ok) figures.problems.push("the restarted server is not healthy");

    const stored = new Set(
      (await db.selectFrom("contact_messages").select("email").where("email", "like", `crash-${tag}-%`).execute()).map((row) => row.email),
    );
    figures.contactsFound = answeredContacts.filter((email) => stored.has(email)).length;
    if (figures.contactsFound !== figures.contactsAnswered)
      figures.problems.push(`${figures.contactsAnswered - figures.contactsFound} contact messages answered 201 are missing`);
    // What the parent sees: each confirmed booking's page still finds it.
    for (const reference of answeredBookings) {
      const res = await fetch(`${server.url}/api/demo-bookings/${reference}`);
      if (res.status === 200) figures.bookingsFound++;
    }
    if (figures.bookingsFound !== figures.bookingsAnswered)
      figures.problems.push(`${figures.bookingsAnswered - figures.bookingsFound} bookings answered 201 are missing`);

    await checkMoney(db, stripe, money, figures);

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
    await stripe.stop();
  }
}

type Money = { enrolments: string[]; paid: Map<string, string>; undelivered: Set<string>; refunds: number[] };

/**
 * After the restart: what was answered is there; Stripe redelivers the events never answered; the
 * pending-refund sweep (two at once, as two instances would) finishes what the kill left pending,
 * each at the stand-in once; then every family's ledger balances and matches the stand-in.
 */
async function checkMoney(db: ReturnType<typeof openDatabase>, stripe: StripeStandIn, money: Money, figures: Figures): Promise<void> {
  const problem = (text: string) => figures.problems.push(text);
  const enrolmentsNow = async () =>
    new Map(
      (
        await db
          .selectFrom("section_enrolments")
          .select(["reference", "status", "payment_hold_until"])
          .where("reference", "in", money.enrolments.length ? money.enrolments : ["-"])
          .execute()
      ).map((row) => [row.reference, row]),
    );
  let byReference = await enrolmentsNow();
  figures.enrolmentsFound = money.enrolments.filter((reference) => byReference.has(reference)).length;
  if (figures.enrolmentsFound !== figures.enrolmentsAnswered)
    problem(`${figures.enrolmentsAnswered - figures.enrolmentsFound} enrolments answered 201 are missing`);

  // Every webhook answered 200: its payment recorded once and the seat confirmed. Events are stored
  // first and processed by a job; a job the kill caught running is taken over once its lease runs
  // out, so the wait is that lease and a little more.
  const intentsPaid = [...money.paid.keys()].map((sessionId) => stripe.sessions.get(sessionId)!.payment_intent!);
  for (const deadline = Date.now() + JOB_LEASE_MS + 10_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 200))) {
    const recorded = await db
      .selectFrom("payments")
      .select("provider_ref")
      .where("kind", "=", "payment")
      .where("provider_ref", "in", intentsPaid.length ? intentsPaid : ["-"])
      .execute();
    if (new Set(recorded.map((row) => row.provider_ref)).size >= intentsPaid.length) break;
  }
  byReference = await enrolmentsNow();
  for (const [sessionId, reference] of money.paid) {
    const intent = stripe.sessions.get(sessionId)!.payment_intent!;
    const rows = await db.selectFrom("payments").select("id").where("kind", "=", "payment").where("provider_ref", "=", intent).execute();
    if (rows.length === 1) figures.paymentsFound++;
    else problem(`checkout ${sessionId}: its webhook was answered 200, ${rows.length} payments recorded`);
    const row = byReference.get(reference);
    if (!(row?.status === "enrolled" && row.payment_hold_until === null))
      problem(`enrolment ${reference}: paid (webhook answered 200) but ${row ? `${row.status}${row.payment_hold_until ? ", still held" : ""}` : "missing"}`);
  }
  // Stripe retries an event until it is answered 2xx: the ones the kill cut off come again.
  for (const sessionId of money.undelivered) {
    if ((await stripe.deliver(stripe.complete(sessionId)).catch(() => 0)) === 200) figures.redelivered++;
    else problem(`checkout ${sessionId}: its redelivered event was not answered 200`);
  }

  // Every refund answered 201 is a refund in the ledger.
  const answered = await db
    .selectFrom("payments")
    .select(["id", "refund_state"])
    .where("id", "in", money.refunds.length ? money.refunds : [0])
    .execute();
  figures.refundsFound = answered.length;
  if (answered.length !== money.refunds.length) problem(`${money.refunds.length - answered.length} refunds answered 201 are missing`);
  for (const row of answered) if (row.refund_state !== "done") problem(`refund ${row.id} was answered 201 but is ${row.refund_state}`);

  // The sweep, later (as its 5-minute job runs), twice at once, until nothing pending is left.
  const pending = await db
    .selectFrom("payments as r")
    .leftJoin("credit_notes as n", "n.id", "r.credit_note_id")
    .select(["r.id", "n.number"])
    .where("r.kind", "=", "refund")
    .where("r.refund_state", "=", "pending")
    .execute();
  figures.pendingAfterRestart = pending.length;
  const provider = stripeProvider({ secretKey: stripe.secretKey, webhookSecret: stripe.webhookSecret, apiUrl: stripe.url });
  const deps = { db, logger: createLogger("silent") };
  const later = new Date(Date.now() + 10 * 60_000);
  for (let round = 0; round < 10; round++) {
    await Promise.all([retryPendingRefunds(deps, provider, later), retryPendingRefunds(deps, provider, later)]);
    const left = await db.selectFrom("payments").select("id").where("kind", "=", "refund").where("refund_state", "=", "pending").executeTakeFirst();
    if (!left) break;
  }
  const stillPending = await db.selectFrom("payments").select("id").where("kind", "=", "refund").where("refund_state", "=", "pending").execute();
  if (stillPending.length) problem(`${stillPending.length} refunds still pending after the sweep`);
  // Exactly once at the stand-in: each pending refund's key made one refund, and that refund is the ledger's.
  for (const row of pending) {
    const made = new Set(stripe.refundAsks.filter((ask) => ask.key === row.number && ask.refundId).map((ask) => ask.refundId));
    const settled = await db.selectFrom("payments").select(["refund_state", "provider_ref"]).where("id", "=", row.id).executeTakeFirstOrThrow();
    if (made.size === 1 && settled.refund_state === "done" && made.has(settled.provider_ref)) figures.sweptOnce++;
    else
      problem(
        `refund ${row.id} (${row.number ?? "no note"}) left pending: ${made.size} refunds at the stand-in, ledger ${settled.refund_state} ${settled.provider_ref ?? ""}`,
      );
  }
  figures.standInRefunds = stripe.refunds.length;
  const done = new Set(
    (
      await db
        .selectFrom("payments")
        .select("provider_ref")
        .where("kind", "=", "refund")
        .where("method", "=", "online")
        .where("refund_state", "=", "done")
        .execute()
    ).map((row) => row.provider_ref),
  );
  for (const refund of stripe.refunds)
    if (!done.has(refund.id)) problem(`stand-in refund ${refund.id} (${refund.amount} ${refund.currency}) is no done refund in the ledger`);

  // Every family: ledger = invoiced − credited − paid + refunded, and its online money = the stand-in's.
  const families = [...new Set([...stripe.sessions.values()].map((session) => session.customer_email).filter((email): email is string => !!email))];
  figures.families = families.length;
  const sum = (map: Map<string, number>, key: string, amount: number) => map.set(key.toUpperCase(), (map.get(key.toUpperCase()) ?? 0) + amount);
  const show = (map: Map<string, number>) => JSON.stringify(Object.fromEntries([...map].filter(([, v]) => v !== 0).sort()));
  for (const family of families) {
    const ledger = new Map<string, number>();
    const tables = new Map<string, number>();
    const online = new Map<string, number>();
    const moved = new Map<string, number>();
    for (const row of await db.selectFrom("ledger_entries").select(["currency", "amount_minor"]).where("family_key", "=", family).execute())
      sum(ledger, row.currency, row.amount_minor);
    for (const row of await db.selectFrom("invoices").select(["currency", "total_minor"]).where("family_key", "=", family).execute())
      sum(tables, row.currency, row.total_minor);
    for (const row of await db
      .selectFrom("credit_notes")
      .select(["currency", "amount_minor"])
      .where("family_key", "=", family)
      .where("cancelled_at", "is", null)
      .execute())
      sum(tables, row.currency, -row.amount_minor);
    for (const row of await db
      .selectFrom("payments")
      .select(["currency", "kind", "method", "amount_minor", "refund_state"])
      .where("family_key", "=", family)
      .execute()) {
      if (row.kind === "refund" && row.refund_state === "failed") continue;
      const signed = row.kind === "payment" ? -row.amount_minor : row.amount_minor;
      sum(tables, row.currency, signed);
      if (row.method === "online") sum(online, row.currency, -signed);
    }
    const intents = new Set<string>();
    for (const session of stripe.sessions.values()) {
      if (session.customer_email !== family || session.status !== "complete" || !session.payment_intent) continue;
      intents.add(session.payment_intent);
      sum(moved, session.currency, session.amount_total);
    }
    for (const refund of stripe.refunds) if (intents.has(refund.payment_intent)) sum(moved, refund.currency, -refund.amount);
    if (show(ledger) !== show(tables)) problem(`${family}: ledger ${show(ledger)}, invoiced − credited − paid + refunded ${show(tables)}`);
    if (show(online) !== show(moved)) problem(`${family}: the stand-in moved ${show(moved)}, the ledger's online money ${show(online)}`);
  }
}

function report(f: Figures): void {
  console.log(`\n${f.database}`);
  console.log(`  contact messages   sent ${f.contactsSent}, answered 201 ${f.contactsAnswered}, found after restart ${f.contactsFound}`);
  console.log(
    `  demo bookings      sent ${f.bookingsSent}, answered 201 ${f.bookingsAnswered} (409 ${f.bookingsRefused}), found after restart ${f.bookingsFound}`,
  );
  console.log(`  seats              ${SLOTS} slots x ${CAPACITY} = capacity ${f.capacity}; live bookings ${f.liveBookings}; seats_taken ${f.seatsTaken}`);
  console.log(`  enrolments         sent ${f.enrolmentsSent}, answered 201 ${f.enrolmentsAnswered}, found after restart ${f.enrolmentsFound}`);
  console.log(
    `  online payments    webhooks answered 200 ${f.webhooksAnswered}, recorded after restart ${f.paymentsFound}; redelivered after restart ${f.redelivered}`,
  );
  console.log(
    `  refunds            asked ${f.refundsAsked}, answered 201 ${f.refundsAnswered}, found ${f.refundsFound}; pending after restart ${f.pendingAfterRestart}, finished once by the sweep ${f.sweptOnce}; at the stand-in ${f.standInRefunds}`,
  );
  if (f.pendingAfterRestart === 0) console.log("  note               the kill left no refund pending this time: the sweep had nothing to finish");
  console.log(`  families           ${f.families} checked: ledger = invoiced − credited − paid + refunded = the stand-in's money`);
  console.log(
    `  result             ${f.problems.length ? `FAILED (${f.problems.length}): ${f.problems.slice(0, 12).join("; ")}` : "OK: nothing answered was lost, no slot overbooked, every family's ledger balances, every pending refund made once"}`,
  );
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
