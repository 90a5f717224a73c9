import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "~server/test/harness";
import { outboxMails, waitForJobs } from "~server/test/outbox";
import { addDays, zonedParts } from "~/lib/zoned-time";
import { demoPrefillToken } from "~/features/booking/demo-link.server";
import { courseSectionsFor } from "./course-sections.server";
import { demoPrefill } from "./demo-enrolment.server";

describe("demo class to enrolment in one step (issue 29, decision 069)", () => {
  let server: TestServer;
  let staffHeaders: Record<string, string>;
  let course: { id: number; slug: string; min_age: number };
  let other: { id: number };
  let timeZone: string;
  let today: string;
  let slotId: number;
  let slotMonth: string;

  beforeAll(async () => {
    server = await startTestServer();
    const admin = await server.signIn("admin");
    staffHeaders = { cookie: admin.cookie, origin: server.url };
    course = await server.db.selectFrom("courses").select(["id", "slug", "min_age"]).where("slug", "=", "robotics-fundamentals").executeTakeFirstOrThrow();
    other = await server.db.selectFrom("courses").select("id").where("id", "<>", course.id).orderBy("id").executeTakeFirstOrThrow();
    timeZone = (await server.request("GET", `/api/courses/${course.slug}/sections`)).body.timeZone;
    today = zonedParts(new Date(), timeZone).date;
    const slot = await staff("POST", "/api/admin/slots", { date: addDays(today, 5), time: "10:30", durationMinutes: 60, capacity: 50, courseId: course.id });
    expect(slot.status, JSON.stringify(slot.body)).toBe(201);
    slotId = slot.body.id;
    const row = await server.db.selectFrom("demo_slots").select("starts_at").where("id", "=", slotId).executeTakeFirstOrThrow();
    slotMonth = zonedParts(row.starts_at, timeZone).date.slice(0, 7);
  });
  afterAll(async () => {
    await server?.close();
  });

  const staff = (method: string, url: string, json?: unknown) => server.request(method, url, { json, headers: staffHeaders });
  const book = async (email: string, childName: string, lang = "en") => {
    const res = await server.request("POST", `/api/courses/${course.slug}/demo-bookings?lang=${lang}`, {
      json: { slotId, childName, childAge: course.min_age, parentName: "Huda Saleh", email, phone: "+91 98765 43210" },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return (await server.db.selectFrom("demo_bookings").select("id").where("reference", "=", res.body.reference).executeTakeFirstOrThrow()).id;
  };
  const section = async (courseId: number, capacity = 12) => {
    const res = await staff("POST", "/api/admin/sections", {
      courseId,
      weekdays: [2, 4],
      startTime: "16:00",
      durationMinutes: 60,
      firstDate: addDays(today, 12),
      meetings: 3,
      capacity,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as number;
  };
  const seats = async (id: number) =>
    (await server.db.selectFrom("course_sections").select("seats_taken").where("id", "=", id).executeTakeFirstOrThrow()).seats_taken;
  const convert = (bookingId: number, sectionId: number) => staff("POST", `/api/admin/demo-bookings/${bookingId}/enrolment`, { sectionId });

  it("the follow-up links to the course's open groups with a signed token, never the family's details, and the token fills in that booking", async () => {
    const email = "follow.enrol@example.com";
    const id = await book(email, "Karim Saleh", "ar");
    expect((await staff("PATCH", `/api/admin/slots/bookings/${id}`, { status: "attended" })).status).toBe(200);
    await waitForJobs(server.db);
    const mail = outboxMails(server.config.dataDir).find((m) => m.to === email && m.text.includes("?demo="));
    expect(mail, "follow-up with the enrolment link").toBeDefined();
    const link = /(https?:\/\/\S+\?demo=(\S+)#enrol)/.exec(mail!.text)!;
    expect(link[1]).toContain(`/ar/courses/${course.slug}?demo=`);
    expect(link[1]).not.toContain("follow.enrol");
    expect(decodeURIComponent(link[1]!)).not.toContain("Karim");
    expect(mail!.text).toContain("Karim Saleh");
    const token = link[2]!;
    expect(await demoPrefill(server.db, server.config.sessionSecret, token, course.id)).toEqual({
      childName: "Karim Saleh",
      childAge: String(course.min_age),
      parentName: "Huda Saleh",
      email,
      phone: expect.any(String),
    });
    // Another course's page, a changed token, an unsigned id: nothing filled in.
    expect(await demoPrefill(server.db, server.config.sessionSecret, token, other.id)).toBeNull();
    expect(
      await demoPrefill(
        server.db,
        server.config.sessionSecret,
        token.replace(/.$/, (c) => (c === "A" ? "B" : "A")),
        course.id,
      ),
    ).toBeNull();
    expect(await demoPrefill(server.db, server.config.sessionSecret, String(id), course.id)).toBeNull();
    expect(await demoPrefill(server.db, "another-secret-another-secret-00", token, course.id)).toBeNull();
  });

  it("a family enrolling from the follow-up link is stored as the demo's when the token is valid and the child is the booking's", async () => {
    const id = await book("link.enrol@example.com", "Yusuf Saleh");
    const token = demoPrefillToken(server.config.sessionSecret, id);
    const [first, second, third] = [await section(course.id), await section(course.id), await section(course.id)];
    const enrolWith = async (sectionId: number, childName: string, demo?: string) => {
      const res = await server.request("POST", `/api/sections/${sectionId}/enrolments`, {
        json: {
          childName,
          childAge: course.min_age,
          parentName: "Huda Saleh",
          email: "link.enrol@example.com",
          phone: "+91 98765 43210",
          ...(demo === undefined ? {} : { demo }),
        },
        headers: { origin: server.url },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return server.db
        .selectFrom("section_enrolments")
        .select(["source", "demo_booking_id"])
        .where("reference", "=", res.body.reference)
        .executeTakeFirstOrThrow();
    };
    // Another child of the family, a forged token, no token: ordinary enrolments.
    expect(await enrolWith(first, "Maryam Saleh", token)).toEqual({ source: "direct", demo_booking_id: null });
    expect(
      await enrolWith(
        second,
        "Yusuf Saleh",
        token.replace(/.$/, (c) => (c === "A" ? "B" : "A")),
      ),
    ).toEqual({ source: "direct", demo_booking_id: null });
    expect(await enrolWith(third, "Yusuf Saleh")).toEqual({ source: "direct", demo_booking_id: null });
    // The booking's child (however the name is spaced or cased): source demo, the booking's id.
    expect(await enrolWith(first, "  yusuf   SALEH ", token)).toEqual({ source: "demo", demo_booking_id: id });
    // The booking already has its live enrolment: a second one is enrolled, as a direct one.
    expect(await enrolWith(second, "Maryam Saleh", demoPrefillToken(server.config.sessionSecret, id))).toEqual({ source: "direct", demo_booking_id: null });
    // A hostile token is a 400 with the field's message, never a 500.
    const bad = await server.request("POST", `/api/sections/${first}/enrolments`, {
      json: {
        childName: "Zaid Saleh",
        childAge: course.min_age,
        parentName: "Huda Saleh",
        email: "link.enrol@example.com",
        phone: "+91 98765 43210",
        demo: "<script>x</script>",
      },
      headers: { origin: server.url },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors ?? {})).toContain("demo");
    // The course page's form carries the token (a hidden field), so the post without script is stored the same way.
    const page = await courseSectionsFor({ db: server.db, user: null, config: server.config }, course.id, "en", new URLSearchParams({ demo: token }));
    expect(page.prefill).toMatchObject({ childName: "Yusuf Saleh", demo: token });
  });

  it("staff convert a booking into an enrolment: source demo, one seat, the family's e-mail in the booking's language, audited; never twice", async () => {
    const sectionId = await section(course.id);
    const id = await book("convert.ar@example.com", "Lina Saleh", "ar");
    const res = await convert(id, sectionId);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.code).toMatch(/^[A-Z0-9]{6}$/);
    const row = await server.db.selectFrom("section_enrolments").selectAll().where("reference", "=", res.body.reference).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      source: "demo",
      demo_booking_id: id,
      child_name: "Lina Saleh",
      email: "convert.ar@example.com",
      lang: "ar",
      status: "enrolled",
    });
    expect(await seats(sectionId)).toBe(1);
    const audit = await server.db
      .selectFrom("audit_log")
      .selectAll()
      .where("entity", "=", "demo_booking")
      .where("entity_id", "=", String(id))
      .where("action", "=", "convert")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.summary).changes.section).toEqual({ from: null, to: sectionId });
    await waitForJobs(server.db);
    expect(outboxMails(server.config.dataDir).find((m) => m.to === "convert.ar@example.com" && m.subject.includes("تأكيد التسجيل"))).toBeDefined();

    const again = await convert(id, sectionId);
    expect(again.status).toBe(409);
    expect(again.body.reason).toBe("converted");
    expect(await seats(sectionId)).toBe(1);

    // Another course's group, an unknown group, an unknown booking, a cancelled booking, a signed-out caller.
    const elsewhere = await convert(await book("convert.other@example.com", "Ziad Saleh"), await section(other.id));
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.errors.sectionId).toEqual(expect.any(String));
    expect((await convert(id, 999_999)).status).toBe(400);
    expect((await convert(999_999, sectionId)).status).toBe(404);
    const cancelled = await book("convert.cancelled@example.com", "Rami Saleh");
    await server.db.updateTable("demo_bookings").set({ status: "cancelled" }).where("id", "=", cancelled).execute();
    expect((await convert(cancelled, sectionId)).body.reason).toBe("bookingCancelled");
    expect((await server.request("POST", `/api/admin/demo-bookings/${id}/enrolment`, { json: { sectionId }, headers: { origin: server.url } })).status).toBe(
      401,
    );
    expect((await convert(id, "x" as unknown as number)).status).toBe(400);
  });

  it("twenty simultaneous conversions of one booking enrol the child once and take one seat", async () => {
    const sectionId = await section(course.id, 5);
    const id = await book("convert.race@example.com", "Nour Saleh");
    const answers = await Promise.all(Array.from({ length: 20 }, () => convert(id, sectionId)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.every((a) => a.status === 201 || a.status === 409)).toBe(true);
    expect(await seats(sectionId)).toBe(1);
    const live = await server.db.selectFrom("section_enrolments").select("id").where("demo_booking_id", "=", id).where("status", "=", "enrolled").execute();
    expect(live).toHaveLength(1);
  });

  it("counts demo classes booked → attended → enrolled per course and month", async () => {
    const before = (await staff("GET", "/api/admin/demo-funnel")).body.rows.find(
      (r: { courseId: number; month: string }) => r.courseId === course.id && r.month === slotMonth,
    ) ?? { booked: 0, attended: 0, enrolled: 0 };
    const sectionId = await section(course.id);
    const converted = await book("funnel.a@example.com", "Adam Funnel");
    const selfEnrolled = await book("funnel.b@example.com", "Bana Funnel");
    await book("funnel.c@example.com", "Celine Funnel");
    const cancelled = await book("funnel.d@example.com", "Dina Funnel");
    await server.db.updateTable("demo_bookings").set({ status: "cancelled" }).where("id", "=", cancelled).execute();
    for (const id of [converted, selfEnrolled]) expect((await staff("PATCH", `/api/admin/slots/bookings/${id}`, { status: "attended" })).status).toBe(200);
    expect((await convert(converted, sectionId)).status).toBe(201);
    // The family enrols on its own after the demo, with the booking's e-mail and the child's name (other case and spaces).
    const own = await server.request("POST", `/api/sections/${sectionId}/enrolments`, {
      json: { childName: "  bana   FUNNEL ", childAge: course.min_age, parentName: "Huda Saleh", email: "Funnel.B@example.com", phone: "+91 98765 43210" },
    });
    expect(own.status, JSON.stringify(own.body)).toBe(201);

    const res = await staff("GET", "/api/admin/demo-funnel?months=3");
    expect(res.status).toBe(200);
    const row = res.body.rows.find((r: { courseId: number; month: string }) => r.courseId === course.id && r.month === slotMonth);
    expect(row.booked - before.booked).toBe(3);
    expect(row.attended - before.attended).toBe(2);
    expect(row.enrolled - before.enrolled).toBe(2);
    expect(row.course).toEqual(expect.any(String));
    expect((await server.request("GET", "/api/admin/demo-funnel")).status).toBe(401);
    expect((await staff("GET", "/api/admin/demo-funnel?months=abc")).status).toBe(200);
  });
});
