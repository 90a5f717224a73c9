import { sql } from "kysely";
import type { DB } from "~server/db/db";

/**
 * The levels' query module (decision 153): other features read `course_levels`, `skill_marks` and
 * `level_completions` through these functions. Imports no feature: check-import-cycles.ts counts
 * it as a node of its own.
 */

/** The ladder levels naming these groups as "the group teaching it now" (decision 130), with the course's names, highest first. */
export function levelsOfSections(db: DB, sectionIds: readonly number[]) {
  return db
    .selectFrom("course_levels as l")
    .innerJoin("courses as c", "c.id", "l.course_id")
    .select(["l.id", "l.section_id", "l.name_en", "l.name_ar", "c.name_en as course_en", "c.name_ar as course_ar"])
    .where("l.section_id", "in", sectionIds)
    .orderBy("l.position", "desc")
    .execute();
}

/** The skills an enrolment achieved with their level's names, in ladder order, at most `limit`. */
export function achievedSkillsOf(db: DB, enrolmentId: number, limit: number) {
  return db
    .selectFrom("skill_marks as m")
    .innerJoin("level_skills as k", "k.id", "m.skill_id")
    .innerJoin("course_levels as l", "l.id", "k.level_id")
    .select(["l.name_en as level_en", "l.name_ar as level_ar", "k.name_en", "k.name_ar"])
    .where("m.enrolment_id", "=", enrolmentId)
    .where("m.status", "=", "achieved")
    .orderBy("l.position")
    .orderBy("k.position")
    .orderBy("k.id")
    .limit(limit)
    .execute();
}

/** The levels an enrolment completed, with the group proposed next, in ladder order. */
export function completedLevelsOf(db: DB, enrolmentId: number) {
  return db
    .selectFrom("level_completions as lc")
    .innerJoin("course_levels as l", "l.id", "lc.level_id")
    .select(["l.name_en", "l.name_ar", "l.position", "lc.proposed_section_id"])
    .where("lc.enrolment_id", "=", enrolmentId)
    .orderBy("l.position")
    .execute();
}

/** The ids of the level completions made from these enrolments: a subquery for another owner's `in` (certificates of a level). */
export const completionIdsOf = (db: DB, enrolmentIds: readonly number[]) =>
  db.selectFrom("level_completions").select("level_completions.id").where("level_completions.enrolment_id", "in", enrolmentIds);

/** The levels of the course named by `courseColumn` of the outer query ("c.id"): a subquery for `exists` (the course has a ladder). */
export const ladderOf = (db: DB, courseColumn: string) =>
  db.selectFrom("course_levels as l").select("l.id").where("l.course_id", "=", sql.ref<number>(courseColumn));
