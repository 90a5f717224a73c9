import type { DB } from "~server/db/db";
import { nowIso } from "~server/db/values";
import { academyTimeZone } from "~/features/site/academy-zone.server";
import { addDays, zonedParts } from "~/lib/zoned-time";
import { materialiseMeetings } from "./meetings";

/** The starter sections: Monday and Wednesday evenings taught in English, Saturday mornings in Arabic. */
const PATTERNS = [
  { weekdays: [1, 3], startTime: "17:00", language: "en" as const },
  { weekdays: [6], startTime: "10:00", language: "ar" as const },
];

/**
 * Starter sections for every course (issue 29), only while there are none at all: two terms per
 * course starting in two weeks, open for registration now, capacity 12, the course's sessions and
 * ages, so a fresh install can take an enrolment at once.
 */
export async function seedSections(db: DB): Promise<void> {
  const any = await db.selectFrom("course_sections").select("id").limit(1).executeTakeFirst();
  if (any) return;
  const timeZone = await academyTimeZone(db);
  const courses = await db.selectFrom("courses").select(["id", "sessions", "min_age", "max_age"]).orderBy("id").execute();
  const teachers = await db.selectFrom("teachers").select("id").orderBy("id").execute();
  const firstDate = addDays(zonedParts(new Date(), timeZone).date, 14);
  const now = nowIso();
  for (const [index, course] of courses.entries()) {
    for (const [p, pattern] of PATTERNS.entries()) {
      const meetings = materialiseMeetings({ ...pattern, firstDate, count: Math.max(1, Math.min(course.sessions, 104)), closures: [] }, timeZone);
      if (meetings.length === 0) continue;
      await db.transaction().execute(async (trx) => {
        const section = await trx
          .insertInto("course_sections")
          .values({
            course_id: course.id,
            teacher_id: teachers.length > 0 ? teachers[(index + p) % teachers.length]!.id : null,
            weekdays: pattern.weekdays.join(","),
            start_time: pattern.startTime,
            duration_minutes: 60,
            first_date: firstDate,
            meeting_count: meetings.length,
            closures: "[]",
            mode: "academy",
            meeting_url: "",
            capacity: 12,
            min_age: course.min_age,
            max_age: course.max_age,
            language: pattern.language,
            registration_opens_at: null,
            registration_closes_at: meetings[0]!.startsAt,
            starts_at: meetings[0]!.startsAt,
            ends_at: meetings.at(-1)!.startsAt,
            status: "open",
            created_at: now,
            updated_at: now,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        await trx
          .insertInto("section_meetings")
          .values(
            meetings.map((m) => ({
              section_id: section.id,
              starts_at: m.startsAt,
              duration_minutes: 60,
              status: "scheduled" as const,
              created_at: now,
              updated_at: now,
            })),
          )
          .execute();
      });
    }
  }
}
