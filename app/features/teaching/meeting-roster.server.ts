import type { DB } from "~server/db/db";
import { recordAudit } from "~server/audit/audit";
import { isStaffRole } from "~/lib/roles";
import { addDays, zonedParts } from "~/lib/zoned-time";
import { academyTimeZone } from "~/features/site/academy-zone.server";
import { getSiteSettings } from "~/features/site/site.server";
import type { AttendanceStatus } from "~server/db/schema";
import { consentNeedsFor } from "~/features/consent/roster-needs.server";
import { makeupGuestsFor, reportedAbsencesFor } from "~/features/makeups/queries.server";
import { meetingWithGroup } from "~/features/sections/queries.server";
import { rosterWithMarks } from "~/features/enrolments/queries.server";

/** Most children one meeting's roster lists (a group holds at most 500 seats, plus make-up guests). */
export const MAX_ROSTER = 520;

/** What the consent forms say an instructor must know (from the newest agreed answers). */
export interface RosterNeeds {
  allergies: string;
  medical: string;
  pickup: { name: string; phone: string }[];
}

/** One child on a meeting's roster (the contract between the teaching branches, issue 30). */
export interface RosterChild {
  enrolmentId: number;
  childName: string;
  childAge: number;
  parentName: string;
  parentPhone: string;
  /** A make-up guest from another group of the course (the make-ups work fills it). */
  guest: boolean;
  /** A notified absence (the make-ups work fills it). */
  absence: { reason: string; reportedAt: string } | null;
  needs: RosterNeeds | null;
  /** The child's attendance mark at this meeting, when taken. */
  mark: { status: AttendanceStatus; note: string } | null;
  /** Who collected the child after this class (decision 142), when recorded. */
  collectedBy: string | null;
  /** Present at a class in the academy, not collected `latePickupMinutes` after it ended. */
  notCollected: boolean;
}

export interface RosterMeeting {
  id: number;
  sectionId: number;
  startsAt: string;
  durationMinutes: number;
  cancelled: boolean;
  courseEn: string;
  courseAr: string;
  teacherEn: string | null;
  teacherAr: string | null;
  mode: "academy" | "online";
}

/**
 * A class meeting and its roster: every child enrolled in the meeting's group now, then the make-up
 * guests booked into it (marked under their own enrolment, decision 073), each with age, parent and
 * phone, a reported absence, the consent needs and the attendance mark already taken. Callers ask
 * assertTeachesMeeting first.
 */
export async function meetingRoster(db: DB, meetingId: number): Promise<{ meeting: RosterMeeting; children: RosterChild[] } | undefined> {
  const row = await meetingWithGroup(db, meetingId);
  if (!row) return undefined;
  const enrolments = await rosterWithMarks(db, row.section_id, meetingId, MAX_ROSTER);
  const guests = await makeupGuestsFor(db, meetingId);
  const own = new Set(enrolments.map((e) => e.id));
  const guestRows = guests.filter((g) => !own.has(g.enrolmentId)).slice(0, Math.max(0, MAX_ROSTER - enrolments.length));
  const guestMarks = guestRows.length
    ? await db
        .selectFrom("meeting_attendance")
        .select(["enrolment_id", "status", "note"])
        .where("meeting_id", "=", meetingId)
        .where(
          "enrolment_id",
          "in",
          guestRows.map((g) => g.enrolmentId),
        )
        .execute()
    : [];
  const absences = await reportedAbsencesFor(db, meetingId);
  const collected = new Map(
    (await db.selectFrom("class_pickups").select(["enrolment_id", "collected_by"]).where("meeting_id", "=", meetingId).execute()).map((p) => [
      p.enrolment_id,
      p.collected_by,
    ]),
  );
  const lateAfter = Date.parse(row.starts_at) + (row.duration_minutes + (await getSiteSettings(db)).latePickupMinutes) * 60_000;
  const late = row.mode === "academy" && row.status !== "cancelled" && Date.now() >= lateAfter;
  const pickupOf = (enrolmentId: number, status: AttendanceStatus | null | undefined) => {
    const collectedBy = collected.get(enrolmentId) ?? null;
    return { collectedBy, notCollected: late && collectedBy === null && (status === "present" || status === "late") };
  };
  const needs = await consentNeedsFor(db, [...enrolments.map((e) => e.id), ...guestRows.map((g) => g.enrolmentId)]);
  const extras = (enrolmentId: number) => ({ absence: absences.get(enrolmentId) ?? null, needs: needs.get(enrolmentId) ?? null });
  return {
    meeting: {
      id: row.id,
      sectionId: row.section_id,
      startsAt: row.starts_at,
      durationMinutes: row.duration_minutes,
      cancelled: row.status === "cancelled",
      courseEn: row.name_en,
      courseAr: row.name_ar,
      teacherEn: row.teacher_en,
      teacherAr: row.teacher_ar,
      mode: row.mode,
    },
    children: [
      ...enrolments.map((e) => ({
        enrolmentId: e.id,
        childName: e.child_name,
        childAge: e.child_age,
        parentName: e.parent_name,
        parentPhone: e.phone,
        guest: false,
        ...extras(e.id),
        mark: e.status ? { status: e.status, note: e.note ?? "" } : null,
        ...pickupOf(e.id, e.status),
      })),
      ...guestRows.map((g) => {
        const mark = guestMarks.find((m) => m.enrolment_id === g.enrolmentId);
        return {
          ...g,
          guest: true,
          ...extras(g.enrolmentId),
          mark: mark ? { status: mark.status, note: mark.note } : null,
          ...pickupOf(g.enrolmentId, mark?.status),
        };
      }),
    ],
  };
}

/**
 * The roster as one member may see it (issue 39, decision 102): an instructor sees the children's
 * medical notes, allergies and pickup people only on the day of the class and the day before (the
 * academy's calendar); staff always. Every roster shown with any of them is audited (who, which
 * meeting, how many children), so each view of children's data is on record.
 */
export async function rosterForViewer(db: DB, meetingId: number, viewer: { id: number; role: string }, now = new Date()) {
  const roster = await meetingRoster(db, meetingId);
  if (!roster) return undefined;
  const timeZone = await academyTimeZone(db);
  const classDay = zonedParts(roster.meeting.startsAt, timeZone).date;
  const today = zonedParts(now, timeZone).date;
  const inWindow = classDay === today || classDay === addDays(today, 1);
  const shown = isStaffRole(viewer.role) || inWindow;
  const children = shown ? roster.children : roster.children.map((child) => ({ ...child, needs: null }));
  const withNeeds = children.filter((child) => child.needs !== null).length;
  if (withNeeds > 0)
    await recordAudit(db, { userId: viewer.id, action: "view_children_data", entity: "meeting", entityId: meetingId, summary: { children: withNeeds } });
  return { ...roster, children, needsHidden: !shown };
}
