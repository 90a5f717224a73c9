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
