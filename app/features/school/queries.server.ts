import type { DB } from "~server/db/db";

/**
 * Schools' requests' query module (decision 153): other features read `school_enquiries` through
 * these functions. Imports no feature: check-import-cycles.ts counts it as a node of its own.
 */

/** How many school requests staff have not looked at yet (the admin dashboard). */
export async function newSchoolEnquiryCount(db: DB): Promise<number> {
  const { n } = await db
    .selectFrom("school_enquiries")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("status", "=", "new")
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** When each school request since `since` was sent (the dashboard's chart). */
export function schoolEnquiryTimesSince(db: DB, since: string) {
  return db.selectFrom("school_enquiries").select("created_at").where("created_at", ">=", since).execute();
}

/** The newest school requests (the dashboard's latest submissions). */
export function latestSchoolEnquiries(db: DB, limit: number) {
  return db.selectFrom("school_enquiries").select(["id", "name", "email", "status", "created_at"]).orderBy("created_at", "desc").limit(limit).execute();
}
