import { sql } from "kysely";
import type { DB } from "~server/db/db";
import { ownedBy } from "~/features/family/account-owner.server";
import { openAnswerNotes, openPickup } from "./children-data.server";

/** Consent rows of an account's children, for the data export (as stored, without PIN hashes). */
export async function consentExport(db: DB, owner: { id: number; provenEmail: string | null }) {
  const answers = await db
    .selectFrom("consent_answers as a")
    .innerJoin("consent_versions as v", "v.id", "a.version_id")
    .innerJoin("consent_forms as f", "f.id", "a.form_id")
    .select(["a.id", "f.kind", "v.version", "v.title_en", "a.child_name", "a.signer_name", "a.lang", "a.agreed", "a.allergies", "a.medical", "a.signed_at"])
    .where(ownedAnswers(owner))
    .orderBy("a.id")
    .execute()
    .then((rows) => rows.map(openAnswerNotes));
  const people = answers.length
    ? (
        await db
          .selectFrom("consent_pickups")
          .select(["answer_id", "name", "phone"])
          .where(
            "answer_id",
            "in",
            answers.map((a) => a.id),
          )
          .orderBy("id")
          .execute()
      ).map(openPickup)
    : [];
  return answers.map((a) => ({
    form: a.title_en,
    kind: a.kind,
    version: a.version,
    childName: a.child_name,
    signer: a.signer_name,
    language: a.lang,
    agreed: a.agreed === 1,
    allergies: a.allergies,
    medical: a.medical,
    pickup: people.filter((p) => p.answer_id === a.id).map((p) => ({ name: p.name, phone: p.phone })),
    signedAt: a.signed_at,
  }));
}

/** The account's answers: given while signed in, or under its proven e-mail (the one rule, account-owner.server). */
export const ownedAnswers = (owner: { id: number; provenEmail: string | null }) => ownedBy("a", owner);

/** Erases an account's consent answers (their pickup people go with them); check-outs keep only "[erased]". */
export async function eraseConsent(trx: DB, owner: { id: number; provenEmail: string | null }): Promise<number> {
  const ids = (await trx.selectFrom("consent_answers as a").select("a.id").where(ownedAnswers(owner)).execute()).map((a) => a.id);
  if (ids.length === 0) return 0;
  await trx
    .updateTable("camp_checkouts")
    .set({ collected_by: "[erased]", pickup_id: null })
    .where("pickup_id", "in", trx.selectFrom("consent_pickups").select("id").where("answer_id", "in", ids))
    .execute();
  await trx.deleteFrom("consent_answers").where("id", "in", ids).execute();
  if (owner.provenEmail)
    await trx
      .deleteFrom("consent_links")
      .where(sql<string>`lower(email)`, "=", owner.provenEmail)
      .execute();
  return ids.length;
}
