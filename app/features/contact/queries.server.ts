import type { DB } from "~server/db/db";
import { sameEmail } from "~/features/family/account-owner.server";

/**
 * The contact messages' query module (decision 153): other features read `contact_messages`
 * through these functions. Imports no feature but family's ownership rule: check-import-cycles.ts
 * counts it as a node of its own.
 */

/** The messages sent with a proven e-mail, newest first (the family's account page and data export). */
export function messagesByEmail(db: DB, provenEmail: string) {
  return db
    .selectFrom("contact_messages")
    .select(["id", "email", "description", "status", "created_at"])
    .where(sameEmail("email", provenEmail))
    .orderBy("created_at", "desc")
    .execute();
}

/** How many contact messages staff have not looked at yet (the admin dashboard). */
export async function newContactMessageCount(db: DB): Promise<number> {
  const { n } = await db
    .selectFrom("contact_messages")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("status", "=", "new")
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** When each contact message since `since` was sent (the dashboard's chart). */
export function contactMessageTimesSince(db: DB, since: string) {
  return db.selectFrom("contact_messages").select("created_at").where("created_at", ">=", since).execute();
}

/** The newest contact messages (the dashboard's latest submissions). */
export function latestContactMessages(db: DB, limit: number) {
  return db.selectFrom("contact_messages").select(["id", "email", "status", "created_at"]).orderBy("created_at", "desc").limit(limit).execute();
}
