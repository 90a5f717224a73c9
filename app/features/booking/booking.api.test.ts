import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "~server/test/harness";
import { bookingLink } from "~server/test/link-tokens";
import { nowIso } from "~server/db/values";
import { addDays, zonedParts, zonedToUtc } from "~/lib/zoned-time";

describe("demo class booking API", () => {
  let server: TestServer;
  let courseId: number;
  const slug = "robotics-fundamentals";

  beforeAll(async () => {
    server = await startTestServer();
    courseId = (await server.db.selectFrom("courses").select("id").where("slug", "=", slug).executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => {
    await server?.close();
  });

  /** A slot straight in the database; `hoursAhead` from now. */
  async function makeSlot(options: { capacity?: number; hoursAhead?: number; startsAt?: string; status?: "open" | "closed"; course?: number | null } = {}) {
    const now = nowIso();
    const row = await server.db
      .insertInto("demo_slots")
      .values({
        starts_at: options.startsAt ?? new Date(Date.now() + (options.hoursAhead ?? 48) * 3_600_000).toISOString(),
        duration_minutes: 60,
        capacity: options.capacity ?? 5,
        course_id: options.course === undefined ? courseId : options.course,
        status: options.status ?? "open",
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  }

  const booking = (slotId: number, email = "parent@example.com") => ({
    slotId,
    childName: "Aarav Sharma",
    childAge: 9,
    parentName: "Priya Sharma",
    email,
    phone: "+91 98765 43210",
  });

  const seats = async (slotId: number) =>
    (await server.db.selectFrom("demo_slots").select("seats_taken").where("id", "=", slotId).executeTakeFirstOrThrow()).seats_taken;
  const liveBookings = async (slotId: number) =>
    (
      await server.db
        .selectFrom("demo_bookings")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("slot_id", "=", slotId)
        .where("status", "<>", "cancelled")
        .executeTakeFirstOrThrow()
    ).n;
  const allBookings = async () =>
    (
      await server.db
        .selectFrom("demo_bookings")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n;

  it("seeds weekday slots at 10:00-14:00 academy time from tomorrow, for every course", async () => {
    const res = await server.request("GET", `/api/courses/${slug}/demo-slots`);
    expect(res.status).toBe(200);
    expect(res.body.timeZone).toBe("Asia/Kolkata");
    const seeded = res.body.slots.filter((s: { seatsLeft: number }) => s.seatsLeft === 5);
    expect(seeded.length).toBeGreaterThanOrEqual(50);
    const today = zonedParts(new Date(), "Asia/Kolkata").date;
    for (const slot of res.body.slots) {
      expect(slot.date > today).toBe(true);
      expect(["10:00", "11:00", "12:00", "13:00", "14:00"]).toContain(slot.time);
    }
    // The same list by course id.
    const byId = await server.request("GET", `/api/courses/${courseId}/demo-slots`);
    expect(byId.body.slots.length).toBe(res.body.slots.length);
  });

  it("lists a date range and refuses bad ranges and unknown courses", async () => {
    const slotId = await makeSlot({ hoursAhead: 24 * 10 });
    const { starts_at } = await server.db.selectFrom("demo_slots").select("starts_at").where("id", "=", slotId).executeTakeFirstOrThrow();
    const day = zonedParts(starts_at, "Asia/Kolkata").date;
    const res = await server.request("GET", `/api/courses/${slug}/demo-slots?from=${day}&to=${day}`);
    expect(res.status).toBe(200);
    expect(res.body.slots.map((s: { id: number }) => s.id)).toContain(slotId);
    expect(res.body.slots.every((s: { date: string }) => s.date === day)).toBe(true);

    expect((await server.request("GET", `/api/courses/${slug}/demo-slots?from=2026-13-01`)).status).toBe(400);
    expect((await server.request("GET", `/api/courses/${slug}/demo-slots?from=2027-01-10&to=2027-01-01`)).status).toBe(400);
    expect((await server.request("GET", `/api/courses/${slug}/demo-slots?from=2027-01-01&to=2028-01-01`)).status).toBe(400);
    const unknown = await server.request("GET", "/api/courses/no-such-course/demo-slots");
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBeTruthy();
  });

  it("books a seat: 201 with an unguessable reference, readable by reference, e-mail lower-cased", async () => {
    const slotId = await makeSlot();
    const res = await server.request("POST", `/api/courses/${slug}/demo-bookings`, { json: booking(slotId, "Parent.One@Example.com") });
    expect(res.status).toBe(201);
    expect(res.body.reference).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(res.body.confirmationUrl).toBe(`/courses/${slug}/bookdemoclass/book-demo-class-slot-booked-page?ref=${res.body.reference}`);
    expect(await seats(slotId)).toBe(1);
    const row = await server.db.selectFrom("demo_bookings").selectAll().where("reference", "=", res.body.reference).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ email: "parent.one@example.com", course_id: courseId, course_name: "Robotics Fundamentals", status: "booked", child_age: 9 });
    expect(row.cancel_token).not.toBe(row.reference);

    const read = await server.request("GET", `/api/demo-bookings/${res.body.reference}`);
    expect(read.status).toBe(200);
    expect(read.body.booking).toMatchObject({ childName: "Aarav Sharma", courseName: "Robotics Fundamentals", timeZone: "Asia/Kolkata", status: "booked" });
    expect(read.body.booking).not.toHaveProperty("cancelToken");
    expect(read.body.booking.zoneLabel).toContain("Asia/Kolkata");
    expect((await server.request("GET", "/api/demo-bookings/not-a-real-reference-at-all")).status).toBe(404);
  });

  it("gives each booking a short, readable, unique code beside the long reference", async () => {
    const slotId = await makeSlot({ capacity: 30 });
    const codes = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const res = await server.request("POST", `/api/courses/${slug}/demo-bookings`, { json: booking(slotId, `code${i}@example.com`) });
      expect(res.status).toBe(201);
      // Six characters without look-alikes (no 0/O, 1/I/L).
      expect(res.body.code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{6}$/);
      codes.add(res.body.code);
      const read = await server.request("GET", `/api/demo-bookings/${res.body.reference}`);
      expect(read.body.booking.code).toBe(res.body.code);
    }
    expect(codes.size).toBe(20);
    // The code never opens a booking: links keep the unguessable reference.
    expect((await server.request("GET", `/api/demo-bookings/${[...codes][0]}`)).status).toBe(404);
  });

  it("tells where the class is: online slots give the booked parent their meeting link", async () => {
    const now = nowIso();
    const online = (
      await server.db
        .insertInto("demo_slots")
        .values({
          starts_at: new Date(Date.now() + 50 * 3_600_000).toISOString(),
          duration_minutes: 45,
          capacity: 3,
          course_id: courseId,
          status: "open",
          mode: "online",
          meeting_url: "https://meet.example.com/abc-defg",
          created_at: now,
          updated_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
    const res = await server.request("POST", `/api/courses/${slug}/demo-bookings`, { json: booking(online, "online.parent@example.com") });
    const read = await server.request("GET", `/api/demo-bookings/${res.body.reference}`);
    expect(read.body.booking).toMatchObject({ mode: "online", meetingUrl: "https://meet.example.com/abc-defg" });
    const academy = await server.request("POST", `/api/courses/${slug}/demo-bookings`, { json: booking(await makeSlot(), "academy.parent@example.com") });
    expect((await server.request("GET", `/api/demo-bookings/${academy.body.reference}`)).body.booking).toMatchObject({ mode: "academy", meetingUrl: "" });
  });

  it("links a signed-in parent's booking to the account; guests book without one", async () => {
    const parent = await server.signIn("user");
    const slotId = await makeSlot();
    const res = await server.request("POST", `/api/courses/${slug}/demo-bookings`, {
      json: booking(slotId, "signed.in@example.com"),
      headers: { cookie: parent.cookie, origin: server.url },
    });
    expect(res.status).toBe(201);
    const row = await server.db.selectFrom("demo_bookings").select("user_id").where("reference", "=", res.body.reference).executeTakeFirstOrThrow();
    expect(row.user_id).toBe(parent.user.id);
    const guest = await server.request("POST", `/api/courses/${slug}/demo-bookings`, { json: booking(slotId, "guest@example.com") });
    const guestRow = await server.db.selectFrom("demo_bookings").select("user_id").where("reference", "=", guest.body.reference).executeTakeFirstOrThrow();
    expect(guestRow.user_id).toBeNull();
  });

  it("writes a confirmation e-mail with the details, a cancel link and an .ics file", async () => {
    const slotId = await makeSlot();
    const res = await server.request("POST", `/api/courses/${slug}/demo-bookings`, { json: booking(slotId, "mail.check@example.com") });
    expect(res.status).toBe(201);
    const { readdirSync, readFileSync, existsSync } = await import("node:fs");
    const path = await import("node:path");
    const outbox = path.join(server.config.dataDir, "outbox");
    let mail = "";
    for (let i = 0; i < 50 && !mail; i++) {
      const files = existsSync(outbox) ? readdirSync(outbox) : [];
      mail = files.map((f) => readFileSync(path.join(outbox, f), "utf8")).find((m) => m.includes("mail.check@example.com")) ?? "";
      if (!mail) await new Promise((r) => setTimeout(r, 100));
    }
    const token = await bookingLink(server, { reference: res.body.reference });
    expect(mail).toContain("To: mail.check@example.com");
    expect(mail).toContain("demo-class.ics");
    expect(mail).toContain("text/calendar");
    // The text part is quoted-printable: undo soft breaks and =XX escapes before comparing.
    const flat = Buffer.from(
      mail.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      "latin1",
    ).toString("utf8");
    expect(flat).toContain(`/booking/cancel?token=${token}`);
    expect(flat).toContain(res.body.reference);
    expect(flat).toContain("Robotics Fundamentals");
    expect(flat).toContain("India Standard Time (Asia/Kolkata)");
    expect(flat).toContain(`Booking code: \u2066${res.body.code}\u2069`);
    expect(flat).toContain("Where: At the academy: 5 Amigo");
    expect(flat).toContain("https://calendar.google.com/calendar/render?action=TEMPLATE&text=Demo+class");
    expect(flat).toContain("https://outlook.live.com/calendar/0/deeplink/compose?path=%2Fcalendar%2Faction%2Fcompose&rru=addevent");
    const attachment = /filename=demo-class\.ics\r?\n\r?\n([A-Za-z0-9+/=\r\n]+?)\r?\n-/.exec(mail)?.[1] ?? "";
    const ics = Buffer.from(attachment.replace(/\s/g, ""), "base64").toString("utf8");
    expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(ics).toContain("BEGIN:VEVENT\r\n");
    const { starts_at } = await server.db.selectFrom("demo_slots").select("starts_at").where("id", "=", slotId).executeTakeFirstOrThrow();
    expect(ics).toContain(`DTSTART:${starts_at.replace(/[-:]/g, "").replace(/\.\d{3}Z$/, "Z")}`);
  });

  it("refuses a second live booking of the same e-mail (any case) with 409 and the remaining times", async () => {
    const slotId = await makeSlot();
    expect((await server.request("POST", `/api/courses/${slug}/demo-bookings`, { json: booking(slotId, "twice@example.com") })).status).toBe(201);
    const again = await server.request("POST", `/api/courses/${slug}/demo-bookings`, { json: booking(slotId, "TWICE@example.com") });
    expect(again.status).toBe(409);
    expect(again.body.reason).toBe("duplicate");
    expect(again.body.message).toMatch(/already booked/);
    expect(Array.isArray(again.body.remaining)).toBe(true);
    expect(await seats(slotId)).toBe(1);
  });

  it("does not offer the refused time as still free to the e-mail that already holds it", async () => {
    const day = addDays(zonedParts(new Date(), "Asia/Kolkata").date, 8);
    const held = await makeSlot({ startsAt: zonedToUtc(day, "16:00", "Asia/Kolkata").toISOString() });
    const other = await makeSlot({ startsAt: zonedToUtc(day, "16:30", "Asia/Kolkata").toISOString() });
    expect((await server.request("POST", `/api/courses/${slug}/demo-bookings`, { json: booking(held, "holder@example.com") })).status).toBe(201);
    const again = await server.request("POST", `/api/courses/${slug}/demo-bookings`, { json: booking(held, "holder@example.com") });
    expect(again.status).toBe(409);
    expect(again.body.reason).toBe("duplicate");
    const ids = again.body.remaining.map((s: { id: number }) => s.id);
    expect(ids).toContain(other);
    expect(ids).not.toContain(held);
  });

  it("books a child outside the course's ages only once the parent confirms, in either language", async () => {
    const young = "visual-block-coding"; // ages 6 to 12
    const slotId = await makeSlot({ course: null });
    const before = await allBookings();
    const refused = await server.request("POST", `/api/courses/${young}/demo-bookings`, { json: { ...booking(slotId, "teen@example.com"), childAge: 16 } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('This course is for ages 6 to 12, and your child is 16. Tick "Book anyway" to confirm the booking.');
    expect(refused.body.errors).toEqual({ childAge: refused.body.message });
    const arabic = await server.request("POST", `/api/courses/${young}/demo-bookings`, {
      json: { ...booking(slotId, "teen@example.com"), childAge: 16, ageConfirmed: false },
      headers: { "accept-language": "ar" },
    });
    expect(arabic.status).toBe(400);
    expect(arabic.body.errors.childAge).toContain("من 6 إلى 12");
    expect(await allBookings()).toBe(before);
    expect(await seats(slotId)).toBe(0);

    const confirmed = await server.request("POST", `/api/courses/${young}/demo-bookings`, {
      json: { ...booking(slotId, "teen@example.com"), childAge: 16, ageConfirmed: true },
    });
    expect(confirmed.status).toBe(201);
    // Inside the range nothing needs confirming.
    expect((await server.request("POST", `/api/courses/${young}/demo-bookings`, { json: booking(slotId, "nine@example.com") })).status).toBe(201);
    const wrongType = await server.request("POST", `/api/courses/${young}/demo-bookings`, {
      json: { ...booking(slotId, "x@example.com"), ageConfirmed: "yes" },
    });
    expect(wrongType.status).toBe(400);
    expect(Object.keys(wrongType.body.errors)).toEqual(["ageConfirmed"]);
  });

  it("answers 409 for a full, a closed and a past slot, with the open times of that day", async () => {
    // 10:00 and 11:00 in Kolkata (UTC+05:30) five days ahead: one academy day whatever the hour the test runs.
    const day = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    const full = await makeSlot({ capacity: 1, startsAt: `${day}T04:30:00.000Z` });
    const sibling = await makeSlot({ capacity: 3, startsAt: `${day}T05:30:00.000Z` });
    expect((await server.request("POST", `/api/courses/${slug}/demo-bookings`, { json: booking(full, "first@example.com") })).status).toBe(201);
    const res = await server.request("POST", `/api/courses/${slug}/demo-bookings`, { json: booking(full, "second@example.com") });
    expect(res.status).toBe(409);
    expect(res.body.reason).toBe("full");
    expect(res.body.message).toMatch(/fully booked/);
    const remainingIds = res.body.remaining.map((s: { id: number }) => s.id);
    expect(remainingIds).toContain(sibling);
    expect(remainingIds).not.toContain(full);
    // The listed times are remembered for a second; a seat taken meanwhile is not listed as free.
    for (const email of ["s1@example.com", "s2@example.com", "s3@example.com"]) {
      expect((await server.request("POST", `/api/courses/${slug}/demo-bookings`, { json: booking(sibling, email) })).status).toBe(201);
    }
    const again = await server.request("POST", `/api/courses/${slug}/demo-bookings`, { json: booking(full, "third@example.com") });
    expect(again.status).toBe(409);
    expect(again.body.remaining.map((s: { id: number }) => s.id)).not.toContain(sibling);

    const closed = await makeSlot({ status: "closed" });
    const closedRes = await server.request("POST", `/api/courses/${slug}/demo-bookings`, { json: booking(closed) });
    expect(closedRes.status).toBe(409);
    expect(closedRes.body.reason).toBe("closed");

    const past = await makeSlot({ hoursAhead: -2 });
    const pastRes = await server.request("POST", `/api/courses/${slug}/demo-bookings`, { json: booking(past) });
    expect(pastRes.status).toBe(409);
    expect(pastRes.body.reason).toBe("past");
    expect(await seats(past)).toBe(0);
  });

  it("answers 404 for a slot of another course or no slot, in Arabic when asked", async () => {
    const other = (await server.db.selectFrom("courses").select("id").where("slug", "<>", slug).executeTakeFirstOrThrow()).id;
    const foreign = await makeSlot({ course: other });
    const res = await server.request("POST", `/api/courses/${slug}/demo-bookings`, { json: booking(foreign), headers: { "accept-language": "ar" } });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe("هذا الوقت غير متاح لهذه الدورة.");
    expect(await seats(foreign)).toBe(0);
    expect((await server.request("POST", `/api/courses/${slug}/demo-bookings`, { json: booking(999999) })).status).toBe(404);
  });

  it.each([
    ["missing fields", {}, ["slotId", "childName", "childAge", "parentName", "email", "phone"]],
    [
      "wrong types",
      { slotId: "1", childName: 5, childAge: "9", parentName: ["x"], email: true, phone: 98765 },
      ["slotId", "childName", "childAge", "parentName", "email", "phone"],
    ],
    ["an age out of range", { childAge: 3 }, ["childAge"]],
    ["an age that is not whole", { childAge: 9.5 }, ["childAge"]],
    ["a bad e-mail and phone", { email: "nope", phone: "call me" }, ["email", "phone"]],
    ["oversized names", { childName: "x".repeat(101), parentName: "y".repeat(5000) }, ["childName", "parentName"]],
    ["a filled honeypot", { website: "http://spam.example" }, ["website"]],
  ])("refuses %s with 400, per-field messages and nothing stored", async (_name, override, fields) => {
    const slotId = await makeSlot();
    const before = await allBookings();
    const json = Object.keys(override).length === 0 ? {} : { ...booking(slotId), ...override };
    const res = await server.request("POST", `/api/courses/${slug}/demo-bookings`, { json });
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe("string");
    expect(Object.keys(res.body.errors).sort()).toEqual([...fields].sort());
    expect(await allBookings()).toBe(before);
    expect(await seats(slotId)).toBe(0);
  });

  it("refuses malformed JSON, non-objects, other content types and oversized bodies", async () => {
    const url = `/api/courses/${slug}/demo-bookings`;
    const before = await allBookings();
    const bad = await server.request("POST", url, { body: "{nope", headers: { "content-type": "application/json" } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBeTruthy();
    expect((await server.request("POST", url, { json: [1, 2] })).status).toBe(400);
    expect((await server.request("POST", url, { json: null })).status).toBe(400);
    expect((await server.request("POST", url, { body: "slotId=1", headers: { "content-type": "application/x-www-form-urlencoded" } })).status).toBe(415);
    expect((await server.request("POST", url, { json: { ...booking(1), childName: "x".repeat(200_000) } })).status).toBe(413);
    expect(await allBookings()).toBe(before);
  });

  it("stores hostile strings as text and returns them unchanged", async () => {
    const slotId = await makeSlot();
    const hostile = `Robert'); DROP TABLE demo_bookings;-- <script>alert(1)</script>`;
    const res = await server.request("POST", `/api/courses/${slug}/demo-bookings`, { json: { ...booking(slotId, "hostile@example.com"), childName: hostile } });
    expect(res.status).toBe(201);
    const read = await server.request("GET", `/api/demo-bookings/${res.body.reference}`);
    expect(read.body.booking.childName).toBe(hostile);
  });

  it("cancels by token once: the seat comes back, the e-mail may book again, repeats are harmless", async () => {
    const slotId = await makeSlot({ capacity: 1 });
    const first = await server.request("POST", `/api/courses/${slug}/demo-bookings`, { json: booking(slotId, "cancel.me@example.com") });
    expect(first.status).toBe(201);
    expect(await seats(slotId)).toBe(1);
    const cancel_token = await bookingLink(server, { reference: first.body.reference });

    const cancels = await Promise.all(Array.from({ length: 5 }, () => server.request("POST", "/api/demo-bookings/cancel", { json: { token: cancel_token } })));
    expect(cancels.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await seats(slotId)).toBe(0);
    expect((await server.request("GET", `/api/demo-bookings/${first.body.reference}`)).body.booking.status).toBe("cancelled");

    const again = await server.request("POST", `/api/courses/${slug}/demo-bookings`, { json: booking(slotId, "cancel.me@example.com") });
    expect(again.status).toBe(201);
    expect(await seats(slotId)).toBe(1);

    expect((await server.request("POST", "/api/demo-bookings/cancel", { json: { token: "x".repeat(40) } })).status).toBe(404);
    expect((await server.request("POST", "/api/demo-bookings/cancel", { json: {} })).status).toBe(400);
    expect((await server.request("POST", "/api/demo-bookings/cancel", { json: { token: { $ne: "" } } })).status).toBe(400);
  });

  it("never overbooks: 40 parallel requests at a capacity-5 slot book exactly 5", async () => {
    const slotId = await makeSlot({ capacity: 5 });
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => server.request("POST", `/api/courses/${slug}/demo-bookings`, { json: booking(slotId, `race${i}@example.com`) })),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(35);
    for (const r of results.filter((x) => x.status === 409)) expect(r.body.reason).toBe("full");
    expect(await seats(slotId)).toBe(5);
    expect(await liveBookings(slotId)).toBe(5);
  });

  it("never gives one e-mail two seats: 30 parallel requests with one e-mail book once", async () => {
    const slotId = await makeSlot({ capacity: 50 });
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        server.request("POST", `/api/courses/${slug}/demo-bookings`, { json: booking(slotId, i % 2 ? "same@example.com" : "SAME@example.com") }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(29);
    expect(await seats(slotId)).toBe(1);
    expect(await liveBookings(slotId)).toBe(1);
  });

  it("limits bookings per client address with a clear 429", async () => {
    const slotId = await makeSlot({ capacity: 50 });
    const headers = { "x-forwarded-for": "203.0.113.77" };
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await server.request("POST", `/api/courses/${slug}/demo-bookings`, { json: booking(slotId, `limit${i}@example.com`), headers })).status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
