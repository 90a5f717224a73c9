import type { DB } from "~server/db/db";
import { releaseMakeupPlace } from "~/features/sections/makeup-places.server";

/** What replaces an absence's reason when the family's account is erased (the account space's word). */
const ERASED = "[erased]";

/** The family's absences and credits (with where each was spent), as stored, for "download my data". */
export async function makeupsExport(db: DB, enrolmentIds: readonly number[]) {
  if (enrolmentIds.length === 0) return { absences: [], makeupCredits: [] };
  const absences = await db
    .selectFrom("meeting_absences as a")
    .innerJoin("section_meetings as m", "m.id", "a.meeting_id")
    .innerJoin("section_enrolments as e", "e.id", "a.enrolment_id")
    .select(["e.reference", "e.child_name", "m.starts_at", "a.reason", "a.reported_via", "a.with_notice", "a.created_at"])
    .where("a.enrolment_id", "in", enrolmentIds)
    .orderBy("a.id")
    .execute();
  const credits = await db
    .selectFrom("makeup_credits as k")
    .innerJoin("meeting_absences as a", "a.id", "k.absence_id")
    .innerJoin("section_meetings as missed", "missed.id", "a.meeting_id")
    .innerJoin("section_enrolments as e", "e.id", "k.enrolment_id")
    .leftJoin("section_meetings as m", "m.id", "k.meeting_id")
    .select([
      "e.reference",
      "e.child_name",
      "missed.starts_at as missed_at",
      "k.created_at",
      "k.expires_at",
      "m.starts_at as makeup_at",
      "m.section_id as makeup_section_id",
      "k.booked_at",
    ])
    .where("k.enrolment_id", "in", enrolmentIds)
    .orderBy("k.id")
    .execute();
  return {
    absences: absences.map((a) => ({
      enrolment: a.reference,
      childName: a.child_name,
      classStartsAt: a.starts_at,
      reason: a.reason,
      reportedVia: a.reported_via,
      earnedCredit: a.with_notice === 1,
      reportedAt: a.created_at,
    })),
    makeupCredits: credits.map((k) => ({
      enrolment: k.reference,
      childName: k.child_name,
      forMissedClassAt: k.missed_at,
      earnedAt: k.created_at,
      expiresAt: k.expires_at,
      spentOn: k.makeup_at === null ? null : { classStartsAt: k.makeup_at, groupId: k.makeup_section_id, bookedAt: k.booked_at },
    })),
  };
}

/**
 * With the account (in its transaction): the make-ups still ahead are cancelled (each guest's place
 * given back to its class), and the absences' reasons erased. Credits hold nothing personal; they
 * stay with the erased enrolments for the academy's counts.
 */
export async function eraseMakeups(trx: DB, enrolmentIds: readonly number[], now: string): Promise<{ makeupsCancelled: number; absencesErased: number }> {
  if (enrolmentIds.length === 0) return { makeupsCancelled: 0, absencesErased: 0 };
  const ahead = await trx
    .selectFrom("makeup_credits as k")
    .innerJoin("section_meetings as m", "m.id", "k.meeting_id")
    .select(["k.id", "k.meeting_id"])
    .where("k.enrolment_id", "in", enrolmentIds)
    .where("m.starts_at", ">", now)
    .execute();
  let makeupsCancelled = 0;
  for (const credit of ahead) {
    const freed = await trx
      .updateTable("makeup_credits")
      .set({ meeting_id: null, booked_at: null, updated_at: now })
      .where("id", "=", credit.id)
      .where("meeting_id", "=", credit.meeting_id)
      .executeTakeFirst();
    if (Number(freed.numUpdatedRows) !== 1) continue;
    await releaseMakeupPlace(trx, credit.meeting_id!, now);
    makeupsCancelled++;
  }
  const erased = await trx
    .updateTable("meeting_absences")
    .set({ reason: ERASED, user_id: null, updated_at: now })
    .where("enrolment_id", "in", enrolmentIds)
    .executeTakeFirst();
  return { makeupsCancelled, absencesErased: Number(erased.numUpdatedRows) };
}
