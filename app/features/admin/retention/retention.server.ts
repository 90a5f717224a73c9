import type { DB } from "~server/db/db";
import type { Lang } from "~/i18n/lang";
import { pick } from "~/i18n/localized";
import { termOf } from "~/features/billing";
import { zonedParts } from "~/lib/zoned-time";
import { DEMO_SOURCES, demoOutcomes, type DemoSource } from "~/features/sections/demo-enrolment.server";
import { familyEmailOf } from "~/features/levels/levels.server";
import { shiftTerm, termStart } from "./terms";
import { seatsOfGroupsStarting } from "~/features/enrolments/queries.server";
import { groupsWithOccupancy } from "~/features/sections/queries.server";
import { courseNames, teacherNames } from "~/features/admin-content/queries.server";
import { levelsOfSections } from "~/features/levels/queries.server";

/**
 * The owner's figures (issue 44 item 4, decision 136): term-over-term retention by course, level,
 * instructor and place; fill rate and waitlist pressure per group; demo → enrolment conversion by
 * source. Reads only, bounded, in SQL both databases run alike (text comparisons of dates, no date
 * functions); grouped here.
 */

/** How many terms the trend shows, ending with the chosen one. */
export const TREND_TERMS = 4;
/** Enrolments read for one report (five quarters); far above what an academy holds. */
export const MAX_ENROLMENTS = 50_000;
/** Groups listed for fill rate (current and upcoming). */
export const MAX_GROUPS = 300;

export type Dimension = "course" | "level" | "instructor" | "place";
export const DIMENSIONS: readonly Dimension[] = ["course", "level", "instructor", "place"];

/** A retention figure: of the children in a term (in this course, level, ...), how many came back the next term. */
export interface RetentionFigure {
  /** "all", a course or teacher id, a level id, "academy"/"online", or "none" (no level or instructor named). */
  key: string;
  /** The name in the page's language; null for "none" and the places, which the screen words itself. */
  label: string | null;
  children: number;
  returned: number;
  /** Percent with one decimal; null when no child was there. */
  rate: number | null;
}

export interface RetentionReport {
  term: string;
  next: string;
  /** The chosen term and the ones before it, oldest first: each with its next term. */
  trend: Array<RetentionFigure & { term: string; next: string }>;
  by: Record<Dimension, RetentionFigure[]>;
}

export const percent = (part: number, whole: number): number | null => (whole === 0 ? null : Math.round((part / whole) * 1000) / 10);

/** The term staff see first: the last whole one, whose next term has begun (its groups have taken their enrolments). */
export function defaultTerm(today: string): string {
  return shiftTerm(termOf(today), -1);
}

interface Seat {
  child: string;
  term: string;
  courseId: number;
  sectionId: number;
  teacherId: number | null;
  place: "academy" | "online";
}

/**
 * The children of each term: an enrolment that was not cancelled (enrolled, or dropped later) and
 * holds no seat still waiting for its online payment, in a group not cancelled, whose first class
 * falls in the term. A child is the family's e-mail (as levels read it: trimmed, lower case) and the
 * child's key (decisions 059, 130).
 */
async function seats(db: DB, from: string, to: string): Promise<Seat[]> {
  const rows = await seatsOfGroupsStarting(db, termStart(from), termStart(shiftTerm(to, 1)), MAX_ENROLMENTS);
  return rows.map((row) => ({
    child: `${familyEmailOf(row.email)}|${row.child_key}`,
    term: termOf(row.first_date),
    courseId: row.course_id,
    sectionId: row.section_id,
    teacherId: row.teacher_id,
    place: row.mode,
  }));
}

/** Children per key, and how many of them have a seat in the next term (anywhere in the academy). */
function figures(inTerm: Seat[], keyOf: (seat: Seat) => string, returning: Set<string>, label: (key: string) => string | null): RetentionFigure[] {
  const children = new Map<string, Set<string>>();
  for (const seat of inTerm) {
    const key = keyOf(seat);
    children.set(key, (children.get(key) ?? new Set()).add(seat.child));
  }
  return [...children.entries()].map(([key, set]) => {
    const returned = [...set].filter((child) => returning.has(child)).length;
    return { key, label: label(key), children: set.size, returned, rate: percent(returned, set.size) };
  });
}

/** The dashboard's headline: the term's whole retention only (two quarters read). */
export async function retentionHeadline(db: DB, term: string): Promise<RetentionFigure & { term: string; next: string }> {
  const next = shiftTerm(term, 1);
  const all = await seats(db, term, next);
  const now = new Set(all.filter((seat) => seat.term === term).map((seat) => seat.child));
  const back = new Set(all.filter((seat) => seat.term === next).map((seat) => seat.child));
  const returned = [...now].filter((child) => back.has(child)).length;
  return { term, next, key: "all", label: null, children: now.size, returned, rate: percent(returned, now.size) };
}

export async function retentionReport(db: DB, term: string, lang: Lang): Promise<RetentionReport> {
  const first = shiftTerm(term, -(TREND_TERMS - 1));
  const all = await seats(db, first, shiftTerm(term, 1));
  const childrenOf = (t: string) => new Set(all.filter((seat) => seat.term === t).map((seat) => seat.child));
  const trend = Array.from({ length: TREND_TERMS }, (_, i) => {
    const t = shiftTerm(first, i);
    const [now, next] = [childrenOf(t), childrenOf(shiftTerm(t, 1))];
    const returned = [...now].filter((child) => next.has(child)).length;
    return { term: t, next: shiftTerm(t, 1), key: "all", label: null, children: now.size, returned, rate: percent(returned, now.size) };
  });

  const inTerm = all.filter((seat) => seat.term === term);
  const returning = childrenOf(shiftTerm(term, 1));
  const sectionIds = [...new Set(inTerm.map((seat) => seat.sectionId))];
  const courseIds = [...new Set(inTerm.map((seat) => seat.courseId))];
  const teacherIds = [...new Set(inTerm.map((seat) => seat.teacherId).filter((id): id is number => id !== null))];
  const [courses, levels, teachers] = await Promise.all([
    courseIds.length === 0 ? [] : courseNames(db, courseIds),
    // A group's level is the ladder's level naming it as "the group teaching it now" (decision 130); the lowest when two do.
    sectionIds.length === 0 ? [] : levelsOfSections(db, sectionIds),
    teacherIds.length === 0 ? [] : teacherNames(db, teacherIds),
  ]);
  const levelOf = new Map(levels.map((level) => [level.section_id, level]));
  const courseName = new Map(courses.map((course) => [String(course.id), pick(course, "name", lang)]));
  const levelName = new Map(
    levels.map((l) => [String(l.id), `${pick({ name_en: l.course_en, name_ar: l.course_ar }, "name", lang)}: ${pick(l, "name", lang)}`]),
  );
  const teacherName = new Map(teachers.map((teacher) => [String(teacher.id), pick(teacher, "name", lang)]));
  const byName = (a: RetentionFigure, b: RetentionFigure) =>
    (a.label === null ? 1 : 0) - (b.label === null ? 1 : 0) || (a.label ?? a.key).localeCompare(b.label ?? b.key);

  return {
    term,
    next: shiftTerm(term, 1),
    trend,
    by: {
      course: figures(
        inTerm,
        (s) => String(s.courseId),
        returning,
        (key) => courseName.get(key) ?? key,
      ).sort(byName),
      level: figures(
        inTerm,
        (s) => String(levelOf.get(s.sectionId)?.id ?? "none"),
        returning,
        (key) => levelName.get(key) ?? null,
      ).sort(byName),
      instructor: figures(
        inTerm,
        (s) => String(s.teacherId ?? "none"),
        returning,
        (key) => teacherName.get(key) ?? null,
      ).sort(byName),
      place: figures(
        inTerm,
        (s) => s.place,
        returning,
        () => null,
      ).sort((a, b) => a.key.localeCompare(b.key)),
    },
  };
}

/** One group's occupancy. */
export interface GroupOccupancy {
  id: number;
  course: string;
  firstDate: string;
  weekdays: number[];
  startTime: string;
  instructor: string | null;
  status: "open" | "closed";
  capacity: number;
  taken: number;
  waiting: number;
  /** Seats taken per seat, percent with one decimal. */
  fill: number | null;
  /** Children waiting per seat of capacity, two decimals. */
  pressure: number | null;
}

/**
 * Fill rate and waitlist pressure of the groups running now or starting later (not cancelled, last
 * class not passed), by first class. Taken is the group's seat counter: live enrolments and seats
 * held for a waitlist offer (decision 066). Waiting: entries of its waiting list still waiting.
 */
export async function groupOccupancy(db: DB, lang: Lang, now = new Date()): Promise<GroupOccupancy[]> {
  const rows = await groupsWithOccupancy(db, now.toISOString(), MAX_GROUPS);
  return rows.map((row) => {
    const waiting = Number(row.waiting ?? 0);
    const taken = Number(row.seats_taken);
    return {
      id: row.id,
      course: pick(row, "name", lang),
      firstDate: row.first_date,
      weekdays: row.weekdays.split(",").filter(Boolean).map(Number),
      startTime: row.start_time,
      instructor: row.teacher_en === null || row.teacher_ar === null ? null : pick({ name_en: row.teacher_en, name_ar: row.teacher_ar }, "name", lang),
      status: row.status === "closed" ? "closed" : "open",
      capacity: row.capacity,
      taken,
      waiting,
      fill: percent(taken, row.capacity),
      pressure: row.capacity > 0 ? Math.round((waiting / row.capacity) * 100) / 100 : null,
    };
  });
}

/** Demo → enrolment by where the booking came from. */
export interface SourceConversion {
  source: DemoSource | "all";
  booked: number;
  attended: number;
  enrolled: number;
  /** Enrolled per booking, percent with one decimal. */
  rate: number | null;
}

/** The demo funnel's own outcomes (decision 069, the dashboard's table) grouped by source instead of course and month. */
export async function conversionBySource(db: DB, timeZone: string, lang: Lang, months = 12): Promise<SourceConversion[]> {
  const outcomes = await demoOutcomes(db, timeZone, lang, months);
  return (["all", ...DEMO_SOURCES] as const).map((source) => {
    const mine = source === "all" ? outcomes : outcomes.filter((o) => o.source === source);
    const enrolled = mine.filter((o) => o.enrolled).length;
    return { source, booked: mine.length, attended: mine.filter((o) => o.attended).length, enrolled, rate: percent(enrolled, mine.length) };
  });
}

/** The academy's today, for the default term. */
export const academyToday = (timeZone: string, now = new Date()): string => zonedParts(now, timeZone).date;
