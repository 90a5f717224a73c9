import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "~server/test/harness";
import { urlBait } from "~server/test/url-bait";
import { addDays, zonedParts } from "~/lib/zoned-time";

const TZ = "Asia/Kolkata";

describe("staff API for demo slots (/api/admin/slots)", () => {
  let server: TestServer;
  let admin: { cookie: string };
  let parent: { cookie: string };
  let courseId: number;
  const slug = "python-for-beginners";
  // Far enough ahead to miss the seeded slots (four weeks) and "now".
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
  const staff = (method: string, path: string, json?: unknown) => server.request(method, path, { json, headers: as(admin) });
  const slotCount = async () =>
    (
      await server.db
        .selectFrom("demo_slots")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n;
  const book = (slotId: number, email: string) =>
    server.request("POST", `/api/courses/${slug}/demo-bookings`, {
      json: { slotId, childName: '=HYPERLINK("http://evil")', childAge: 13, parentName: 'Nadia, "Mum"', email, phone: "9876543210" },
    });

  it("refuses anonymous visitors (401) and non-staff accounts (403) on every route", async () => {
    const routes: [string, string, unknown?][] = [
      ["GET", "/api/admin/slots"],
      ["GET", "/api/admin/slots/bookings.csv"],
      ["POST", "/api/admin/slots", { date: day(40), time: "10:00", durationMinutes: 60, capacity: 5 }],
      ["POST", "/api/admin/slots/series", {}],
      ["PATCH", "/api/admin/slots/1", { capacity: 9 }],
      ["DELETE", "/api/admin/slots/1"],
      ["PATCH", "/api/admin/slots/bookings/1", { status: "attended" }],
      ["POST", "/api/admin/slots/bookings/1/cancel"],
    ];
    const before = await slotCount();
    for (const [method, path, json] of routes) {
      const anonymous = await server.request(method, path, { json });
      expect(anonymous.status, `${method} ${path}`).toBe(401);
      expect(anonymous.body.message).toBeTruthy();
      const user = await server.request(method, path, { json, headers: as(parent) });
      expect(user.status, `${method} ${path}`).toBe(403);
      expect(user.body.message).toBeTruthy();
    }
    expect(await slotCount()).toBe(before);
  });

  it("creates online slots with their meeting link (required), and slots at the academy without one", async () => {
    const missing = await staff("POST", "/api/admin/slots", { date: day(80), time: "15:00", durationMinutes: 60, capacity: 4, courseId, mode: "online" });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.errors)).toEqual(["meetingUrl"]);
    const badLink = await staff("POST", "/api/admin/slots", {
      date: day(80),
      time: "15:00",
      durationMinutes: 60,
      capacity: 4,
      courseId,
      mode: "online",
      meetingUrl: "javascript:alert(1)",
    });
    expect(badLink.status).toBe(400);
    const badMode = await staff("POST", "/api/admin/slots", { date: day(80), time: "15:00", durationMinutes: 60, capacity: 4, courseId, mode: "moon" });
    expect(Object.keys(badMode.body.errors)).toEqual(["mode"]);
    const online = await staff("POST", "/api/admin/slots", {
      date: day(80),
      time: "15:00",
      durationMinutes: 60,
      capacity: 4,
      courseId,
      mode: "online",
      meetingUrl: "https://meet.example.com/stem-demo",
    });
    expect(online.status).toBe(201);
    const academy = await staff("POST", "/api/admin/slots", {
      date: day(80),
      time: "16:00",
      durationMinutes: 60,
      capacity: 4,
      courseId,
      meetingUrl: "https://ignored.example.com",
    });
    expect(academy.status).toBe(201);
    const series = await staff("POST", "/api/admin/slots/series", {
      from: day(81),
      to: day(81),
      weekdays: [0, 1, 2, 3, 4, 5, 6],
      times: ["17:00"],
      durationMinutes: 60,
      capacity: 4,
      courseId,
      mode: "online",
      meetingUrl: "https://meet.example.com/series",
    });
    expect(series.status).toBe(201);
    const list = await staff("GET", `/api/admin/slots?from=${day(80)}&to=${day(81)}`);
    const byTime = Object.fromEntries(
      list.body.slots.map((slot: { time: string; mode: string; meetingUrl: string }) => [slot.time, [slot.mode, slot.meetingUrl]]),
    );
    expect(byTime).toMatchObject({
      "15:00": ["online", "https://meet.example.com/stem-demo"],
      "16:00": ["academy", ""],
      "17:00": ["online", "https://meet.example.com/series"],
    });
    // Parents see where each time is, not the link (that comes with the booking).
    const open = await server.request("GET", `/api/courses/${slug}/demo-slots?from=${day(80)}&to=${day(80)}`);
    expect(open.body.slots.map((slot: { time: string; mode: string }) => [slot.time, slot.mode])).toEqual([
      ["15:00", "online"],
      ["16:00", "academy"],
    ]);
    expect(JSON.stringify(open.body)).not.toContain("meet.example.com");
  });

  it("refuses a 1 MB meeting link at once (400), without freezing the server on it", async () => {
    const slot = { date: day(82), time: "15:00", durationMinutes: 60, capacity: 4, courseId, mode: "online" };
    const before = await slotCount();
    for (const [path, body] of [
      ["/api/admin/slots", { ...slot, meetingUrl: urlBait(1_000_000) }],
      [
        "/api/admin/slots/series",
        {
          from: day(82),
          to: day(82),
          weekdays: [0, 1, 2, 3, 4, 5, 6],
          times: ["15:00"],
          durationMinutes: 60,
          capacity: 4,
          courseId,
          mode: "online",
          meetingUrl: urlBait(1_000_000),
        },
      ],
      // Just under the length limit: the link is read by the URL parser, not a backtracking pattern.
      ["/api/admin/slots", { ...slot, meetingUrl: urlBait(500) }],
    ] as const) {
      const started = performance.now();
      const res = await staff("POST", path, body);
      const took = performance.now() - started;
      expect(res.status, path).toBe(400);
      expect(res.body.errors.meetingUrl).toBeTruthy();
      // A backtracking pattern on 1 MB takes seconds to hours; reading and refusing it takes a few
      // milliseconds. The bound leaves room for a busy machine (200 ms failed on a loaded one).
      expect(took, `${path} took ${Math.round(took)} ms`).toBeLessThan(1500);
    }
    expect(await slotCount()).toBe(before);
  });

  it("finds a booking by its short code, in any case, for a parent on the phone", async () => {
    const created = await staff("POST", "/api/admin/slots", { date: day(82), time: "11:00", durationMinutes: 60, capacity: 4, courseId });
    const booked = await book(created.body.id, "code.search@example.com");
    expect(booked.status).toBe(201);
    const code: string = booked.body.code;
    const found = await staff("GET", `/api/admin/slots?code=${code.toLowerCase().slice(0, 3)}%20${code.toLowerCase().slice(3)}`);
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({ from: day(82), to: day(82), code });
    expect(found.body.slots).toHaveLength(1);
    expect(found.body.slots[0].bookings.map((b: { code: string }) => b.code)).toContain(code);
    const unknown = await staff("GET", "/api/admin/slots?code=ZZZZZZ");
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe("No booking has that code.");
    const bad = await staff("GET", "/api/admin/slots?code=%3Cscript%3E");
    expect(bad.status).toBe(400);
    expect((await server.request("GET", `/api/admin/slots?code=${code}`, { headers: as(parent) })).status).toBe(403);
  });

  it("creates one slot at a local time (stored in UTC) and lists it with its course", async () => {
    const res = await staff("POST", "/api/admin/slots", { date: day(40), time: "16:30", durationMinutes: 45, capacity: 3, courseId });
    expect(res.status).toBe(201);
    const row = await server.db.selectFrom("demo_slots").selectAll().where("id", "=", res.body.id).executeTakeFirstOrThrow();
    // 16:30 in Kolkata (+05:30) is 11:00 UTC.
    expect(row.starts_at).toBe(`${day(40)}T11:00:00.000Z`);
    expect(row).toMatchObject({ capacity: 3, seats_taken: 0, duration_minutes: 45, course_id: courseId, status: "open" });

    const list = await staff("GET", `/api/admin/slots?from=${day(40)}&to=${day(40)}`);
    expect(list.status).toBe(200);
    expect(list.body.slots).toHaveLength(1);
    expect(list.body.slots[0]).toMatchObject({ id: res.body.id, time: "16:30", courseName: "Python for Beginners", bookings: [] });
  });

  it.each([
    ["missing fields", {}, ["date", "time", "durationMinutes", "capacity"]],
    ["bad values", { date: "2026-02-30", time: "25:00", durationMinutes: 5, capacity: 0 }, ["date", "time", "durationMinutes", "capacity"]],
    [
      "wrong types",
      { date: 20270101, time: ["10:00"], durationMinutes: "60", capacity: "5", courseId: "x" },
      ["date", "time", "durationMinutes", "capacity", "courseId"],
    ],
  ])("refuses a slot with %s (400, per field, nothing stored)", async (_name, json, fields) => {
    const before = await slotCount();
    const res = await staff("POST", "/api/admin/slots", json);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors).sort()).toEqual([...fields].sort());
    expect(await slotCount()).toBe(before);
  });

  it("refuses a slot in the past or for a course that does not exist", async () => {
    const past = await staff("POST", "/api/admin/slots", { date: day(-1), time: "10:00", durationMinutes: 60, capacity: 5 });
    expect(past.status).toBe(400);
    expect(past.body.errors.date).toBeTruthy();
    const noCourse = await staff("POST", "/api/admin/slots", { date: day(41), time: "10:00", durationMinutes: 60, capacity: 5, courseId: 999999 });
    expect(noCourse.status).toBe(400);
    expect(noCourse.body.errors.courseId).toBeTruthy();
    expect((await server.request("POST", "/api/admin/slots", { body: "{bad", headers: { ...as(admin), "content-type": "application/json" } })).status).toBe(
      400,
    );
  });

  it("creates a series on chosen weekdays and times, skipping ones that exist, capped at 500", async () => {
    const from = day(50);
    const to = day(63);
    const series = { from, to, weekdays: [1, 3], times: ["09:00", "17:00"], durationMinutes: 60, capacity: 4, courseId };
    const res = await staff("POST", "/api/admin/slots/series", series);
    expect(res.status).toBe(201);
    // Two weeks hold exactly two Mondays and two Wednesdays: 4 days x 2 times.
    expect(res.body).toMatchObject({ created: 8, skipped: 0, message: "8 slots added." });
    const list = await staff("GET", `/api/admin/slots?from=${from}&to=${to}`);
    const mine = list.body.slots.filter((s: { courseId: number | null }) => s.courseId === courseId);
    expect(mine).toHaveLength(8);
    for (const slot of mine) {
      expect([1, 3]).toContain(new Date(`${slot.date}T00:00:00Z`).getUTCDay());
      expect(["09:00", "17:00"]).toContain(slot.time);
    }
    // Nothing new is a refusal that says so, not a success (issue 16).
    const again = await staff("POST", "/api/admin/slots/series", series);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("No slots added: all 8 already existed.");
    const wider = await staff("POST", "/api/admin/slots/series", { ...series, to: day(70) });
    expect(wider.status).toBe(201);
    expect(wider.body.message).toMatch(/^\d+ slots added; 8 already existed and were left as they were\.$/);

    const before = await slotCount();
    const huge = await staff("POST", "/api/admin/slots/series", {
      ...series,
      from: day(70),
      to: day(400),
      weekdays: [0, 1, 2, 3, 4, 5, 6],
      times: ["08:00", "09:00"],
    });
    expect(huge.status).toBe(400);
    expect(huge.body.message).toMatch(/500/);
    const backwards = await staff("POST", "/api/admin/slots/series", { ...series, from: to, to: from });
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors.to).toBeTruthy();
    const noDays = await staff("POST", "/api/admin/slots/series", { ...series, weekdays: [] });
    expect(noDays.status).toBe(400);
    expect(noDays.body.errors.weekdays).toBeTruthy();
    expect(await slotCount()).toBe(before);
  });

  it("edits capacity never below the seats taken, closes and reopens, deletes only empty slots", async () => {
    const created = await staff("POST", "/api/admin/slots", { date: day(42), time: "10:00", durationMinutes: 60, capacity: 3, courseId });
    const id = created.body.id as number;
    expect((await book(id, "a@example.com")).status).toBe(201);
    expect((await book(id, "b@example.com")).status).toBe(201);

    const below = await staff("PATCH", `/api/admin/slots/${id}`, { capacity: 1 });
    expect(below.status).toBe(409);
    expect(below.body.message).toMatch(/lower than the seats already taken/);
    expect((await staff("PATCH", `/api/admin/slots/${id}`, { capacity: 2 })).status).toBe(200);
    expect((await book(id, "c@example.com")).status).toBe(409);
    expect((await staff("PATCH", `/api/admin/slots/${id}`, { capacity: 6 })).status).toBe(200);

    expect((await staff("PATCH", `/api/admin/slots/${id}`, { status: "closed" })).status).toBe(200);
    const closed = await book(id, "d@example.com");
    expect(closed.status).toBe(409);
    expect(closed.body.reason).toBe("closed");
    expect((await staff("PATCH", `/api/admin/slots/${id}`, { status: "open" })).status).toBe(200);
    expect((await book(id, "d@example.com")).status).toBe(201);

    expect((await staff("PATCH", `/api/admin/slots/${id}`, {})).status).toBe(400);
    expect((await staff("PATCH", `/api/admin/slots/${id}`, { status: "maybe" })).status).toBe(400);
    expect((await staff("PATCH", "/api/admin/slots/999999", { capacity: 5 })).status).toBe(404);
    expect((await staff("PATCH", "/api/admin/slots/abc", { capacity: 5 })).status).toBe(404);

    const busy = await staff("DELETE", `/api/admin/slots/${id}`);
    expect(busy.status).toBe(409);
    expect(busy.body.message).toBeTruthy();
    const empty = await staff("POST", "/api/admin/slots", { date: day(43), time: "10:00", durationMinutes: 60, capacity: 3 });
    expect((await staff("DELETE", `/api/admin/slots/${empty.body.id}`)).status).toBe(200);
    expect((await staff("DELETE", `/api/admin/slots/${empty.body.id}`)).status).toBe(404);
  });

  it("shows bookings, marks attendance, cancels a booking (the seat returns), and exports a safe CSV", async () => {
    const created = await staff("POST", "/api/admin/slots", { date: day(44), time: "11:00", durationMinutes: 60, capacity: 2, courseId });
    const id = created.body.id as number;
    expect((await book(id, "first@example.com")).status).toBe(201);
    expect((await book(id, "second@example.com")).status).toBe(201);
    expect((await book(id, "third@example.com")).status).toBe(409);

    const list = await staff("GET", `/api/admin/slots?from=${day(44)}&to=${day(44)}`);
    const slot = list.body.slots.find((s: { id: number }) => s.id === id);
    expect(slot.seatsTaken).toBe(2);
    expect(slot.bookings.map((b: { email: string }) => b.email)).toEqual(["first@example.com", "second@example.com"]);
    expect(slot.bookings[0]).toMatchObject({ courseName: "Python for Beginners", childAge: 13, phone: "+919876543210", status: "booked" });
    const [first, second] = slot.bookings as { id: number }[];

    expect((await staff("PATCH", `/api/admin/slots/bookings/${first!.id}`, { status: "attended" })).status).toBe(200);
    expect((await staff("PATCH", `/api/admin/slots/bookings/${first!.id}`, { status: "cancelled" })).status).toBe(400);

    const cancel = await staff("POST", `/api/admin/slots/bookings/${second!.id}/cancel`);
    expect(cancel.status).toBe(200);
    expect((await staff("POST", `/api/admin/slots/bookings/${second!.id}/cancel`)).status).toBe(200);
    const after = (await staff("GET", `/api/admin/slots?from=${day(44)}&to=${day(44)}`)).body.slots.find((s: { id: number }) => s.id === id);
    expect(after.seatsTaken).toBe(1);
    expect(after.bookings.map((b: { status: string }) => b.status)).toEqual(["attended", "cancelled"]);
    expect((await staff("PATCH", `/api/admin/slots/bookings/${second!.id}`, { status: "attended" })).status).toBe(409);
    expect((await staff("POST", "/api/admin/slots/bookings/999999/cancel")).status).toBe(404);
    // The freed seat can be booked again.
    expect((await book(id, "third@example.com")).status).toBe(201);

    const csv = await server.request("GET", `/api/admin/slots/bookings.csv?from=${day(44)}&to=${day(44)}`, { headers: as(admin) });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(csv.headers.get("content-disposition")).toMatch(/attachment; filename="demo-bookings-/);
    const lines = String(csv.body)
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe("Reference,Course,Date,Time,Time zone,Duration (min),Child,Age,Parent,E-mail,Phone,Status,Booked at");
    expect(lines).toHaveLength(4);
    // A formula is defused with a leading apostrophe; quotes and commas are quoted.
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(lines[1]).toContain(`"Nadia, ""Mum"""`);
    expect(lines[1]).toContain(`${day(44)},11:00,Asia/Kolkata,60`);

    const trail = await server.db.selectFrom("audit_log").select(["action", "entity", "entity_id"]).where("entity", "=", "demo_booking").execute();
    expect(trail).toEqual(
      expect.arrayContaining([
        { action: "status", entity: "demo_booking", entity_id: String(first!.id) },
        { action: "cancel", entity: "demo_booking", entity_id: String(second!.id) },
      ]),
    );
    expect(trail.filter((row) => row.action === "cancel")).toHaveLength(1);

    expect((await staff("GET", "/api/admin/slots?from=2027-02-01&to=2027-01-01")).status).toBe(400);
    expect((await staff("GET", "/api/admin/slots?from=nope")).status).toBe(400);
  });

  it("a booking racing a delete never leaves a booking without its slot", async () => {
    const created = await staff("POST", "/api/admin/slots", { date: day(45), time: "12:00", durationMinutes: 60, capacity: 5, courseId });
    const id = created.body.id as number;
    const [deleted, booked] = await Promise.all([staff("DELETE", `/api/admin/slots/${id}`), book(id, "racer@example.com")]);
    const slot = await server.db.selectFrom("demo_slots").select("seats_taken").where("id", "=", id).executeTakeFirst();
    const bookings = await server.db.selectFrom("demo_bookings").select("id").where("slot_id", "=", id).execute();
    if (deleted.status === 200) {
      expect(slot).toBeUndefined();
      expect(bookings).toHaveLength(0);
      expect([404, 409]).toContain(booked.status);
    } else {
      expect(deleted.status).toBe(409);
      expect(booked.status).toBe(201);
      expect(slot?.seats_taken).toBe(1);
      expect(bookings).toHaveLength(1);
    }
  });
});
