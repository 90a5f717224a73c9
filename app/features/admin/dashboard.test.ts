import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "~server/test/harness";
import { nowIso } from "~server/db/values";
import { getSiteSettings } from "~/features/site/site.server";
import { getDashboard } from "./dashboard.server";
import { lastWeeks, weekStart } from "./week-buckets";

describe("week buckets", () => {
  it("starts weeks on Monday in the academy's time zone", () => {
    expect(weekStart("2026-11-22")).toBe("2026-11-16"); // a Sunday
    expect(weekStart("2026-11-23")).toBe("2026-11-23"); // a Monday
    // 20:00 UTC on Sunday is already Monday in Kolkata.
    expect(lastWeeks(new Date("2026-11-22T20:00:00Z"), "Asia/Kolkata", 2)).toEqual(["2026-11-16", "2026-11-23"]);
    expect(lastWeeks(new Date("2026-11-22T20:00:00Z"), "UTC", 12)).toHaveLength(12);
  });
});

describe("getDashboard", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it("counts what the dashboard links to and charts submissions and bookings per week", async () => {
    const db = server.db;
    const now = new Date();
    const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000).toISOString();
    await db
      .insertInto("contact_messages")
      .values({ email: "a@example.com", description: "hi", status: "new", notes: "", created_at: daysAgo(0), updated_at: nowIso() })
      .execute();
    await db
      .insertInto("contact_messages")
      .values({ email: "b@example.com", description: "hi", status: "closed", notes: "", created_at: daysAgo(8), updated_at: nowIso() })
      .execute();
    // Older than twelve weeks: counted in totals, not in the chart.
    await db
      .insertInto("contact_messages")
      .values({ email: "c@example.com", description: "hi", status: "new", notes: "", created_at: daysAgo(200), updated_at: nowIso() })
      .execute();
    await db
      .insertInto("brochure_leads")
      .values({
        student_name: "Ravi",
        student_email: "ravi@example.com",
        grade: "5",
        school: "DPS",
        parent_contact: "9876543210",
        lang: "en",
        status: "new",
        notes: "",
        created_at: daysAgo(0),
        updated_at: nowIso(),
      })
      .execute();
    const slot = await db
      .insertInto("demo_slots")
      .values({ starts_at: daysAgo(-3), duration_minutes: 60, capacity: 5, course_id: null, status: "open", created_at: nowIso(), updated_at: nowIso() })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("demo_bookings")
      .values({
        reference: "R1",
        cancel_token: "T1",
        slot_id: slot.id,
        course_id: null,
        course_name: "Robotics",
        child_name: "Kid",
        child_age: 9,
        parent_name: "P",
        email: "p@example.com",
        phone: "9876543210",
        lang: "en",
        status: "booked",
        user_id: null,
        created_at: daysAgo(0),
        updated_at: nowIso(),
      })
      .execute();

    const dashboard = await getDashboard(db, now);
    const courses = (await db.selectFrom("courses").select("id").execute()).length;
    expect(dashboard.counts).toMatchObject({ courses, newContactMessages: 2, brochureLeads: 1, upcomingBookings: 1, enrollments: 0, newSchoolEnquiries: 0 });
    expect(dashboard.weeks).toHaveLength(12);
    const totals = dashboard.weeks.reduce((sum, w) => ({ s: sum.s + w.submissions, b: sum.b + w.bookings }), { s: 0, b: 0 });
    expect(totals).toEqual({ s: 3, b: 1 });
    expect(dashboard.weeks.at(-1)!.bookings).toBe(1);
    expect(
      dashboard.latest
        .map((l) => l.email)
        .slice(0, 2)
        .sort(),
    ).toEqual(["a@example.com", "ravi@example.com"]);
    expect(dashboard.latest).toHaveLength(4);
  });

  it("counts a published post dated later as scheduled, not published", async () => {
    const db = server.db;
    const before = (await getDashboard(db)).counts;
    const post = await db.selectFrom("blog_posts").select("id").where("status", "=", "published").executeTakeFirstOrThrow();
    await db.updateTable("blog_posts").set({ publish_date: "2999-01-01T00:00:00.000Z" }).where("id", "=", post.id).execute();
    const after = (await getDashboard(db)).counts;
    expect(after.publishedPosts).toBe(before.publishedPosts - 1);
    expect(after.scheduledPosts).toBe(before.scheduledPosts + 1);
  });

  it("warns when the camp's start date (settings) is before today in the academy's time zone", async () => {
    const { campStartDate } = await getSiteSettings(server.db);
    expect((await getDashboard(server.db, new Date(`${campStartDate}T12:00:00Z`))).campSeasonPassed).toBeNull();
    const dayAfter = new Date(Date.parse(`${campStartDate}T12:00:00Z`) + 86_400_000);
    expect((await getDashboard(server.db, dayAfter)).campSeasonPassed).toBe(campStartDate);
  });
});
