import { randomInt } from "node:crypto";
import { sql, type ExpressionBuilder, type Selectable } from "kysely";
import { recordAudit } from "~server/audit/audit";
import type { DB } from "~server/db/db";
import type { CertificatesTable, Database } from "~server/db/schema";
import { nowIso } from "~server/db/values";
import type { Lang } from "~/i18n/lang";
import { zonedParts } from "~/lib/zoned-time";
import { notifyFamily } from "~/features/push/index.server";
import { enrolledInSection } from "~/features/enrolments/queries.server";
import { completionIdsOf } from "~/features/levels/queries.server";
import { findEnrolment } from "~/features/enrolments/enrolments.server";
import { heldMeetingCount, sectionWithCourse } from "~/features/sections/queries.server";
import { attendedCountsInSection } from "~/features/teaching/queries.server";

export type CertificateRow = Selectable<CertificatesTable>;

/**
 * Certificates of completion (issue 30 part 5, decision 080). A child qualifies when their share of
 * the group's held meetings (not cancelled, already begun) marked present or late reaches the
 * threshold staff set; an unmarked meeting counts as not attended, as the certificate vouches for it.
 * The camp's certificates (decision 089, camp-certificates.server.ts) count camp days instead and
 * share the rest: codes, the issue loop, revocation, the account's list and erasure.
 */

/** Crockford's base 32: no I, L, O or U, so a code read aloud or typed from paper is unambiguous. */
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/** 12 characters = 60 random bits: far too many to enumerate, short enough to type. */
const CODE_LENGTH = 12;
/** The most children one group's page lists (a group's capacity is far lower). */
export const MAX_ROSTER = 500;

export function newCertificateCode(): string {
  let code = "";
  for (let i = 0; i < CODE_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/** A typed code in its stored form: case, spaces and hyphens ignored, O read as 0 and I/L as 1; null when it cannot be one. */
export function normalizeCode(typed: string): string | null {
  if (typed.length > 40) return null;
  const code = typed.toUpperCase().replace(/[\s-]/g, "").replace(/O/g, "0").replace(/[IL]/g, "1");
  return code.length === CODE_LENGTH && [...code].every((c) => ALPHABET.includes(c)) ? code : null;
}

/** The printed form, in three groups of four: 7KQM-X2PD-9WTH. */
export const displayCode = (code: string): string => code.match(/.{1,4}/g)!.join("-");

/** The public verification page of a code, in the certificate's language. */
export const verifyPath = (code: string, lang: Lang): string => `${lang === "ar" ? "/ar" : ""}/certificates/${displayCode(code)}`;

export interface ChildRate {
  /** The enrolment: a group's (`section_enrolments`) or, for the camp, `camp_enrolments` (decision 089). */
  enrolmentId: number;
  childName: string;
  /** The family's language (the enrolment's): the certificate's unless staff choose one. */
  lang: Lang;
  attended: number;
  /** Whole percent, rounded down (a certificate never rounds a child up to the threshold). */
  rate: number;
  live: Pick<CertificateRow, "id" | "code" | "issued_on" | "lang"> | null;
  revoked: Pick<CertificateRow, "id" | "code" | "issued_on" | "revoked_at" | "revoke_reason">[];
}

export interface GroupRates {
  section: { id: number; courseEn: string; courseAr: string; startsAt: string; endsAt: string; status: string };
  /** Meetings held so far: not cancelled and already begun. */
  held: number;
  children: ChildRate[];
}

export const qualifies = (child: Pick<ChildRate, "attended">, held: number, threshold: number): boolean => held > 0 && child.attended * 100 >= threshold * held;

/** The certificate column that links a kind's certificates to its enrolments. */
const linkColumn = (kind: CertificateRow["kind"]) => (kind === "camp" ? "camp_enrolment_id" : "enrolment_id");

/** One child of a roster (a group's or a camp period's) and how many of the `held` days or classes they attended. */
export interface RosterChild {
  id: number;
  childName: string;
  lang: Lang;
  attended: number;
}

/** A roster's children with their rates and certificates: the live one, and the last revoked ones. */
export async function ratesOf(db: DB, kind: CertificateRow["kind"], held: number, roster: RosterChild[]): Promise<ChildRate[]> {
  const ids = roster.map((e) => e.id);
  const column = linkColumn(kind);
  const certificates = ids.length
    ? await db
        .selectFrom("certificates")
        .select(["id", "code", "enrolment_id", "camp_enrolment_id", "issued_on", "lang", "revoked_at", "revoke_reason"])
        .where("kind", "=", kind)
        .where(column, "in", ids)
        .where("erased_at", "is", null)
        .orderBy("id", "desc")
        .execute()
    : [];
  return roster.map((e) => {
    const own = certificates.filter((c) => c[column] === e.id);
    const live = own.find((c) => c.revoked_at === null);
    return {
      enrolmentId: e.id,
      childName: e.childName,
      lang: e.lang,
      attended: e.attended,
      rate: held > 0 ? Math.floor((e.attended * 100) / held) : 0,
      live: live ? { id: live.id, code: live.code, issued_on: live.issued_on, lang: live.lang } : null,
      revoked: own
        .filter((c) => c.revoked_at !== null)
        .slice(0, 5)
        .map((c) => ({ id: c.id, code: c.code, issued_on: c.issued_on, revoked_at: c.revoked_at, revoke_reason: c.revoke_reason })),
    };
  });
}

/** Each live child of a group with their attendance and certificates; undefined when there is no such group. */
export async function groupRates(db: DB, sectionId: number, now = nowIso()): Promise<GroupRates | undefined> {
  const section = await sectionWithCourse(db, sectionId);
  if (!section) return undefined;
  const held = await heldMeetingCount(db, sectionId, now);
  const enrolments = await enrolledInSection(db, sectionId, { order: "name", limit: MAX_ROSTER });
  const ids = enrolments.map((e) => e.id);
  // Present or late at one of this group's held meetings (a make-up elsewhere is the other group's record).
  const marks = ids.length ? await attendedCountsInSection(db, ids, sectionId, now) : [];
  const attendedBy = new Map(marks.map((m) => [m.enrolment_id, Number(m.n)]));
  return {
    section: {
      id: section.id,
      courseEn: section.name_en,
      courseAr: section.name_ar,
      startsAt: section.starts_at,
      endsAt: section.ends_at,
      status: section.status,
    },
    held,
    children: await ratesOf(
      db,
      "section",
      held,
      enrolments.map((e) => ({ id: e.id, childName: e.child_name, lang: e.lang, attended: attendedBy.get(e.id) ?? 0 })),
    ),
  };
}

export type IssueOutcome = "issued" | "alreadyIssued" | "belowThreshold";

export interface IssueResult {
  enrolmentId: number;
  childName: string;
  rate: number;
  outcome: IssueOutcome;
  certificate: { id: number; code: string } | null;
}

export interface IssueOptions {
  /** One child's enrolment, else every child of the roster. */
  enrolmentId?: number;
  threshold: number;
  language: Lang | "family";
  timeZone: string;
  userId: number;
}

/**
 * What a roster's certificates are of: a course group, a camp, or a level of a course's ladder
 * completed in a group (decision 130: stored as the group's kind, linked by `level_completion_id`
 * instead of the enrolment, so a child may hold the group's attendance certificate and the level's).
 */
export type IssueTarget = (
  { kind: "section"; sectionId: number } | { kind: "camp"; campId: number } | { kind: "level"; sectionId: number; levelCompletionId: number }
) & { titleEn: string; titleAr: string };

/** The certificate column a target's one live certificate is unique on, and its value for one child of the roster. */
function targetLink(target: IssueTarget, enrolmentId: number): { column: "level_completion_id" | "camp_enrolment_id" | "enrolment_id"; value: number } {
  if (target.kind === "level") return { column: "level_completion_id" as const, value: target.levelCompletionId };
  return { column: linkColumn(target.kind), value: enrolmentId };
}

/**
 * Issues certificates to the qualifying children of a roster (all of them, or the one named; [] when
 * that child is not on it). A child with a live certificate keeps it: the partial unique index turns
 * a second insert (another tab, another instance) into nothing, so the result names the existing one.
 */
export async function issueToRoster(db: DB, target: IssueTarget, held: number, roster: ChildRate[], options: IssueOptions): Promise<IssueResult[]> {
  const chosen = options.enrolmentId === undefined ? roster : roster.filter((c) => c.enrolmentId === options.enrolmentId);
  const issuedOn = zonedParts(new Date(), options.timeZone).date;
  const results: IssueResult[] = [];
  for (const child of chosen) {
    const base = { enrolmentId: child.enrolmentId, childName: child.childName, rate: child.rate };
    if (!qualifies(child, held, options.threshold)) {
      results.push({ ...base, outcome: "belowThreshold", certificate: null });
      continue;
    }
    const now = nowIso();
    const code = newCertificateCode();
    const { column, value } = targetLink(target, child.enrolmentId);
    const link =
      target.kind === "camp"
        ? { kind: "camp" as const, camp_enrolment_id: child.enrolmentId, camp_id: target.campId, enrolment_id: null, section_id: null }
        : target.kind === "level"
          ? { kind: "section" as const, enrolment_id: null, section_id: target.sectionId, level_completion_id: target.levelCompletionId }
          : { kind: "section" as const, enrolment_id: child.enrolmentId, section_id: target.sectionId };
    const of =
      target.kind === "camp"
        ? { campId: target.campId, enrollmentId: child.enrolmentId }
        : target.kind === "level"
          ? { sectionId: target.sectionId, enrolmentId: child.enrolmentId, levelCompletionId: target.levelCompletionId }
          : { sectionId: target.sectionId, enrolmentId: child.enrolmentId };
    const inserted = await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto("certificates")
        .values({
          code,
          ...link,
          child_name: child.childName,
          course_en: target.titleEn,
          course_ar: target.titleAr,
          lang: options.language === "family" ? child.lang : options.language,
          issued_on: issuedOn,
          threshold: options.threshold,
          rate: child.rate,
          issued_by: options.userId,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.column(column).where("revoked_at", "is", null).doNothing())
        .returning("id")
        .executeTakeFirst();
      if (row)
        await recordAudit(trx, {
          userId: options.userId,
          action: "issue",
          entity: "certificate",
          entityId: row.id,
          summary: { ...of, threshold: options.threshold, rate: child.rate },
        });
      // On WhatsApp or SMS and the phones, for guardians who chose them (decisions 127, 143); the account lists the certificate either way.
      if (row) {
        const family = await findEnrolment(trx, { offerKind: target.kind === "camp" ? "camp" : "section", id: child.enrolmentId });
        if (family)
          await notifyFamily(trx, {
            event: `certificate:${row.id}`,
            email: family.email,
            template: "certificate_issued",
            params: { child: child.childName, course_en: target.titleEn, course_ar: target.titleAr },
            ownMail: true,
            push: { category: "certificate", url: "/account" },
          });
      }
      return row;
    });
    if (inserted) {
      results.push({ ...base, outcome: "issued", certificate: { id: inserted.id, code } });
      continue;
    }
    const existing = await db
      .selectFrom("certificates")
      .select(["id", "code"])
      .where(column, "=", value)
      .where("revoked_at", "is", null)
      .executeTakeFirstOrThrow();
    results.push({ ...base, outcome: "alreadyIssued", certificate: existing });
  }
  return results;
}

/** Issues a group's certificates (issueToRoster); undefined when there is no such group. */
export async function issueCertificates(db: DB, options: IssueOptions & { sectionId: number }): Promise<IssueResult[] | undefined> {
  const rates = await groupRates(db, options.sectionId);
  if (!rates) return undefined;
  return issueToRoster(
    db,
    { kind: "section", sectionId: options.sectionId, titleEn: rates.section.courseEn, titleAr: rates.section.courseAr },
    rates.held,
    rates.children,
    options,
  );
}

export const certificateById = (db: DB, id: number) => db.selectFrom("certificates").selectAll().where("id", "=", id).executeTakeFirst();
export const certificateByCode = (db: DB, code: string) => db.selectFrom("certificates").selectAll().where("code", "=", code).executeTakeFirst();

/** Revokes a live certificate with the reason, audited; false when it was already revoked (or erased). */
export async function revokeCertificate(db: DB, id: number, reason: string, userId: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const now = nowIso();
    const done = await trx
      .updateTable("certificates")
      .set({ revoked_at: now, revoked_by: userId, revoke_reason: reason, updated_at: now })
      .where("id", "=", id)
      .where("revoked_at", "is", null)
      .where("erased_at", "is", null)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1) return false;
    await recordAudit(trx, {
      userId,
      action: "revoke",
      entity: "certificate",
      entityId: id,
      changes: { revoked_at: { from: null, to: now } },
      summary: { reason },
    });
    return true;
  });
}

/** Certificates linked to these group enrolments (a level's through its completion) or camp enrolments (at least one id given). */
const linkedTo = (db: DB, enrolmentIds: number[], campEnrolmentIds: number[]) => (eb: ExpressionBuilder<Database, "certificates">) =>
  eb.or([
    ...(enrolmentIds.length ? [eb.and([eb("kind", "=", "section"), eb("enrolment_id", "in", enrolmentIds)])] : []),
    // A level's certificate (decision 130), by the enrolment the level was completed from.
    ...(enrolmentIds.length ? [eb("level_completion_id", "in", completionIdsOf(db, enrolmentIds))] : []),
    ...(campEnrolmentIds.length ? [eb.and([eb("kind", "=", "camp"), eb("camp_enrolment_id", "in", campEnrolmentIds)])] : []),
  ]);

/** A family's certificates, by their group and camp enrolments (the account decides which are its own). */
export async function certificatesOfEnrolments(db: DB, enrolmentIds: number[], campEnrolmentIds: number[] = []): Promise<CertificateRow[]> {
  if (enrolmentIds.length === 0 && campEnrolmentIds.length === 0) return [];
  return db
    .selectFrom("certificates")
    .selectAll()
    .where(linkedTo(db, enrolmentIds, campEnrolmentIds))
    .where("erased_at", "is", null)
    .orderBy("issued_on", "desc")
    .orderBy("id", "desc")
    .execute();
}

/**
 * Erasure with the family's account: the certificate keeps its code and dates but loses the child's
 * name and its link to the enrolment, so its page says it no longer exists instead of "unknown code"
 * (a printed copy is not mistaken for a forgery, and nobody learns the name).
 */
export async function eraseCertificatesOf(db: DB, enrolmentIds: number[], now: string, campEnrolmentIds: number[] = []): Promise<number> {
  if (enrolmentIds.length === 0 && campEnrolmentIds.length === 0) return 0;
  const done = await db
    .updateTable("certificates")
    .set({
      child_name: "",
      enrolment_id: null,
      camp_enrolment_id: null,
      revoke_reason: sql<string | null>`case when revoke_reason is null then null else '' end`,
      erased_at: now,
      updated_at: now,
    })
    .where(linkedTo(db, enrolmentIds, campEnrolmentIds))
    .executeTakeFirst();
  return Number(done.numUpdatedRows);
}
