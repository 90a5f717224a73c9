import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "~server/test/harness";
import { bookingLink } from "~server/test/link-tokens";
import { nowIso } from "~server/db/values";

/**
 * Fair booking rules (issue 29): one free demo per child per course, a cap on a family's demo
 * classes still ahead (site setting demoBookingsPerFamily, 3 as shipped), and a cut-off before the
 * class after which parents cannot cancel or move it online (demoChangeCutoffHours, 12 as shipped).
 */
describe("fair demo booking rules", () => {
  let server: TestServer;
  let courses: { id: number; slug: string; min_age: number }[];

  beforeAll(async () => {
    server = await startTestServer();
    courses = await server.db.selectFrom("courses").select(["id", "slug", "min_age"]).orderBy("id").limit(6).execute();
  });
  afterAll(async () => {
    await server?.close();
  });

  let minute = 0;
  async function makeSlot(courseId: number, hoursAhead = 48, capacity = 5) {
    const now = nowIso();
    const row = await server.db
      .insertInto("demo_slots")
      .values({
        starts_at: new Date(Date.now() + hoursAhead * 3_600_000 + ++minute * 60_000).toISOString(),
        duration_minutes: 60,
        capacity,
        course_id: courseId,
        status: "open",
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  }
  const book = (course: { slug: string; min_age: number }, slotId: number, email: string, childName: string, lang = "en") =>
    server.request("POST", `/api/courses/${course.slug}/demo-bookings?lang=${lang}`, {
      json: { slotId, childName, childAge: course.min_age, parentName: "Huda Saleh", email, phone: "+91 98765 43210" },
    });
  const setSetting = (key: string, value: unknown) =>
    server.db
      .updateTable("site_settings")
      .set({ value: JSON.stringify(value) })
      .where("key", "=", key)
      .execute();

  it("gives each child one free demo per course, whatever the case or spacing of the name", async () => {
    const [course, other] = courses;
    const first = await book(course!, await makeSlot(course!.id), "one.demo@example.com", "Lina Saleh");
    expect(first.status).toBe(201);
    for (const name of ["Lina Saleh", "  lina   SALEH "]) {
      const again = await book(course!, await makeSlot(course!.id), "ONE.demo@example.com", name);
      expect(again.status).toBe(409);
      expect(again.body.reason).toBe("alreadyHadDemo");
      expect(again.body.message).toContain(name.trim());
    }
    const arabic = await book(course!, await makeSlot(course!.id), "one.demo@example.com", "Lina Saleh", "ar");
    expect(arabic.body.message).toMatch(/حصة تجريبية مجانية واحدة/);
    // Her brother, and Lina in another course, are welcome.
    expect((await book(course!, await makeSlot(course!.id), "one.demo@example.com", "Omar Saleh")).status).toBe(201);
    expect((await book(other!, await makeSlot(other!.id), "one.demo@example.com", "Lina Saleh")).status).toBe(201);
    // A cancelled demo does not count.
    const token = await bookingLink(server, { reference: first.body.reference });
    expect((await server.request("POST", "/api/demo-bookings/cancel", { json: { token } })).status).toBe(200);
    expect((await book(course!, await makeSlot(course!.id), "one.demo@example.com", "Lina Saleh")).status).toBe(201);
  });

  it("caps a family's demo classes still ahead at the setting (3 as shipped), also when they book at once", async () => {
    const email = "busy.family@example.com";
    const slots = await Promise.all(courses.map((course) => makeSlot(course.id)));
    // Six children of one family, six courses, all at once: exactly three are booked.
    const answers = await Promise.all(courses.map((course, i) => book(course, slots[i]!, email, `Child ${i}`)));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, 201, 201, 409, 409, 409]);
    const refused = answers.find((answer) => answer.status === 409)!;
    expect(refused.body.reason).toBe("familyCap");
    expect(refused.body.message).toContain("3 demo classes");
    const live = await server.db.selectFrom("demo_bookings").select("id").where("email", "=", email).where("status", "=", "booked").execute();
    expect(live).toHaveLength(3);
    // Each refusal left its slot's seats as they were.
    const taken = await server.db.selectFrom("demo_slots").select("seats_taken").where("id", "in", slots).execute();
    expect(taken.reduce((sum, row) => sum + row.seats_taken, 0)).toBe(3);
  });

  it("stops online cancelling and moving within the cut-off, saying why and whom to call, in both languages", async () => {
    const [course] = courses;
    const soon = await book(course!, await makeSlot(course!.id, 5), "soon@example.com", "Maya");
    expect(soon.status).toBe(201);
    const token = await bookingLink(server, { reference: soon.body.reference });
    const later = await makeSlot(course!.id, 72);

    const cancel = await server.request("POST", "/api/demo-bookings/cancel", { json: { token } });
    expect(cancel.status).toBe(409);
    expect(cancel.body.reason).toBe("tooLate");
    expect(cancel.body.message).toContain("less than 12 hours");
    expect(cancel.body.message).toContain("+91");
    const move = await server.request("POST", "/api/demo-bookings/reschedule?lang=ar", { json: { token, slotId: later }, headers: { origin: server.url } });
    expect(move.status).toBe(409);
    expect(move.body.reason).toBe("tooLate");
    expect(move.body.message).toContain("أقل من 12 ساعة");
    const booking = await server.db
      .selectFrom("demo_bookings")
      .select(["status", "slot_id"])
      .where("reference", "=", soon.body.reference)
      .executeTakeFirstOrThrow();
    expect(booking.status).toBe("booked");

    // Outside the cut-off, the same link still cancels.
    const ahead = await book(course!, await makeSlot(course!.id, 30), "ahead@example.com", "Yara");
    const aheadToken = await bookingLink(server, { reference: ahead.body.reference });
    expect((await server.request("POST", "/api/demo-bookings/cancel", { json: { token: aheadToken } })).status).toBe(200);

    // Staff set the cut-off: at 0 a class can be changed until it starts (this test sets it to prove the setting is read).
    await setSetting("demoChangeCutoffHours", 0);
    try {
      expect((await server.request("POST", "/api/demo-bookings/cancel", { json: { token } })).status).toBe(200);
    } finally {
      await setSetting("demoChangeCutoffHours", 12);
    }
  });
});
