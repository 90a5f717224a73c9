import { recordAudit } from "~server/audit/audit";
import type { DB } from "~server/db/db";
import type { SkillStatus } from "~server/db/schema";
import { nowIso } from "~server/db/values";
import { sectionWithCourse } from "~/features/sections/queries.server";
import { courseById } from "~/features/admin-content/queries.server";

/**
 * A course's ladder of levels and their skills (issue 44 item 1, decision 130): what staff edit on
 * /admin/courses/edit/:id/levels, what the roster marks, what the account shows.
 */

/** Most levels a course's ladder holds, and skills a level holds (a ladder is a page, not a catalogue). */
export const MAX_LEVELS = 30;
export const MAX_SKILLS = 40;

export interface LadderSkill {
  id: number;
  position: number;
  nameEn: string;
  nameAr: string;
}

export interface LadderLevel {
  id: number;
  position: number;
  nameEn: string;
  nameAr: string;
  /** The group teaching this level now (proposed to those completing the level before), or null. */
  sectionId: number | null;
  skills: LadderSkill[];
}

/** A child as the skill records know them: the family's e-mail and the child's key (decision 059's identity of a child). */
export interface ChildRef {
  familyEmail: string;
  childKey: string;
}

/** The family key of an enrolment's e-mail (as the messaging preferences keep it). */
export const familyEmailOf = (email: string) => email.trim().toLowerCase();

/** A course's ladder, levels and skills in their order ([] when it has none). */
export async function courseLadder(db: DB, courseId: number): Promise<LadderLevel[]> {
  const levels = await db
    .selectFrom("course_levels")
    .select(["id", "position", "name_en", "name_ar", "section_id"])
    .where("course_id", "=", courseId)
    .orderBy("position")
    .orderBy("id")
    .limit(MAX_LEVELS)
    .execute();
  const ids = levels.map((level) => level.id);
  const skills = ids.length
    ? await db
        .selectFrom("level_skills")
        .select(["id", "level_id", "position", "name_en", "name_ar"])
        .where("level_id", "in", ids)
        .orderBy("position")
        .orderBy("id")
        .execute()
    : [];
  return levels.map((level) => ({
    id: level.id,
    position: level.position,
    nameEn: level.name_en,
    nameAr: level.name_ar,
    sectionId: level.section_id,
    skills: skills
      .filter((skill) => skill.level_id === level.id)
      .slice(0, MAX_SKILLS)
      .map((skill) => ({ id: skill.id, position: skill.position, nameEn: skill.name_en, nameAr: skill.name_ar })),
  }));
}

export interface LevelInput {
  nameEn: string;
  nameAr: string;
  sectionId: number | null;
}

/** A group the level may name: one of any course's groups that is not cancelled; else the reason. */
async function checkSection(db: DB, sectionId: number | null): Promise<boolean> {
  if (sectionId === null) return true;
  const section = await sectionWithCourse(db, sectionId);
  return section !== undefined && section.status !== "cancelled";
}

export type LadderWrite = { ok: true; id: number } | { ok: false; reason: "notFound" | "full" | "badSection" };

/** Adds a level at the end of a course's ladder, audited. */
export async function addLevel(db: DB, courseId: number, input: LevelInput, userId: number): Promise<LadderWrite> {
  const course = await courseById(db, courseId);
  if (!course) return { ok: false, reason: "notFound" };
  if (!(await checkSection(db, input.sectionId))) return { ok: false, reason: "badSection" };
  return db.transaction().execute(async (trx) => {
    const last = await trx
      .selectFrom("course_levels")
      .select([(eb) => eb.fn.countAll<number>().as("n"), (eb) => eb.fn.max("position").as("top")])
      .where("course_id", "=", courseId)
      .executeTakeFirstOrThrow();
    if (Number(last.n) >= MAX_LEVELS) return { ok: false as const, reason: "full" as const };
    const now = nowIso();
    const row = await trx
      .insertInto("course_levels")
      .values({
        course_id: courseId,
        position: Number(last.top ?? 0) + 1,
        name_en: input.nameEn,
        name_ar: input.nameAr,
        section_id: input.sectionId,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await recordAudit(trx, { userId, action: "create", entity: "course_level", entityId: row.id, name: input.nameEn, summary: { courseId } });
    return { ok: true as const, id: row.id };
  });
}

/** Renames a level, moves it (`position`) or changes its group, audited. */
export async function updateLevel(db: DB, levelId: number, input: LevelInput & { position: number }, userId: number): Promise<LadderWrite> {
  const level = await db.selectFrom("course_levels").selectAll().where("id", "=", levelId).executeTakeFirst();
  if (!level) return { ok: false, reason: "notFound" };
  if (!(await checkSection(db, input.sectionId))) return { ok: false, reason: "badSection" };
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("course_levels")
      .set({ name_en: input.nameEn, name_ar: input.nameAr, section_id: input.sectionId, position: input.position, updated_at: nowIso() })
      .where("id", "=", levelId)
      .execute();
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    if (level.name_en !== input.nameEn) changes.name_en = { from: level.name_en, to: input.nameEn };
    if (level.name_ar !== input.nameAr) changes.name_ar = { from: level.name_ar, to: input.nameAr };
    if (level.section_id !== input.sectionId) changes.section_id = { from: level.section_id, to: input.sectionId };
    if (level.position !== input.position) changes.position = { from: level.position, to: input.position };
    await recordAudit(trx, { userId, action: "update", entity: "course_level", entityId: levelId, changes });
  });
  return { ok: true, id: levelId };
}

/** Adds a skill at the end of a level, audited. */
export async function addSkill(db: DB, levelId: number, input: { nameEn: string; nameAr: string }, userId: number): Promise<LadderWrite> {
  const level = await db.selectFrom("course_levels").select("id").where("id", "=", levelId).executeTakeFirst();
  if (!level) return { ok: false, reason: "notFound" };
  return db.transaction().execute(async (trx) => {
    const last = await trx
      .selectFrom("level_skills")
      .select([(eb) => eb.fn.countAll<number>().as("n"), (eb) => eb.fn.max("position").as("top")])
      .where("level_id", "=", levelId)
      .executeTakeFirstOrThrow();
    if (Number(last.n) >= MAX_SKILLS) return { ok: false as const, reason: "full" as const };
    const now = nowIso();
    const row = await trx
      .insertInto("level_skills")
      .values({ level_id: levelId, position: Number(last.top ?? 0) + 1, name_en: input.nameEn, name_ar: input.nameAr, created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    await recordAudit(trx, { userId, action: "create", entity: "level_skill", entityId: row.id, name: input.nameEn, summary: { levelId } });
    return { ok: true as const, id: row.id };
  });
}

/** Renames a skill, audited. */
export async function updateSkill(db: DB, skillId: number, input: { nameEn: string; nameAr: string }, userId: number): Promise<LadderWrite> {
  const skill = await db.selectFrom("level_skills").selectAll().where("id", "=", skillId).executeTakeFirst();
  if (!skill) return { ok: false, reason: "notFound" };
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("level_skills").set({ name_en: input.nameEn, name_ar: input.nameAr, updated_at: nowIso() }).where("id", "=", skillId).execute();
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    if (skill.name_en !== input.nameEn) changes.name_en = { from: skill.name_en, to: input.nameEn };
    if (skill.name_ar !== input.nameAr) changes.name_ar = { from: skill.name_ar, to: input.nameAr };
    await recordAudit(trx, { userId, action: "update", entity: "level_skill", entityId: skillId, changes });
  });
  return { ok: true, id: skillId };
}

/** Each child's marks ("skillId" → status) and completed levels, for these children. */
export async function childRecords(db: DB, children: ChildRef[]) {
  const emails = [...new Set(children.map((child) => child.familyEmail))];
  if (emails.length === 0) return { marks: new Map<string, Map<number, SkillStatus>>(), completed: new Map<string, Set<number>>() };
  const [marks, completions] = await Promise.all([
    db.selectFrom("skill_marks").select(["skill_id", "family_email", "child_key", "status"]).where("family_email", "in", emails).execute(),
    db.selectFrom("level_completions").select(["level_id", "family_email", "child_key"]).where("family_email", "in", emails).execute(),
  ]);
  const key = (email: string, childKey: string) => recordKey({ familyEmail: email, childKey });
  const byChild = new Map<string, Map<number, SkillStatus>>();
  for (const mark of marks) {
    const k = key(mark.family_email, mark.child_key);
    if (!byChild.has(k)) byChild.set(k, new Map());
    byChild.get(k)!.set(mark.skill_id, mark.status);
  }
  const completed = new Map<string, Set<number>>();
  for (const row of completions) {
    const k = key(row.family_email, row.child_key);
    if (!completed.has(k)) completed.set(k, new Set());
    completed.get(k)!.add(row.level_id);
  }
  return { marks: byChild, completed };
}

export const recordKey = (child: ChildRef) => `${child.familyEmail}\n${child.childKey}`;

/** One level as a child stands on it: each skill with the child's mark, and whether the level is complete. */
export function levelFor(level: LadderLevel, marks: Map<number, SkillStatus> | undefined, completed: Set<number> | undefined) {
  return {
    ...level,
    complete: completed?.has(level.id) ?? false,
    skills: level.skills.map((skill) => ({ ...skill, status: marks?.get(skill.id) ?? ("not_started" as SkillStatus) })),
  };
}

/** The level a child works on: the first of the ladder not complete (the last one when all are). */
export function currentLevel<L extends { complete: boolean }>(levels: L[]): L | undefined {
  return levels.find((level) => !level.complete) ?? levels[levels.length - 1];
}
