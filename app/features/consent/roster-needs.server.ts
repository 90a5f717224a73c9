import type { DB } from "~server/db/db";
import { rosterAnswersOfEnrolments } from "~/features/enrolments/queries.server";
import { openAnswerNotes, openPickup } from "./children-data.server";

/** What an instructor must know of a child (issue 30): from the newest agreed answers of the consent forms. */
export interface ConsentNeeds {
  allergies: string;
  medical: string;
  pickup: { name: string; phone: string }[];
}

/**
 * The consent needs of each enrolment (the join's seam with the teaching roster): the child's newest
 * medical answer and newest pickup list, found by the enrolment's e-mail and child key (the child's
 * answers follow them from group to group). Enrolments with no answers are left out of the map.
 */
export async function consentNeedsFor(db: DB, enrolmentIds: readonly number[]): Promise<Map<number, ConsentNeeds>> {
  const needs = new Map<number, ConsentNeeds>();
  const ids = [...new Set(enrolmentIds)].slice(0, 1000);
  if (ids.length === 0) return needs;
  const rows = await rosterAnswersOfEnrolments(db, ids).then((found) => found.map(openAnswerNotes));
  const newest = new Map<string, (typeof rows)[number]>();
  for (const row of rows) if (!newest.has(`${row.enrolmentId}:${row.kind}`)) newest.set(`${row.enrolmentId}:${row.kind}`, row);
  const pickupAnswers = [...newest.values()].filter((row) => row.kind === "pickup").map((row) => row.answerId);
  const people = pickupAnswers.length
    ? (await db.selectFrom("consent_pickups").select(["answer_id", "name", "phone"]).where("answer_id", "in", pickupAnswers).orderBy("id").execute()).map(
        openPickup,
      )
    : [];
  for (const id of ids) {
    const medical = newest.get(`${id}:medical`);
    const pickup = newest.get(`${id}:pickup`);
    if (!medical && !pickup) continue;
    needs.set(id, {
      allergies: medical?.allergies ?? "",
      medical: medical?.medical ?? "",
      pickup: pickup ? people.filter((p) => p.answer_id === pickup.answerId).map((p) => ({ name: p.name, phone: p.phone })) : [],
    });
  }
  return needs;
}
