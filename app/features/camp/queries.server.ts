import type { DB } from "~server/db/db";
import { sameEmail } from "~/features/family/account-owner.server";

/**
 * The brochure requests' query module (decision 153): other features read `brochure_leads`
 * through these functions. Imports no feature but family's ownership rule: check-import-cycles.ts
 * counts it as a node of its own.
 */

/** The brochure requests sent with a proven e-mail, every column, newest first. */
export function brochureLeadsByEmail(db: DB, provenEmail: string) {
  return db.selectFrom("brochure_leads").selectAll().where(sameEmail("student_email", provenEmail)).orderBy("created_at", "desc").execute();
}
