import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "~server/test/harness";
import { startMessagingServer, type Choices, type MessagingFixture, type WithStandIns } from "~server/test/messaging-fixture";
import { messagingEnv, type TwilioStandIn, type WhatsAppStandIn } from "~server/test/messaging-stand-ins";
import { outboxMails } from "~server/test/outbox";
import { toDbJson } from "~server/db/values";
import { queueMessage } from "./index.server";
import { bookSlot, findCourse } from "~/features/booking/booking.server";
import { issueToRoster } from "~/features/certificates/certificates.server";
import { groupWithMeeting } from "~server/test/teaching-fixture";
import { saveChoices } from "./preferences.server";

const run = promisify(execFile);

/**
 * The messaging channel (issue 43, decision 127) against the real app and database, with local
 * stand-ins speaking Meta's Graph API and Twilio's Messages resource and sending signed callbacks.
 */
describe("messaging: consent, one message per event, STOP everywhere, quiet hours, fallback", () => {
  let fixture: MessagingFixture & WithStandIns;
  let server: TestServer;
  let whatsapp: WhatsAppStandIn;
  let twilio: TwilioStandIn;
  let sequence = 0;

  beforeAll(async () => {
    fixture = await startMessagingServer();
    ({ server, whatsapp, twilio } = fixture);
    // Staff enter the certificate template's approved WhatsApp name (outside the 24-hour window only approved templates go).
    const { staff } = fixture;
    const template = (await server.request("GET", "/api/admin/messaging/templates", { headers: { cookie: staff.cookie } })).body.templates.find(
      (t: { key: string }) => t.key === "certificate_issued",
    );
    const saved = await server.request("PUT", "/api/admin/messaging/templates/certificate_issued", {
      json: {
        bodyEn: template.body_en,
        bodyAr: template.body_ar,
        waName: "certificate_issued",
        waLanguageEn: "en",
        waLanguageAr: "ar",
        waCategory: "utility",
        waApproved: true,
      },
      headers: staff,
    });
    if (saved.status !== 200) throw new Error(`template not saved: ${JSON.stringify(saved.body)}`);
  }, 60_000);
  afterAll(async () => {
    await fixture?.close();
  });

  async function setting(key: string, value: unknown) {
    await server.db
      .updateTable("site_settings")
      .set({ value: toDbJson(value) })
      .where("key", "=", key)
      .execute();
  }

  /** A guardian with a number and choices (as saved on /account). */
  async function guardian(choices: Choices) {
    sequence += 1;
    const email = `family-${sequence}-${Date.now()}@example.com`;
    const { phone } = await fixture.choose(email, { whatsapp: false, sms: false, email: false, news: false, ...choices });
    return { email, phone };
  }

  const messageOf = (key: string) => server.db.selectFrom("messages").selectAll().where("key", "=", key).executeTakeFirstOrThrow();
  /** Waits until no due messaging job is queued or running (held and later jobs are left alone). */
  const settle = () => fixture.settle(["message-send", "message-fallback", "mail"]);
  /** Time passes for the queued jobs of these kinds: they are due now. */
  const dueNow = (kind: string) =>
    server.db
      .updateTable("jobs")
      .set({ run_at: new Date(Date.now() - 1000).toISOString() })
      .where("kind", "=", kind)
      .where("status", "=", "queued")
      .execute();

  it("a parent's choices are stored with their words, time and source, and read back (API)", async () => {
    const parent = await server.signIn("user");
    const headers = { cookie: parent.cookie, origin: server.url };
    expect(
      (
        await server.request("POST", "/api/account/messaging", {
          json: { phone: "", lang: "en", whatsapp: true, sms: false, email: true, news: false },
          headers,
        })
      ).status,
    ).toBe(400);
    const saved = await server.request("POST", "/api/account/messaging", {
      json: { phone: "+971 50 123 4567", lang: "ar", whatsapp: true, sms: false, email: true, news: true },
      headers: { ...headers, "accept-language": "ar" },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.preferences).toEqual({ phone: "971501234567", lang: "ar", whatsapp: true, sms: false, email: true, news: true });
    const log = await server.db.selectFrom("messaging_consents").selectAll().where("email", "=", parent.user.email).orderBy("id").execute();
    expect(log.map((row) => [row.choice, row.granted, row.source])).toEqual([
      ["whatsapp", 1, "api"],
      ["news", 1, "api"],
    ]);
    expect(log[0]!.text.length).toBeGreaterThan(10);
    expect(Date.parse(log[0]!.created_at)).toBeGreaterThan(Date.now() - 60_000);
    const read = await server.request("GET", "/api/account/messaging", { headers: { cookie: parent.cookie } });
    expect(read.body.preferences.news).toBe(true);
    expect(read.body.log).toHaveLength(2);
    expect((await server.request("GET", "/api/account/messaging")).status).toBe(401);
  });

  it("Meta's handshake echoes the challenge for the verify token only; unsigned or wrongly signed callbacks are 401", async () => {
    const ok = await server.request(
      "GET",
      `/api/messaging/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=${whatsapp.verifyToken}&hub.challenge=1158201444`,
    );
    expect(ok.status).toBe(200);
    expect(String(ok.body)).toBe("1158201444");
    expect(
      (await server.request("GET", "/api/messaging/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=wrong-token-of-some-length&hub.challenge=1")).status,
    ).toBe(403);
    const payload = JSON.stringify({ object: "whatsapp_business_account", entry: [] });
    expect((await server.request("POST", "/api/messaging/whatsapp/webhook", { body: payload, headers: { "content-type": "application/json" } })).status).toBe(
      401,
    );
    expect(
      (
        await server.request("POST", "/api/messaging/whatsapp/webhook", {
          body: payload,
          headers: { "content-type": "application/json", "x-hub-signature-256": whatsapp.sign(payload, "another-secret-000") },
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await server.request("POST", "/api/messaging/whatsapp/webhook", {
          body: payload,
          headers: { "content-type": "application/json", "x-hub-signature-256": whatsapp.sign(payload) },
        })
      ).status,
    ).toBe(200);
    const form = { MessageSid: "SM1", From: "+971500000000", Body: "hi" };
    const url = `${server.config.publicUrl}/api/messaging/sms/webhook`;
    expect(
      (
        await server.request("POST", "/api/messaging/sms/webhook", {
          body: new URLSearchParams(form).toString(),
          headers: { "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": twilio.sign(url, form, "0".repeat(32)) },
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await server.request("POST", "/api/messaging/sms/webhook", {
          body: new URLSearchParams(form).toString(),
          headers: { "content-type": "application/x-www-form-urlencoded" },
        })
      ).status,
    ).toBe(401);
  });

  it("STOP on WhatsApp ends news and offers on SMS and e-mail too; START by SMS brings them back", async () => {
    const family = await guardian({ whatsapp: true, sms: true, email: true, news: true });
    expect(await whatsapp.inbound(family.phone, "Stop")).toBe(200);
    const prefs = await server.db.selectFrom("messaging_preferences").selectAll().where("email", "=", family.email).executeTakeFirstOrThrow();
    expect(prefs.news).toBe(0);
    const logged = await server.db
      .selectFrom("messaging_consents")
      .selectAll()
      .where("email", "=", family.email)
      .where("source", "=", "whatsapp")
      .executeTakeFirstOrThrow();
    expect([logged.choice, logged.granted, logged.text]).toEqual(["news", 0, "Stop"]);
    const before = { wa: whatsapp.sent.length, sms: twilio.sent.length, mail: outboxMails(server.config.dataDir).filter((m) => m.to === family.email).length };
    await queueMessage(server.db, { event: "news:stop-test", email: family.email, template: "news", params: { text: "Camp early-bird prices." } });
    await settle();
    expect((await messageOf(`news:stop-test:${family.email}`)).status).toBe("skipped");
    expect(whatsapp.sent.length).toBe(before.wa);
    expect(twilio.sent.length).toBe(before.sms);
    expect(outboxMails(server.config.dataDir).filter((m) => m.to === family.email)).toHaveLength(before.mail);
    // Service messages still go: STOP is about news and offers.
    await queueMessage(server.db, {
      event: "certificate:stop-test",
      email: family.email,
      template: "certificate_issued",
      params: { child: "Maya", course: "Robotics" },
    });
    await settle();
    expect((await messageOf(`certificate:stop-test:${family.email}`)).status).toBe("sent");
    // «بدء»/START in another channel restores them.
    expect(await twilio.inbound(`+${family.phone}`, "START", `${server.config.publicUrl}/api/messaging/sms/webhook`)).toBe(200);
    await queueMessage(server.db, { event: "news:start-test", email: family.email, template: "news", params: { text: "New robotics term." } });
    await settle();
    const news = await messageOf(`news:start-test:${family.email}`);
    expect([news.status, news.channel]).toEqual(["sent", "whatsapp"]);
  });

  it("quiet hours hold a message that is not urgent, and release it when they end; an urgent one goes at once", async () => {
    const family = await guardian({ sms: true });
    const hour = Number(new Intl.DateTimeFormat("en-GB", { timeZone: "Asia/Kolkata", hour: "2-digit", hourCycle: "h23" }).format(new Date()));
    await setting("timeZone", "Asia/Kolkata");
    await setting("messagingQuietStart", hour);
    await setting("messagingQuietEnd", (hour + 2) % 24);
    try {
      await queueMessage(server.db, {
        event: "absence:quiet",
        email: family.email,
        template: "absence_recorded",
        params: { child: "Omar", course: "Coding", date: "Monday" },
      });
      await queueMessage(server.db, {
        event: "cancel:quiet",
        email: family.email,
        template: "class_cancelled",
        params: { child: "Omar", course: "Coding", date: "Monday" },
      });
      await settle();
      const held = await messageOf(`absence:quiet:${family.email}`);
      expect(held.status).toBe("held");
      expect((await messageOf(`cancel:quiet:${family.email}`)).status).toBe("sent");
      const job = await server.db
        .selectFrom("jobs")
        .select(["run_at"])
        .where("kind", "=", "message-send")
        .where("status", "=", "queued")
        .where("unique_key", "like", `message-send:${held.id}:held:%`)
        .executeTakeFirstOrThrow();
      // Held until the academy's clock reads the end hour.
      const release = new Date(job.run_at);
      expect(release.getTime()).toBeGreaterThan(Date.now());
      expect(release.getTime() - Date.now()).toBeLessThanOrEqual(2 * 60 * 60_000);
      expect(new Intl.DateTimeFormat("en-GB", { timeZone: "Asia/Kolkata", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(release)).toBe(
        `${String((hour + 2) % 24).padStart(2, "0")}:00`,
      );
    } finally {
      await setting("messagingQuietStart", 0);
      await setting("messagingQuietEnd", 0);
    }
    // Quiet hours over: the held job runs and sends.
    await dueNow("message-send");
    await settle();
    const released = await messageOf(`absence:quiet:${family.email}`);
    expect([released.status, released.channel]).toEqual(["sent", "sms"]);
    expect(twilio.sent.filter((sent) => sent.body.To === `+${family.phone}`)).toHaveLength(2);
  });

  it("an undelivered WhatsApp message falls back to SMS once, whether the timer or a failure status comes first or both", async () => {
    const family = await guardian({ whatsapp: true, sms: true });
    await queueMessage(server.db, {
      event: "certificate:fallback",
      email: family.email,
      template: "certificate_issued",
      params: { child: "Lina", course: "Electronics" },
    });
    await settle();
    const first = await messageOf(`certificate:fallback:${family.email}`);
    expect([first.status, first.channel]).toEqual(["sent", "whatsapp"]);
    // Not delivered in time: the fallback job, then Meta's late "failed" status and the timer again.
    await dueNow("message-fallback");
    await settle();
    expect(await whatsapp.status(first.provider_id!, "failed")).toBe(200);
    await dueNow("message-fallback");
    await settle();
    const after = await messageOf(`certificate:fallback:${family.email}`);
    expect([after.status, after.channel, after.fallbacks]).toEqual(["sent", "sms", 1]);
    expect(twilio.sent.filter((sent) => sent.body.To === `+${family.phone}`)).toHaveLength(1);
    // Twilio's signed status callback: delivered.
    expect(await twilio.status(after.provider_id!, "delivered")).toBe(200);
    expect((await messageOf(`certificate:fallback:${family.email}`)).status).toBe("delivered");
    // A delivered WhatsApp message never falls back.
    const other = await guardian({ whatsapp: true, sms: true });
    await queueMessage(server.db, {
      event: "certificate:delivered",
      email: other.email,
      template: "certificate_issued",
      params: { child: "Sara", course: "Coding" },
    });
    await settle();
    const sent = await messageOf(`certificate:delivered:${other.email}`);
    expect(await whatsapp.status(sent.provider_id!, "delivered")).toBe(200);
    await dueNow("message-fallback");
    await settle();
    expect((await messageOf(`certificate:delivered:${other.email}`)).status).toBe("delivered");
    expect(twilio.sent.filter((message) => message.body.To === `+${other.phone}`)).toHaveLength(0);
  });

  it("a demo booking is confirmed on WhatsApp too for a family that chose it (the e-mail stays), and not stored for one that did not", async () => {
    const course = (await findCourse(server.db, "python-for-beginners", "en"))!;
    const now = new Date().toISOString();
    const slot = await server.db
      .insertInto("demo_slots")
      .values({
        starts_at: new Date(Date.now() + 72 * 3_600_000).toISOString(),
        duration_minutes: 60,
        capacity: 10,
        course_id: course.id,
        status: "open",
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    // Staff approve the template, so it may go outside the 24-hour window.
    await server.db
      .updateTable("messaging_templates")
      .set({ wa_name: "demo_booking_confirmation", wa_approved: 1 })
      .where("key", "=", "demo_booking_confirmation")
      .execute();
    const family = await guardian({ whatsapp: true, email: true });
    const other = await guardian({ email: true });
    const options = { course, userId: null, lang: "en" as const, timeZone: "Asia/Kolkata", linkSecret: server.config.sessionSecret, perFamily: 3 };
    for (const who of [family, other]) {
      const booked = await bookSlot(
        server.db,
        { slotId: slot.id, childName: "Maya", childAge: 10, parentName: "Hana", email: who.email, phone: "+91 98765 43210" },
        options,
      );
      expect(booked.ok).toBe(true);
    }
    await settle();
    const message = await server.db
      .selectFrom("messages")
      .selectAll()
      .where("email", "=", family.email)
      .where("template", "=", "demo_booking_confirmation")
      .executeTakeFirstOrThrow();
    expect([message.status, message.channel]).toEqual(["sent", "whatsapp"]);
    const asked = whatsapp.sent.find((sent) => sent.id === message.provider_id)!.body as {
      to: string;
      template: { name: string; components: { parameters: { parameter_name: string; text: string }[] }[] };
    };
    expect(asked.to).toBe(family.phone);
    expect(asked.template.name).toBe("demo_booking_confirmation");
    expect(asked.template.components[0]!.parameters.map((p) => p.parameter_name)).toEqual(["child", "course", "date"]);
    expect(await server.db.selectFrom("messages").select("id").where("email", "=", other.email).executeTakeFirst()).toBeUndefined();
    expect(outboxMails(server.config.dataDir).filter((mail) => mail.to === family.email)).toHaveLength(1);
  });

  it("a certificate issued reaches, once, the family who chose WhatsApp, in the family's words (issuing again sends nothing)", async () => {
    const group = await groupWithMeeting(server.db, { teacherId: null, startsAt: new Date(Date.now() - 86_400_000), children: 2 });
    const chosen = await server.db
      .selectFrom("section_enrolments")
      .select(["id", "email", "child_name"])
      .where("id", "in", group.enrolmentIds)
      .orderBy("id")
      .execute();
    const family = chosen[0]!;
    await saveChoices(server.db, family.email, {
      phone: "971509990001",
      lang: "ar",
      changes: [{ choice: "whatsapp", granted: true, text: "WhatsApp" }],
      source: "account",
    });
    const staff = await server.db.selectFrom("users").select("id").limit(1).executeTakeFirstOrThrow();
    const roster = chosen.map((row) => ({
      enrolmentId: row.id,
      childName: row.child_name,
      lang: "en" as const,
      attended: 1,
      rate: 100,
      live: null,
      revoked: [],
    }));
    const options = { threshold: 50, language: "family" as const, timeZone: "Asia/Kolkata", userId: staff.id };
    const target = { kind: "section" as const, sectionId: group.sectionId, titleEn: "Robotics Fundamentals", titleAr: "أساسيات الروبوتات" };
    await issueToRoster(server.db, target, 1, roster, options);
    await issueToRoster(server.db, target, 1, roster, options);
    await settle();
    const messages = await server.db
      .selectFrom("messages")
      .selectAll()
      .where("template", "=", "certificate_issued")
      .where(
        "email",
        "in",
        chosen.map((row) => row.email),
      )
      .execute();
    expect(messages.map((row) => [row.email, row.status, row.channel])).toEqual([[family.email, "sent", "whatsapp"]]);
    // The guardian reads Arabic: the course's Arabic name in the Arabic text.
    expect(messages[0]!.body).toContain(family.child_name);
    expect(messages[0]!.body).toContain("أساسيات الروبوتات");
  });

  it("three instances queueing the same events, the provider failing half the first tries: each event is sent exactly once", { timeout: 120_000 }, async () => {
    const EVENTS = 12;
    for (let i = 0; i < EVENTS; i++) {
      await server.db.deleteFrom("messaging_preferences").where("email", "=", `guardian-${i}@example.com`).execute();
      await saveChoices(server.db, `guardian-${i}@example.com`, {
        phone: `96650${String(2_000_000 + i)}`,
        lang: i % 2 ? "ar" : "en",
        changes: [{ choice: "whatsapp", granted: true, text: "WhatsApp" }],
        source: "account",
      });
    }
    const sentBefore = whatsapp.sent.length;
    whatsapp.failHalfFirstTries(true);
    const { database } = server.config;
    const instance = () =>
      run(process.execPath, ["--import", "tsx", "server/test/messaging-instance.ts"], {
        env: {
          ...process.env,
          ...messagingEnv(whatsapp, twilio),
          DATABASE_URL: database.kind === "sqlite" ? `sqlite:${database.file}` : database.url,
          DATA_DIR: server.config.dataDir,
          EVENTS: String(EVENTS),
        },
        timeout: 90_000,
      });
    const others = [instance(), instance()];
    let storedHere = 0;
    for (let i = 0; i < EVENTS; i++) {
      if (
        await queueMessage(server.db, {
          event: `certificate:${i}`,
          email: `guardian-${i}@example.com`,
          template: "certificate_issued",
          params: { child: `Child ${i}`, course: "Robotics" },
        })
      )
        storedHere += 1;
    }
    // The retries' backoff passes at once.
    const deadline = Date.now() + 80_000;
    while (Date.now() < deadline) {
      await dueNow("message-send");
      const open = await server.db
        .selectFrom("messages")
        .select("id")
        .where("key", "like", "certificate:%@example.com")
        .where("email", "like", "guardian-%")
        .where("status", "in", ["queued", "held"])
        .executeTakeFirst();
      const count = await server.db.selectFrom("messages").select("id").where("email", "like", "guardian-%").execute();
      if (!open && count.length === EVENTS) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const stored =
      storedHere +
      (await Promise.all(others)).reduce((sum, result) => sum + (JSON.parse(result.stdout.trim().split("\n").at(-1)!) as { stored: number }).stored, 0);
    whatsapp.failHalfFirstTries(false);
    expect(stored).toBe(EVENTS);
    const rows = await server.db.selectFrom("messages").selectAll().where("email", "like", "guardian-%").execute();
    expect(rows).toHaveLength(EVENTS);
    expect(rows.every((row) => row.status === "sent" && row.channel === "whatsapp")).toBe(true);
    const accepted = whatsapp.sent.slice(sentBefore);
    expect(accepted).toHaveLength(EVENTS);
    expect(new Set(accepted.map((sent) => sent.body.to)).size).toBe(EVENTS);
    expect(whatsapp.refused).toBeGreaterThanOrEqual(EVENTS / 2);
  });
});
