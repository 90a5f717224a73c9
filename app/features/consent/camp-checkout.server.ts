import type { DB } from "~server/db/db";
import { nowIso } from "~server/db/values";
import { recordAudit, diffFields } from "~server/audit/audit";
import { latestAnswerOf, pickupPeople, pinMatches } from "./consent.server";

/** The camps and batches that have enrolled children (the check-out page's choice). */
export async function campBatches(db: DB) {
  return db
    .selectFrom("enrollments as e")
    .innerJoin("camps as c", "c.id", "e.camp_id")
    .select(["c.id as campId", "c.title_en", "c.title_ar", "e.session"])
    .groupBy(["c.id", "c.title_en", "c.title_ar", "e.session"])
    .orderBy("c.id")
    .orderBy("e.session")
    .limit(100)
    .execute();
}

/** A batch's children on a day: each with the people who may collect them and the day's check-out. */
export async function campCheckoutList(db: DB, campId: number, session: string, day: string) {
  const children = await db
    .selectFrom("enrollments")
    .select(["id", "student_name", "parent_name", "email", "phone_number"])
    .where("camp_id", "=", campId)
    .where("session", "=", session)
    .orderBy("student_name")
    .limit(300)
    .execute();
  const ids = children.map((c) => c.id);
  const done = ids.length
    ? await db.selectFrom("camp_checkouts").select(["enrollment_id", "collected_by", "created_at"]).where("enrollment_id", "in", ids).where("day", "=", day).execute()
    : [];
  return Promise.all(
    children.map(async (c) => ({
      id: c.id,
      childName: c.student_name,
      parentName: c.parent_name,
      parentPhone: c.phone_number,
      pickup: await pickupPeople(db, c.email, c.student_name),
      checkout: done.find((d) => d.enrollment_id === c.id) ?? null,
    })),
  );
}

export type CheckoutResult =
  | { ok: true; id: number; collectedBy: string; childName: string }
  | { ok: false; reason: "notFound" | "notOnList" | "pinNeeded" | "wrongPin" | "already"; childName?: string; parentPhone?: string };

/**
 * Records who collected a camp child on a day. Only a person of the child's newest pickup list may
 * (the PIN checked when that person has one); anyone else is refused. Audited with the instructor.
 */
export async function recordCheckout(
  db: DB,
  secret: string,
  input: { enrollmentId: number; day: string; pickupId: number | null; pin: string },
  userId: number,
): Promise<CheckoutResult> {
  const child = await db.selectFrom("enrollments").select(["id", "student_name", "email", "phone_number"]).where("id", "=", input.enrollmentId).executeTakeFirst();
  if (!child) return { ok: false, reason: "notFound" };
  const refusal = { childName: child.student_name, parentPhone: child.phone_number };
  const answer = await latestAnswerOf(db, "pickup", child.email, child.student_name);
  const person =
    answer && input.pickupId !== null
      ? await db.selectFrom("consent_pickups").select(["id", "name", "pin_hash"]).where("id", "=", input.pickupId).where("answer_id", "=", answer.id).executeTakeFirst()
      : undefined;
  if (!person) return { ok: false, reason: "notOnList", ...refusal };
  if (person.pin_hash) {
    if (!input.pin) return { ok: false, reason: "pinNeeded", ...refusal };
    if (!pinMatches(secret, person.pin_hash, input.pin)) return { ok: false, reason: "wrongPin", ...refusal };
  }
  return db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom("camp_checkouts").select("id").where("enrollment_id", "=", child.id).where("day", "=", input.day).executeTakeFirst();
    if (existing) return { ok: false as const, reason: "already" as const, ...refusal };
    const row = await trx
      .insertInto("camp_checkouts")
      .values({ enrollment_id: child.id, day: input.day, pickup_id: person.id, collected_by: person.name, recorded_by: userId, created_at: nowIso() })
      .returning("id")
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      action: "create",
      entity: "camp_checkout",
      entityId: row.id,
      changes: diffFields({}, { child: child.student_name, day: input.day, collected_by: person.name }),
      userId,
    });
    return { ok: true as const, id: row.id, collectedBy: person.name, childName: child.student_name };
  });
}
