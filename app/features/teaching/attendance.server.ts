import { diffFields, recordAudit } from "~server/audit/audit";
import { inTransaction, isPostgres, type DB } from "~server/db/db";
import type { AttendanceStatus } from "~server/db/schema";
import { nowIso } from "~server/db/values";
import { zonedParts } from "~/lib/zoned-time";
import type { AttendanceInput } from "./attendance.schema";
import { meetingRoster } from "./meeting-roster.server";

export type AttendanceResult =
  | { ok: true; changed: number; marked: number }
  | { ok: false; reason: "notFound" | "cancelled" | "notYet" }
  | { ok: false; reason: "notOnRoster"; ids: number[] };

/**
 * Takes attendance at one meeting, in one transaction: `allPresent` marks the children not marked
 * yet as present, then each of `marks` sets that child's status and note. Only children on the
 * meeting's roster can be marked, only from the meeting's own day (academy time) on, never at a
 * cancelled meeting. Each mark that changes is audited with its status and note before → after.
 */
export async function takeAttendance(
  db: DB,
  meetingId: number,
  input: AttendanceInput,
  actorId: number,
  timeZone: string,
  now = new Date(),
): Promise<AttendanceResult> {
  return inTransaction(db, async (trx) => {
    const roster = await meetingRoster(trx, meetingId);
    if (!roster) return { ok: false, reason: "notFound" };
    if (roster.meeting.cancelled) return { ok: false, reason: "cancelled" };
    if (zonedParts(roster.meeting.startsAt, timeZone).date > zonedParts(now, timeZone).date) return { ok: false, reason: "notYet" };
    const onRoster = new Set(roster.children.map((child) => child.enrolmentId));
    const strangers = input.marks.map((mark) => mark.enrolmentId).filter((id) => !onRoster.has(id));
    if (strangers.length > 0) return { ok: false, reason: "notOnRoster", ids: strangers };

    const wanted = new Map<number, { status: AttendanceStatus; note?: string }>();
    if (input.allPresent) for (const child of roster.children) if (!child.mark) wanted.set(child.enrolmentId, { status: "present" });
    for (const mark of input.marks) wanted.set(mark.enrolmentId, { status: mark.status, note: mark.note });

    let changed = 0;
    for (const [enrolmentId, mark] of wanted) {
      if (await setMark(trx, meetingId, enrolmentId, mark, actorId)) changed += 1;
    }
    return { ok: true, changed, marked: wanted.size };
  });
}

/** One child's mark (insert or update); audited when it changed. True when it did. */
async function setMark(trx: DB, meetingId: number, enrolmentId: number, mark: { status: AttendanceStatus; note?: string }, actorId: number): Promise<boolean> {
  const now = nowIso();
  // A mark made at the same moment elsewhere wins the insert; this one then updates it (and says from what).
  const inserted = await trx
    .insertInto("meeting_attendance")
    .values({
      meeting_id: meetingId,
      enrolment_id: enrolmentId,
      status: mark.status,
      note: mark.note ?? "",
      marked_by: actorId,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.columns(["meeting_id", "enrolment_id"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  let before: { status: AttendanceStatus | null; note: string } = { status: null, note: "" };
  if (!inserted) {
    let query = trx
      .selectFrom("meeting_attendance")
      .select(["id", "status", "note"])
      .where("meeting_id", "=", meetingId)
      .where("enrolment_id", "=", enrolmentId);
    if (isPostgres(trx)) query = query.forUpdate();
    const row = await query.executeTakeFirstOrThrow();
    before = { status: row.status, note: row.note };
    const note = mark.note ?? row.note;
    if (row.status === mark.status && row.note === note) return false;
    await trx.updateTable("meeting_attendance").set({ status: mark.status, note, marked_by: actorId, updated_at: now }).where("id", "=", row.id).execute();
  }
  const after = { status: mark.status, note: mark.note ?? before.note };
  await recordAudit(trx, {
    userId: actorId,
    action: "attendance",
    entity: "section_meeting",
    entityId: meetingId,
    changes: diffFields(before, after),
    summary: { enrolmentId },
  });
  return true;
}

/**
 * Claims an absence mark's family alert (the make-ups feature's absence alert, decision 145: teaching
 * owns attendance): true when this call set `family_told_at`, false when the mark is no longer
 * absent or was already told.
 */
export async function claimAbsenceAlert(trx: DB, attendanceId: number): Promise<boolean> {
  const claimed = await trx
    .updateTable("meeting_attendance")
    .set({ family_told_at: nowIso() })
    .where("id", "=", attendanceId)
    .where("status", "=", "absent")
    .where("family_told_at", "is", null)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}
