import type { DB } from "~server/db/db";
import { ownerOf } from "~/features/family/account-owner.server";
import { ownedEnrolmentsWithCourseHaving } from "~/features/enrolments/queries.server";
import { marksOf } from "./queries.server";
import type { AttendanceStatus } from "~server/db/schema";
import { rateOf } from "./attendance-stats.server";

/** Most enrolments and marks the account's attendance section lists (bounds, not quotas). */
const MAX_ENROLMENTS = 100;
const MAX_MARKS = 2_000;

export interface FamilyAttendanceEnrolment {
  enrolmentId: number;
  code: string;
  childName: string;
  courseEn: string;
  courseAr: string;
  rate: number | null;
  /** The marks, newest first; the instructor's notes stay with staff. */
  marks: { meetingId: number; startsAt: string; status: AttendanceStatus }[];
}

/**
 * The account's children's attendance (issue 30): each enrolment the account holds (its id, or its
 * proven e-mail: decision 026), with every mark taken, newest first, and the share attended.
 */
export async function familyAttendance(db: DB, userId: number): Promise<FamilyAttendanceEnrolment[]> {
  const owner = await ownerOf(db, userId);
  const enrolments = await ownedEnrolmentsWithCourseHaving(db, owner, {
    having: ({ enrolmentId }) => marksOf(db, enrolmentId),
    enrolledOnly: false,
    startOrder: "asc",
    limit: MAX_ENROLMENTS,
  });
  if (enrolments.length === 0) return [];
  const marks = await db
    .selectFrom("meeting_attendance as a")
    .innerJoin("section_meetings as m", "m.id", "a.meeting_id")
    .select(["a.enrolment_id", "a.meeting_id", "a.status", "m.starts_at"])
    .where(
      "a.enrolment_id",
      "in",
      enrolments.map((e) => e.id),
    )
    .orderBy("m.starts_at", "desc")
    .limit(MAX_MARKS)
    .execute();
  return enrolments.map((e) => {
    const own = marks.filter((mark) => mark.enrolment_id === e.id);
    const attended = own.filter((mark) => mark.status === "present" || mark.status === "late").length;
    return {
      enrolmentId: e.id,
      code: e.code,
      childName: e.child_name,
      courseEn: e.name_en,
      courseAr: e.name_ar,
      rate: rateOf(attended, own.length),
      marks: own.map((mark) => ({ meetingId: mark.meeting_id, startsAt: mark.starts_at, status: mark.status })),
    };
  });
}
