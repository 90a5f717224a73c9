import type { DB } from "~server/db/db";
import { openField, sealField, sealedWith, sealingKeyId } from "~server/security/data-keys";

/**
 * The sealed columns of children's data (issue 39, decision 102) and the one place that seals and
 * opens them: medical notes and allergies of consent answers, names and phones of pickup people.
 */
const COLUMNS = {
  allergies: "consent_answers.allergies",
  medical: "consent_answers.medical",
  name: "consent_pickups.name",
  phone: "consent_pickups.phone",
} as const;

export const sealAnswerNotes = (notes: { allergies: string; medical: string }) => ({
  allergies: sealField(COLUMNS.allergies, notes.allergies),
  medical: sealField(COLUMNS.medical, notes.medical),
});
export const openAnswerNotes = <T extends { allergies: string; medical: string }>(row: T): T => ({
  ...row,
  allergies: openField(COLUMNS.allergies, row.allergies),
  medical: openField(COLUMNS.medical, row.medical),
});
export const sealPickup = (person: { name: string; phone: string }) => ({
  name: sealField(COLUMNS.name, person.name),
  phone: sealField(COLUMNS.phone, person.phone),
});
export const openPickup = <T extends { name: string; phone: string }>(row: T): T => ({
  ...row,
  name: openField(COLUMNS.name, row.name),
  phone: openField(COLUMNS.phone, row.phone),
});

/** Rows one pass of the re-encryption job takes per table (it runs again until none is left). */
const BATCH = 200;

/**
 * Re-seals rows not under the sealing key (rows from before encryption, or under an older key
 * after a rotation) with it. Each row is updated only if it still holds what was read, so a
 * parent's newer answer is never overwritten. Answers how many rows were re-sealed; a value no
 * configured key opens is left as it is (and counted in `unreadable`).
 */
export async function resealChildrenData(db: DB): Promise<{ answers: number; pickups: number; unreadable: number }> {
  const current = sealingKeyId();
  const stale = (value: string) => value !== "" && sealedWith(value) !== current;
  const notCurrent = `enc1:${current}:%`;
  let unreadable = 0;
  const answers = await db
    .selectFrom("consent_answers")
    .select(["id", "allergies", "medical"])
    .where((eb) =>
      eb.or([
        eb.and([eb("allergies", "<>", ""), eb("allergies", "not like", notCurrent)]),
        eb.and([eb("medical", "<>", ""), eb("medical", "not like", notCurrent)]),
      ]),
    )
    .orderBy("id")
    .limit(BATCH)
    .execute();
  let answersDone = 0;
  for (const row of answers) {
    const open = openAnswerNotes(row);
    if ([open.allergies, open.medical].some((v, i) => v.startsWith("[unreadable") && stale([row.allergies, row.medical][i]!))) {
      unreadable++;
      continue;
    }
    const done = await db
      .updateTable("consent_answers")
      .set(sealAnswerNotes(open))
      .where("id", "=", row.id)
      .where("allergies", "=", row.allergies)
      .where("medical", "=", row.medical)
      .executeTakeFirst();
    answersDone += Number(done.numUpdatedRows);
  }
  const people = await db
    .selectFrom("consent_pickups")
    .select(["id", "name", "phone"])
    .where((eb) =>
      eb.or([eb.and([eb("name", "<>", ""), eb("name", "not like", notCurrent)]), eb.and([eb("phone", "<>", ""), eb("phone", "not like", notCurrent)])]),
    )
    .orderBy("id")
    .limit(BATCH)
    .execute();
  let pickupsDone = 0;
  for (const row of people) {
    const open = openPickup(row);
    if ([open.name, open.phone].some((v, i) => v.startsWith("[unreadable") && stale([row.name, row.phone][i]!))) {
      unreadable++;
      continue;
    }
    const done = await db
      .updateTable("consent_pickups")
      .set(sealPickup(open))
      .where("id", "=", row.id)
      .where("name", "=", row.name)
      .where("phone", "=", row.phone)
      .executeTakeFirst();
    pickupsDone += Number(done.numUpdatedRows);
  }
  return { answers: answersDone, pickups: pickupsDone, unreadable };
}
