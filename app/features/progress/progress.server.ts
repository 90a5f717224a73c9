import { z } from "zod";
import { recordAudit } from "~server/audit/audit";
import type { DB } from "~server/db/db";
import { nowIso } from "~server/db/values";
import { mailKind, queueMail } from "~server/mail/mail-queue";
import { serverT } from "~server/i18n";
import type { Lang } from "~/i18n/lang";
import { zonedParts } from "~/lib/zoned-time";
import { ownedBy, ownerOf } from "~/features/family/account-owner.server";
import { groupRates } from "~/features/certificates/certificates.server";
import { familyEmailOf } from "~/features/levels/levels.server";
import { notifyFamily } from "~/features/push/index.server";
import type { ReportNotes } from "./progress.schema";

/**
 * Termly progress reports (issue 44 item 3, decision 138). One report per child in a group (per
 * enrolment): the instructor's comment and next step are written on the row before it is issued;
 * issuing draws the figures (attendance, skills achieved and levels completed in this group, the
 * child's projects, the next group proposed) into `content`, in the family's language, and mails
 * the family. Issuing again changes nothing unless the content did: then the same report becomes
 * version n + 1 and the family is mailed that it was updated.
 */

/** A name known in both languages. */
export interface Pair {
  en: string;
  ar: string;
}

/** The report as issued (stored as JSON; the PDF and the account read it, never the live records). */
export interface ReportContent {
  childName: string;
  course: Pair;
  /** The group's first and last class, academy dates (YYYY-MM-DD). */
  term: { first: string; last: string };
  attendance: { attended: number; held: number };
  /** Skills marked achieved from this group's roster, in ladder order. */
  skills: { level: Pair; skill: Pair }[];
  levelsCompleted: Pair[];
  /** The child's projects from this group: title and note only (photos stay behind the consent rule on /account, decision 135). */
  projects: { title: string; note: string }[];
  comment: string;
  nextStep: string;
  /** The next level's group proposed when a level was completed here (decision 130), or null. */
  proposal: { level: Pair | null; course: Pair; startsOn: string } | null;
}

/** The progress report mail: one per family and issue, naming its reports (rendered when sent). */
export const progressReportMail = mailKind(
  "progress-report",
  z.object({
    reports: z
      .array(z.object({ id: z.number().int().positive(), version: z.number().int().positive() }))
      .min(1)
      .max(50),
  }),
);

/** Most reports one read lists (an account's, a group's). */
const MAX_REPORTS = 500;

/** The group, its course, its term's dates and whether its last class has begun. */
export async function groupOf(db: DB, sectionId: number, timeZone: string, now = nowIso()) {
  const section = await db
    .selectFrom("course_sections as s")
    .innerJoin("courses as c", "c.id", "s.course_id")
    .select(["s.id", "s.course_id", "s.starts_at", "s.ends_at", "c.name_en", "c.name_ar"])
    .where("s.id", "=", sectionId)
    .executeTakeFirst();
  if (!section) return undefined;
  const last = await db
    .selectFrom("section_meetings")
    .select((eb) => eb.fn.max("starts_at").as("last"))
    .where("section_id", "=", sectionId)
    .where("status", "=", "scheduled")
    .executeTakeFirst();
  const lastClass = (last?.last as string | null | undefined) ?? section.ends_at;
  return {
    id: section.id,
    courseId: section.course_id,
    course: { en: section.name_en, ar: section.name_ar },
    term: { first: zonedParts(section.starts_at, timeZone).date, last: zonedParts(lastClass, timeZone).date },
    /** The last class has begun: an instructor may issue; staff may issue earlier. */
    ended: lastClass <= now,
  };
}
export type ReportGroup = NonNullable<Awaited<ReturnType<typeof groupOf>>>;

/** The group's enrolled children with their notes and their report's state (the teaching page). */
export async function groupReports(db: DB, sectionId: number, timeZone: string) {
  const group = await groupOf(db, sectionId, timeZone);
  if (!group) return undefined;
  const children = await db
    .selectFrom("section_enrolments as e")
    .leftJoin("progress_reports as r", "r.enrolment_id", "e.id")
    .select(["e.id", "e.child_name", "e.lang", "r.id as report_id", "r.comment", "r.next_step", "r.version", "r.issued_at"])
    .where("e.section_id", "=", sectionId)
    .where("e.status", "=", "enrolled")
    .orderBy("e.child_name")
    .orderBy("e.id")
    .limit(MAX_REPORTS)
    .execute();
  return {
    group,
    children: children.map((row) => ({
      enrolmentId: row.id,
      childName: row.child_name,
      lang: row.lang,
      comment: row.comment ?? "",
      nextStep: row.next_step ?? "",
      report: row.report_id !== null && (row.version ?? 0) > 0 ? { id: row.report_id, version: row.version!, issuedAt: row.issued_at! } : null,
    })),
  };
}
export type GroupReports = NonNullable<Awaited<ReturnType<typeof groupReports>>>;

/** Saves children's comments and next steps (each must be a child of the group); false when one is not. */
export async function saveNotes(db: DB, sectionId: number, notes: ReportNotes, userId: number): Promise<boolean> {
  const ids = notes.map((note) => note.enrolmentId);
  const roster = await db
    .selectFrom("section_enrolments")
    .select("id")
    .where("section_id", "=", sectionId)
    .where("status", "=", "enrolled")
    .where("id", "in", ids)
    .execute();
  if (roster.length !== new Set(ids).size) return false;
  await db.transaction().execute(async (trx) => {
    const now = nowIso();
    for (const note of notes) {
      await trx
        .insertInto("progress_reports")
        .values({
          enrolment_id: note.enrolmentId,
          section_id: sectionId,
          comment: note.comment,
          next_step: note.nextStep,
          notes_by: userId,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.column("enrolment_id").doUpdateSet({ comment: note.comment, next_step: note.nextStep, notes_by: userId, updated_at: now }))
        .execute();
    }
    await recordAudit(trx, { userId, action: "notes", entity: "progress_report", entityId: sectionId, summary: { children: notes.length } });
  });
  return true;
}

/** What one child's report says now: the figures drawn from the records of this group. */
async function contentOf(
  db: DB,
  group: ReportGroup,
  child: { enrolmentId: number; childName: string; attended: number },
  held: number,
  notes: { comment: string; nextStep: string },
): Promise<ReportContent> {
  const skills = await db
    .selectFrom("skill_marks as m")
    .innerJoin("level_skills as k", "k.id", "m.skill_id")
    .innerJoin("course_levels as l", "l.id", "k.level_id")
    .select(["l.name_en as level_en", "l.name_ar as level_ar", "k.name_en", "k.name_ar"])
    .where("m.enrolment_id", "=", child.enrolmentId)
    .where("m.status", "=", "achieved")
    .orderBy("l.position")
    .orderBy("k.position")
    .orderBy("k.id")
    .limit(200)
    .execute();
  const completions = await db
    .selectFrom("level_completions as lc")
    .innerJoin("course_levels as l", "l.id", "lc.level_id")
    .select(["l.name_en", "l.name_ar", "l.position", "lc.proposed_section_id"])
    .where("lc.enrolment_id", "=", child.enrolmentId)
    .orderBy("l.position")
    .execute();
  const projects = await db
    .selectFrom("portfolio_projects")
    .select(["title", "note"])
    .where("enrolment_id", "=", child.enrolmentId)
    .orderBy("id")
    .limit(30)
    .execute();
  const proposedId = completions.findLast((c) => c.proposed_section_id !== null)?.proposed_section_id ?? null;
  let proposal: ReportContent["proposal"] = null;
  if (proposedId !== null) {
    const next = await db
      .selectFrom("course_sections as s")
      .innerJoin("courses as c", "c.id", "s.course_id")
      .leftJoin("course_levels as l", "l.section_id", "s.id")
      .select(["c.name_en", "c.name_ar", "s.first_date", "l.name_en as level_en", "l.name_ar as level_ar"])
      .where("s.id", "=", proposedId)
      .executeTakeFirst();
    if (next)
      proposal = {
        level: next.level_en !== null ? { en: next.level_en, ar: next.level_ar ?? next.level_en } : null,
        course: { en: next.name_en, ar: next.name_ar },
        startsOn: next.first_date,
      };
  }
  return {
    childName: child.childName,
    course: group.course,
    term: group.term,
    attendance: { attended: child.attended, held },
    skills: skills.map((s) => ({ level: { en: s.level_en, ar: s.level_ar }, skill: { en: s.name_en, ar: s.name_ar } })),
    levelsCompleted: completions.map((c) => ({ en: c.name_en, ar: c.name_ar })),
    projects: projects.map((p) => ({ title: p.title, note: p.note })),
    comment: notes.comment,
    nextStep: notes.nextStep,
    proposal,
  };
}

export type IssueResult = { ok: true; issued: number; unchanged: number } | { ok: false; reason: "notFound" | "notEnded" };

/**
 * Issues the group's reports (decision 138). Each child's content is drawn first; then, in one
 * transaction, each child's row is made if missing and its version moves only where the stored
 * content differs: a second issue at once (another tab, another instance, the other database's
 * read committed) waits on the first's row locks, then finds the content equal and changes
 * nothing, so each child has one report and each family one mail. `early`: staff may issue
 * before the last class.
 */
export async function issueReports(db: DB, sectionId: number, options: { userId: number; timeZone: string; early: boolean }): Promise<IssueResult> {
  const group = await groupOf(db, sectionId, options.timeZone);
  if (!group) return { ok: false, reason: "notFound" };
  if (!group.ended && !options.early) return { ok: false, reason: "notEnded" };
  const rates = await groupRates(db, sectionId);
  if (!rates) return { ok: false, reason: "notFound" };
  const rows = await db
    .selectFrom("section_enrolments as e")
    .leftJoin("progress_reports as r", "r.enrolment_id", "e.id")
    .select(["e.id", "e.email", "e.lang", "r.comment", "r.next_step"])
    .where("e.section_id", "=", sectionId)
    .where("e.status", "=", "enrolled")
    .limit(MAX_REPORTS)
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  const drafts: { enrolmentId: number; email: string; lang: Lang; childName: string; course: Pair; content: string }[] = [];
  for (const child of rates.children) {
    const row = byId.get(child.enrolmentId);
    if (!row) continue;
    const content = await contentOf(db, group, child, rates.held, { comment: row.comment ?? "", nextStep: row.next_step ?? "" });
    drafts.push({
      enrolmentId: child.enrolmentId,
      email: row.email,
      lang: row.lang,
      childName: child.childName,
      course: group.course,
      content: JSON.stringify(content),
    });
  }
  drafts.sort((a, b) => a.enrolmentId - b.enrolmentId);
  const issued = await db.transaction().execute(async (trx) => {
    const now = nowIso();
    const done: { id: number; version: number; email: string; lang: Lang; childName: string; course: Pair }[] = [];
    for (const draft of drafts) {
      await trx
        .insertInto("progress_reports")
        .values({ enrolment_id: draft.enrolmentId, section_id: sectionId, created_at: now, updated_at: now })
        .onConflict((oc) => oc.column("enrolment_id").doNothing())
        .execute();
      const row = await trx
        .updateTable("progress_reports")
        .set((eb) => ({ version: eb("version", "+", 1), content: draft.content, lang: draft.lang, issued_at: now, issued_by: options.userId, updated_at: now }))
        .where("enrolment_id", "=", draft.enrolmentId)
        .where((eb) => eb.or([eb("content", "is", null), eb("content", "!=", draft.content)]))
        .returning(["id", "version"])
        .executeTakeFirst();
      if (!row) continue;
      done.push({ id: row.id, version: row.version, email: draft.email, lang: draft.lang, childName: draft.childName, course: draft.course });
      await recordAudit(trx, {
        userId: options.userId,
        action: "issue",
        entity: "progress_report",
        entityId: row.id,
        summary: { sectionId, version: row.version },
      });
      // On WhatsApp or SMS and the phones, for guardians who chose them (decisions 127, 143); the e-mail carries the PDF either way.
      await notifyFamily(trx, {
        event: `progress-report:${row.id}:${row.version}`,
        email: draft.email,
        template: "progress_report_ready",
        params: { child: draft.childName, course_en: draft.course.en, course_ar: draft.course.ar },
        ownMail: true,
        push: { category: "certificate", url: "/account" },
      });
    }
    // One e-mail per family, naming each of its children's reports issued now.
    const families = new Map<string, typeof done>();
    for (const report of done) families.set(familyEmailOf(report.email), [...(families.get(familyEmailOf(report.email)) ?? []), report]);
    for (const reports of families.values()) {
      const first = reports[0]!;
      await queueMail(trx, progressReportMail, {
        to: first.email,
        subject: mailSubject(first.lang, reports),
        data: { reports: reports.map((report) => ({ id: report.id, version: report.version })) },
      });
    }
    return done.length;
  });
  return { ok: true, issued, unchanged: drafts.length - issued };
}

/** The mail's subject in the family's language: one child's report, or several; "updated" after the first version. */
export function mailSubject(lang: Lang, reports: { childName: string; version: number }[]): string {
  const key = reports.some((report) => report.version > 1) ? "mail.subjectUpdated" : "mail.subject";
  return serverT(lang, "progress", key, { child: reports.map((report) => report.childName).join(lang === "ar" ? " و" : " & ") });
}

/** An issued report with what the PDF needs. */
export interface IssuedReport {
  id: number;
  version: number;
  lang: Lang;
  issuedAt: string;
  sectionId: number;
  email: string;
  content: ReportContent;
}

const issuedBase = (db: DB) =>
  db
    .selectFrom("progress_reports as r")
    .innerJoin("section_enrolments as e", "e.id", "r.enrolment_id")
    .select(["r.id", "r.version", "r.lang", "r.issued_at", "r.content", "r.section_id", "e.email", "e.lang as family_lang"])
    .where("r.version", ">", 0);

const issuedOf = (row: {
  id: number;
  version: number;
  lang: Lang | null;
  issued_at: string | null;
  content: string | null;
  section_id: number;
  email: string;
  family_lang: Lang;
}): IssuedReport => ({
  id: row.id,
  version: row.version,
  lang: row.lang ?? row.family_lang,
  issuedAt: row.issued_at ?? "",
  sectionId: row.section_id,
  email: row.email,
  content: JSON.parse(row.content ?? "{}") as ReportContent,
});

/** An issued report by id (undefined when none). */
export async function issuedReport(db: DB, id: number): Promise<IssuedReport | undefined> {
  const row = await issuedBase(db).where("r.id", "=", id).executeTakeFirst();
  return row ? issuedOf(row) : undefined;
}

/** The issued report of one enrolment of a group (the teaching page's PDF link). */
export async function groupReport(db: DB, sectionId: number, enrolmentId: number): Promise<IssuedReport | undefined> {
  const row = await issuedBase(db).where("r.section_id", "=", sectionId).where("r.enrolment_id", "=", enrolmentId).executeTakeFirst();
  return row ? issuedOf(row) : undefined;
}

/** The issued reports of the enrolments the account holds (ownedBy: its id, or its proven e-mail), newest first. */
export async function familyReports(db: DB, userId: number): Promise<IssuedReport[]> {
  const owner = await ownerOf(db, userId);
  const rows = await issuedBase(db).where(ownedBy("e", owner)).orderBy("r.issued_at", "desc").orderBy("r.id", "desc").limit(MAX_REPORTS).execute();
  return rows.map(issuedOf);
}

/** Erasure with the family's account: its children's reports go (run before the enrolments are erased). */
export async function eraseProgressReports(db: DB, enrolmentIds: number[]): Promise<number> {
  if (enrolmentIds.length === 0) return 0;
  const done = await db.deleteFrom("progress_reports").where("enrolment_id", "in", enrolmentIds).executeTakeFirst();
  return Number(done.numDeletedRows);
}
