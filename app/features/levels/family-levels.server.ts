import type { DB } from "~server/db/db";
import type { Lang } from "~/i18n/lang";
import { pick, pickPair } from "~/i18n/localized";
import { ownerOf } from "~/features/family/account-owner.server";
import { childRecords, courseLadder, currentLevel, familyEmailOf, levelFor, recordKey, type LadderLevel } from "./levels.server";
import { enrolmentChildren, ownedEnrolmentsWithCourseHaving } from "~/features/enrolments/queries.server";
import { ladderOf } from "./queries.server";

/** Most enrolments the account's levels section reads (a bound, not a quota). */
const MAX_ENROLMENTS = 100;

/**
 * The account's children on their courses' ladders (decision 130), read-only: each child and course
 * of an enrolment the account holds (its id, or its proven e-mail), when the course has a ladder,
 * with every level (completed, the one worked on now, later) and each skill's mark.
 */
export async function familyLevels(db: DB, userId: number, lang: Lang) {
  const owner = await ownerOf(db, userId);
  const enrolments = await ownedEnrolmentsWithCourseHaving(db, owner, {
    having: ({ courseId }) => ladderOf(db, courseId),
    enrolledOnly: true,
    startOrder: "desc",
    limit: MAX_ENROLMENTS,
  });
  const seen = new Set<string>();
  const rows = enrolments.filter((e) => {
    const key = `${recordKey({ familyEmail: familyEmailOf(e.email), childKey: e.child_key })}\n${e.course_id}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  if (rows.length === 0) return [];
  const ladders = new Map<number, LadderLevel[]>();
  for (const courseId of new Set(rows.map((row) => row.course_id))) ladders.set(courseId, await courseLadder(db, courseId));
  const refs = rows.map((row) => ({ familyEmail: familyEmailOf(row.email), childKey: row.child_key }));
  const records = await childRecords(db, refs);
  const name = (item: { nameEn: string; nameAr: string }) => pickPair({ en: item.nameEn, ar: item.nameAr }, lang);
  return rows.map((row, index) => {
    const key = recordKey(refs[index]!);
    const levels = ladders.get(row.course_id)!.map((level) => levelFor(level, records.marks.get(key), records.completed.get(key)));
    const now = currentLevel(levels);
    return {
      key: `${index}`,
      child: row.child_name,
      course: pick(row, "name", lang),
      levels: levels.map((level) => ({
        id: level.id,
        name: name(level),
        state: level.complete ? ("done" as const) : level === now ? ("now" as const) : ("later" as const),
        skills: level.skills.map((skill) => ({ id: skill.id, name: name(skill), status: skill.status })),
      })),
    };
  });
}
export type FamilyLevels = Awaited<ReturnType<typeof familyLevels>>;

/** The children of these enrolments as the skill records know them (read before the enrolments are erased). */
export async function childRefsOf(db: DB, enrolmentIds: number[]) {
  if (enrolmentIds.length === 0) return [];
  const rows = await enrolmentChildren(db, enrolmentIds);
  return rows.map((row) => ({ familyEmail: familyEmailOf(row.email), childKey: row.child_key }));
}

/**
 * Erasure with the family's account (decision 130): the children's skill marks and completed levels
 * go. Run after the certificates are erased (a level's certificate is found through its completion).
 */
export async function eraseLevelRecords(db: DB, children: { familyEmail: string; childKey: string }[]): Promise<void> {
  for (const child of children) {
    await db.deleteFrom("skill_marks").where("family_email", "=", child.familyEmail).where("child_key", "=", child.childKey).execute();
    await db.deleteFrom("level_completions").where("family_email", "=", child.familyEmail).where("child_key", "=", child.childKey).execute();
  }
}
