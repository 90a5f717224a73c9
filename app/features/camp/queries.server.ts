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

/** How many brochure requests there are (the admin dashboard). */
export async function brochureLeadCount(db: DB): Promise<number> {
  const { n } = await db
    .selectFrom("brochure_leads")
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** When each brochure request since `since` was sent (the dashboard's chart). */
export function brochureLeadTimesSince(db: DB, since: string) {
  return db.selectFrom("brochure_leads").select("created_at").where("created_at", ">=", since).execute();
}

/** The newest brochure requests (the dashboard's latest submissions). */
export function latestBrochureLeads(db: DB, limit: number) {
  return db
    .selectFrom("brochure_leads")
    .select(["id", "student_name", "student_email", "status", "created_at"])
    .orderBy("created_at", "desc")
    .limit(limit)
    .execute();
}
