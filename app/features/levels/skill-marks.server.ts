import { recordAudit } from "~server/audit/audit";
import type { Config } from "~server/config";
import type { DB } from "~server/db/db";
import type { SkillStatus } from "~server/db/schema";
import { nowIso } from "~server/db/values";
import { signToken, verifyToken } from "~server/security/signed";
import type { Lang } from "~/i18n/lang";
import { issueToRoster } from "~/features/certificates/certificates.server";
import { notifyFamily } from "~/features/push/index.server";
import { academyTimeZone } from "~/features/site/academy-zone.server";
import { childRecords, courseLadder, currentLevel, familyEmailOf, levelFor, recordKey, type LadderLevel } from "./levels.server";
import { enrolledChildKeysInSection, enrolmentChildren } from "~/features/enrolments/queries.server";
import { sectionWithCourse } from "~/features/sections/queries.server";

/** Most children one group's skills page lists (a group holds at most 500 seats). */
export const MAX_GROUP = 500;

/**
 * A group's children and the ladder of its course: each child's levels with their skills' marks and
 * the level they work on now (decision 130). Undefined when there is no such group.
 */
export async function groupSkills(db: DB, sectionId: number) {
  const section = await sectionWithCourse(db, sectionId);
  if (!section) return undefined;
  const [ladder, enrolments] = await Promise.all([courseLadder(db, section.course_id), enrolledChildKeysInSection(db, sectionId, MAX_GROUP)]);
  const refs = enrolments.map((e) => ({ familyEmail: familyEmailOf(e.email), childKey: e.child_key }));
  const records = await childRecords(db, refs);
  return {
    section: { id: section.id, courseId: section.course_id, courseEn: section.name_en, courseAr: section.name_ar },
    ladder,
    children: enrolments.map((e, index) => {
      const key = recordKey(refs[index]!);
      const levels = ladder.map((level) => levelFor(level, records.marks.get(key), records.completed.get(key)));
      return { enrolmentId: e.id, childName: e.child_name, levels, current: currentLevel(levels) ?? null };
    }),
  };
}
export type GroupSkills = NonNullable<Awaited<ReturnType<typeof groupSkills>>>;

export interface SkillMarkInput {
  enrolmentId: number;
  skillId: number;
  status: SkillStatus;
}

export type MarkResult =
  | { ok: true; changed: number; completed: { enrolmentId: number; levelId: number; certificateId: number | null; proposed: boolean }[] }
  | { ok: false; reason: "notFound" | "notOnRoster" | "notOfCourse" };

/**
 * Marks skills of a group's children (the caller teaches the group): each mark is one row per child
 * and skill, inserted or changed in one transaction and audited before → after. Then, after the
 * commit, each level a mark touched is checked for completion (completeLevel): doing it after the
 * commit means that of two requests achieving a level's last two skills at once, the later commit
 * sees both, so the level is never left incomplete on PostgreSQL's read committed.
 */
export async function markSkills(
  db: DB,
  config: Pick<Config, "publicUrl" | "sessionSecret">,
  sectionId: number,
  marks: SkillMarkInput[],
  userId: number,
): Promise<MarkResult> {
  const group = await groupSkills(db, sectionId);
  if (!group) return { ok: false, reason: "notFound" };
  const children = new Map(group.children.map((child) => [child.enrolmentId, child]));
  const levelOfSkill = new Map(group.ladder.flatMap((level) => level.skills.map((skill) => [skill.id, level] as const)));
  if (marks.some((mark) => !children.has(mark.enrolmentId))) return { ok: false, reason: "notOnRoster" };
  if (marks.some((mark) => !levelOfSkill.has(mark.skillId))) return { ok: false, reason: "notOfCourse" };
  const enrolments = await enrolmentChildren(
    db,
    marks.map((mark) => mark.enrolmentId),
  );
  const byId = new Map(enrolments.map((e) => [e.id, e]));
  const changed = await db.transaction().execute(async (trx) => {
    let count = 0;
    for (const mark of marks) {
      const enrolment = byId.get(mark.enrolmentId)!;
      const ref = { family_email: familyEmailOf(enrolment.email), child_key: enrolment.child_key };
      const before = await trx
        .selectFrom("skill_marks")
        .select(["id", "status"])
        .where("skill_id", "=", mark.skillId)
        .where("family_email", "=", ref.family_email)
        .where("child_key", "=", ref.child_key)
        .executeTakeFirst();
      if ((before?.status ?? "not_started") === mark.status) continue;
      const now = nowIso();
      await trx
        .insertInto("skill_marks")
        .values({ skill_id: mark.skillId, ...ref, status: mark.status, enrolment_id: mark.enrolmentId, marked_by: userId, created_at: now, updated_at: now })
        .onConflict((oc) =>
          oc
            .columns(["skill_id", "family_email", "child_key"])
            .doUpdateSet({ status: mark.status, enrolment_id: mark.enrolmentId, marked_by: userId, updated_at: now }),
        )
        .execute();
      await recordAudit(trx, {
        userId,
        action: "skill_mark",
        entity: "section",
        entityId: sectionId,
        summary: { enrolmentId: mark.enrolmentId, skillId: mark.skillId, changes: { status: { from: before?.status ?? null, to: mark.status } } },
      });
      count += 1;
    }
    return count;
  });
  const completed: Extract<MarkResult, { ok: true }>["completed"] = [];
  const touched = new Set(marks.filter((mark) => mark.status === "achieved").map((mark) => `${mark.enrolmentId}:${levelOfSkill.get(mark.skillId)!.id}`));
  for (const pair of touched) {
    const [enrolmentId, levelId] = pair.split(":").map(Number) as [number, number];
    const enrolment = byId.get(enrolmentId)!;
    const done = await completeLevel(db, config, {
      sectionId,
      ladder: group.ladder,
      levelId,
      course: { en: group.section.courseEn, ar: group.section.courseAr },
      enrolment: { id: enrolmentId, email: enrolment.email, childKey: enrolment.child_key, childName: enrolment.child_name, lang: enrolment.lang },
      userId,
    });
    if (done) completed.push({ enrolmentId, levelId, ...done });
  }
  return { ok: true, changed, completed };
}

interface CompletionContext {
  sectionId: number;
  ladder: LadderLevel[];
  levelId: number;
  course: { en: string; ar: string };
  enrolment: { id: number; email: string; childKey: string; childName: string; lang: Lang };
  userId: number;
}

/** The next level's proposal link: that group's course page with the child and parent filled in (prefillOfLevelToken). */
const PURPOSE = "level-proposal";
const LIFETIME_MS = 60 * 86_400_000;
export const levelProposalToken = (secret: string, completionId: number, now = Date.now()) => signToken(secret, PURPOSE, [completionId], now + LIFETIME_MS);

/** The completion a proposal link's token names, when it is ours and not expired. */
export function completionOfToken(secret: string, token: string | null): number | undefined {
  if (!token) return undefined;
  const checked = verifyToken(secret, PURPOSE, token, 1);
  if (!checked.ok || !/^\d{1,10}$/.test(checked.fields[0]!)) return undefined;
  return Number(checked.fields[0]);
}

/**
 * A level is complete when it has skills and the child achieved every one. The completion row is
 * UNIQUE per child and level: only the request that inserts it queues the proposal (in the same
 * transaction) and then issues the certificate through the certificates' own issueToRoster (its
 * partial unique index on `level_completion_id` is a second guard). Null when the level is not
 * complete, or was already.
 */
async function completeLevel(db: DB, config: Pick<Config, "publicUrl" | "sessionSecret">, context: CompletionContext) {
  const levelIndex = context.ladder.findIndex((level) => level.id === context.levelId);
  const level = context.ladder[levelIndex]!;
  if (level.skills.length === 0) return null;
  const familyEmail = familyEmailOf(context.enrolment.email);
  const achieved = await db
    .selectFrom("skill_marks")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where(
      "skill_id",
      "in",
      level.skills.map((skill) => skill.id),
    )
    .where("family_email", "=", familyEmail)
    .where("child_key", "=", context.enrolment.childKey)
    .where("status", "=", "achieved")
    .executeTakeFirstOrThrow();
  if (Number(achieved.n) < level.skills.length) return null;
  const next = context.ladder[levelIndex + 1];
  const proposedSection = next?.sectionId ?? null;
  const completion = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("level_completions")
      .values({
        level_id: level.id,
        family_email: familyEmail,
        child_key: context.enrolment.childKey,
        child_name: context.enrolment.childName,
        enrolment_id: context.enrolment.id,
        proposed_section_id: proposedSection,
        completed_by: context.userId,
        created_at: nowIso(),
      })
      .onConflict((oc) => oc.columns(["level_id", "family_email", "child_key"]).doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!row) return null;
    await recordAudit(trx, {
      userId: context.userId,
      action: "complete",
      entity: "course_level",
      entityId: level.id,
      summary: { enrolmentId: context.enrolment.id, completionId: row.id, proposedSectionId: proposedSection },
    });
    let proposed = false;
    if (next) {
      const link = await proposalLink(trx, config, row.id, proposedSection, context.enrolment.lang);
      if (link)
        ({ messaged: proposed } = await notifyFamily(trx, {
          event: `level-proposal:${row.id}`,
          email: context.enrolment.email,
          template: "level_proposal",
          params: {
            child: context.enrolment.childName,
            level_en: level.nameEn,
            level_ar: level.nameAr,
            next_en: next.nameEn,
            next_ar: next.nameAr,
            link,
          },
          push: { category: "certificate", url: "/account" },
        }));
    }
    return { id: row.id, proposed };
  });
  if (!completion) return null;
  const [issued] = await issueToRoster(
    db,
    {
      kind: "level",
      sectionId: context.sectionId,
      levelCompletionId: completion.id,
      titleEn: `${context.course.en}: ${level.nameEn}`,
      titleAr: `${context.course.ar}: ${level.nameAr}`,
    },
    1,
    [
      {
        enrolmentId: context.enrolment.id,
        childName: context.enrolment.childName,
        lang: context.enrolment.lang,
        attended: 1,
        rate: 100,
        live: null,
        revoked: [],
      },
    ],
    { threshold: 100, language: "family", timeZone: await academyTimeZone(db), userId: context.userId },
  );
  return { certificateId: issued?.certificate?.id ?? null, proposed: completion.proposed };
}

/** The proposal's link: the next level's group's course page (`?section=`), or the ladder course's page when no group is named. */
async function proposalLink(db: DB, config: Pick<Config, "publicUrl" | "sessionSecret">, completionId: number, sectionId: number | null, lang: Lang) {
  const course = sectionId
    ? await sectionWithCourse(db, sectionId)
    : await db
        .selectFrom("level_completions as lc")
        .innerJoin("course_levels as l", "l.id", "lc.level_id")
        .innerJoin("courses as c", "c.id", "l.course_id")
        .select("c.slug")
        .where("lc.id", "=", completionId)
        .executeTakeFirst();
  if (!course) return null;
  const query = new URLSearchParams({ ...(sectionId ? { section: String(sectionId) } : {}), level: levelProposalToken(config.sessionSecret, completionId) });
  return new URL(`${lang === "ar" ? "/ar" : ""}/courses/${course.slug}?${query.toString()}#enrol`, config.publicUrl).toString();
}

/**
 * The course page's form filled in from a proposal link (as a demo follow-up's, decision 069): the
 * child and parent of the enrolment the level was completed from, when the token is valid.
 */
export async function levelPrefill(db: DB, secret: string, token: string | null) {
  const completionId = completionOfToken(secret, token);
  if (completionId === undefined) return null;
  const row = await db
    .selectFrom("level_completions as lc")
    .innerJoin("section_enrolments as e", "e.id", "lc.enrolment_id")
    .select(["e.child_name", "e.child_age", "e.parent_name", "e.email", "e.phone"])
    .where("lc.id", "=", completionId)
    .executeTakeFirst();
  if (!row) return null;
  return { childName: row.child_name, childAge: String(row.child_age), parentName: row.parent_name, email: row.email, phone: row.phone };
}
