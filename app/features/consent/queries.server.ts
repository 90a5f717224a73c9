import { sql } from "kysely";
import type { DB } from "~server/db/db";
import { ownedBy, type Owner } from "~/features/family/account-owner.server";

/**
 * The consent answers' query module (decision 153): other features read `consent_answers` through
 * these functions. Imports no feature but family's ownership rule: check-import-cycles.ts counts
 * it as a node of its own.
 */

/** The answers to a media release form under these family e-mails (lower case), newest first: the newest per child decides. */
export function mediaAnswers(db: DB, familyEmails: readonly string[]) {
  return db
    .selectFrom("consent_answers as a")
    .innerJoin("consent_forms as f", "f.id", "a.form_id")
    .select([sql<string>`lower(a.email)`.as("email"), "a.child_key", "a.agreed"])
    .where("f.kind", "=", "media")
    .where(sql<boolean>`lower(a.email) in (${sql.join(familyEmails)})`)
    .orderBy("a.id", "desc")
    .execute();
}

/** The names and e-mails on the account's answers (an erasure looks for them in queued mail). */
export function ownedAnswerContacts(db: DB, owner: Owner, limit: number) {
  return db.selectFrom("consent_answers").select(["child_name", "signer_name", "email"]).where(ownedBy("consent_answers", owner)).limit(limit).execute();
}

/**
 * The agreed answers to the medical and pickup forms, with the child's e-mail (as written) and key
 * and the form's kind: a table to join on the child (`.as(...)`, a roster's needs). Uncorrelated,
 * so that both databases fold it into the outer query's join.
 */
export const agreedRosterAnswers = (db: DB) =>
  db
    .selectFrom("consent_answers as a")
    .innerJoin("consent_forms as f", "f.id", "a.form_id")
    .select(["a.id", "a.email", "a.child_key", "f.kind", "a.allergies", "a.medical"])
    .where("a.agreed", "=", 1)
    .where("f.kind", "in", ["medical", "pickup"]);

// --- Camp check-outs

/** The days up to `lastDay` on which these camp enrolments' children were checked out, one row a child and day (certificates' rates). */
export function checkoutDaysOf(db: DB, campEnrolmentIds: readonly number[], lastDay: string) {
  return db
    .selectFrom("camp_checkouts")
    .select(["camp_enrolment_id", "day"])
    .where("camp_enrolment_id", "in", campEnrolmentIds)
    .where("day", "<=", lastDay)
    .execute();
}

/** These camp enrolments' check-outs with the child, camp and batch, by day (the family's data export). */
export function checkoutsForExport(db: DB, campEnrolmentIds: readonly number[]) {
  return db
    .selectFrom("camp_checkouts as k")
    .innerJoin("camp_enrolments as e", "e.id", "k.camp_enrolment_id")
    .select(["e.student_name", "e.camp_title", "e.session", "k.day", "k.collected_by", "k.created_at"])
    .where("k.camp_enrolment_id", "in", campEnrolmentIds)
    .orderBy("k.day")
    .execute();
}
