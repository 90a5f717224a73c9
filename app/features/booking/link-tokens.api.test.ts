import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nowIso } from "~server/db/values";
import { up as hashLinkTokens } from "~server/db/migrations/2026-11-26-20-hashed-link-tokens";
import { startTestServer, type TestServer } from "~server/test/harness";
import { bookingLink, waitlistLink } from "~server/test/link-tokens";

/**
 * Cancel and waitlist links (issue 25, decision 044): the database keeps no token a link could use,
 * links e-mailed before the tokens were hashed keep working, and later links are rebuilt from the
 * row and SESSION_SECRET.
 */
describe("link tokens are not kept in the database", () => {
  let server: TestServer;
  let course: { id: number; slug: string; name_en: string };
  const legacy = { cancel: "LegacyCancelToken0123456789abcdef", waitlist: "LegacyWaitlistToken0123456789abcd" };
  let legacyBooking = 0;
  let legacyEntry = 0;
  let openSlot = 0;

  beforeAll(async () => {
    server = await startTestServer();
    course = await server.db.selectFrom("courses").select(["id", "slug", "name_en"]).where("slug", "=", "python-for-beginners").executeTakeFirstOrThrow();
    const now = nowIso();
    const slot = (seats: number) =>
      server.db
        .insertInto("demo_slots")
        .values({
          starts_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
          duration_minutes: 60,
          capacity: 1,
          seats_taken: seats,
          course_id: course.id,
          status: "open",
          created_at: now,
          updated_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
    // Rows as they were before the migration: the tokens e-mailed to the parents, stored as they are.
    const full = await slot(1);
    legacyBooking = (
      await server.db
        .insertInto("demo_bookings")
        .values({
          reference: "LegacyReference0123456789abcdefgh",
          cancel_token: legacy.cancel,
          slot_id: full.id,
          course_id: course.id,
          course_name: course.name_en,
          child_name: "Old",
          child_age: 9,
          parent_name: "Before",
          email: "before@example.com",
          phone: "+919876543210",
          lang: "en",
          status: "booked",
          user_id: null,
          created_at: now,
          updated_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
    legacyEntry = (
      await server.db
        .insertInto("slot_waitlist")
        .values({
          slot_id: full.id,
          course_id: course.id,
          token: legacy.waitlist,
          child_name: "Old",
          child_age: 9,
          parent_name: "Before",
          email: "waiting.before@example.com",
          phone: "+919876543210",
          lang: "en",
          status: "waiting",
          created_at: now,
          updated_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
    openSlot = (await slot(0)).id;
    await hashLinkTokens(server.db as never);
  });
  afterAll(async () => {
    await server?.close();
  });

  const cancel = (token: string) => server.request("POST", "/api/demo-bookings/cancel", { json: { token } });
  const readPlace = (token: string) => server.request("GET", `/api/demo-waitlist/${encodeURIComponent(token)}`);
  const stored = async () => ({
    bookings: (await server.db.selectFrom("demo_bookings").select(["id", "cancel_token"]).execute()).map((row) => row.cancel_token),
    waitlist: (await server.db.selectFrom("slot_waitlist").select(["id", "token"]).execute()).map((row) => row.token),
  });

  it("the migration hashes the stored tokens in place; links e-mailed before it still open their booking and place", async () => {
    const { bookings, waitlist } = await stored();
    expect(bookings).not.toContain(legacy.cancel);
    expect(waitlist).not.toContain(legacy.waitlist);
    expect(bookings.every((value) => /^[0-9a-f]{64}$/.test(value))).toBe(true);

    const place = await readPlace(legacy.waitlist);
    expect(place.status).toBe(200);
    expect(place.body.entry).toMatchObject({ status: "waiting", childName: "Old" });
    // A link rebuilt for an old row (a reminder or offer e-mail after the migration) opens it too.
    expect((await readPlace(await waitlistLink(server, legacyEntry))).status).toBe(200);
    const cancelled = await cancel(legacy.cancel);
    expect(cancelled.status).toBe(200);
    expect((await server.db.selectFrom("demo_bookings").select("status").where("id", "=", legacyBooking).executeTakeFirstOrThrow()).status).toBe("cancelled");
  });

  it("new bookings and places keep no usable token: what the database holds opens nothing, the e-mailed link does", async () => {
    const slotId = openSlot;
    const booked = await server.request("POST", `/api/courses/${course.slug}/demo-bookings`, {
      json: { slotId, childName: "Nour", childAge: 13, parentName: "Now", email: "after@example.com", phone: "9876543210" },
    });
    expect(booked.status).toBe(201);
    const joined = await server.request("POST", `/api/courses/${course.slug}/demo-waitlist`, {
      json: { slotId, childName: "Nour", childAge: 13, parentName: "Now", email: "waiting.after@example.com", phone: "9876543210" },
    });
    expect(joined.status).toBe(201);

    // A copy of the database: every stored value, tried as a link, opens nothing.
    const { bookings, waitlist } = await stored();
    for (const value of [...bookings, ...waitlist]) {
      expect((await cancel(value)).status).toBe(404);
      expect((await readPlace(value)).status).toBe(404);
    }
    const { rows } = await sql<{ text: string }>`select payload as text from jobs`.execute(server.db);
    for (const row of rows) expect(row.text).not.toContain(joined.body.token);

    // The links the parent was given work.
    expect((await readPlace(joined.body.token)).status).toBe(200);
    const link = await bookingLink(server, { reference: booked.body.reference });
    // A made-up or another row's MAC on this id does not.
    const id = Number(link.split("_")[0]);
    expect((await cancel(`${id}_${"A".repeat(43)}`)).status).toBe(404);
    expect((await cancel(`${legacyBooking}_${link.slice(link.indexOf("_") + 1)}`)).status).toBe(404);
    expect((await cancel(`99999999999_${"A".repeat(43)}`)).status).toBe(404);
    expect((await cancel(link)).status).toBe(200);
  });
});
