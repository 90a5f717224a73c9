import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "~server/test/harness";
import { loggableUrl } from "~server/logger";
import { tokenHash } from "~server/security/one-time-links";
import { addDays, zonedParts } from "~/lib/zoned-time";

/** The feed parsed by ical.js (RFC 5545): a parse error fails the test. */
function parseFeed(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  expect(calendar.name).toBe("vcalendar");
  expect(calendar.getFirstPropertyValue("version")).toBe("2.0");
  return calendar.getAllSubcomponents("vevent").map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      summary: event.summary,
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      status: String(vevent.getFirstPropertyValue("status")),
      sequence: Number(vevent.getFirstPropertyValue("sequence") ?? 0),
      stamp: String(vevent.getFirstPropertyValue("dtstamp")),
    };
  });
}

describe("the family's timetable and calendar feed (issue 29, decision 068)", () => {
  let server: TestServer;
  let staff: Record<string, string>;
  let course: { id: number; slug: string; min_age: number };
  let today: string;

  beforeAll(async () => {
    server = await startTestServer();
    const admin = await server.signIn("admin");
    staff = { cookie: admin.cookie, origin: server.url };
    course = await server.db.selectFrom("courses").select(["id", "slug", "min_age"]).where("slug", "=", "robotics-fundamentals").executeTakeFirstOrThrow();
    const timeZone = (await server.request("GET", `/api/courses/${course.slug}/sections`)).body.timeZone;
    today = zonedParts(new Date(), timeZone).date;
  });
  afterAll(async () => {
    await server?.close();
  });

  const section = async (meetings: number) => {
    const res = await server.request("POST", "/api/admin/sections", {
      json: { courseId: course.id, weekdays: [1, 3], startTime: "17:00", durationMinutes: 60, firstDate: addDays(today, 10), meetings, capacity: 12 },
      headers: staff,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as number;
  };
  /** A signed-in parent enrols a child; returns the enrolment's reference and the section's meetings. */
  const enrolAs = async (parent: { cookie: string; user: { email: string } }, sectionId: number, childName: string, lang = "en") => {
    const res = await server.request("POST", `/api/sections/${sectionId}/enrolments`, {
      json: { childName, childAge: course.min_age, parentName: "Priya Sharma", email: parent.user.email, phone: "+91 98765 43210" },
      headers: { cookie: parent.cookie, origin: server.url, "accept-language": lang },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.reference as string;
  };
  const meetingsOf = (sectionId: number) =>
    server.db.selectFrom("section_meetings").selectAll().where("section_id", "=", sectionId).orderBy("starts_at").execute();
  const as = (parent: { cookie: string }) => ({ cookie: parent.cookie, origin: server.url });
  const feedPathOf = (url: string) => new URL(url).pathname;

  it("shows each child's live enrolments with every upcoming meeting, cancelled ones marked, in the page's language", async () => {
    const parent = await server.signIn("user");
    const first = await section(4);
    const second = await section(3);
    await enrolAs(parent, first, "Aarav Sharma");
    await enrolAs(parent, second, "Aarav Sharma");
    await enrolAs(parent, first, "Diya Sharma");
    const meetings = await meetingsOf(first);
    await server.db
      .updateTable("section_meetings")
      .set({ status: "cancelled", updated_at: new Date(Date.now() + 5000).toISOString() })
      .where("id", "=", meetings[1]!.id)
      .execute();

    const res = await server.request("GET", "/api/account/timetable", { headers: { cookie: parent.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("no-store");
    expect(res.body.feed).toBeNull();
    const children = res.body.children as { name: string; enrolments: { meetings: { id: number; cancelled: boolean; timeLabel: string }[] }[] }[];
    expect(children.map((c) => c.name)).toEqual(["Aarav Sharma", "Diya Sharma"]);
    expect(children[0]!.enrolments).toHaveLength(2);
    const aaravFirst = children[0]!.enrolments[0]!;
    expect(aaravFirst.meetings.map((m) => m.id)).toEqual(meetings.map((m) => m.id));
    expect(aaravFirst.meetings.map((m) => m.cancelled)).toEqual([false, true, false, false]);
    expect(aaravFirst.meetings[0]!.timeLabel).toBe("17:00");
    expect(res.body.zone).toMatch(/\(|\//);

    const ar = await server.request("GET", "/api/account/timetable", { headers: { cookie: parent.cookie, "accept-language": "ar" } });
    const label = ar.body.children[0].enrolments[0].meetings[0].dateLabel as string;
    expect(label).toMatch(/[\u0600-\u06FF]/);
    // Western digits in Arabic (decision 005).
    expect(label).toMatch(/\d/);
    expect(label).not.toMatch(/[\u0660-\u0669]/);

    // Another family sees none of it; signed out is 401.
    const other = await server.signIn("user");
    expect((await server.request("GET", "/api/account/timetable", { headers: { cookie: other.cookie } })).body.children).toEqual([]);
    expect((await server.request("GET", "/api/account/timetable")).status).toBe(401);
  });

  it("shows a meeting staff moved at its new DTSTART with a higher SEQUENCE, the others unchanged", async () => {
    const parent = await server.signIn("user");
    const sectionId = await section(3);
    const reference = await enrolAs(parent, sectionId, "Kabir Rao");
    const made = await server.request("POST", "/api/account/calendar-feed", { headers: as(parent) });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const path = feedPathOf(made.body.url as string);
    const host = new URL(server.config.publicUrl).hostname;
    const ofTerm = async () => parseFeed((await server.request("GET", path)).body as string).filter((e) => e.uid.endsWith(`-${reference}@${host}`));
    const before = await ofTerm();
    expect(before.map((e) => e.sequence)).toEqual([0, 0, 0]);

    const [, second] = await meetingsOf(sectionId);
    const timeZone = (await server.request("GET", `/api/courses/${course.slug}/sections`)).body.timeZone as string;
    const to = { date: addDays(zonedParts(second!.starts_at, timeZone).date, 1), time: "18:45" };
    // Moved at once (within the same second as its creation): the SEQUENCE still goes up.
    const moved = await server.request("POST", `/api/admin/section-meetings/${second!.id}/move`, { json: to, headers: staff });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const after = await ofTerm();
    const newStart = (await meetingsOf(sectionId)).find((m) => m.id === second!.id)!.starts_at;
    expect(after.map((e) => e.uid)).toEqual(before.map((e) => e.uid));
    const movedEvent = after.find((e) => e.uid.startsWith(`meeting-${second!.id}-`))!;
    expect(movedEvent.start).toBe(new Date(newStart).toISOString());
    expect(movedEvent.start).not.toBe(before.find((e) => e.uid === movedEvent.uid)!.start);
    expect(zonedParts(movedEvent.start, timeZone)).toMatchObject(to);
    expect(movedEvent.sequence).toBeGreaterThan(before.find((e) => e.uid === movedEvent.uid)!.sequence);
    expect(after.filter((e) => e.uid !== movedEvent.uid).map((e) => e.sequence)).toEqual([0, 0]);
  });

  it("makes one private feed per family, stored hashed, listing every meeting with stable UIDs and cancelled ones as STATUS:CANCELLED", async () => {
    const parent = await server.signIn("user");
    const sectionId = await section(5);
    const reference = await enrolAs(parent, sectionId, "Zara Khan");
    const meetings = await meetingsOf(sectionId);
    await server.db
      .updateTable("section_meetings")
      .set({ status: "cancelled", updated_at: new Date(Date.now() + 60_000).toISOString() })
      .where("id", "=", meetings[2]!.id)
      .execute();

    const made = await server.request("POST", "/api/account/calendar-feed", { headers: as(parent) });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const url = made.body.url as string;
    expect(url).toMatch(/\/api\/calendar-feeds\/[\w-]{43}\.ics$/);
    expect(made.body.webcal).toBe(url.replace(/^https?:/, "webcal:"));
    const token = /calendar-feeds\/([\w-]{43})\.ics$/.exec(url)![1]!;

    // Stored hashed: no column holds the token; its SHA-256 finds the row.
    const rows = await server.db.selectFrom("calendar_feeds").selectAll().where("user_id", "=", parent.user.id).execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0]!.token_hash).toBe(tokenHash(token));
    // The logs never show it.
    expect(loggableUrl(feedPathOf(url))).toBe("/api/calendar-feeds/[redacted]");
    expect(loggableUrl(feedPathOf(url).toUpperCase())).not.toContain(token.toUpperCase());

    // The account page shows the same link again.
    expect((await server.request("GET", "/api/account/timetable", { headers: { cookie: parent.cookie } })).body.feed.url).toBe(url);

    // No session needed: the token is the key.
    const res = await server.request("GET", feedPathOf(url));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/calendar/);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const text = res.body as string;
    expect(text).toMatch(/\r\n$/);
    expect(text.split("\r\n").every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    const events = parseFeed(text);
    const host = new URL(server.config.publicUrl).hostname;
    const ofTerm = events.filter((e) => e.uid.endsWith(`-${reference}@${host}`));
    expect(ofTerm.map((e) => e.uid)).toEqual(meetings.map((m) => `meeting-${m.id}-${reference}@${host}`));
    expect(ofTerm.map((e) => e.start)).toEqual(meetings.map((m) => new Date(m.starts_at).toISOString()));
    expect(ofTerm.map((e) => e.status)).toEqual(["CONFIRMED", "CONFIRMED", "CANCELLED", "CONFIRMED", "CONFIRMED"]);
    expect(ofTerm[2]!.sequence).toBeGreaterThanOrEqual(1);
    expect(ofTerm[0]!.sequence).toBe(0);
    expect(ofTerm[0]!.summary).toContain("Zara Khan");
    expect(ofTerm[0]!.summary).toContain("1");
    expect(Date.parse(ofTerm[0]!.end) - Date.parse(ofTerm[0]!.start)).toBe(60 * 60_000);

    // Polling again changes nothing (same UIDs, same DTSTAMPs).
    const again = parseFeed((await server.request("GET", feedPathOf(url))).body as string);
    expect(again).toEqual(events);
    // With or without ".ics".
    expect((await server.request("GET", feedPathOf(url).replace(/\.ics$/, ""))).status).toBe(200);
  });

  it("writes the feed in the language it was made in", async () => {
    const parent = await server.signIn("user");
    const sectionId = await section(2);
    await enrolAs(parent, sectionId, "Omar Ali", "ar");
    const made = await server.request("POST", "/api/account/calendar-feed", { headers: { ...as(parent), "accept-language": "ar" } });
    expect(made.status).toBe(201);
    const text = (await server.request("GET", feedPathOf(made.body.url))).body as string;
    const events = parseFeed(text);
    expect(events[0]!.summary).toContain("الحصة 1 من 2");
    expect(text).toContain("X-WR-CALNAME:أكاديمية STEM");
  });

  it("renews (the old URL 404s at once) and revokes; both only for the signed-in family", async () => {
    const parent = await server.signIn("user");
    const first = await server.request("POST", "/api/account/calendar-feed", { headers: as(parent) });
    const renewed = await server.request("POST", "/api/account/calendar-feed", { headers: as(parent) });
    expect(renewed.status).toBe(200);
    expect(renewed.body.url).not.toBe(first.body.url);
    const gone = await server.request("GET", feedPathOf(first.body.url));
    expect(gone.status).toBe(404);
    expect(gone.body.message).toEqual(expect.any(String));
    expect((await server.request("GET", feedPathOf(renewed.body.url))).status).toBe(200);
    expect(await server.db.selectFrom("calendar_feeds").select("id").where("user_id", "=", parent.user.id).execute()).toHaveLength(1);

    const revoked = await server.request("DELETE", "/api/account/calendar-feed", { headers: as(parent) });
    expect(revoked.status).toBe(200);
    expect((await server.request("GET", feedPathOf(renewed.body.url))).status).toBe(404);
    expect((await server.request("DELETE", "/api/account/calendar-feed", { headers: as(parent) })).status).toBe(404);

    expect((await server.request("POST", "/api/account/calendar-feed", { headers: { origin: server.url } })).status).toBe(401);
    expect((await server.request("DELETE", "/api/account/calendar-feed", { headers: { origin: server.url } })).status).toBe(401);
    // Hostile tokens: 404 JSON, never a 5xx.
    for (const bad of ["x", "%00", "a".repeat(43), "../../etc/passwd", "a".repeat(5000)]) {
      const res = await server.request("GET", `/api/calendar-feeds/${encodeURIComponent(bad)}.ics`);
      expect(res.status, bad).toBe(404);
    }
  });

  it("ends the feed when the password changes (the old URL 404s)", async () => {
    const parent = await server.signIn("user");
    const made = await server.request("POST", "/api/account/calendar-feed", { headers: as(parent) });
    expect((await server.request("GET", feedPathOf(made.body.url))).status).toBe(200);
    const changed = await server.request("POST", "/api/account/password", {
      json: { currentPassword: parent.password, password: "Another-passw0rd-2" },
      headers: as(parent),
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await server.request("GET", feedPathOf(made.body.url))).status).toBe(404);
    expect(await server.db.selectFrom("calendar_feeds").select("id").where("user_id", "=", parent.user.id).execute()).toEqual([]);
  });
});
