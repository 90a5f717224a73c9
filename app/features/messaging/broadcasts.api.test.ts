import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "~server/test/harness";
import { startMessagingServer, type MessagingFixture, type WithStandIns } from "~server/test/messaging-fixture";
import { groupWithMeeting } from "~server/test/teaching-fixture";
import { nowIso } from "~server/db/values";
import { createLogger } from "~server/logger";
import { isPostgres } from "~server/db/db";
import type { Kysely } from "kysely";
import { zonedParts } from "~/lib/zoned-time";
import { applyStatus } from "./delivery.server";
import { sendBroadcast } from "./broadcasts.server";

const HOUR = 3_600_000;

/**
 * Broadcasts (issue 43 item 5, decision 134): a message to a group, a course, a camp period or all
 * families reaches only the audience's guardians opted in for its category, through their channel
 * preference, once each (a double submit, two senders at once); a scheduled one waits for its
 * time; the preview shows both languages and the estimated cost; figures come from the messages.
 */
describe("messaging: broadcasts", () => {
  let fixture: MessagingFixture & WithStandIns;
  let server: TestServer;
  let staff: MessagingFixture["staff"];

  beforeAll(async () => {
    fixture = await startMessagingServer({ settings: { messagingPriceSms: 5000, messagingPriceCurrency: "USD" } });
    ({ server, staff } = fixture);
  }, 60_000);
  afterAll(async () => {
    await fixture?.close();
  });

  const key = () => randomBytes(12).toString("hex");
  const post = (path: string, json: unknown, headers = staff) => server.request("POST", path, { json, headers });
  const chooseSms = (email: string, news: boolean, lang: "en" | "ar" = "en") => fixture.choose(email, { sms: true, news }, lang);
  /** A group of `count` children, each a family of its own: their e-mails. */
  async function group(count: number) {
    const made = await groupWithMeeting(server.db, { teacherId: null, startsAt: new Date(Date.now() + 200 * HOUR), children: count });
    const rows = await server.db.selectFrom("section_enrolments").select("email").where("section_id", "=", made.sectionId).orderBy("id").execute();
    return { sectionId: made.sectionId, emails: rows.map((row) => row.email.toLowerCase()) };
  }
  const messagesOf = (broadcastId: number) => server.db.selectFrom("messages").selectAll().where("broadcast_id", "=", broadcastId).orderBy("email").execute();
  const settle = () => fixture.settle(["broadcast-send", "message-send", "mail"]);

  it("reaches only the group's families opted in for its category, once each though posted twice at once; preview and figures", async () => {
    const { sectionId, emails } = await group(3);
    const [newsFamily, serviceOnly, never] = emails as [string, string, string];
    await chooseSms(newsFamily, true, "ar");
    await chooseSms(serviceOnly, false);
    // `never` made no choice: e-mail for service messages, no news. Another group's family with news is not in the audience.
    const other = await group(1);
    await chooseSms(other.emails[0]!, true);

    const body = { audience: "section", audienceId: sectionId, category: "news", bodyEn: "Robot fair on Friday!", bodyAr: "معرض الروبوتات يوم الجمعة!" };
    const preview = await post("/api/admin/messaging/broadcasts/preview", body);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.preview.en).toBe("STEM Academy news: Robot fair on Friday! Reply STOP to stop news and offers.");
    expect(preview.body.preview.ar).toContain("معرض الروبوتات يوم الجمعة!");
    expect([preview.body.recipients, preview.body.byChannel]).toEqual([1, { whatsapp: 0, sms: 1, email: 0 }]);
    // Service: all three, two by SMS at 5000 minor units per 1,000 (5 cents each), one by e-mail (free).
    const service = await post("/api/admin/messaging/broadcasts/preview", { ...body, category: "service" });
    expect([service.body.recipients, service.body.byChannel, service.body.estimate]).toEqual([
      3,
      { whatsapp: 0, sms: 2, email: 1 },
      { minor: 10, currency: "USD" },
    ]);
    expect(service.body.preview.en).toBe("STEM Academy: Robot fair on Friday!");
    expect(await server.countRows("messaging_broadcasts")).toBe(0);

    // The same form posted twice at once: one broadcast, one message per guardian.
    const idempotencyKey = key();
    const [first, second] = await Promise.all([
      post("/api/admin/messaging/broadcasts", { ...body, idempotencyKey }),
      post("/api/admin/messaging/broadcasts", { ...body, idempotencyKey }),
    ]);
    expect([first.status, second.status].sort(), JSON.stringify([first.body, second.body])).toEqual([200, 201]);
    expect(first.body.id).toBe(second.body.id);
    const id = first.body.id as number;
    await settle();
    const sent = await messagesOf(id);
    expect(sent.map((row) => [row.email, row.template, row.channel, row.status])).toEqual([[newsFamily, "news", "sms", "sent"]]);
    expect(sent[0]!.body).toContain("معرض الروبوتات يوم الجمعة!");
    // The service broadcast: the three families of the group, each once, by their own channel.
    const serviceSent = await post("/api/admin/messaging/broadcasts", { ...body, category: "service", idempotencyKey: key() });
    expect(serviceSent.status).toBe(201);
    await settle();
    const serviceRows = await messagesOf(serviceSent.body.id);
    expect(serviceRows.map((row) => [row.email, row.template, row.channel]).sort()).toEqual(
      [
        [newsFamily, "announcement", "sms"],
        [serviceOnly, "announcement", "sms"],
        [never, "announcement", "email"],
      ].sort(),
    );
    // Figures from the messages' own statuses: one delivered, one read (read counts as delivered too).
    const bySms = serviceRows.filter((row) => row.channel === "sms");
    await applyStatus(server.db, bySms[0]!.provider_id!, "delivered");
    await applyStatus(server.db, bySms[1]!.provider_id!, "read");
    const list = await server.request("GET", "/api/admin/messaging/broadcasts", { headers: staff });
    expect(list.status).toBe(200);
    const listed = list.body.broadcasts.find((row: { id: number }) => row.id === serviceSent.body.id);
    expect([listed.status, listed.recipients, listed.figures]).toEqual(["sent", 3, { sent: 3, delivered: 2, read: 1, failed: 0, skipped: 0, pending: 0 }]);
    expect(listed.estimate).toEqual({ minor: 10, currency: "USD" });
    expect(list.body.audiences.sections.some((row: { id: number }) => row.id === sectionId)).toBe(true);
    const audit = await server.db.selectFrom("audit_log").select("action").where("entity", "=", "message_broadcast").execute();
    expect(audit).toHaveLength(2);
  });

  it("a course, a camp period and all families: each audience's opted-in families, an erased one never", async () => {
    const a = await group(1);
    const courseId = (await server.db.selectFrom("course_sections").select("course_id").where("id", "=", a.sectionId).executeTakeFirstOrThrow()).course_id;
    const camp = await server.db.selectFrom("camps").select(["id", "slug", "title_en"]).orderBy("id").executeTakeFirstOrThrow();
    const session = `Broadcast period ${randomBytes(3).toString("hex")}`;
    const campFamily = `camp-${randomBytes(4).toString("hex")}@example.com`;
    const now = nowIso();
    for (const email of [campFamily, `erased-${randomBytes(6).toString("hex")}@erased.invalid`])
      await server.db
        .insertInto("camp_enrolments")
        .values({
          student_name: "Sara",
          parent_name: "Huda",
          email,
          phone_number: "+971501234567",
          camp_id: camp.id,
          camp_slug: camp.slug,
          camp_title: camp.title_en,
          session,
          message: "",
          lang: "en",
          reference: randomBytes(8).toString("hex"),
          status: "new",
          notes: "",
          created_at: now,
          updated_at: now,
        })
        .execute();
    await chooseSms(a.emails[0]!, true);
    await chooseSms(campFamily, true);
    const reach = async (audience: Record<string, unknown>) => {
      const answer = await post("/api/admin/messaging/broadcasts/preview", { ...audience, category: "news", bodyEn: "Hi", bodyAr: "مرحبًا" });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body.recipients as number;
    };
    expect(await reach({ audience: "course", audienceId: courseId })).toBeGreaterThanOrEqual(1);
    expect(await reach({ audience: "camp", audienceId: camp.id, campSession: session })).toBe(1);
    const sent = await post("/api/admin/messaging/broadcasts", {
      audience: "camp",
      audienceId: camp.id,
      campSession: session,
      category: "service",
      bodyEn: "Bring a hat",
      bodyAr: "أحضروا قبعة",
      idempotencyKey: key(),
    });
    expect(sent.status).toBe(201);
    await settle();
    // Service to the camp period: the family (SMS) only; the erased address is never written to.
    expect((await messagesOf(sent.body.id)).map((row) => row.email)).toEqual([campFamily]);
    const all = await post("/api/admin/messaging/broadcasts/preview", { audience: "all", category: "news", bodyEn: "Hi", bodyAr: "مرحبًا" });
    const opted = await server.db.selectFrom("messaging_preferences").select("email").where("news", "=", 1).execute();
    expect(all.body.recipients).toBe(opted.length);
    // Bad audiences: a group that does not exist, a camp without its period, no audience id.
    const bad = await post("/api/admin/messaging/broadcasts/preview", {
      audience: "section",
      audienceId: 99999999,
      category: "news",
      bodyEn: "x",
      bodyAr: "x",
    });
    expect([bad.status, typeof bad.body.errors?.audienceId]).toEqual([400, "string"]);
    const noPeriod = await post("/api/admin/messaging/broadcasts/preview", {
      audience: "camp",
      audienceId: camp.id,
      category: "news",
      bodyEn: "x",
      bodyAr: "x",
    });
    expect([noPeriod.status, typeof noPeriod.body.errors?.campSession]).toEqual([400, "string"]);
    const noKey = await post("/api/admin/messaging/broadcasts", { audience: "all", category: "news", bodyEn: "x", bodyAr: "x" });
    expect([noKey.status, typeof noKey.body.errors?.idempotencyKey]).toEqual([400, "string"]);
  });

  it("a scheduled broadcast is not sent before its time (academy time), then once though two senders run it; a scheduled one can be called off", async () => {
    const { sectionId, emails } = await group(2);
    for (const email of emails) await chooseSms(email, false);
    const zone = "Asia/Kolkata";
    const later = zonedParts(new Date(Date.now() + 2 * HOUR), zone);
    const body = {
      audience: "section",
      audienceId: sectionId,
      category: "service",
      bodyEn: "Class moves to room 2",
      bodyAr: "ينتقل الدرس إلى القاعة 2",
      sendAt: `${later.date}T${later.time}`,
    };
    const scheduled = await post("/api/admin/messaging/broadcasts", { ...body, idempotencyKey: key() });
    expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(201);
    expect(scheduled.body.message).toMatch(/^The broadcast is scheduled for /);
    const id = scheduled.body.id as number;
    const row = await server.db.selectFrom("messaging_broadcasts").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    // The wall-clock time in the academy's zone, stored in UTC (India: 5:30 ahead).
    expect(Math.abs(Date.parse(row.send_at) - (Date.now() + 2 * HOUR))).toBeLessThan(120_000);
    await settle();
    expect(await messagesOf(id)).toEqual([]);
    // Run early by anyone (another instance): still nothing, still scheduled.
    await sendBroadcast({ db: server.db, config: server.config, logger: createLogger("silent") }, id);
    expect(await messagesOf(id)).toEqual([]);
    expect((await server.db.selectFrom("messaging_broadcasts").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status).toBe("scheduled");

    // Its time comes: the server's worker and two other senders at once send it once.
    const past = new Date(Date.now() - 1000).toISOString();
    await server.db.updateTable("messaging_broadcasts").set({ send_at: past }).where("id", "=", id).execute();
    // PostgreSQL: a pool of its own, as another instance has. SQLite: the same handle (a second
    // connection in this process would wait for the lock synchronously, blocking the first).
    const postgres = isPostgres(server.db as unknown as Kysely<unknown>);
    const second = postgres ? server.openDb() : server.db;
    try {
      await server.db.updateTable("jobs").set({ run_at: past }).where("kind", "=", "broadcast-send").where("status", "=", "queued").execute();
      const deps = { config: server.config, logger: createLogger("silent") };
      await Promise.all([sendBroadcast({ ...deps, db: server.db }, id), sendBroadcast({ ...deps, db: second }, id)]);
    } finally {
      if (postgres) await second.destroy();
    }
    await settle();
    expect((await messagesOf(id)).map((message) => message.email).sort()).toEqual([...emails].sort());

    // Called off before its time: nothing goes; again, or once sent: 409; unknown: 404.
    const toCancel = await post("/api/admin/messaging/broadcasts", { ...body, idempotencyKey: key() });
    expect((await post(`/api/admin/messaging/broadcasts/${toCancel.body.id}/cancel`, {})).status).toBe(200);
    expect((await post(`/api/admin/messaging/broadcasts/${toCancel.body.id}/cancel`, {})).status).toBe(409);
    expect((await post(`/api/admin/messaging/broadcasts/${id}/cancel`, {})).status).toBe(409);
    expect((await post("/api/admin/messaging/broadcasts/99999999/cancel", {})).status).toBe(404);
    await server.db.updateTable("jobs").set({ run_at: past }).where("kind", "=", "broadcast-send").where("status", "=", "queued").execute();
    await settle();
    expect(await messagesOf(toCancel.body.id)).toEqual([]);
    // A time already past is refused on its field.
    const before = zonedParts(new Date(Date.now() - 3 * HOUR), zone);
    const late = await post("/api/admin/messaging/broadcasts", { ...body, sendAt: `${before.date}T${before.time}`, idempotencyKey: key() });
    expect([late.status, late.body.errors?.sendAt]).toEqual([400, "Choose a time ahead, or leave it empty to send now."]);
  });

  it("is for staff only: instructors and parents 403, signed out 401", async () => {
    const instructor = await server.signIn("instructor");
    const parent = await server.signIn("user");
    const body = { audience: "all", category: "service", bodyEn: "x", bodyAr: "x", idempotencyKey: key() };
    for (const [method, path] of [
      ["GET", "/api/admin/messaging/broadcasts"],
      ["POST", "/api/admin/messaging/broadcasts/preview"],
      ["POST", "/api/admin/messaging/broadcasts"],
      ["POST", "/api/admin/messaging/broadcasts/1/cancel"],
    ] as const) {
      const json = method === "POST" ? (path.endsWith("/cancel") ? {} : body) : undefined;
      for (const who of [instructor, parent]) {
        const answer = await server.request(method, path, { json, headers: { cookie: who.cookie, origin: server.url } });
        expect([path, answer.status, typeof answer.body.message]).toEqual([path, 403, "string"]);
      }
      expect((await server.request(method, path, { json, headers: { origin: server.url } })).status).toBe(401);
    }
    expect(await server.db.selectFrom("messaging_broadcasts").select("id").where("key", "=", body.idempotencyKey).execute()).toEqual([]);
  });
});
