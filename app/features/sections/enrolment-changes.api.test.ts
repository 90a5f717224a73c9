import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp, requestListener } from "~server/app";
import { createLogger } from "~server/logger";
import { startTestServer, type TestServer } from "~server/test/harness";
import { outboxMails, waitForJobs } from "~server/test/outbox";
import { addDays, zonedParts } from "~/lib/zoned-time";
import { enrolmentLink } from "~/features/enrolments/links.server";
import { sectionWaitlistLink } from "./links.server";
import { sweepSectionOffers } from "./section-waitlist.server";

/**
 * The sections' waitlist with held offers, moves and drops (issue 29, decision 066): seats_taken
 * is always live enrolments + open offers, on SQLite and PostgreSQL (TEST_DATABASE_URL), and
 * across two app instances on one database.
 */
describe("section waitlist, moves and drops", () => {
  let server: TestServer;
  let staff: Record<string, string>;
  let course: { id: number; slug: string; min_age: number };
  let other: { id: number };
  let today: string;

  beforeAll(async () => {
    server = await startTestServer();
    const admin = await server.signIn("admin");
    staff = { cookie: admin.cookie, origin: server.url };
    course = await server.db.selectFrom("courses").select(["id", "slug", "min_age"]).where("slug", "=", "robotics-fundamentals").executeTakeFirstOrThrow();
    other = await server.db.selectFrom("courses").select("id").where("id", "<>", course.id).executeTakeFirstOrThrow();
    const timeZone = (await server.request("GET", `/api/courses/${course.slug}/sections`)).body.timeZone;
    today = zonedParts(new Date(), timeZone).date;
  });
  afterAll(async () => {
    await server?.close();
  });

  const create = async (extra: Record<string, unknown> = {}) => {
    const json = {
      courseId: course.id,
      weekdays: [2, 4],
      startTime: "16:00",
      durationMinutes: 60,
      firstDate: addDays(today, 10),
      meetings: 4,
      capacity: 2,
      ...extra,
    };
    const res = await server.request("POST", "/api/admin/sections", { json, headers: staff });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as number;
  };
  const child = (email: string, name = "Zara Khan") => ({
    childName: name,
    childAge: course.min_age,
    parentName: "Sana Khan",
    email,
    phone: "+91 98765 43210",
  });
  const enrol = async (id: number, email: string, headers: Record<string, string> = {}) => {
    const res = await server.request("POST", `/api/sections/${id}/enrolments`, { json: child(email), headers });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.reference as string;
  };
  const join = (id: number, email: string, headers: Record<string, string> = {}) =>
    server.request("POST", `/api/sections/${id}/waitlist`, { json: child(email, `Child ${email}`), headers });
  const section = (id: number) => server.db.selectFrom("course_sections").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const count = async (table: "section_enrolments" | "section_waitlist", id: number, status: string) =>
    Number(
      (
        await server.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as("n"))
          .where("section_id", "=", id)
          .where("status", "=", status as never)
          .executeTakeFirstOrThrow()
      ).n,
    );
  /** seats_taken, live enrolments and open offers of a section. */
  const books = async (id: number) => ({
    seats: (await section(id)).seats_taken,
    live: await count("section_enrolments", id, "enrolled"),
    offers: await count("section_waitlist", id, "offered"),
  });
  const entryToken = async (email: string) => {
    const row = await server.db
      .selectFrom("section_waitlist")
      .select(["id", "created_at"])
      .where("email", "=", email)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    return sectionWaitlistLink.token(server.config.sessionSecret, row);
  };
  const manageToken = async (reference: string) => {
    const row = await server.db.selectFrom("section_enrolments").select(["id", "reference"]).where("reference", "=", reference).executeTakeFirstOrThrow();
    return enrolmentLink.token(server.config.sessionSecret, row);
  };

  it("a full group is listed with its waitlist; a freed seat is held for the first in line, who accepts it: an enrolment with its e-mail and .ics", async () => {
    const id = await create();
    const first = await enrol(id, "wl.first@example.com");
    await enrol(id, "wl.second@example.com");
    const listed = (await server.request("GET", `/api/courses/${course.slug}/sections`)).body.sections.find((s: { id: number }) => s.id === id);
    expect(listed.seatsLeft).toBe(0);
    const joined = await join(id, "wl.ar@example.com", { "accept-language": "ar" });
    expect(joined.status, JSON.stringify(joined.body)).toBe(201);
    expect(joined.body).toMatchObject({ position: 1, statusUrl: expect.stringMatching(/^\/ar\/sections\/waitlist\?token=/) });
    expect((await join(id, "wl.ar@example.com")).body.reason).toBe("duplicate");
    expect((await join(id, "wl.next@example.com")).body.position).toBe(2);
    const free = await create();
    expect((await join(free, "nofull@example.com")).body.reason).toBe("notFull");
    expect((await join(999999, "nobody@example.com")).status).toBe(404);

    // Staff drop one: the seat is held for the first in line at once (seats_taken unchanged).
    const drop = await server.request("POST", `/api/admin/enrolments/${first}/drop`, { json: { reason: "Family moved away" }, headers: staff });
    expect(drop.status, JSON.stringify(drop.body)).toBe(200);
    expect(await books(id)).toEqual({ seats: 2, live: 1, offers: 1 });
    const status = await server.request("GET", `/api/section-waitlist/${await entryToken("wl.ar@example.com")}`);
    expect(status.body.entry).toMatchObject({ status: "offered", offerExpiresAt: expect.any(String) });
    await waitForJobs(server.db);
    const offerMail = outboxMails(server.config.dataDir).find((m) => m.to === "wl.ar@example.com");
    expect(offerMail?.subject).toContain("مقعد محجوز لكم");
    expect(offerMail?.text).toContain("/ar/sections/waitlist?token=");
    const dropMail = outboxMails(server.config.dataDir).find((m) => m.to === "wl.first@example.com" && m.subject.startsWith("Enrolment ended"));
    expect(dropMail?.text).toContain("Family moved away");

    // The second in line cannot accept; the first can, once.
    expect((await server.request("POST", "/api/section-waitlist/accept", { json: { token: await entryToken("wl.next@example.com") } })).body.reason).toBe(
      "waiting",
    );
    const accepted = await server.request("POST", "/api/section-waitlist/accept", {
      json: { token: await entryToken("wl.ar@example.com") },
      headers: { "accept-language": "ar" },
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
    expect(accepted.body.manageUrl).toMatch(/^\/ar\/enrolments\/manage\?token=/);
    expect((await server.request("POST", "/api/section-waitlist/accept", { json: { token: await entryToken("wl.ar@example.com") } })).body.reason).toBe(
      "accepted",
    );
    expect(await books(id)).toEqual({ seats: 2, live: 2, offers: 0 });
    await waitForJobs(server.db);
    const confirmation = outboxMails(server.config.dataDir).find((m) => m.to === "wl.ar@example.com" && m.subject.startsWith("تأكيد التسجيل"));
    expect(confirmation?.raw).toContain("course-timetable.ics");
    expect(confirmation?.text).toContain("/ar/enrolments/manage?token=");
    const audit = await server.db
      .selectFrom("audit_log")
      .selectAll()
      .where("entity", "=", "section_enrolment")
      .where("action", "=", "drop")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.summary).changes.drop_reason).toEqual({ from: null, to: "Family moved away" });
  });

  it("an offer that runs out is swept and the seat offered to the next in line; leaving passes a held seat on", async () => {
    const id = await create({ capacity: 1 });
    const reference = await enrol(id, "sweep.holder@example.com");
    for (const email of ["sweep.a@example.com", "sweep.b@example.com", "sweep.c@example.com"]) expect((await join(id, email)).status).toBe(201);
    await server.request("POST", `/api/admin/enrolments/${reference}/drop`, { json: { reason: "Schedule clash" }, headers: staff });
    expect((await server.request("GET", `/api/section-waitlist/${await entryToken("sweep.a@example.com")}`)).body.entry.status).toBe("offered");
    // Not yet run out (12 hours' hold): nothing; after it: A's offer ends, B is offered.
    expect(await sweepSectionOffers(server.db, new Date(Date.now() + 11 * 3_600_000))).toBe(0);
    expect(await sweepSectionOffers(server.db, new Date(Date.now() + 13 * 3_600_000))).toBe(1);
    expect((await server.request("GET", `/api/section-waitlist/${await entryToken("sweep.a@example.com")}`)).body.entry.status).toBe("expired");
    expect((await server.request("GET", `/api/section-waitlist/${await entryToken("sweep.b@example.com")}`)).body.entry.status).toBe("offered");
    expect(await books(id)).toEqual({ seats: 1, live: 0, offers: 1 });
    // B declines: C is offered in the same step.
    expect((await server.request("POST", "/api/section-waitlist/leave", { json: { token: await entryToken("sweep.b@example.com") } })).status).toBe(200);
    expect((await server.request("GET", `/api/section-waitlist/${await entryToken("sweep.c@example.com")}`)).body.entry.status).toBe("offered");
    expect(await books(id)).toEqual({ seats: 1, live: 0, offers: 1 });
    expect(
      (await server.request("POST", "/api/section-waitlist/accept", { json: { token: "1_not-a-real-token-at-all-xxxxxxxxxxxxxxxxxxxxxxx" } })).status,
    ).toBe(404);
  });

  it("staff move a child in one step: the new seat taken, the old freed and offered to its line, e-mailed and audited", async () => {
    const from = await create({ capacity: 1 });
    const to = await create({ capacity: 2, startTime: "18:00" });
    const reference = await enrol(from, "move.ar@example.com", { "accept-language": "ar" });
    expect((await join(from, "move.waiting@example.com")).status).toBe(201);
    const res = await server.request("POST", `/api/admin/enrolments/${reference}/move`, { json: { sectionId: to }, headers: staff });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await books(from)).toEqual({ seats: 1, live: 0, offers: 1 });
    expect(await books(to)).toEqual({ seats: 1, live: 1, offers: 0 });
    const moved = await server.db.selectFrom("section_enrolments").selectAll().where("reference", "=", reference).executeTakeFirstOrThrow();
    expect(moved).toMatchObject({ section_id: to, status: "enrolled", moved_at: expect.any(String) });
    const audit = await server.db
      .selectFrom("audit_log")
      .selectAll()
      .where("entity", "=", "section_enrolment")
      .where("action", "=", "move")
      .where("entity_id", "=", String(moved.id))
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.summary).changes.section_id).toEqual({ from, to });
    await waitForJobs(server.db);
    const mail = outboxMails(server.config.dataDir).find((m) => m.to === "move.ar@example.com" && m.subject.startsWith("مجموعة جديدة"));
    expect(mail?.raw).toContain("course-timetable.ics");

    // Refusals: the same group, a full group, another course's, an unknown enrolment; non-staff.
    expect((await server.request("POST", `/api/admin/enrolments/${reference}/move`, { json: { sectionId: to }, headers: staff })).body.reason).toBe(
      "sameSection",
    );
    const full = await create({ capacity: 1 });
    await enrol(full, "full.holder@example.com");
    const refused = await server.request("POST", `/api/admin/enrolments/${reference}/move`, { json: { sectionId: full }, headers: staff });
    expect(refused.status).toBe(409);
    expect(refused.body.reason).toBe("full");
    expect(await books(to)).toEqual({ seats: 1, live: 1, offers: 0 });
    const otherSection = (
      await server.request("POST", "/api/admin/sections", {
        json: {
          courseId: other.id,
          weekdays: [1],
          startTime: "10:00",
          durationMinutes: 60,
          firstDate: addDays(today, 10),
          meetings: 2,
          capacity: 5,
          minAge: 1,
          maxAge: 99,
        },
        headers: staff,
      })
    ).body.id;
    const otherCourse = await server.request("POST", `/api/admin/enrolments/${reference}/move`, { json: { sectionId: otherSection }, headers: staff });
    expect(otherCourse.status).toBe(400);
    expect(otherCourse.body.errors.sectionId).toBeTruthy();
    expect((await server.request("POST", "/api/admin/enrolments/no-such-reference/move", { json: { sectionId: to }, headers: staff })).status).toBe(404);
    expect((await server.request("POST", `/api/admin/enrolments/${reference}/move`, { json: { sectionId: "x" }, headers: staff })).status).toBe(400);
    expect((await server.request("POST", `/api/admin/enrolments/${reference}/drop`, { json: { reason: "" }, headers: staff })).status).toBe(400);
    expect(
      (await server.request("POST", `/api/admin/enrolments/${reference}/move`, { json: { sectionId: from }, headers: { origin: server.url } })).status,
    ).toBe(401);
  });

  it("parents move and drop with their enrolment's link until the cut-off, then are told to call", async () => {
    const a = await create({ capacity: 3 });
    const b = await create({ capacity: 3, startTime: "19:00" });
    const reference = await enrol(a, "parent.move@example.com");
    const token = await manageToken(reference);
    const view = await server.request("GET", `/api/enrolments/${token}`);
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({ canChange: true, cutoffHours: 48, enrolment: { status: "enrolled" }, section: { id: a } });
    expect(view.body.alternatives.map((s: { id: number }) => s.id)).toContain(b);
    const moved = await server.request("POST", "/api/enrolments/move", { json: { token, sectionId: b } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(await books(a)).toEqual({ seats: 0, live: 0, offers: 0 });
    expect(await books(b)).toEqual({ seats: 1, live: 1, offers: 0 });
    // A cut-off longer than the time to the first class: refused, in the parent's language, nothing changed.
    const settings = await server.request("GET", "/api/admin/settings", { headers: staff });
    const put = await server.request("PUT", "/api/admin/settings", { json: { ...settings.body.settings, sectionChangeCutoffHours: 720 }, headers: staff });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const late = await server.request("POST", "/api/enrolments/drop", { json: { token, reason: "" }, headers: { "accept-language": "ar" } });
    expect(late.status).toBe(409);
    expect(late.body.reason).toBe("tooLate");
    expect(late.body.message).toContain("720");
    expect((await server.request("GET", `/api/enrolments/${token}`)).body.canChange).toBe(false);
    await server.request("PUT", "/api/admin/settings", { json: { ...settings.body.settings, sectionChangeCutoffHours: 48 }, headers: staff });
    const dropped = await server.request("POST", "/api/enrolments/drop", { json: { token, reason: "Too far" } });
    expect(dropped.status).toBe(200);
    expect(await books(b)).toEqual({ seats: 0, live: 0, offers: 0 });
    expect((await server.request("POST", "/api/enrolments/drop", { json: { token } })).body.reason).toBe("notLive");
    expect((await server.request("GET", "/api/enrolments/1_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx")).status).toBe(404);
    expect((await server.request("POST", "/api/enrolments/move", { json: { token: "bad token\u0000", sectionId: b } })).status).toBe(400);
    const audit = await server.db
      .selectFrom("audit_log")
      .select("summary")
      .where("entity", "=", "section_enrolment")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.summary).by).toBe("parent");
  });

  /**
   * The proof: rounds of simultaneous enrolments, staff moves in and out, drops, joins, accepts of
   * whatever offers are open and expiry sweeps, over three groups of one course, half of the
   * requests through a second app instance with its own pool. After every round, for every group:
   * seats_taken = live enrolments + open offers, never above capacity, and no free seat while
   * someone waits.
   */
  it("a mix of enrolments, moves, drops and waitlist accepts never exceeds capacity and never loses a seat", { timeout: 120_000 }, async () => {
    const db2 = server.openDb();
    const app2 = createApp({ config: server.config, db: db2, logger: createLogger("silent") });
    const http2 = createServer(requestListener(app2)).listen(0, "127.0.0.1");
    await new Promise<void>((resolve) => http2.once("listening", () => resolve()));
    const url2 = `http://127.0.0.1:${(http2.address() as AddressInfo).port}`;
    let n = 0;
    const call = async (method: string, path: string, json: unknown, headers: Record<string, string> = {}) => {
      const i = n++;
      const base = i % 2 ? url2 : server.url;
      // A staff post names the instance it is sent to as its origin (the same-origin check).
      const origin: Record<string, string> = headers.origin ? { origin: base } : {};
      const response = await fetch(`${base}${path}`, {
        method,
        headers: { "content-type": "application/json", "x-forwarded-for": `10.9.${(i >> 8) & 255}.${i & 255}`, ...headers, ...origin },
        body: JSON.stringify(json),
      });
      await response.arrayBuffer();
      return response.status;
    };
    try {
      // Two groups take new enrolments and fill up; the third, bigger, is only moved into (and out of).
      const groups = [await create({ capacity: 4 }), await create({ capacity: 4, startTime: "17:30" }), await create({ capacity: 8, startTime: "19:30" })];
      const tally: Record<string, Record<number, number>> = {};
      const note = (kind: string, status: number) => {
        tally[kind] ??= {};
        tally[kind][status] = (tally[kind][status] ?? 0) + 1;
      };
      const check = async (round: number) => {
        for (const id of groups) {
          const row = await section(id);
          const b = await books(id);
          const waiting = await count("section_waitlist", id, "waiting");
          console.log(
            `[sections-mix] round ${round} group ${id}: capacity ${row.capacity}, seats_taken ${b.seats}, live ${b.live}, open offers ${b.offers}, waiting ${waiting}`,
          );
          expect(b.seats).toBe(b.live + b.offers);
          expect(b.seats).toBeLessThanOrEqual(row.capacity);
          if (waiting > 0) expect(b.seats).toBe(row.capacity);
        }
      };
      let serial = 0;
      for (let round = 1; round <= 4; round++) {
        const live = await server.db
          .selectFrom("section_enrolments")
          .select(["reference", "section_id"])
          .where("section_id", "in", groups)
          .where("status", "=", "enrolled")
          .execute();
        const offers = await server.db
          .selectFrom("section_waitlist")
          .select(["id", "created_at"])
          .where("section_id", "in", groups)
          .where("status", "=", "offered")
          .execute();
        const ops: Promise<void>[] = [];
        for (let i = 0; i < 24; i++) {
          const id = groups[i % 2]!;
          const email = `mix${serial++}@example.com`;
          ops.push(call("POST", `/api/sections/${id}/enrolments`, child(email)).then((s) => note("enrol", s)));
          if (i % 2 === 0)
            ops.push(
              call("POST", `/api/sections/${groups[(i >> 1) % 2]!}/waitlist`, child(`wait${serial}@example.com`, `Waiter ${serial}`)).then((s) =>
                note("join", s),
              ),
            );
        }
        live.forEach((enrolment, i) => {
          if (i % 3 === 0)
            ops.push(call("POST", `/api/admin/enrolments/${enrolment.reference}/drop`, { reason: "Mix drop" }, staff).then((s) => note("drop", s)));
          else {
            const target = groups[(groups.indexOf(enrolment.section_id) + 1 + (i % 2)) % 3]!;
            ops.push(call("POST", `/api/admin/enrolments/${enrolment.reference}/move`, { sectionId: target }, staff).then((s) => note("move", s)));
          }
        });
        offers.forEach((offer, i) => {
          const token = sectionWaitlistLink.token(server.config.sessionSecret, offer);
          if (i % 4 === 3) ops.push(call("POST", "/api/section-waitlist/leave", { token }).then((s) => note("decline", s)));
          else ops.push(call("POST", "/api/section-waitlist/accept", { token }).then((s) => note("accept", s)));
          // A second accept of the same offer at once: only one enrolment comes of it.
          if (i % 4 === 0) ops.push(call("POST", "/api/section-waitlist/accept", { token }).then((s) => note("accept", s)));
        });
        // Offers running out in the middle of it all (both instances sweep). One after the other: two
        // SQLite connections in ONE process would wait for each other's lock synchronously (two
        // processes, as deployed, do not); on PostgreSQL the requests above still run against them.
        const later = new Date(Date.now() + 13 * 3_600_000);
        if (round % 2 === 0)
          ops.push(
            sweepSectionOffers(server.db, later)
              .then(() => sweepSectionOffers(db2, later))
              .then(() => {}),
          );
        await Promise.all(ops);
        await check(round);
      }
      console.log(`[sections-mix] statuses by operation: ${JSON.stringify(tally)}`);
      for (const kind of ["enrol", "join", "drop", "move", "accept"]) expect(Object.keys(tally[kind] ?? {}).length, kind).toBeGreaterThan(0);
      // Never a server error.
      expect(
        Object.values(tally)
          .flatMap((byStatus) => Object.keys(byStatus).map(Number))
          .filter((s) => s >= 500),
      ).toEqual([]);
    } finally {
      await new Promise<void>((resolve) => http2.close(() => resolve()));
      await db2.destroy();
    }
  });
});
