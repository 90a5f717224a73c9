import { z } from "zod";
import type { DB } from "~server/db/db";
import type { Lang } from "~/i18n/lang";
import { academyTimeZone } from "~/features/site/academy-zone.server";
import { formatZoneLabel, weekdayNames } from "~/kernel/slot-format";
import { zonedParts } from "~/lib/zoned-time";
import { sectionFormChoices } from "./section-edit.server";
import { listSectionsForStaff } from "./sections.server";

/**
 * /admin/sections as a table (issue 42 step 9): every group with its course, days and time, dates,
 * instructor, seats and status, filtered by course, instructor and status from the query string (a
 * GET form, so it works without JavaScript). A filter value that is not one of the choices is
 * ignored, not refused: the page shows every group.
 */

const id = z
  .string()
  .regex(/^\d{1,9}$/)
  .transform(Number);
export const sectionListFilter = z.object({
  course: id.optional().catch(undefined),
  teacher: z
    .union([id, z.literal("none")])
    .optional()
    .catch(undefined),
  status: z.enum(["open", "closed", "cancelled"]).optional().catch(undefined),
});
export type SectionListFilter = z.output<typeof sectionListFilter>;

/** A YYYY-MM-DD day as "17 May 2027" / «17 مايو 2027»: day first in both languages, month in words. */
function shortDay(date: string, lang: Lang): string {
  return new Intl.DateTimeFormat(lang === "ar" ? "ar-u-nu-latn" : "en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

export async function adminSectionList(db: DB, lang: Lang, query: URLSearchParams) {
  const filter = sectionListFilter.parse({
    course: query.get("course") || undefined,
    teacher: query.get("teacher") || undefined,
    status: query.get("status") || undefined,
  });
  const timeZone = await academyTimeZone(db);
  const days = weekdayNames(lang, "short");
  // Every group is read (500 at most) so the page can say "n of all"; the filters apply here.
  const listed = await listSectionsForStaff(db, lang);
  const rows = listed
    .filter((section) => filter.course === undefined || section.courseId === filter.course)
    .filter((section) => (filter.teacher === undefined ? true : filter.teacher === "none" ? section.teacherId === null : section.teacherId === filter.teacher))
    .filter((section) => filter.status === undefined || section.status === filter.status)
    .map((section) => ({
      id: section.id,
      course: section.course.name,
      days: section.weekdays.map((day) => days[day] ?? "").join(lang === "ar" ? "، " : ", "),
      startTime: section.startTime,
      from: shortDay(zonedParts(section.startsAt, timeZone).date, lang),
      to: shortDay(zonedParts(section.endsAt, timeZone).date, lang),
      meetings: section.meetingCount,
      instructor: section.instructor,
      seatsTaken: section.seatsTaken,
      capacity: section.capacity,
      status: section.status,
      language: section.language,
    }));
  const choices = await sectionFormChoices(db, lang);
  return {
    rows,
    total: listed.length,
    filter: {
      course: filter.course === undefined ? "" : String(filter.course),
      teacher: filter.teacher === undefined ? "" : String(filter.teacher),
      status: filter.status ?? "",
    },
    courses: choices.courses,
    teachers: choices.teachers,
    zone: formatZoneLabel(new Date(), timeZone, lang),
  };
}
