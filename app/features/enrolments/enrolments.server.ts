import { sql, type Insertable, type Selectable } from "kysely";
import type { DB, Trx } from "~server/db/db";
import type { CampEnrolmentsTable, SectionEnrolmentsTable } from "~server/db/schema";
import { nowIso } from "~server/db/values";
import { childKey } from "~/lib/child-key";
import { releaseSeatIn, takeSeatIn } from "~/kernel/seats.server";
import type { PricedEnrolment } from "~/features/billing/index.server";
import { emit, type EndReason } from "./events.server";
import { assertTransition, campStateOf, isLive, sectionStateOf, type Enrolment, type EnrolmentRef, type EnrolmentState } from "./model";

/**
 * THE writer of enrolments (decision 100): `section_enrolments` (course groups) and `camp_enrolments`
 * (summer camps) change only through these commands (lint: scripts/check-table-ownership.ts). Each runs
 * in the caller's transaction (`Trx`, one unit of work with the seat and the rest of the use case),
 * checks its transition against the state machine (model.ts) and emits its event there, so billing,
 * discounts, waitlists and mail do their part in the same transaction (events.server.ts).
 */

type SectionRow = Selectable<SectionEnrolmentsTable>;
type CampRow = Selectable<CampEnrolmentsTable>;

const fromSection = (row: SectionRow): Enrolment => ({
  offerKind: "section",
  id: row.id,
  offerId: row.section_id,
  reference: row.reference,
  email: row.email,
  lang: row.lang,
  childName: row.child_name,
  userId: row.user_id,
  state: sectionStateOf(row),
  holdUntil: row.payment_hold_until,
});

const fromCamp = (row: CampRow): Enrolment => ({
  offerKind: "camp",
  id: row.id,
  offerId: row.camp_id,
  reference: row.reference,
  email: row.email,
  lang: row.lang,
  childName: row.student_name,
  userId: null,
  state: campStateOf(),
  holdUntil: null,
});

/** One enrolment of either kind, or undefined. */
export async function findEnrolment(db: DB, ref: EnrolmentRef): Promise<Enrolment | undefined> {
  if (ref.offerKind === "section") {
    const row = await db.selectFrom("section_enrolments").selectAll().where("id", "=", ref.id).executeTakeFirst();
    return row && fromSection(row);
  }
  const row = await db.selectFrom("camp_enrolments").selectAll().where("id", "=", ref.id).executeTakeFirst();
  return row && fromCamp(row);
}

/** Whether no payment was ever recorded on the enrolment's invoices (a code's use goes back then). */
async function paidNothing(trx: Trx, ref: EnrolmentRef): Promise<boolean> {
  const paid = await trx
    .selectFrom("payments as p")
    .innerJoin("invoices as i", "i.id", "p.invoice_id")
    .select("p.id")
    .where("p.kind", "=", "payment")
    .where(ref.offerKind === "section" ? "i.enrolment_id" : "i.camp_enrolment_id", "=", ref.id)
    .limit(1)
    .executeTakeFirst();
  return !paid;
}

/** Prices a new enrolment in its transaction (discounts' priceEnrolment, reserving a code's use); its id is known by then. */
export type PriceEnrolment = (trx: Trx, enrolment: { id: number; offerId: number }) => Promise<PricedEnrolment>;

export type NewSectionEnrolment = Omit<
  Insertable<SectionEnrolmentsTable>,
  "id" | "child_key" | "status" | "created_at" | "updated_at" | "moved_at" | "drop_reason"
>;

/**
 * enrol, a course group: the seat is already taken by the caller (its section's own rules, in this
 * transaction). The row is held when `payment_hold_until` is set and the priced fee is above zero
 * (a fee the discounts bring to nothing needs no payment: enrolled at once). Emits EnrolmentCreated
 * (billing issues its invoice). The unique index refuses the same child twice (the caller maps it).
 */
export async function enrolInSection(
  trx: Trx,
  values: NewSectionEnrolment,
  price?: PriceEnrolment,
): Promise<{ enrolment: Enrolment; held: boolean; price: PricedEnrolment | null }> {
  const now = nowIso();
  const inserted = await trx
    .insertInto("section_enrolments")
    .values({ ...values, email: values.email.toLowerCase(), child_key: childKey(values.child_name), status: "enrolled", created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
  const priced = price ? await price(trx, { id: inserted.id, offerId: inserted.section_id }) : null;
  let row = inserted;
  if (priced) {
    const held = inserted.payment_hold_until !== null && priced.totalMinor > 0;
    // Nothing to pay (a free place): no hold. What is paid online is the invoice's (decision 101).
    row = await trx
      .updateTable("section_enrolments")
      .set(held ? { updated_at: now } : { payment_hold_until: null, updated_at: now })
      .where("id", "=", inserted.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }
  const enrolment = fromSection(row);
  await emit(trx, { type: "EnrolmentCreated", enrolment, price: priced });
  return { enrolment, held: enrolment.state === "held", price: priced };
}

export type NewCampEnrolment = Omit<Insertable<CampEnrolmentsTable>, "id" | "status" | "notes" | "created_at" | "updated_at">;

/**
 * enrol, a summer camp: the row (staff's follow-up status `new`), priced in the same transaction, then
 * EnrolmentCreated. `accountId`: the signed-in family's account; the camp row has no account column,
 * so the event carries it and billing's invoice keeps it (the account owns the invoice, and its
 * erasure voids what is owed even when its e-mail is unproven; issue 38 item 6).
 */
export async function enrolInCamp(
  trx: Trx,
  values: NewCampEnrolment,
  price?: PriceEnrolment,
  accountId: number | null = null,
): Promise<{ enrolment: Enrolment; price: PricedEnrolment | null }> {
  const now = nowIso();
  const row = await trx
    .insertInto("camp_enrolments")
    .values({ ...values, status: "new", notes: "", created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
  const priced = price ? await price(trx, { id: row.id, offerId: row.camp_id }) : null;
  const enrolment = { ...fromCamp(row), userId: accountId };
  await emit(trx, { type: "EnrolmentCreated", enrolment, price: priced });
  return { enrolment, price: priced };
}

/**
 * Marks a course-group enrolment as the demo booking's (decision 069). `unlessLinked`: only while no
 * other live enrolment is that booking's (a family's own enrolment from the follow-up link).
 */
export async function linkDemoBooking(trx: Trx, enrolmentId: number, bookingId: number, options: { unlessLinked: boolean }): Promise<void> {
  await trx
    .updateTable("section_enrolments")
    .set({ source: "demo", demo_booking_id: bookingId, updated_at: nowIso() })
    .where("id", "=", enrolmentId)
    .$if(options.unlessLinked, (q) =>
      q.where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom("section_enrolments as other")
              .select("other.id")
              .where("other.demo_booking_id", "=", bookingId)
              .where("other.status", "=", "enrolled"),
          ),
        ),
      ),
    )
    .execute();
}

export type ConfirmOutcome = "confirmed" | "late-confirmed" | "alreadyEnrolled" | "noSeat";

/**
 * confirmPayment: the enrolment is paid (an online payment, or its invoice paid in full at the desk).
 * A held seat becomes the family's by one conditional UPDATE (held → enrolled: once, whoever races).
 * An expired one takes a seat again while one is free and the child holds none in the group
 * (expired → enrolled, `late-confirmed`); else `noSeat` (the caller returns the money). Emits
 * EnrolmentConfirmed: sections send the confirmation, billing re-issues a voided invoice.
 */
export async function confirmPayment(trx: Trx, ref: EnrolmentRef, via: "online" | "desk"): Promise<ConfirmOutcome> {
  // Camp enrolments have no hold: a payment confirms nothing more.
  if (ref.offerKind === "camp") return "alreadyEnrolled";
  const now = nowIso();
  const held = await trx
    .updateTable("section_enrolments")
    .set({ payment_hold_until: null, updated_at: now })
    .where("id", "=", ref.id)
    .where("status", "=", "enrolled")
    .where("payment_hold_until", "is not", null)
    .returningAll()
    .executeTakeFirst();
  if (held) {
    assertTransition("held", "enrolled");
    await emit(trx, { type: "EnrolmentConfirmed", enrolment: fromSection(held), via, late: false });
    return "confirmed";
  }
  const row = await trx.selectFrom("section_enrolments").selectAll().where("id", "=", ref.id).executeTakeFirstOrThrow();
  const state = sectionStateOf(row);
  if (state === "enrolled") return "alreadyEnrolled";
  if (state !== "expired") return "noSeat";
  assertTransition("expired", "enrolled");
  const seat = await takeSeatIn(trx, "course_sections", row.section_id, now, (eb) => eb.and([eb("status", "=", "open"), eb("starts_at", ">", now)]));
  if (!seat) return "noSeat";
  const again = await trx
    .updateTable("section_enrolments")
    .set({ status: "enrolled", payment_hold_until: null, drop_reason: null, updated_at: now })
    .where("id", "=", row.id)
    .where("status", "=", "cancelled")
    // The one duplicate-child rule (the unique index's): the child enrolled again some other way keeps that seat.
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("section_enrolments as other")
            .select(sql`1`.as("one"))
            .where("other.section_id", "=", row.section_id)
            .where("other.email", "=", row.email)
            .where("other.child_key", "=", row.child_key)
            .where("other.status", "=", "enrolled"),
        ),
      ),
    )
    .returningAll()
    .executeTakeFirst();
  if (!again) {
    await releaseSeatIn(trx, "course_sections", row.section_id, now);
    return "noSeat";
  }
  await emit(trx, { type: "EnrolmentConfirmed", enrolment: fromSection(again), via, late: true });
  return "late-confirmed";
}

/** The end state of a reason. */
const endStateOf = (reason: EndReason): EnrolmentState => (reason === "dropped" ? "dropped" : reason === "expired" ? "expired" : "cancelled");

async function ended(trx: Trx, before: SectionRow, after: SectionRow, reason: EndReason, note: string, seatTaken: boolean, at = nowIso()): Promise<void> {
  const from = sectionStateOf(before);
  assertTransition(from, endStateOf(reason));
  await emit(trx, {
    type: "EnrolmentEnded",
    enrolment: fromSection(after),
    from,
    reason,
    note,
    paidNothing: await paidNothing(trx, { offerKind: "section", id: after.id }),
    seatTaken,
    at,
  });
}

/**
 * expireHold: ends the holds of `ids` that ran out unpaid by `now` (the sweep's claim: still held,
 * run out, by one conditional UPDATE, so two sweeps, or a sweep and the payment, end each once). The
 * hold's time stays on the row (an expired enrolment). Events go in group id order, so two sweeps
 * (or a sweep and a move) lock the groups in the same order. Returns the ended rows.
 */
export async function expireHolds(trx: Trx, ids: readonly number[], now: string): Promise<{ id: number; sectionId: number }[]> {
  if (ids.length === 0) return [];
  const rows = await trx
    .updateTable("section_enrolments")
    .set({ status: "cancelled", updated_at: now })
    .where("id", "in", ids)
    .where("status", "=", "enrolled")
    .where("payment_hold_until", "<=", now)
    .returningAll()
    .execute();
  rows.sort((a, b) => a.section_id - b.section_id || a.id - b.id);
  for (const row of rows) await ended(trx, { ...row, status: "enrolled" }, row, "expired", "payment hold expired", true, now);
  return rows.map((row) => ({ id: row.id, sectionId: row.section_id }));
}

/** The live course-group enrolment's row, written so its lock is held to the end of the transaction; or why not. */
export async function claimLive(trx: Trx, id: number): Promise<SectionRow | "notFound" | "notLive"> {
  const row = await trx
    .updateTable("section_enrolments")
    .set({ updated_at: nowIso() })
    .where("id", "=", id)
    .where("status", "=", "enrolled")
    .returningAll()
    .executeTakeFirst();
  if (row) return row;
  const seen = await trx.selectFrom("section_enrolments").select("id").where("id", "=", id).executeTakeFirst();
  return seen ? "notLive" : "notFound";
}

/** drop: a live enrolment (claimed by the caller) ends with the family's or staff's reason; the seat goes back through its subscriber. */
export async function drop(trx: Trx, before: SectionRow, reason: string): Promise<void> {
  const after = await trx
    .updateTable("section_enrolments")
    .set({ status: "dropped", drop_reason: reason, payment_hold_until: null, updated_at: nowIso() })
    .where("id", "=", before.id)
    .where("status", "=", "enrolled")
    .returningAll()
    .executeTakeFirstOrThrow();
  await ended(trx, before, after, "dropped", `dropped: ${reason}`.slice(0, 500), true);
}

/** move: a live enrolment (claimed by the caller, who took the new seat and gave the old back) changes group; its state stays. */
export async function move(trx: Trx, before: SectionRow, toSectionId: number): Promise<void> {
  if (!isLive(sectionStateOf(before))) throw new Error("only a live enrolment moves");
  const now = nowIso();
  const after = await trx
    .updateTable("section_enrolments")
    .set({ section_id: toSectionId, moved_at: now, updated_at: now })
    .where("id", "=", before.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await emit(trx, { type: "EnrolmentMoved", enrolment: fromSection(after), fromSectionId: before.section_id, toSectionId });
}

/**
 * The academy cancelled a group: every live enrolment ends (held or enrolled → cancelled; the hold's
 * time cleared, it did not run out). The caller set the group's counter to zero, so no seat goes back.
 */
export async function cancelSectionEnrolments(trx: Trx, sectionId: number): Promise<{ reference: string; email: string; lang: "en" | "ar" }[]> {
  const before = await trx
    .selectFrom("section_enrolments")
    .selectAll()
    .where("section_id", "=", sectionId)
    .where("status", "=", "enrolled")
    .orderBy("id")
    .execute();
  const result: { reference: string; email: string; lang: "en" | "ar" }[] = [];
  for (const row of before) {
    const after = await trx
      .updateTable("section_enrolments")
      .set({ status: "cancelled", payment_hold_until: null, updated_at: nowIso() })
      .where("id", "=", row.id)
      .where("status", "=", "enrolled")
      .returningAll()
      .executeTakeFirst();
    if (!after) continue;
    await ended(trx, row, after, "sectionCancelled", "group cancelled", false);
    result.push({ reference: after.reference, email: after.email, lang: after.lang });
  }
  return result;
}

/**
 * erase (account erasure, decision 093): a live course-group enrolment whose term has not begun is
 * cancelled (its seat passed on, what it still owes voided, a code's use given back when nothing was
 * paid); then every enrolment of the account, course or camp, loses its personal data, and billing
 * voids what is still owed (EnrolmentErased: no one is left to pay it, and no reminder goes out).
 * Invoices stay as the academy's records. Returns how many were cancelled.
 */
export async function erase(
  trx: Trx,
  owned: { sectionIds: readonly number[]; campIds: readonly number[] },
  replace: { erased: string; email: string; now: string },
): Promise<{ cancelled: number }> {
  const { erased, email, now } = replace;
  let cancelled = 0;
  if (owned.sectionIds.length > 0) {
    const rows = await trx
      .selectFrom("section_enrolments as e")
      .innerJoin("course_sections as s", "s.id", "e.section_id")
      .selectAll("e")
      .select("s.starts_at")
      .where("e.id", "in", owned.sectionIds)
      .orderBy("e.section_id")
      .orderBy("e.id")
      .execute();
    for (const { starts_at, ...row } of rows) {
      if (!isLive(sectionStateOf(row)) || starts_at <= now) continue;
      const after = await trx
        .updateTable("section_enrolments")
        .set({ status: "cancelled", payment_hold_until: null, updated_at: now })
        .where("id", "=", row.id)
        .where("status", "=", "enrolled")
        .returningAll()
        .executeTakeFirst();
      if (!after) continue;
      await ended(trx, row, after, "erased", "account erased", true, now);
      cancelled++;
    }
    const anonymised = await trx
      .updateTable("section_enrolments")
      .set({
        child_name: erased,
        // Unique per row, so two erased children of one group keep the unique index satisfied.
        child_key: sql<string>`${"erased-"} || cast(id as text)`,
        child_id: null,
        parent_name: erased,
        email,
        phone: erased,
        user_id: null,
        drop_reason: null,
        updated_at: now,
      })
      .where("id", "in", owned.sectionIds)
      .returningAll()
      .execute();
    for (const row of anonymised) await emit(trx, { type: "EnrolmentErased", enrolment: fromSection(row) });
  }
  if (owned.campIds.length > 0) {
    const anonymised = await trx
      .updateTable("camp_enrolments")
      .set({ student_name: erased, parent_name: erased, email, phone_number: erased, message: "", notes: "", updated_at: now })
      .where("id", "in", owned.campIds)
      .returningAll()
      .execute();
    for (const row of anonymised) await emit(trx, { type: "EnrolmentErased", enrolment: fromCamp(row) });
  }
  return { cancelled };
}

/**
 * A guardian's account is deleted (decision 139): the enrolments it made for the family (its id)
 * pass to the family's primary guardian (camp enrolments carry no account id), in the deletion's transaction, so they stay the family's.
 */
export async function passToAccount(trx: Trx, fromUserId: number, toUserId: number): Promise<void> {
  await trx.updateTable("section_enrolments").set({ user_id: toUserId }).where("user_id", "=", fromUserId).execute();
}
