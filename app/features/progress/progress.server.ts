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
import { enrolledOrDroppedInSection } from "~/features/enrolments/queries.server";
import { groupWithLevel, heldMeetingCount, scheduledSpan, sectionWithCourse } from "~/features/sections/queries.server";
import { lastActionAt } from "~server/audit/read";
import { attendedCountsInSection } from "~/features/teaching/queries.server";
import { achievedSkillsOf, completedLevelsOf } from "~/features/levels/queries.server";
import { projectsOfEnrolment } from "~/features/portfolio/queries.server";

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
  /** The academy date the child left the group mid-term (decision 144): attendance counts up to it; absent otherwise. */
  leftOn?: string;
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
  const section = await sectionWithCourse(db, sectionId);
  if (!section) return undefined;
  const lastClass = (await scheduledSpan(db, sectionId)).last ?? section.ends_at;
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

/**
 * The children a group's reports are for (decision 144): those enrolled, and those who left it
 * (dropped) after its first class had begun, with when they left: the drop's audit entry, else the
 * enrolment's last change. A child dropped before the term began gets no report.
 */
export async function reportRoster(db: DB, sectionId: number) {
  const rows = await enrolledOrDroppedInSection(db, sectionId, MAX_REPORTS);
  const dropped = rows.filter((row) => row.status === "dropped").map((row) => row.id);
  const drops = dropped.length ? await lastActionAt(db, "section_enrolment", "drop", dropped.map(String)) : [];
  const droppedAt = new Map(drops.map((row) => [Number(row.entity_id), String(row.at)]));
  const firstClass = (await scheduledSpan(db, sectionId)).first;
  return rows.flatMap((row) => {
    if (row.status === "enrolled") return [{ enrolmentId: row.id, childName: row.child_name, email: row.email, lang: row.lang, leftAt: null as string | null }];
    const leftAt = droppedAt.get(row.id) ?? row.updated_at;
    return firstClass !== null && leftAt > firstClass ? [{ enrolmentId: row.id, childName: row.child_name, email: row.email, lang: row.lang, leftAt }] : [];
  });
}

/** A child's attendance up to `until` (their leaving): present or late at this group's classes held by then, of those held. */
async function attendanceUntil(db: DB, sectionId: number, enrolmentId: number, until: string) {
  const held = await heldMeetingCount(db, sectionId, until);
  const [attended] = await attendedCountsInSection(db, [enrolmentId], sectionId, until);
  return { attended: Number(attended?.n ?? 0), held };
}

/** The group's children (enrolled, or who left mid-term) with their notes and their report's state (the teaching page). */
export async function groupReports(db: DB, sectionId: number, timeZone: string) {
  const group = await groupOf(db, sectionId, timeZone);
  if (!group) return undefined;
  const roster = await reportRoster(db, sectionId);
  const reports = roster.length
    ? await db
        .selectFrom("progress_reports as r")
        .select(["r.enrolment_id", "r.id as report_id", "r.comment", "r.next_step", "r.version", "r.issued_at"])
        .where(
          "r.enrolment_id",
          "in",
          roster.map((child) => child.enrolmentId),
        )
        .execute()
    : [];
  const byEnrolment = new Map(reports.map((row) => [row.enrolment_id, row]));
  return {
    group,
    children: roster
      .map((child) => ({ child, row: byEnrolment.get(child.enrolmentId) }))
      .map(({ child, row }) => ({
        enrolmentId: child.enrolmentId,
        childName: child.childName,
        lang: child.lang,
        /** When the child left the group mid-term (academy date), or null. */
        leftOn: child.leftAt === null ? null : zonedParts(child.leftAt, timeZone).date,
        comment: row?.comment ?? "",
        nextStep: row?.next_step ?? "",
        report: row && row.version > 0 ? { id: row.report_id, version: row.version, issuedAt: row.issued_at! } : null,
      })),
  };
}
export type GroupReports = NonNullable<Awaited<ReturnType<typeof groupReports>>>;

/** Saves children's comments and next steps (each must be a child of the group); false when one is not. */
export async function saveNotes(db: DB, sectionId: number, notes: ReportNotes, userId: number): Promise<boolean> {
  const ids = new Set(notes.map((note) => note.enrolmentId));
  const roster = new Set((await reportRoster(db, sectionId)).map((child) => child.enrolmentId));
  if ([...ids].some((id) => !roster.has(id))) return false;
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
  child: { enrolmentId: number; childName: string; attended: number; leftOn: string | null },
  held: number,
  notes: { comment: string; nextStep: string },
): Promise<ReportContent> {
  const skills = await achievedSkillsOf(db, child.enrolmentId, 200);
  const completions = await completedLevelsOf(db, child.enrolmentId);
  const projects = await projectsOfEnrolment(db, child.enrolmentId, 30);
  const proposedId = completions.findLast((c) => c.proposed_section_id !== null)?.proposed_section_id ?? null;
  let proposal: ReportContent["proposal"] = null;
  if (proposedId !== null) {
    const next = await groupWithLevel(db, proposedId);
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
    ...(child.leftOn ? { leftOn: child.leftOn } : {}),
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
  const roster = await reportRoster(db, sectionId);
  const notes = roster.length
    ? await db
        .selectFrom("progress_reports")
        .select(["enrolment_id", "comment", "next_step"])
        .where(
          "enrolment_id",
          "in",
          roster.map((child) => child.enrolmentId),
        )
        .execute()
    : [];
  const notesOf = new Map(notes.map((row) => [row.enrolment_id, row]));
  const attendedOf = new Map(rates.children.map((child) => [child.enrolmentId, child.attended]));
  const drafts: { enrolmentId: number; email: string; lang: Lang; childName: string; course: Pair; content: string }[] = [];
  for (const child of roster) {
    const note = notesOf.get(child.enrolmentId);
    // A child who left: the classes held and attended up to their leaving (decision 144).
    const counted =
      child.leftAt === null
        ? { attended: attendedOf.get(child.enrolmentId) ?? 0, held: rates.held }
        : await attendanceUntil(db, sectionId, child.enrolmentId, child.leftAt);
    const content = await contentOf(
      db,
      group,
      {
        enrolmentId: child.enrolmentId,
        childName: child.childName,
        attended: counted.attended,
        leftOn: child.leftAt === null ? null : zonedParts(child.leftAt, options.timeZone).date,
      },
      counted.held,
      { comment: note?.comment ?? "", nextStep: note?.next_step ?? "" },
    );
    drafts.push({
      enrolmentId: child.enrolmentId,
      email: child.email,
      lang: child.lang,
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
      // Every issued version is kept (decision 144): the family opens earlier ones, their links keep answering.
      await trx
        .insertInto("progress_report_versions")
        .values({ report_id: row.id, version: row.version, lang: draft.lang, content: draft.content, issued_at: now, issued_by: options.userId })
        .execute();
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

/** An earlier (or the current) version of an issued report, as it was issued; undefined when there is no such version. */
export async function reportVersion(db: DB, report: IssuedReport, version: number): Promise<IssuedReport | undefined> {
  const row = await db
    .selectFrom("progress_report_versions")
    .select(["version", "lang", "content", "issued_at"])
    .where("report_id", "=", report.id)
    .where("version", "=", version)
    .executeTakeFirst();
  if (!row) return undefined;
  return { ...report, version: row.version, lang: row.lang, issuedAt: row.issued_at, content: JSON.parse(row.content) as ReportContent };
}

/** The versions issued before the current one of each report: number and date, newest first. */
export async function earlierVersions(db: DB, reports: { id: number; version: number }[]): Promise<Map<number, { version: number; issuedAt: string }[]>> {
  const found = new Map<number, { version: number; issuedAt: string }[]>();
  if (reports.length === 0) return found;
  const rows = await db
    .selectFrom("progress_report_versions")
    .select(["report_id", "version", "issued_at"])
    .where(
      "report_id",
      "in",
      reports.map((report) => report.id),
    )
    .orderBy("version", "desc")
    .limit(MAX_REPORTS * 4)
    .execute();
  const current = new Map(reports.map((report) => [report.id, report.version]));
  for (const row of rows) {
    if (row.version >= (current.get(row.report_id) ?? 0)) continue;
    found.set(row.report_id, [...(found.get(row.report_id) ?? []), { version: row.version, issuedAt: row.issued_at }]);
  }
  return found;
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
