import type { DB } from "~server/db/db";
import { comingMeetingsOfSection } from "~/features/sections/queries.server";

/**
 * The make-ups' query module (decision 153): the rosters (teaching's, sections') read the make-up
 * guests and reported absences here. Decision 145 had put these reads beside the rosters, so that
 * make-ups could call teaching and sections without an import cycle; as a declared query module
 * (a node of its own in the import graph, importing only sections' query module) they are back
 * with their owner and the cycle still cannot form.
 */

/** A make-up guest in a class, marked under their own enrolment (from the group they came from, decision 073). */
export interface MakeupGuest {
  enrolmentId: number;
  childName: string;
  childAge: number;
  parentName: string;
  parentPhone: string;
}

/** The make-up guests booked into a meeting (decision 076), for the instructor's and staff's rosters. */
export async function makeupGuestsFor(db: DB, meetingId: number): Promise<MakeupGuest[]> {
  const rows = await db
    .selectFrom("makeup_credits as k")
    .innerJoin("section_enrolments as e", "e.id", "k.enrolment_id")
    .select(["e.id", "e.child_name", "e.child_age", "e.parent_name", "e.phone"])
    .where("k.meeting_id", "=", meetingId)
    .where("e.status", "=", "enrolled")
    .orderBy("e.child_name")
    .execute();
  return rows.map((row) => ({ enrolmentId: row.id, childName: row.child_name, childAge: row.child_age, parentName: row.parent_name, parentPhone: row.phone }));
}

/** The absences parents reported for a meeting, by enrolment (the reason as they wrote it, when). */
export async function reportedAbsencesFor(db: DB, meetingId: number): Promise<Map<number, { reason: string; reportedAt: string }>> {
  const rows = await db.selectFrom("meeting_absences").select(["enrolment_id", "reason", "created_at"]).where("meeting_id", "=", meetingId).execute();
  return new Map(rows.map((row) => [row.enrolment_id, { reason: row.reason, reportedAt: row.created_at }]));
}

/** A group's coming classes that have make-up guests or reported absences, for the staff roster (bounded). */
export async function groupMakeupNotes(db: DB, sectionId: number, now: string, limit = 12) {
  const meetings = await comingMeetingsOfSection(db, sectionId, now, limit);
  if (meetings.length === 0) return [];
  const ids = meetings.map((m) => m.id);
  const guests = await db
    .selectFrom("makeup_credits as k")
    .innerJoin("section_enrolments as e", "e.id", "k.enrolment_id")
    .select(["k.meeting_id", "e.child_name"])
    .where("k.meeting_id", "in", ids)
    .orderBy("e.child_name")
    .execute();
  const absences = await db
    .selectFrom("meeting_absences as a")
    .innerJoin("section_enrolments as e", "e.id", "a.enrolment_id")
    .select(["a.meeting_id", "e.child_name", "a.reason"])
    .where("a.meeting_id", "in", ids)
    .orderBy("e.child_name")
    .execute();
  return meetings
    .map((m) => ({
      startsAt: m.starts_at,
      guests: guests.filter((g) => g.meeting_id === m.id).map((g) => g.child_name),
      absences: absences.filter((a) => a.meeting_id === m.id).map((a) => ({ child: a.child_name, reason: a.reason })),
    }))
    .filter((m) => m.guests.length > 0 || m.absences.length > 0);
}
