import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp, requestListener } from "~server/app";
import { createLogger } from "~server/logger";
import { startTestServer, type TestServer } from "~server/test/harness";
import { outboxMails, waitForJobs } from "~server/test/outbox";
import { startStripeStandIn, type StripeStandIn } from "~server/test/stripe-stand-in";
import { nowIso } from "~server/db/values";
import { addDays, zonedParts } from "~/lib/zoned-time";

/**
 * Issue 39 finding 2 (decision 104): one visitor held every seat of a group for one e-mail, made
 * the academy mail that address once per form, and renewed unpaid holds without end. A family's
 * live enrolments are capped (enrolmentsPerFamily, 6 as shipped), every address has a budget of
 * public-form mails, and a family takes at most three holds per group a day.
 */
describe("a family's limits on public enrolments", () => {
  let server: TestServer;
  let staff: Record<string, string>;
  let course: { id: number; min_age: number };
  let today: string;

  beforeAll(async () => {
    server = await startTestServer();
    const admin = await server.signIn("admin");
    staff = { cookie: admin.cookie, origin: server.url };
    course = await server.db.selectFrom("courses").select(["id", "min_age", "slug"]).where("slug", "=", "robotics-fundamentals").executeTakeFirstOrThrow();
    const timeZone = (await server.request("GET", "/api/courses/robotics-fundamentals/sections")).body.timeZone as string;
    today = zonedParts(new Date(), timeZone).date;
  });
  afterAll(async () => {
    await server?.close();
  });

  const create = async (target: TestServer, headers: Record<string, string>, capacity = 30) => {
    const res = await target.request("POST", "/api/admin/sections", {
      json: { courseId: course.id, weekdays: [2, 4], startTime: "17:00", durationMinutes: 60, firstDate: addDays(today, 10), meetings: 4, capacity },
      headers,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as number;
  };
  const child = (email: string, i: number) => ({
    childName: `Child ${i}`,
    childAge: course.min_age,
    parentName: "Priya Sharma",
    email,
    phone: "+91 98765 43210",
  });
  const live = async (db: TestServer["db"], email: string) =>
    Number(
      (
        await db
          .selectFrom("section_enrolments")
          .select((eb) => eb.fn.countAll().as("n"))
          .where("email", "=", email)
          .where("status", "=", "enrolled")
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("caps a family's live enrolments at enrolmentsPerFamily (6): the seventh child is refused 409 familyCap in the request's language; staff are not capped", async () => {
    const id = await create(server, staff, 12);
    const email = "hoarder@example.com";
    const answers = [];
    // Twelve children for one e-mail (in any case) from two client addresses: the attack of the finding.
    for (let i = 0; i < 12; i++) {
      answers.push(
        await server.request("POST", `/api/sections/${id}/enrolments${i === 11 ? "?lang=ar" : ""}`, {
          json: child(i % 2 ? email.toUpperCase() : email, i),
          headers: { "x-forwarded-for": i % 2 ? "127.0.0.7" : "127.0.0.8" },
        }),
      );
    }
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201, 201, 409, 409, 409, 409, 409, 409]);
    expect(answers[6]!.body).toEqual({ message: expect.stringContaining("6 enrolments"), reason: "familyCap" });
    expect(answers[11]!.body.message).toMatch(/الحدّ: 6/);
    expect(await live(server.db, email)).toBe(6);
    const seats = await server.db.selectFrom("course_sections").select("seats_taken").where("id", "=", id).executeTakeFirstOrThrow();
    expect(seats.seats_taken).toBe(6);
    // Staff enrolling a child for the family are not held to the cap.
    expect((await server.request("POST", `/api/sections/${id}/enrolments`, { json: child(email, 20), headers: staff })).status).toBe(201);
    // A camp enrolment of the same family counts toward the same cap.
    const camp = await server.request("POST", "/api/summercamp/enroll", {
      json: {
        studentName: "Child 30",
        parentName: "Priya Sharma",
        email,
        phoneNumber: "+91 98765 43210",
        selectedCamp: "Junior Camp",
        selectedSession: "1 July - 20th July",
      },
    });
    expect(camp.status).toBe(409);
    expect(camp.body.reason).toBe("familyCap");
  });

  it("caps camp enrolments too, and counts groups and camps together", async () => {
    await server.db
      .updateTable("site_settings")
      .set({ value: JSON.stringify(2) })
      .where("key", "=", "enrolmentsPerFamily")
      .execute();
    try {
      const email = "camper@example.com";
      const camp = (i: number, lang = "en") =>
        server.request("POST", `/api/summercamp/enroll?lang=${lang}`, {
          json: {
            studentName: `Camper ${i}`,
            parentName: "Huda Saleh",
            email,
            phoneNumber: "+91 98765 43210",
            selectedCamp: "Junior Camp",
            selectedSession: "1 July - 20th July",
          },
        });
      expect((await camp(1)).status).toBe(201);
      expect((await camp(2)).status).toBe(201);
      const third = await camp(3, "ar");
      expect(third.status).toBe(409);
      expect(third.body).toEqual({ message: expect.stringMatching(/الحدّ: 2/), reason: "familyCap" });
    } finally {
      await server.db
        .updateTable("site_settings")
        .set({ value: JSON.stringify(6) })
        .where("key", "=", "enrolmentsPerFamily")
        .execute();
    }
  });

  it("holds the cap when 20 enrolments of one family arrive at once through two app instances", { timeout: 60_000 }, async () => {
    const db2 = server.openDb();
    const app2 = createApp({ config: server.config, db: db2, logger: createLogger("silent") });
    const http2 = createServer(requestListener(app2)).listen(0, "127.0.0.1");
    await new Promise<void>((resolve) => http2.once("listening", () => resolve()));
    const url2 = `http://127.0.0.1:${(http2.address() as AddressInfo).port}`;
    try {
      // Two groups, so the groups' own row locks do not line the family up by themselves.
      const groups = [await create(server, staff), await create(server, staff)];
      const email = "rush.family@example.com";
      const statuses = await Promise.all(
        Array.from({ length: 20 }, async (_, i) => {
          const response = await fetch(`${i % 2 ? url2 : server.url}/api/sections/${groups[(i >> 1) % 2]}/enrolments`, {
            method: "POST",
            headers: { "content-type": "application/json", "x-forwarded-for": `10.9.0.${i}` },
            body: JSON.stringify(child(email, i)),
          });
          await response.arrayBuffer();
          return response.status;
        }),
      );
      expect(statuses.filter((s) => s === 201)).toHaveLength(6);
      expect(statuses.filter((s) => s === 409)).toHaveLength(14);
      expect(await live(server.db, email)).toBe(6);
      const taken = await server.db.selectFrom("course_sections").select("seats_taken").where("id", "in", groups).execute();
      expect(taken.reduce((sum, row) => sum + row.seats_taken, 0)).toBe(6);
    } finally {
      await new Promise<void>((resolve) => http2.close(() => resolve()));
      await db2.destroy();
    }
  });

  it("mails one typed address at most 10 times a day from public forms; the forms still succeed", { timeout: 60_000 }, async () => {
    await server.db
      .updateTable("site_settings")
      .set({ value: JSON.stringify(50) })
      .where("key", "=", "enrolmentsPerFamily")
      .execute();
    try {
      const id = await create(server, staff);
      const victim = "victim@example.com";
      const before = outboxMails(server.config.dataDir).filter((mail) => mail.to.includes(victim)).length;
      for (let i = 0; i < 12; i++) {
        const res = await server.request("POST", `/api/sections/${id}/enrolments`, {
          json: child(i % 2 ? victim.toUpperCase() : victim, i),
          headers: { "x-forwarded-for": `127.0.0.${20 + (i % 3)}` },
        });
        expect(res.status).toBe(201);
      }
      // A demo booking to the same address is one more public-form mail: over budget too.
      const now = nowIso();
      const slot = await server.db
        .insertInto("demo_slots")
        .values({
          starts_at: new Date(Date.now() + 72 * 3_600_000).toISOString(),
          duration_minutes: 60,
          capacity: 5,
          course_id: course.id,
          status: "open",
          created_at: now,
          updated_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const booking = await server.request("POST", "/api/courses/robotics-fundamentals/demo-bookings", {
        json: { slotId: slot.id, childName: "Child 99", childAge: course.min_age, parentName: "Priya Sharma", email: victim, phone: "+91 98765 43210" },
      });
      expect(booking.status).toBe(201);
      await waitForJobs(server.db);
      const mails = outboxMails(server.config.dataDir).filter((mail) => mail.to.includes(victim)).length - before;
      expect(mails).toBeLessThanOrEqual(10);
      expect(mails).toBeGreaterThan(0);
      expect(await live(server.db, victim)).toBe(12);
    } finally {
      await server.db
        .updateTable("site_settings")
        .set({ value: JSON.stringify(6) })
        .where("key", "=", "enrolmentsPerFamily")
        .execute();
    }
  });
});

describe("a family's holds on one group, with online payment on", () => {
  let stripe: StripeStandIn;
  let server: TestServer;
  let staff: Record<string, string>;
  let course: { id: number; min_age: number };

  beforeAll(async () => {
    stripe = await startStripeStandIn();
    server = await startTestServer({ STRIPE_SECRET_KEY: stripe.secretKey, STRIPE_WEBHOOK_SECRET: stripe.webhookSecret, STRIPE_API_URL: stripe.url });
    const admin = await server.signIn("admin");
    staff = { cookie: admin.cookie, origin: server.url };
    course = await server.db.selectFrom("courses").select(["id", "min_age"]).where("slug", "=", "robotics-fundamentals").executeTakeFirstOrThrow();
  });
  afterAll(async () => {
    await server?.close();
    await stripe?.stop();
  });

  it("takes at most 3 holds per family per group a day: a fourth after three ran out unpaid is refused 409 holdLimit", async () => {
    const timeZone = (await server.request("GET", "/api/courses/robotics-fundamentals/sections")).body.timeZone as string;
    const created = await server.request("POST", "/api/admin/sections", {
      json: {
        courseId: course.id,
        weekdays: [2, 4],
        startTime: "17:00",
        durationMinutes: 60,
        firstDate: addDays(zonedParts(new Date(), timeZone).date, 10),
        meetings: 4,
        capacity: 12,
      },
      headers: staff,
    });
    const id = created.body.id as number;
    const email = "renewer@example.com";
    const enrol = (lang = "en") =>
      server.request("POST", `/api/sections/${id}/enrolments?lang=${lang}`, {
        json: { childName: "Zara Khan", childAge: course.min_age, parentName: "Sana Khan", email, phone: "+91 98765 43210" },
      });
    for (let round = 0; round < 3; round++) {
      const held = await enrol();
      expect(held.status, JSON.stringify(held.body)).toBe(201);
      expect(held.body.paymentUrl).toEqual(expect.any(String));
      // The hold runs out unpaid (as the sweep leaves it: cancelled, its hold time kept).
      await server.db.updateTable("section_enrolments").set({ status: "cancelled" }).where("reference", "=", held.body.reference).execute();
    }
    const fourth = await enrol();
    expect(fourth.status).toBe(409);
    expect(fourth.body).toEqual({ message: expect.stringContaining("3 times today"), reason: "holdLimit" });
    expect((await enrol("ar")).body.message).toMatch(/الحدّ: 3/);
    // Another child of another family is not held back.
    const other = await server.request("POST", `/api/sections/${id}/enrolments`, {
      json: { childName: "Omar", childAge: course.min_age, parentName: "Ali", email: "other@example.com", phone: "+91 98765 43210" },
    });
    expect(other.status).toBe(201);
  });
});
