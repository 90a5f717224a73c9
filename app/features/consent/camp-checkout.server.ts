import type { DB } from "~server/db/db";
import { nowIso } from "~server/db/values";
import { recordAudit, diffFields } from "~server/audit/audit";
import { addToCounter, clearCounters } from "~server/security/rate-limit";
import { latestAnswerOf, pickupPeople, pinMatches } from "./consent.server";
import { openPickup } from "./children-data.server";
import { batchLabels } from "~/lib/camp-batch-labels.server";
import { campBatches as batchesOfCamps } from "~/features/admin/queries.server";
import { campBatchesWithEnrolments, campEnrolmentContact, campEnrolmentsOfBatch } from "~/features/enrolments/queries.server";

/**
 * Wrong PINs one pickup person may take in a day before their PIN locks (issue 39 finding 6): the
 * per-client limit (30 a minute) let anyone guess a 4-6 digit PIN over a camp week. Locked, even the
 * right PIN is refused until staff unlock it on the camp screen; the lock is audited and shown there.
 */
export const PIN_TRIES_PER_DAY = 5;
const PIN_COUNTER = "pickup-pin";
const DAY_MS = 24 * 60 * 60_000;

/** The camps and batches that have enrolled children (the check-out page's choice), each batch labelled in both languages. */
export async function campBatches(db: DB) {
  const rows = await campBatchesWithEnrolments(db, 100);
  const ids = [...new Set(rows.map((row) => row.id))];
  const batches = new Map((ids.length ? await batchesOfCamps(db, ids) : []).map((c) => [c.id, c.batches]));
  return rows.map((row) => ({
    campId: row.id,
    title_en: row.title_en,
    title_ar: row.title_ar,
    session: row.session,
    sessionLabel: batchLabels(batches.get(row.id), row.session),
  }));
}

/** A batch's children on a day: each with the people who may collect them and the day's check-out. */
export async function campCheckoutList(db: DB, campId: number, session: string, day: string) {
  const children = await campEnrolmentsOfBatch(db, campId, session, { order: "name", limit: 300 });
  const ids = children.map((c) => c.id);
  const done = ids.length
    ? await db
        .selectFrom("camp_checkouts")
        .select(["camp_enrolment_id", "collected_by", "created_at"])
        .where("camp_enrolment_id", "in", ids)
        .where("day", "=", day)
        .execute()
    : [];
  return Promise.all(
    children.map(async (c) => ({
      id: c.id,
      childName: c.student_name,
      parentName: c.parent_name,
      parentPhone: c.phone_number,
      pickup: await pickupPeople(db, c.email, c.student_name),
      checkout: done.find((d) => d.camp_enrolment_id === c.id) ?? null,
    })),
  );
}

export type CheckoutResult =
  | { ok: true; id: number; collectedBy: string; childName: string }
  | { ok: false; reason: "notFound" | "notOnList" | "pinNeeded" | "wrongPin" | "pinLocked" | "already"; childName?: string; parentPhone?: string };

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
  const child = await campEnrolmentContact(db, input.enrollmentId);
  if (!child) return { ok: false, reason: "notFound" };
  const refusal = { childName: child.student_name, parentPhone: child.phone_number };
  const checked = await checkPickupPerson(
    db,
    secret,
    { email: child.email, childName: child.student_name, summary: { enrollmentId: child.id } },
    input,
    userId,
  );
  if (!checked.ok) return { ok: false, reason: checked.reason, ...refusal };
  const person = checked.person;
  return db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom("camp_checkouts")
      .select("id")
      .where("camp_enrolment_id", "=", child.id)
      .where("day", "=", input.day)
      .executeTakeFirst();
    if (existing) return { ok: false as const, reason: "already" as const, ...refusal };
    const row = await trx
      .insertInto("camp_checkouts")
      .values({ camp_enrolment_id: child.id, day: input.day, pickup_id: person.id, collected_by: person.name, recorded_by: userId, created_at: nowIso() })
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

export type PickupPersonCheck =
  { ok: true; person: { id: number; name: string; phone: string } } | { ok: false; reason: "notOnList" | "pinNeeded" | "wrongPin" | "pinLocked" };

/**
 * The one check of a pickup person (camp check-out, and every class's pickup, decision 142): the
 * person must be on the child's newest pickup answer; when they have a PIN it must be given and
 * right, a wrong one counts toward the day's lock (PIN_TRIES_PER_DAY), and a locked PIN refuses
 * even the right one until staff unlock it. `summary` names the child's record in the lock's audit.
 */
export async function checkPickupPerson(
  db: DB,
  secret: string,
  child: { email: string; childName: string; summary: Record<string, number> },
  input: { pickupId: number | null; pin: string },
  userId: number,
): Promise<PickupPersonCheck> {
  const answer = await latestAnswerOf(db, "pickup", child.email, child.childName);
  const person =
    answer && input.pickupId !== null
      ? await db
          .selectFrom("consent_pickups")
          .select(["id", "name", "phone", "pin_hash", "pin_locked_at"])
          .where("id", "=", input.pickupId)
          .where("answer_id", "=", answer.id)
          .executeTakeFirst()
          .then((row) => row && openPickup(row))
      : undefined;
  if (!person) return { ok: false, reason: "notOnList" };
  if (person.pin_hash) {
    if (person.pin_locked_at) return { ok: false, reason: "pinLocked" };
    if (!input.pin) return { ok: false, reason: "pinNeeded" };
    if (!pinMatches(secret, person.pin_hash, input.pin)) {
      const locked = await countWrongPin(db, { id: person.id, childName: child.childName, summary: child.summary }, userId);
      return { ok: false, reason: locked ? "pinLocked" : "wrongPin" };
    }
  }
  return { ok: true, person: { id: person.id, name: person.name, phone: person.phone } };
}

/** Counts a wrong PIN (in the database, so every instance counts together); true once the PIN is locked. */
async function countWrongPin(db: DB, person: { id: number; childName: string; summary: Record<string, number> }, userId: number): Promise<boolean> {
  const tries = await addToCounter(db, { name: PIN_COUNTER, key: String(person.id), windowMs: DAY_MS });
  if (tries < PIN_TRIES_PER_DAY) return false;
  await db.transaction().execute(async (trx) => {
    const now = nowIso();
    // Conditional: of racing wrong tries, one locks it and one audit entry says so.
    const locked = await trx
      .updateTable("consent_pickups")
      .set({ pin_locked_at: now })
      .where("id", "=", person.id)
      .where("pin_locked_at", "is", null)
      .executeTakeFirst();
    if (Number(locked.numUpdatedRows) !== 1) return;
    await recordAudit(trx, {
      userId,
      action: "pin_locked",
      entity: "consent_pickup",
      entityId: person.id,
      name: person.childName,
      summary: { wrongTries: tries, ...person.summary },
    });
  });
  return true;
}

/** Staff unlock a pickup person's PIN (audited); false when there is no such person. Their count starts again. */
export async function unlockPickupPin(db: DB, pickupId: number, userId: number): Promise<"unlocked" | "notLocked" | "notFound"> {
  return db.transaction().execute(async (trx) => {
    const person = await trx.selectFrom("consent_pickups").select(["id", "pin_locked_at"]).where("id", "=", pickupId).executeTakeFirst();
    if (!person) return "notFound";
    if (!person.pin_locked_at) return "notLocked";
    await trx.updateTable("consent_pickups").set({ pin_locked_at: null }).where("id", "=", pickupId).execute();
    await clearCounters(trx, [PIN_COUNTER], String(pickupId));
    await recordAudit(trx, { userId, action: "pin_unlock", entity: "consent_pickup", entityId: pickupId, summary: { lockedAt: person.pin_locked_at } });
    return "unlocked";
  });
}

/** Records that a member saw a camp batch's pickup people on the check-out screen (issue 39: every view of children's data). */
export async function auditPickupView(db: DB, userId: number, batch: string, day: string, children: number): Promise<void> {
  await recordAudit(db, { userId, action: "view_children_data", entity: "camp_batch", name: batch.slice(0, 120), summary: { day, children } });
}
