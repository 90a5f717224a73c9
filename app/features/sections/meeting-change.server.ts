import type { Selectable } from "kysely";
import type { DB } from "~server/db/db";
import type { SectionMeetingsTable } from "~server/db/schema";
import { nowIso } from "~server/db/values";
import type { Lang } from "~/i18n/lang";
import { zonedToUtc } from "~/lib/zoned-time";
import { enrolledInSection } from "~/features/enrolments/queries.server";

export type MeetingRow = Selectable<SectionMeetingsTable>;

/** How far (days) a single class may move from where it was: a week's class moved, not a new term. */
export const MAX_MOVE_DAYS = 90;

export interface FamilyToTell {
  reference: string;
  email: string;
  lang: Lang;
}

export type MeetingChangeRefusal = "notFound" | "sectionCancelled" | "meetingCancelled" | "meetingPast" | "movePast" | "moveTooFar" | "moveClash" | "unchanged";
export type MeetingChange = { ok: true; before: MeetingRow; after: MeetingRow; families: FamilyToTell[] } | { ok: false; reason: MeetingChangeRefusal };

/** The section's first and last class follow its scheduled meetings (a cancelled or moved one may change them). */
async function keepSectionBounds(trx: DB, sectionId: number, now: string) {
  const bounds = await trx
    .selectFrom("section_meetings")
    .select((eb) => [eb.fn.min("starts_at").as("first"), eb.fn.max("starts_at").as("last")])
    .where("section_id", "=", sectionId)
    .where("status", "=", "scheduled")
    .executeTakeFirst();
  if (!bounds?.first || !bounds.last) return;
  await trx
    .updateTable("course_sections")
    .set({ starts_at: String(bounds.first), ends_at: String(bounds.last), updated_at: now })
    .where("id", "=", sectionId)
    .execute();
}

/**
 * One class of a section changes (issue 29): the meeting row is read and written in one
 * transaction with the families still enrolled (`after` queues their e-mails and the audit row in
 * it). Only a scheduled class still ahead, in a section not cancelled, can change.
 */
async function changeMeeting(
  db: DB,
  meetingId: number,
  change: (trx: DB, before: MeetingRow, now: string) => Promise<MeetingRow | MeetingChangeRefusal>,
  after: (trx: DB, change: { before: MeetingRow; after: MeetingRow; families: FamilyToTell[] }) => Promise<void>,
): Promise<MeetingChange> {
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom("section_meetings").selectAll().where("id", "=", meetingId).executeTakeFirst();
    if (!before) return { ok: false as const, reason: "notFound" as const };
    const section = await trx.selectFrom("course_sections").select(["id", "status"]).where("id", "=", before.section_id).executeTakeFirstOrThrow();
    if (section.status === "cancelled") return { ok: false as const, reason: "sectionCancelled" as const };
    if (before.status === "cancelled") return { ok: false as const, reason: "meetingCancelled" as const };
    const now = nowIso();
    if (before.starts_at <= now) return { ok: false as const, reason: "meetingPast" as const };
    const changed = await change(trx, before, now);
    if (typeof changed === "string") return { ok: false as const, reason: changed };
    await keepSectionBounds(trx, before.section_id, now);
    const families = (await enrolledInSection(trx, before.section_id, { order: "enrolled" })).map(({ reference, email, lang }) => ({ reference, email, lang }));
    await after(trx, { before, after: changed, families });
    return { ok: true as const, before, after: changed, families };
  });
}

/** Cancels one class of a section; the term's other classes and every seat stay. */
export function cancelMeeting(db: DB, meetingId: number, after: Parameters<typeof changeMeeting>[3]) {
  return changeMeeting(
    db,
    meetingId,
    async (trx, before, now) =>
      (await trx
        .updateTable("section_meetings")
        .set({ status: "cancelled", updated_at: now })
        .where("id", "=", before.id)
        .where("status", "=", "scheduled")
        .returningAll()
        .executeTakeFirst()) ?? "meetingCancelled",
    after,
  );
}

/**
 * Moves one class to another date and time in the academy's zone: never into the past, at most
 * MAX_MOVE_DAYS from where it was, and not onto the start of another class of the same section.
 */
export function moveMeeting(db: DB, meetingId: number, to: { date: string; time: string }, timeZone: string, after: Parameters<typeof changeMeeting>[3]) {
  const startsAt = zonedToUtc(to.date, to.time, timeZone).toISOString();
  return changeMeeting(
    db,
    meetingId,
    async (trx, before, now) => {
      if (startsAt <= now) return "movePast";
      if (Math.abs(Date.parse(startsAt) - Date.parse(before.starts_at)) > MAX_MOVE_DAYS * 86_400_000) return "moveTooFar";
      if (startsAt === before.starts_at) return "unchanged";
      const clash = await trx
        .selectFrom("section_meetings")
        .select("id")
        .where("section_id", "=", before.section_id)
        .where("status", "=", "scheduled")
        .where("starts_at", "=", startsAt)
        .executeTakeFirst();
      if (clash) return "moveClash";
      return (
        (await trx
          .updateTable("section_meetings")
          .set({ starts_at: startsAt, updated_at: now })
          .where("id", "=", before.id)
          .where("status", "=", "scheduled")
          .returningAll()
          .executeTakeFirst()) ?? "meetingCancelled"
      );
    },
    after,
  );
}

/** Every class of a section for staff, cancelled ones included (the staff screens show them struck). */
export async function meetingsForStaff(db: DB, sectionId: number) {
  return db
    .selectFrom("section_meetings")
    .select(["id", "starts_at", "duration_minutes", "status"])
    .where("section_id", "=", sectionId)
    .orderBy("starts_at")
    .orderBy("id")
    .execute();
}

/** The cancelled classes of many sections at once (the staff list marks them), by section. */
export async function cancelledMeetingsOf(db: DB, sectionIds: number[]): Promise<Map<number, string[]>> {
  const bySection = new Map<number, string[]>();
  if (sectionIds.length === 0) return bySection;
  const rows = await db
    .selectFrom("section_meetings")
    .select(["section_id", "starts_at"])
    .where("section_id", "in", sectionIds)
    .where("status", "=", "cancelled")
    .orderBy("starts_at")
    .execute();
  for (const row of rows) bySection.set(row.section_id, [...(bySection.get(row.section_id) ?? []), row.starts_at]);
  return bySection;
}
