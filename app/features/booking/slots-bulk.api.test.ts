import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "~server/test/harness";
import { nowIso } from "~server/db/values";
import { addDays, zonedParts } from "~/lib/zoned-time";
import { mailJobsOf } from "~server/test/mail-jobs";
import { staffCancelMailKind } from "./booking.jobs.server";

const TZ = "Asia/Kolkata";

describe("staff bulk actions on demo slots (POST /api/admin/slots/bulk)", () => {
  let server: TestServer;
  let admin: { cookie: string };
  let parent: { cookie: string };
  let courseId: number;
  const slug = "python-for-beginners";
  // Ten weeks ahead: clear of the seeded slots and of the other slot tests.
  const day = (offset: number) => addDays(zonedParts(new Date(), TZ).date, offset);

  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.signIn("admin");
    parent = await server.signIn("user");
    courseId = (await server.db.selectFrom("courses").select("id").where("slug", "=", slug).executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => {
    await server?.close();
  });

  const as = (who: { cookie: string }) => ({ cookie: who.cookie, origin: server.url });
  const staff = (json: unknown) => server.request("POST", "/api/admin/slots/bulk", { json, headers: as(admin) });
  const create = async (date: string, time: string) => {
    const answer = await server.request("POST", "/api/admin/slots", { json: { date, time, durationMinutes: 60, capacity: 3, courseId }, headers: as(admin) });
    expect(answer.status).toBe(201);
    return answer.body.id as number;
  };
  const statuses = async (ids: number[]) =>
    (await server.db.selectFrom("demo_slots").select(["id", "status"]).where("id", "in", ids).orderBy("id").execute()).map((row) => row.status);
  const book = (slotId: number, email: string) =>
    server.request("POST", `/api/courses/${slug}/demo-bookings`, {
      json: { slotId, childName: "Bulk Child", childAge: 13, parentName: "Bulk Parent", email, phone: "9876543210" },
    });
  const auditCount = async (action: string) =>
    Number(
      (
        await server.db
          .selectFrom("audit_log")
          .select((eb) => eb.fn.countAll().as("n"))
          .where("action", "=", action)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("refuses anonymous visitors (401) and parents (403), changing nothing", async () => {
    const id = await create(day(70), "10:00");
    const anonymous = await server.request("POST", "/api/admin/slots/bulk", { json: { action: "close", ids: [id] } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.message).toBeTruthy();
    const user = await server.request("POST", "/api/admin/slots/bulk", { json: { action: "close", ids: [id] }, headers: as(parent) });
    expect(user.status).toBe(403);
    expect(user.body.message).toBeTruthy();
    expect(await statuses([id])).toEqual(["open"]);
  });

  it("closes and reopens several slots at once, one audit entry per changed slot with its name and change", async () => {
    const ids = [await create(day(71), "10:00"), await create(day(71), "11:00"), await create(day(72), "10:00")];
    const before = await auditCount("bulk_status");
    const closed = await staff({ action: "close", ids });
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({ message: "3 slot(s) closed.", changed: 3, cancelled: 0 });
    expect(await statuses(ids)).toEqual(["closed", "closed", "closed"]);
    expect(await auditCount("bulk_status")).toBe(before + 3);
    const entry = await server.db
      .selectFrom("audit_log")
      .select(["entity", "entity_id", "summary"])
      .where("action", "=", "bulk_status")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(entry.entity).toBe("demo_slot");
    expect(JSON.parse(entry.summary)).toMatchObject({ name: `${day(72)} 10:00 · Python for Beginners`, changes: { status: { from: "open", to: "closed" } } });
    // Only the slots that change are counted and logged; the answer is in the request's language.
    await server.request("PATCH", `/api/admin/slots/${ids[0]}`, { json: { status: "open" }, headers: as(admin) });
    const reopened = await server.request("POST", "/api/admin/slots/bulk", {
      json: { action: "reopen", ids },
      headers: { ...as(admin), "accept-language": "ar" },
    });
    expect(reopened.status).toBe(200);
    expect(reopened.body.changed).toBe(2);
    expect(await statuses(ids)).toEqual(["open", "open", "open"]);
  });

  it("refuses unknown ids, malformed bodies and more than 200 ids with 4xx JSON, changing nothing", async () => {
    const id = await create(day(73), "10:00");
    const missing = await staff({ action: "close", ids: [id, 2_000_000_000] });
    expect(missing.status).toBe(404);
    expect(missing.body.missing).toEqual([2_000_000_000]);
    expect(await statuses([id])).toEqual(["open"]);
    for (const body of [
      { action: "close", ids: [] },
      { action: "explode", ids: [id] },
      { action: "close", ids: ["1"] },
      { action: "close", ids: [-1] },
      { action: "close" },
      { action: "delete", ids: [id], confirm: "yes" },
      "close",
    ]) {
      const answer = await staff(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.message).toBeTruthy();
    }
    const tooMany = await staff({ action: "close", ids: Array.from({ length: 201 }, (_, i) => i + 1) });
    expect(tooMany.status).toBe(400);
    expect(await statuses([id])).toEqual(["open"]);
  });

  it("deletes empty slots at once; slots with live bookings only when confirmed, cancelling them and queueing each parent's mail", async () => {
    const empty = [await create(day(74), "10:00"), await create(day(74), "11:00")];
    const deleted = await staff({ action: "delete", ids: empty });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ changed: 2, cancelled: 0, message: "2 slot(s) deleted." });
    expect(await statuses(empty)).toEqual([]);

    const booked = await create(day(46), "10:00");
    const other = await create(day(46), "11:00");
    expect((await book(booked, "bulk.parent@example.com")).status).toBe(201);
    const asked = await staff({ action: "delete", ids: [booked, other] });
    expect(asked.status).toBe(409);
    expect(asked.body).toMatchObject({ slots: 1, bookings: 1 });
    expect(asked.body.message).toContain("Confirm");
    // All or nothing: the empty slot stays too.
    expect(await statuses([booked, other])).toEqual(["open", "open"]);

    const jobsBefore = (await mailJobsOf(server.db, staffCancelMailKind).execute()).length;
    const confirmed = await staff({ action: "delete", ids: [booked, other], confirm: true });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ changed: 2, cancelled: 1, message: "2 slot(s) deleted; 1 booking(s) cancelled and the parents e-mailed." });
    expect(await statuses([booked, other])).toEqual([]);
    const jobs = await mailJobsOf(server.db, staffCancelMailKind).execute();
    expect(jobs.length).toBe(jobsBefore + 1);
    expect(JSON.stringify(jobs.map((job) => job.payload))).toContain("bulk.parent@example.com");
  });

  it("names a booking's course in Arabic on Arabic requests while the course exists (the stored English copy otherwise)", async () => {
    const id = await create(day(47), "12:00");
    expect((await book(id, "arabic.name@example.com")).status).toBe(201);
    const course = await server.db.selectFrom("courses").select(["name_en", "name_ar"]).where("id", "=", courseId).executeTakeFirstOrThrow();
    const courseOf = async (lang: string) => {
      const list = await server.request("GET", `/api/admin/slots?from=${day(47)}&to=${day(47)}`, { headers: { ...as(admin), "accept-language": lang } });
      const slot = list.body.slots.find((s: { id: number }) => s.id === id);
      return [slot.courseName, slot.bookings[0].courseName];
    };
    expect(await courseOf("ar")).toEqual([course.name_ar, course.name_ar]);
    expect(await courseOf("en")).toEqual([course.name_en, course.name_en]);
  });

  it("refuses to delete a class that has started with bookings, even confirmed", async () => {
    const now = nowIso();
    const past = await server.db
      .insertInto("demo_slots")
      .values({
        starts_at: new Date(Date.now() - 3_600_000).toISOString(),
        duration_minutes: 60,
        capacity: 3,
        seats_taken: 1,
        course_id: courseId,
        status: "open",
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const future = await create(day(76), "10:00");
    const answer = await staff({ action: "delete", ids: [past.id, future], confirm: true });
    expect(answer.status).toBe(409);
    expect(answer.body.message).toContain("started");
    expect(await statuses([past.id, future])).toEqual(["open", "open"]);
    await server.db.deleteFrom("demo_slots").where("id", "=", past.id).execute();
  });
});
