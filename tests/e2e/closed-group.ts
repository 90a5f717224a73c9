import { randomBytes } from "node:crypto";
import type Database from "better-sqlite3";

/** A child enrolled in the group, each of a family of their own (`email`). */
export interface GroupChild {
  name: string;
  email: string;
  parent: string;
}

/**
 * A robotics group written straight into the database, with one class `daysAhead` days from now on
 * a whole minute and `children` enrolled. Closed to enrolment: open, it would be the freest group
 * of its course (tests/e2e/enrol-flow.ts freestGroup), which the timetable and make-up walks of the
 * lane enrol in, and their child would then have no class of theirs to show or report.
 */
export function closedGroupWithClass(db: Database.Database, children: readonly GroupChild[], daysAhead = 7): { sectionId: number } {
  const now = new Date().toISOString();
  const at = new Date(Math.floor(Date.now() / 60_000) * 60_000 + daysAhead * 86_400_000).toISOString();
  const course = db.prepare("select id, min_age, max_age from courses where slug = 'robotics-fundamentals'").get() as {
    id: number;
    min_age: number;
    max_age: number;
  };
  const section = db
    .prepare(
      "insert into course_sections (course_id, teacher_id, weekdays, start_time, duration_minutes, first_date, meeting_count, capacity, min_age, max_age, registration_closes_at, starts_at, ends_at, status, created_at, updated_at) values (?, null, '1', '10:00', 60, ?, 1, 12, ?, ?, ?, ?, ?, 'closed', ?, ?) returning id",
    )
    .get(course.id, at.slice(0, 10), course.min_age, course.max_age, at, at, at, now, now) as { id: number };
  db.prepare("insert into section_meetings (section_id, starts_at, duration_minutes, created_at, updated_at) values (?, ?, 60, ?, ?)").run(
    section.id,
    at,
    now,
    now,
  );
  const enrol = db.prepare(
    "insert into section_enrolments (reference, code, section_id, course_id, child_name, child_key, child_age, parent_name, email, phone, lang, status, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, '+919876543210', 'en', 'enrolled', ?, ?)",
  );
  for (const child of children)
    enrol.run(
      randomBytes(8).toString("hex"),
      randomBytes(4).toString("hex").toUpperCase(),
      section.id,
      course.id,
      child.name,
      child.name.toLowerCase(),
      course.min_age,
      child.parent,
      child.email,
      now,
      now,
    );
  return { sectionId: section.id };
}
