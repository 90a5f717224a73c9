/**
 * What a course page says about length and teachers, taken from its open groups when it has any
 * (issue 42, step 11; decision 115): the course's own fields ("40 sessions", one instructor) are
 * what staff typed once, while the groups are what a family actually joins.
 */

/** The parts of an open group the facts read (a PublicSection or a SectionCard alike). */
export interface GroupForFacts {
  meetingCount: number;
  /** UTC instants of the first and of every meeting. */
  startsAt: string;
  meetings: readonly { startsAt: string }[];
  instructor: string | null;
}

export interface Range {
  min: number;
  max: number;
}

export interface CourseFacts {
  /** "groups": read from the open groups; "course": the course's own fields (no open group). */
  source: "groups" | "course";
  sessions: Range;
  /** Calendar weeks from the first class to the last; null when only the course's fields are known. */
  weeks: Range | null;
  /** The instructors who teach the open groups, each once, in the groups' order. */
  instructors: string[];
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The number of calendar weeks a group runs in: a one-off class is 1 week, 40 weekly classes 40. */
export function weeksSpanned(firstIso: string, lastIso: string): number {
  const days = Math.max(0, (Date.parse(lastIso) - Date.parse(firstIso)) / DAY_MS);
  return Math.floor(days / 7) + 1;
}

const range = (values: number[]): Range => ({ min: Math.min(...values), max: Math.max(...values) });

/**
 * The course page's facts: from the open groups (meeting counts, weeks from first to last class,
 * their instructors), or, with no open group, the course's own session count and instructor.
 */
export function courseFacts(groups: readonly GroupForFacts[], course: { sessions: number; instructor: string }): CourseFacts {
  const dated = groups.filter((group) => group.meetingCount > 0);
  if (dated.length === 0) {
    return {
      source: "course",
      sessions: { min: course.sessions, max: course.sessions },
      weeks: null,
      instructors: course.instructor ? [course.instructor] : [],
    };
  }
  const instructors = [...new Set(dated.map((group) => group.instructor?.trim() ?? "").filter((name) => name !== ""))];
  return {
    source: "groups",
    sessions: range(dated.map((group) => group.meetingCount)),
    weeks: range(dated.map((group) => weeksSpanned(group.meetings[0]?.startsAt ?? group.startsAt, group.meetings.at(-1)?.startsAt ?? group.startsAt))),
    instructors: instructors.length > 0 ? instructors : course.instructor ? [course.instructor] : [],
  };
}
