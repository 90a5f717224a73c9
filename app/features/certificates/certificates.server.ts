import { randomInt } from "node:crypto";
import { sql, type Selectable } from "kysely";
import { recordAudit } from "~server/audit/audit";
import type { DB } from "~server/db/db";
import type { CertificatesTable } from "~server/db/schema";
import { nowIso } from "~server/db/values";
import type { Lang } from "~/i18n/lang";
import { zonedParts } from "~/lib/zoned-time";

export type CertificateRow = Selectable<CertificatesTable>;

/**
 * Certificates of completion (issue 30 part 5, decision 080). A child qualifies when their share of
 * the group's held meetings (not cancelled, already begun) marked present or late reaches the
 * threshold staff set; an unmarked meeting counts as not attended, as the certificate vouches for it.
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
  const code = typed
    .toUpperCase()
    .replace(/[\s-]/g, "")
    .replace(/O/g, "0")
    .replace(/[IL]/g, "1");
  return code.length === CODE_LENGTH && [...code].every((c) => ALPHABET.includes(c)) ? code : null;
}

/** The printed form, in three groups of four: 7KQM-X2PD-9WTH. */
export const displayCode = (code: string): string => code.match(/.{1,4}/g)!.join("-");

/** The public verification page of a code, in the certificate's language. */
export const verifyPath = (code: string, lang: Lang): string => `${lang === "ar" ? "/ar" : ""}/certificates/${displayCode(code)}`;

export interface ChildRate {
  enrolmentId: number;
  childName: string;
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

/** Each live child of a group with their attendance and certificates; undefined when there is no such group. */
export async function groupRates(db: DB, sectionId: number, now = nowIso()): Promise<GroupRates | undefined> {
  const section = await db
    .selectFrom("course_sections as s")
    .innerJoin("courses as c", "c.id", "s.course_id")
    .select(["s.id", "s.starts_at", "s.ends_at", "s.status", "c.name_en", "c.name_ar"])
    .where("s.id", "=", sectionId)
    .executeTakeFirst();
  if (!section) return undefined;
  const heldRow = await db
    .selectFrom("section_meetings")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("section_id", "=", sectionId)
    .where("status", "=", "scheduled")
    .where("starts_at", "<=", now)
    .executeTakeFirstOrThrow();
  const held = Number(heldRow.n);
  const enrolments = await db
    .selectFrom("section_enrolments")
    .select(["id", "child_name"])
    .where("section_id", "=", sectionId)
    .where("status", "=", "enrolled")
    .orderBy("child_name")
    .orderBy("id")
    .limit(MAX_ROSTER)
    .execute();
  const ids = enrolments.map((e) => e.id);
  // Present or late at one of this group's held meetings (a make-up elsewhere is the other group's record).
  const marks = ids.length
    ? await db
        .selectFrom("meeting_attendance as a")
        .innerJoin("section_meetings as m", "m.id", "a.meeting_id")
        .select(["a.enrolment_id", (eb) => eb.fn.countAll<number>().as("n")])
        .where("a.enrolment_id", "in", ids)
        .where("m.section_id", "=", sectionId)
        .where("m.status", "=", "scheduled")
        .where("m.starts_at", "<=", now)
        .where("a.status", "in", ["present", "late"])
        .groupBy("a.enrolment_id")
        .execute()
    : [];
  const attendedBy = new Map(marks.map((m) => [m.enrolment_id, Number(m.n)]));
  const certificates = ids.length
    ? await db
        .selectFrom("certificates")
        .select(["id", "code", "enrolment_id", "issued_on", "lang", "revoked_at", "revoke_reason"])
        .where("enrolment_id", "in", ids)
        .where("erased_at", "is", null)
        .orderBy("id", "desc")
        .execute()
    : [];
  return {
    section: { id: section.id, courseEn: section.name_en, courseAr: section.name_ar, startsAt: section.starts_at, endsAt: section.ends_at, status: section.status },
    held,
    children: enrolments.map((e) => {
      const attended = attendedBy.get(e.id) ?? 0;
      const own = certificates.filter((c) => c.enrolment_id === e.id);
      const live = own.find((c) => c.revoked_at === null);
      return {
        enrolmentId: e.id,
        childName: e.child_name,
        attended,
        rate: held > 0 ? Math.floor((attended * 100) / held) : 0,
        live: live ? { id: live.id, code: live.code, issued_on: live.issued_on, lang: live.lang } : null,
        revoked: own.filter((c) => c.revoked_at !== null).slice(0, 5).map((c) => ({ id: c.id, code: c.code, issued_on: c.issued_on, revoked_at: c.revoked_at, revoke_reason: c.revoke_reason })),
      };
    }),
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

/**
 * Issues certificates to the qualifying children of a group (all of them, or the one named). A
 * child with a live certificate keeps it: the partial unique index turns a second insert (another
 * tab, another instance) into nothing, so the result names the existing one.
 */
export async function issueCertificates(
  db: DB,
  options: { sectionId: number; enrolmentId?: number; threshold: number; language: Lang | "family"; timeZone: string; userId: number },
): Promise<IssueResult[] | undefined> {
  const rates = await groupRates(db, options.sectionId);
  if (!rates) return undefined;
  const chosen = options.enrolmentId === undefined ? rates.children : rates.children.filter((c) => c.enrolmentId === options.enrolmentId);
  if (options.enrolmentId !== undefined && chosen.length === 0) return [];
  const langs = new Map(
    (await db.selectFrom("section_enrolments").select(["id", "lang"]).where("section_id", "=", options.sectionId).where("status", "=", "enrolled").execute()).map((e) => [e.id, e.lang]),
  );
  const issuedOn = zonedParts(new Date(), options.timeZone).date;
  const results: IssueResult[] = [];
  for (const child of chosen) {
    const base = { enrolmentId: child.enrolmentId, childName: child.childName, rate: child.rate };
    if (!qualifies(child, rates.held, options.threshold)) {
      results.push({ ...base, outcome: "belowThreshold", certificate: null });
      continue;
    }
    const now = nowIso();
    const code = newCertificateCode();
    const inserted = await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto("certificates")
        .values({
          code,
          enrolment_id: child.enrolmentId,
          section_id: options.sectionId,
          child_name: child.childName,
          course_en: rates.section.courseEn,
          course_ar: rates.section.courseAr,
          lang: options.language === "family" ? (langs.get(child.enrolmentId) ?? "en") : options.language,
          issued_on: issuedOn,
          threshold: options.threshold,
          rate: child.rate,
          issued_by: options.userId,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.column("enrolment_id").where("revoked_at", "is", null).doNothing())
        .returning("id")
        .executeTakeFirst();
      if (row) await recordAudit(trx, { userId: options.userId, action: "issue", entity: "certificate", entityId: row.id, summary: { sectionId: options.sectionId, enrolmentId: child.enrolmentId, threshold: options.threshold, rate: child.rate } });
      return row;
    });
    if (inserted) {
      results.push({ ...base, outcome: "issued", certificate: { id: inserted.id, code } });
      continue;
    }
    const existing = await db.selectFrom("certificates").select(["id", "code"]).where("enrolment_id", "=", child.enrolmentId).where("revoked_at", "is", null).executeTakeFirstOrThrow();
    results.push({ ...base, outcome: "alreadyIssued", certificate: existing });
  }
  return results;
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
    await recordAudit(trx, { userId, action: "revoke", entity: "certificate", entityId: id, changes: { revoked_at: { from: null, to: now } }, summary: { reason } });
    return true;
  });
}

/** A family's certificates, by their enrolments (the account decides which are its own). */
export async function certificatesOfEnrolments(db: DB, enrolmentIds: number[]): Promise<CertificateRow[]> {
  if (enrolmentIds.length === 0) return [];
  return db.selectFrom("certificates").selectAll().where("enrolment_id", "in", enrolmentIds).where("erased_at", "is", null).orderBy("issued_on", "desc").orderBy("id", "desc").execute();
}

/**
 * Erasure with the family's account: the certificate keeps its code and dates but loses the child's
 * name and its link to the enrolment, so its page says it no longer exists instead of "unknown code"
 * (a printed copy is not mistaken for a forgery, and nobody learns the name).
 */
export async function eraseCertificatesOf(db: DB, enrolmentIds: number[], now: string): Promise<number> {
  if (enrolmentIds.length === 0) return 0;
  const done = await db
    .updateTable("certificates")
    .set({ child_name: "", enrolment_id: null, revoke_reason: sql<string | null>`case when revoke_reason is null then null else '' end`, erased_at: now, updated_at: now })
    .where("enrolment_id", "in", enrolmentIds)
    .executeTakeFirst();
  return Number(done.numUpdatedRows);
}
