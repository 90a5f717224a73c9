import { randomBytes } from "node:crypto";
import type { DB } from "~server/db/db";
import { nowIso } from "~server/db/values";
import { zonedParts, zonedToUtc } from "~/lib/zoned-time";

/**
 * `minutes` ago, but not before midnight in the academy's zone (the seed's, Asia/Kolkata): a meeting
 * that has started and is still today's for the instructor. Just after midnight, "10 minutes ago"
 * is yesterday's (a run at 00:05 academy time failed on it).
 */
export function startedToday(minutes: number, timeZone = "Asia/Kolkata"): Date {
  const now = new Date();
  const midnight = zonedToUtc(zonedParts(now, timeZone).date, "00:00", timeZone);
  return new Date(Math.max(now.getTime() - minutes * 60_000, midnight.getTime()));
}

/**
 * A group taught by `teacherId` with one meeting at `startsAt` and `children` enrolled (issue 30's
 * tests): written straight to the tables, as the sections' own tests make groups of any date.
 */
export async function groupWithMeeting(db: DB, options: { teacherId: number | null; startsAt: Date; children: number; courseSlug?: string }) {
  const now = nowIso();
  const course = await db
    .selectFrom("courses")
    .select(["id", "min_age", "max_age"])
    .where("slug", "=", options.courseSlug ?? "robotics-fundamentals")
    .executeTakeFirstOrThrow();
  const at = options.startsAt.toISOString();
  const section = await db
    .insertInto("course_sections")
    .values({
      course_id: course.id,
      teacher_id: options.teacherId,
      weekdays: String(options.startsAt.getUTCDay()),
      start_time: "10:00",
      duration_minutes: 60,
      first_date: at.slice(0, 10),
      meeting_count: 1,
      capacity: 20,
      min_age: course.min_age,
      max_age: course.max_age,
      registration_closes_at: at,
      starts_at: at,
      ends_at: at,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const meeting = await db
    .insertInto("section_meetings")
    .values({ section_id: section.id, starts_at: at, duration_minutes: 60, created_at: now, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  const enrolmentIds: number[] = [];
  for (let i = 0; i < options.children; i += 1) {
    const name = `Child ${String.fromCharCode(65 + i)} ${randomBytes(2).toString("hex")}`;
    const row = await db
      .insertInto("section_enrolments")
      .values({
        reference: randomBytes(8).toString("hex"),
        code: randomBytes(4).toString("hex").toUpperCase(),
        section_id: section.id,
        course_id: course.id,
        child_name: name,
        child_key: name.toLowerCase(),
        child_age: course.min_age,
        parent_name: `Parent ${i}`,
        email: `parent-${randomBytes(4).toString("hex")}@example.com`,
        phone: "+919876543210",
        lang: "en",
        user_id: null,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    enrolmentIds.push(row.id);
  }
  return { sectionId: section.id, meetingId: meeting.id, enrolmentIds };
}
