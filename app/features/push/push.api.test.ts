import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "~server/test/harness";
import { actionOnlyBuild } from "~server/test/action-only-build";
import { accountPageAction } from "~/features/accounts/account-actions.server";
import { startPushStandIn, type PushStandIn } from "~server/test/push-stand-in";
import { groupWithMeeting } from "~server/test/teaching-fixture";
import { issueToRoster } from "~/features/certificates/certificates.server";
import { reportAbsence } from "~/features/makeups/makeups.server";
import { sweepAbsenceAlerts } from "~/features/makeups/absence-alert-automation.server";
import { invoiceListPriceEnrolment } from "~/features/billing/enrolment-invoice.server";
import { processPaymentEvent, storePaymentEvent } from "~/features/billing/payments/payment-events.server";
import { notifyOffer } from "~/features/booking/waitlist-offers.server";
import { inTransaction } from "~server/db/db";
import { createLogger } from "~server/logger";
import { queuePush, saveSubscription } from "./push.server";

const run = promisify(execFile);

/**
 * Web Push (issue 45, decision 131) against the real app and database, and a local push service
 * that decrypts every notification (RFC 8291) with the browser's private key and verifies its
 * VAPID signature (RFC 8292) with the app's public key (server/test/push-stand-in.ts).
 */
describe("push: subscriptions, choices, one notification per event, gone subscriptions removed", () => {
  let server: TestServer;
  let service: PushStandIn;
  let sequence = 0;

  beforeAll(async () => {
    service = await startPushStandIn();
    // The account page's action (its forms posted without JavaScript) beside the API.
    server = await startTestServer({}, { pages: { build: actionOnlyBuild({ account: accountPageAction }) } });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await service?.stop();
  });

  /** Waits until no due push job is queued or running. */
  async function settle(seconds = 20) {
    const deadline = Date.now() + seconds * 1000;
    while (Date.now() < deadline) {
      const busy = await server.db
        .selectFrom("jobs")
        .select("id")
        .where("kind", "=", "push-send")
        .where((eb) => eb.or([eb("status", "=", "running"), eb.and([eb("status", "=", "queued"), eb("run_at", "<=", new Date().toISOString())])]))
        .executeTakeFirst();
      if (!busy) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error("push jobs did not settle");
  }
  const dueNow = () =>
    server.db
      .updateTable("jobs")
      .set({ run_at: new Date(Date.now() - 1000).toISOString() })
      .where("kind", "=", "push-send")
      .where("status", "=", "queued")
      .execute();

  /** A guardian's browser subscribed (as the account page's button does, stored directly). */
  async function browserOf(email: string, lang: "en" | "ar" = "en") {
    const subscription = service.subscribe(server.config.vapid.publicKey);
    await saveSubscription(server.db, email, { endpoint: subscription.endpoint, ...subscription.keys, lang });
    return subscription;
  }
  const receivedAt = (endpoint: string) => service.received.filter((entry) => entry.endpoint === endpoint);
  const nextEmail = () => `push-family-${++sequence}-${Date.now()}@example.com`;

  it("GET /api/push/public-key gives the VAPID key; a signed-in guardian stores a browser's subscription; bad ones are 400, signed out 401", async () => {
    const key = await server.request("GET", "/api/push/public-key");
    expect(key.status).toBe(200);
    expect(key.body.publicKey).toBe(server.config.vapid.publicKey);
    const parent = await server.signIn("user");
    const headers = { cookie: parent.cookie, origin: server.url };
    const browser = service.subscribe(server.config.vapid.publicKey);
    const json = { ...browser, expirationTime: null };
    expect((await server.request("POST", "/api/account/push-subscriptions", { json, headers: { origin: server.url } })).status).toBe(401);
    for (const bad of [
      { ...json, endpoint: "http://10.0.0.7/push/1" },
      { ...json, endpoint: "https://127.0.0.1/push/1" },
      { ...json, endpoint: "file:///etc/passwd" },
      { ...json, keys: { ...json.keys, p256dh: "short" } },
      { ...json, keys: { ...json.keys, auth: "" } },
      { ...json, extra: 1 },
    ])
      expect((await server.request("POST", "/api/account/push-subscriptions", { json: bad, headers })).status).toBe(400);
    const saved = await server.request("POST", "/api/account/push-subscriptions", { json: { ...json, lang: "ar" }, headers });
    expect(saved.status).toBe(201);
    const rows = await server.db.selectFrom("push_subscriptions").selectAll().where("endpoint", "=", browser.endpoint).execute();
    expect(rows.map((row) => [row.email, row.lang])).toEqual([[parent.user.email.toLowerCase(), "ar"]]);
    // The same browser signed in as someone else: the subscription moves to them.
    const other = await server.signIn("user");
    expect((await server.request("POST", "/api/account/push-subscriptions", { json, headers: { cookie: other.cookie, origin: server.url } })).status).toBe(201);
    const moved = await server.db.selectFrom("push_subscriptions").selectAll().where("endpoint", "=", browser.endpoint).execute();
    expect(moved.map((row) => row.email)).toEqual([other.user.email.toLowerCase()]);
  });

  it("one event reaches each of the guardian's browsers once, encrypted and signed, in each browser's language; queued again it is not sent again", async () => {
    const email = nextEmail();
    const english = await browserOf(email, "en");
    const arabic = await browserOf(email, "ar");
    const push = {
      event: `certificate:test-${sequence}`,
      email,
      category: "certificate" as const,
      template: "certificate_issued",
      params: { child: "Sara", course_en: "Robotics", course_ar: "الروبوتات" },
      url: "/account",
    };
    expect(await queuePush(server.db, push)).toBe(true);
    expect(await queuePush(server.db, push)).toBe(false);
    await settle();
    const [en] = receivedAt(english.endpoint);
    const [ar] = receivedAt(arabic.endpoint);
    expect(receivedAt(english.endpoint)).toHaveLength(1);
    expect(receivedAt(arabic.endpoint)).toHaveLength(1);
    expect(en!.payload).toMatchObject({ title: "Certificates and reports", url: "/account", lang: "en", dir: "ltr" });
    // The messaging template's words (one source of text, decision 143).
    expect(en!.payload.body).toBe("Well done! Sara's certificate for Robotics is ready in your account.");
    expect(String(en!.payload.body)).toContain("Sara");
    expect(String(en!.payload.body)).toContain("Robotics");
    expect(ar!.payload).toMatchObject({ url: "/ar/account", lang: "ar", dir: "rtl" });
    expect(String(ar!.payload.body)).toContain("الروبوتات");
    expect(en!.ttl).toBeGreaterThan(0);
    const row = await server.db.selectFrom("push_notifications").selectAll().where("email", "=", email).executeTakeFirstOrThrow();
    expect(row.status).toBe("sent");
  });

  it("a category turned off on /account (a plain form, no JavaScript) is not sent; the API reads and saves the same choices", async () => {
    const parent = await server.signIn("user");
    const email = parent.user.email;
    const browser = await browserOf(email);
    // The page's form: ticked boxes on, the rest off.
    const form = new URLSearchParams({ form: "account-push-form", schedule: "on", invoice: "on" });
    const posted = await server.request("POST", "/account", {
      body: form.toString(),
      headers: { cookie: parent.cookie, origin: server.url, "sec-fetch-site": "same-origin", "content-type": "application/x-www-form-urlencoded" },
    });
    expect(posted.status).toBe(303);
    expect(posted.headers.get("location")).toBe("/account?notice=push-saved#form-notice");
    const read = await server.request("GET", "/api/account/push-choices", { headers: { cookie: parent.cookie } });
    expect(read.body.browsers).toBe(1);
    expect(Object.fromEntries(read.body.categories.map((c: { category: string; on: boolean }) => [c.category, c.on]))).toMatchObject({
      schedule: true,
      invoice: true,
      certificate: false,
      waitlist: false,
    });
    await queuePush(server.db, {
      event: `certificate:off-${sequence}`,
      email,
      category: "certificate",
      template: "certificate_issued",
      params: { child: "A", course: "B" },
      url: "/account",
    });
    await queuePush(server.db, {
      event: `invoice:on-${sequence}`,
      email,
      category: "invoice",
      template: "receipt",
      params: { number: "INV-1", amount: "10" },
      url: "/account/invoices",
    });
    await settle();
    expect(receivedAt(browser.endpoint).map((entry) => entry.payload.title)).toEqual(["Invoices and payments"]);
    // Turned off: not even stored (a family that never subscribed, or said no, leaves no trace).
    expect(
      await server.db.selectFrom("push_notifications").select("id").where("key", "=", `certificate:off-${sequence}:${email.toLowerCase()}`).executeTakeFirst(),
    ).toBeUndefined();
    // The JSON API: every category named, booleans only.
    const headers = { cookie: parent.cookie, origin: server.url };
    expect((await server.request("POST", "/api/account/push-choices", { json: { schedule: true }, headers })).status).toBe(400);
    const all = Object.fromEntries(["schedule", "classTomorrow", "absence", "invoice", "makeup", "waitlist", "certificate"].map((c) => [c, true]));
    const saved = await server.request("POST", "/api/account/push-choices", { json: all, headers });
    expect(saved.status).toBe(200);
    expect(saved.body.categories.every((c: { on: boolean }) => c.on)).toBe(true);
    expect((await server.request("GET", "/api/account/push-choices")).status).toBe(401);
  });

  it("a subscription the push service answers 410 (or 404) for is removed; a 503 is retried and delivered once", async () => {
    const email = nextEmail();
    const gone = await browserOf(email);
    const live = await browserOf(email);
    service.gone(gone.endpoint);
    await queuePush(server.db, {
      event: `certificate:gone-${sequence}`,
      email,
      category: "certificate",
      template: "certificate_issued",
      params: { child: "A", course: "B" },
      url: "/account",
    });
    await settle();
    expect(await server.db.selectFrom("push_subscriptions").select("id").where("endpoint", "=", gone.endpoint).executeTakeFirst()).toBeUndefined();
    expect(receivedAt(live.endpoint)).toHaveLength(1);
    service.failNext(1);
    await queuePush(server.db, {
      event: `certificate:busy-${sequence}`,
      email,
      category: "certificate",
      template: "certificate_issued",
      params: { child: "A", course: "B" },
      url: "/account",
    });
    const deadline = Date.now() + 20_000;
    while (receivedAt(live.endpoint).length < 2 && Date.now() < deadline) {
      await dueNow();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await settle();
    expect(receivedAt(live.endpoint)).toHaveLength(2);
    expect(service.refused.filter((entry) => entry.endpoint === live.endpoint).map((entry) => entry.status)).toEqual([503]);
    expect(await server.db.selectFrom("push_subscriptions").select("id").where("endpoint", "=", live.endpoint).executeTakeFirst()).toBeDefined();
  });

  it("the app's events notify through notifyFamily: a certificate issued (twice: once), an absence reported and its make-up credit", async () => {
    const group = await groupWithMeeting(server.db, { teacherId: null, startsAt: new Date(Date.now() + 3 * 86_400_000), children: 1 });
    const family = await server.db
      .selectFrom("section_enrolments")
      .select(["id", "email", "child_name"])
      .where("id", "in", group.enrolmentIds)
      .executeTakeFirstOrThrow();
    const browser = await browserOf(family.email, "ar");
    const staff = await server.db.selectFrom("users").select("id").limit(1).executeTakeFirstOrThrow();
    const roster = [{ enrolmentId: family.id, childName: family.child_name, lang: "en" as const, attended: 1, rate: 100, live: null, revoked: [] }];
    const options = { threshold: 50, language: "family" as const, timeZone: "Asia/Dubai", userId: staff.id };
    const target = { kind: "section" as const, sectionId: group.sectionId, titleEn: "Robotics Fundamentals", titleAr: "أساسيات الروبوتات" };
    await issueToRoster(server.db, target, 1, roster, options);
    await issueToRoster(server.db, target, 1, roster, options);
    const absence = await reportAbsence(
      server.db,
      { enrolmentId: family.id, meetingId: group.meetingId, reason: "ill", via: "account", userId: null },
      { absenceNoticeHours: 24, makeupCreditDays: 30 },
    );
    expect(absence.ok && absence.credit !== null).toBe(true);
    await settle();
    const byTitle = new Map(receivedAt(browser.endpoint).map((entry) => [entry.payload.title, entry.payload]));
    expect([...byTitle.keys()].sort()).toEqual(["الشهادات والتقارير", "تسجيل غياب", "رصيد حصة تعويضية"].sort());
    expect(receivedAt(browser.endpoint)).toHaveLength(3);
    expect(String(byTitle.get("الشهادات والتقارير")!.body)).toContain("أساسيات الروبوتات");
    expect(byTitle.get("رصيد حصة تعويضية")!.url).toBe("/ar/account/makeups");
  });

  it("an absence the instructor marked, a failed online payment and a waitlist offer: one notification per event and guardian however often they run, in the template's words", async () => {
    const group = await groupWithMeeting(server.db, { teacherId: null, startsAt: new Date(Date.now() - 3_600_000), children: 1 });
    const family = await server.db
      .selectFrom("section_enrolments")
      .select(["id", "email", "child_name"])
      .where("id", "in", group.enrolmentIds)
      .executeTakeFirstOrThrow();
    const browser = await browserOf(family.email);
    // Staff's words for the absence alert: the notification says them too (one source of text).
    await server.db.updateTable("messaging_templates").set({ body_en: "{{child}} missed {{course}} today." }).where("key", "=", "absence_alert").execute();
    const marked = new Date(Date.now() - 20 * 60_000).toISOString();
    await server.db
      .insertInto("meeting_attendance")
      .values({ meeting_id: group.meetingId, enrolment_id: family.id, status: "absent", marked_by: null, created_at: marked, updated_at: marked })
      .execute();
    // Three sweeps at once (instances); the absence alert's WhatsApp/SMS automation is off: the phones are told anyway.
    await Promise.all([sweepAbsenceAlerts(server.db), sweepAbsenceAlerts(server.db), sweepAbsenceAlerts(server.db)]);
    await sweepAbsenceAlerts(server.db);

    // An invoice (its own notification), its checkout, and the bank refusing the debit afterwards (delivered twice, processed by three workers).
    const invoice = (await inTransaction(server.db, (trx) => invoiceListPriceEnrolment(trx, family.id)))!;
    const sessionId = `cs_failed_${sequence}_${Date.now()}`;
    const stamp = new Date().toISOString();
    await server.db
      .insertInto("payment_checkouts")
      .values({
        provider: "stripe",
        session_id: sessionId,
        kind: "invoice",
        enrolment_id: null,
        invoice_id: invoice.id,
        amount_minor: 1000,
        currency: invoice.currency,
        hold_expires_at: stamp,
        lang: "en",
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
    const event = { id: `evt_failed_${sessionId}`, type: "checkout.failed" as const, sessionId };
    expect(await storePaymentEvent(server.db, { name: "stripe" }, event)).toBe(true);
    expect(await storePaymentEvent(server.db, { name: "stripe" }, event)).toBe(false);
    const deps = { db: server.db, logger: createLogger("silent") };
    const outcomes = await Promise.all([0, 1, 2].map(() => processPaymentEvent(deps, null, event.id)));
    // The test server's job runner (polling every 200 ms) may take the stored event's job first: then
    // all three find it done. Either way it is processed once, to "payment-failed".
    expect(outcomes.filter((outcome) => outcome === "payment-failed").length).toBeLessThanOrEqual(1);
    const processed = async () =>
      (await server.db.selectFrom("payment_events").select("outcome").where("event_id", "=", event.id).executeTakeFirstOrThrow()).outcome;
    for (let tries = 0; (await processed()) === "queued" && tries < 100; tries++) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await processed()).toBe("payment-failed");

    // The waitlist offer: one step queues its message and its notification; queued again, nothing new.
    const offer = { line: "section" as const, entryId: 900_000 + sequence, email: family.email, expiresAt: stamp, course: { en: "Robotics", ar: "الروبوتات" } };
    await inTransaction(server.db, (trx) => notifyOffer(trx, offer));
    await inTransaction(server.db, (trx) => notifyOffer(trx, offer));
    await settle();

    const got = receivedAt(browser.endpoint).map((entry) => entry.payload as { title: string; body: string; url: string });
    expect(got.map((entry) => entry.title).sort()).toEqual(["A place is free", "Absence recorded", "Invoices and payments", "Invoices and payments"]);
    expect(got.find((entry) => entry.title === "Absence recorded")!.body).toBe(`${family.child_name} missed Robotics Fundamentals today.`);
    const failed = got.find((entry) => entry.body.startsWith("The payment of"))!;
    expect(failed.body).toContain(invoice.number);
    expect(failed.body).toContain("/payments/invoice?token=");
    expect(failed.url).toBe("/account/invoices");
    expect(got.find((entry) => entry.title === "A place is free")!.body).toContain("A seat in Robotics is free");
    // Marked once: a later sweep has nothing to tell.
    expect(await server.db.selectFrom("meeting_attendance").select("family_told_at").where("enrolment_id", "=", family.id).executeTakeFirst()).toMatchObject({
      family_told_at: expect.any(String),
    });
  });

  it(
    "three instances queueing the same events, the push service failing some first tries: each event reaches each browser exactly once",
    { timeout: 120_000 },
    async () => {
      const EVENTS = 12;
      const browsers: { endpoint: string }[] = [];
      for (let i = 0; i < EVENTS; i++) {
        await server.db.deleteFrom("push_subscriptions").where("email", "=", `push-guardian-${i}@example.com`).execute();
        browsers.push(await browserOf(`push-guardian-${i}@example.com`, i % 2 ? "ar" : "en"));
      }
      service.failNext(4);
      const { database } = server.config;
      const instance = () =>
        run(process.execPath, ["--import", "tsx", "server/test/push-instance.ts"], {
          env: {
            ...process.env,
            DATABASE_URL: database.kind === "sqlite" ? `sqlite:${database.file}` : database.url,
            DATA_DIR: server.config.dataDir,
            EVENTS: String(EVENTS),
          },
          timeout: 90_000,
        });
      const others = [instance(), instance()];
      let storedHere = 0;
      for (let i = 0; i < EVENTS; i++) {
        const stored = await queuePush(server.db, {
          event: `certificate:${i}`,
          email: `push-guardian-${i}@example.com`,
          category: "certificate",
          template: "certificate_issued",
          params: { child: `Child ${i}`, course: "Robotics" },
          url: "/account",
        });
        if (stored) storedHere += 1;
      }
      const deadline = Date.now() + 80_000;
      while (Date.now() < deadline && browsers.some((browser) => receivedAt(browser.endpoint).length === 0)) {
        await dueNow();
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const stored =
        storedHere +
        (await Promise.all(others)).reduce((sum, result) => sum + (JSON.parse(result.stdout.trim().split("\n").at(-1)!) as { stored: number }).stored, 0);
      await settle();
      expect(stored).toBe(EVENTS);
      expect(browsers.map((browser) => receivedAt(browser.endpoint).length)).toEqual(browsers.map(() => 1));
      const rows = await server.db.selectFrom("push_notifications").select(["key", "status"]).where("email", "like", "push-guardian-%").execute();
      expect(rows).toHaveLength(EVENTS);
      expect(rows.every((row) => row.status === "sent")).toBe(true);
    },
  );
});
