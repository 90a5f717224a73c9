import type { DB } from "~server/db/db";

/**
 * The portfolio's query module (decision 153): other features read `portfolio_projects` through
 * these functions. Imports no feature: check-import-cycles.ts counts it as a node of its own.
 */

/** An enrolment's projects (title and note), oldest first, at most `limit`. */
export function projectsOfEnrolment(db: DB, enrolmentId: number, limit: number) {
  return db.selectFrom("portfolio_projects").select(["title", "note"]).where("enrolment_id", "=", enrolmentId).orderBy("id").limit(limit).execute();
}
