import type { DB } from "~server/db/db";
import { fromDbJson, nowIso } from "~server/db/values";
import { pick } from "~/i18n/localized";
import type { Lang } from "~/i18n/lang";
import { zonedParts } from "~/lib/zoned-time";
import { formatZoneLabel, weekdayNames, formatDateTimeLabel } from "~/kernel/slot-format";
import { academyTimeZone } from "~/features/site/academy-zone.server";
import { meetingsForStaff } from "./meeting-change.server";
import { findSection, utcToLocal } from "./sections.server";

type SectionWithCourse = NonNullable<Awaited<ReturnType<typeof findSection>>>;

/** A stored section as its edit form's values (the names sectionPayload reads; times in the academy's zone). */
export function sectionFormValues(row: SectionWithCourse, timeZone: string): Record<string, string> {
  const values: Record<string, string> = {
    courseId: String(row.course_id),
    teacherId: row.teacher_id === null ? "" : String(row.teacher_id),
    startTime: row.start_time,
    durationMinutes: String(row.duration_minutes),
    firstDate: row.first_date,
    meetings: String(row.meeting_count),
    closures: fromDbJson<string[]>(row.closures, []).join("\n"),
    mode: row.mode,
    meetingUrl: row.meeting_url,
    capacity: String(row.capacity),
    minAge: String(row.min_age),
    maxAge: String(row.max_age),
    language: row.language,
    registrationOpensAt: utcToLocal(row.registration_opens_at, timeZone) ?? "",
    registrationClosesAt: utcToLocal(row.registration_closes_at, timeZone) ?? "",
  };
  for (const day of row.weekdays.split(",")) values[`wd${day}`] = "on";
  return values;
}

/** What a group's form offers: the courses, the instructors and the weekdays' names. */
export async function sectionFormChoices(db: DB, lang: Lang) {
  const choices = async (table: "courses" | "teachers") =>
    (await db.selectFrom(table).select(["id", "name_en", "name_ar"]).orderBy("id").execute()).map((c) => ({ id: c.id, name: pick(c, "name", lang) }));
  return { courses: await choices("courses"), teachers: await choices("teachers"), weekdays: weekdayNames(lang, "long") };
}

/** The edit page's data: the group, its form's values, every class (cancelled ones too) and the form's choices. */
export async function sectionEditData(db: DB, id: number, lang: Lang) {
  const row = await findSection(db, id);
  if (!row) return undefined;
  const timeZone = await academyTimeZone(db);
  const now = nowIso();
  const label = (instant: string) => `${formatDateTimeLabel(instant, timeZone, lang)}`;
  const meetings = (await meetingsForStaff(db, id)).map((m, index) => {
    const local = zonedParts(m.starts_at, timeZone);
    return { id: m.id, n: index + 1, label: label(m.starts_at), date: local.date, time: local.time, status: m.status, past: m.starts_at <= now };
  });
  return {
    section: {
      id: row.id,
      status: row.status,
      seatsTaken: row.seats_taken,
      capacity: row.capacity,
      course: pick({ name_en: row.course_en, name_ar: row.course_ar }, "name", lang),
      firstLabel: label(row.starts_at),
    },
    values: sectionFormValues(row, timeZone),
    meetings,
    ...(await sectionFormChoices(db, lang)),
    zone: formatZoneLabel(new Date(), timeZone, lang),
  };
}
