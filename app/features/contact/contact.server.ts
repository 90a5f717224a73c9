import type { DB } from "~server/db/db";

/** Erasure with the family's account: its contact messages lose the e-mail and the text (the contact feature owns them, decision 145). */
export async function eraseContactMessages(trx: DB, ids: readonly number[], replace: { erased: string; email: string; now: string }): Promise<void> {
  if (ids.length === 0) return;
  await trx
    .updateTable("contact_messages")
    .set({ email: replace.email, description: replace.erased, notes: "", updated_at: replace.now })
    .where("id", "in", ids)
    .execute();
}
