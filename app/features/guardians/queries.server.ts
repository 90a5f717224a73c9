import type { DB } from "~server/db/db";

/**
 * The guardians' query module (decision 153): other features read `family_guardians` through these
 * functions (family's ownership rule first of all: decision 026 sits below every feature, and reads
 * a family's links here). Imports no feature, so any feature may call it: check-import-cycles.ts
 * counts it as a node of its own.
 */

/** The family an account joined as a guardian: the primary's id, e-mail (and whether proven) and state, with the guardian's role; undefined for a primary. */
export function guardianLinkOf(db: DB, userId: number) {
  return db
    .selectFrom("family_guardians as g")
    .innerJoin("users as p", "p.id", "g.family_user_id")
    .select(["g.family_user_id", "g.role", "p.email", "p.email_verified_at", "p.disabled"])
    .where("g.user_id", "=", userId)
    .executeTakeFirst();
}

/** The accounts that joined the family of this primary as guardians (invitations still open left out). */
export async function guardianIdsOf(db: DB, primaryId: number): Promise<number[]> {
  const rows = await db.selectFrom("family_guardians").select("user_id").where("family_user_id", "=", primaryId).where("user_id", "is not", null).execute();
  return rows.map((row) => row.user_id!);
}

/** The e-mails and roles of the guardians of the family whose enabled primary has proven this (lower-cased) e-mail. */
export function guardiansOfProvenPrimary(db: DB, email: string) {
  return db
    .selectFrom("family_guardians as g")
    .innerJoin("users as p", "p.id", "g.family_user_id")
    .innerJoin("users as u", "u.id", "g.user_id")
    .select(["u.email", "g.role"])
    .where((eb) => eb(eb.fn("lower", ["p.email"]), "=", email))
    .where("p.email_verified_at", "is not", null)
    .where("p.disabled", "=", 0)
    .execute();
}
