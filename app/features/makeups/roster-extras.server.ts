import type { DB } from "~server/db/db";

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
