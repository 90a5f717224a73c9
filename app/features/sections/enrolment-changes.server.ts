import { retryDeadlock, type DB, type Trx } from "~server/db/db";
import { isUniqueViolation } from "~server/db/errors";
import { nowIso } from "~server/db/values";
import type { Lang } from "~/i18n/lang";
import { takeSeatIn } from "~/kernel/seats.server";
import { freeSeatIn } from "~/features/booking/waitlist-offers.server";
import { claimLive, drop, move } from "~/features/enrolments/enrolments.server";
import { SECTION_LINE } from "./section-waitlist.server";

/**
 * Moves and drops of an enrolment (issue 29, decision 066). Staff may change any live enrolment;
 * a parent (with the enrolment's link) only until `cutoffHours` before the term's first class
 * (site setting sectionChangeCutoffHours), and only into a section whose registration is open.
 */
export type ChangeActor = { by: "staff" } | { by: "parent"; cutoffHours: number };

export type ChangeRefusal = "notFound" | "notLive" | "tooLate" | "sameSection" | "targetNotFound" | "otherCourse" | "full" | "closed" | "duplicate";

/** What the e-mail and the audit of a change need (read inside its transaction). */
export interface ChangedEnrolment {
  id: number;
  reference: string;
  email: string;
  lang: Lang;
  childName: string;
  fromSectionId: number;
  toSectionId: number | null;
}

export type ChangeResult = { ok: true; enrolment: ChangedEnrolment } | { ok: false; reason: ChangeRefusal };

class Refused extends Error {
  constructor(readonly reason: ChangeRefusal) {
    super(reason);
  }
}

/** The instant before which a parent may still change an enrolment whose term starts at `startsAt`. */
export const changeDeadlineOf = (startsAt: string, cutoffHours: number) => new Date(Date.parse(startsAt) - cutoffHours * 3_600_000).toISOString();

const tooLateFor = (actor: ChangeActor, startsAt: string, now: string) => actor.by === "parent" && changeDeadlineOf(startsAt, actor.cutoffHours) <= now;

/**
 * One change of an enrolment in ONE transaction: the enrolment's row claimed (still enrolled), the
 * change's own steps (which may refuse, rolling all of it back; they answer the section the child
 * is in after), then its subscribers (`after`: the audit and the e-mail). No enrolment: notFound.
 */
async function changeEnrolment(
  db: DB,
  enrolmentId: number | undefined,
  steps: (trx: Trx, enrolment: ClaimedEnrolment, now: string) => Promise<number | null>,
  after: (trx: DB, enrolment: ChangedEnrolment) => Promise<void>,
  /** The refusal a unique index's violation means for this change (none: it is an error). */
  uniqueViolation?: ChangeRefusal,
): Promise<ChangeResult> {
  if (enrolmentId === undefined) return { ok: false, reason: "notFound" };
  try {
    return await retryDeadlock(() =>
      db.transaction().execute(async (trx) => {
        const now = nowIso();
        const enrolment = await claim(trx, enrolmentId, now);
        const toSectionId = await steps(trx, enrolment, now);
        const changed = {
          id: enrolment.id,
          reference: enrolment.reference,
          email: enrolment.email,
          lang: enrolment.lang,
          childName: enrolment.child_name,
          fromSectionId: enrolment.section_id,
          toSectionId,
        };
        await after(trx, changed);
        return { ok: true as const, enrolment: changed };
      }),
    );
  } catch (error) {
    if (error instanceof Refused) return { ok: false, reason: error.reason };
    if (uniqueViolation && isUniqueViolation(error)) return { ok: false, reason: uniqueViolation };
    throw error;
  }
}

/**
 * Moves a child to another section of the same course in ONE transaction: the enrolment's row is
 * claimed (still enrolled), then the two sections' counters are written in id order (so two moves
 * in opposite directions lock them in the same order): the new seat taken by the conditional
 * UPDATE (open, not full, the same course; for a parent, registration open), the old seat given
 * back and offered to the old section's line at once. Any refusal rolls all of it back.
 */
export async function moveEnrolment(
  db: DB,
  enrolmentId: number | undefined,
  targetId: number,
  actor: ChangeActor,
  after: (trx: DB, enrolment: ChangedEnrolment) => Promise<void>,
): Promise<ChangeResult> {
  return changeEnrolment(
    db,
    enrolmentId,
    async (trx, enrolment, now) => {
      if (enrolment.section_id === targetId) throw new Refused("sameSection");
      const from = await trx.selectFrom("course_sections").select(["starts_at"]).where("id", "=", enrolment.section_id).executeTakeFirstOrThrow();
      if (tooLateFor(actor, from.starts_at, now)) throw new Refused("tooLate");
      const target = await trx.selectFrom("course_sections").select(["course_id", "status"]).where("id", "=", targetId).executeTakeFirst();
      if (!target || target.status === "cancelled") throw new Refused("targetNotFound");
      if (target.course_id !== enrolment.course_id) throw new Refused("otherCourse");
      const take = async () => {
        const seat = await takeSeatIn(trx, "course_sections", targetId, now, (eb) =>
          eb.and([
            eb("status", "=", "open"),
            eb("course_id", "=", target.course_id),
            ...(actor.by === "parent"
              ? [eb("registration_closes_at", ">", now), eb.or([eb("registration_opens_at", "is", null), eb("registration_opens_at", "<=", now)])]
              : [eb("starts_at", ">", now)]),
          ]),
        );
        if (seat) return;
        const row = await trx.selectFrom("course_sections").select(["status", "seats_taken", "capacity"]).where("id", "=", targetId).executeTakeFirstOrThrow();
        throw new Refused(row.status === "open" && row.seats_taken >= row.capacity ? "full" : "closed");
      };
      const release = () => freeSeatIn(trx, SECTION_LINE, enrolment.section_id, now);
      if (targetId < enrolment.section_id) {
        await take();
        await release();
      } else {
        await release();
        await take();
      }
      await move(trx, enrolment, targetId);
      return targetId;
    },
    after,
    // The child already holds a seat in the target section (the partial unique index).
    "duplicate",
  );
}

/**
 * Drops an enrolment with a reason in one transaction: the row's status (still enrolled, still in
 * the section read) and the seat given back, offered to the section's line at once, and what is
 * still owed on its invoice voided.
 */
export async function dropEnrolment(
  db: DB,
  enrolmentId: number | undefined,
  reason: string,
  actor: ChangeActor,
  after: (trx: DB, enrolment: ChangedEnrolment) => Promise<void>,
): Promise<ChangeResult> {
  return changeEnrolment(
    db,
    enrolmentId,
    async (trx, enrolment, now) => {
      const section = await trx.selectFrom("course_sections").select("starts_at").where("id", "=", enrolment.section_id).executeTakeFirstOrThrow();
      if (tooLateFor(actor, section.starts_at, now)) throw new Refused("tooLate");
      // The seat goes on to the line, what is still owed is voided (money paid stays paid until staff
      // refund it, decision 092) and an unpaid code's use goes back: the drop's subscribers (decision 100).
      await drop(trx, enrolment, reason);
      return null;
    },
    after,
  );
}

/** The live enrolment's row, its lock held to the end (the enrolments feature's claim), or a refusal. */
async function claim(trx: Trx, id: number, _now: string) {
  const row = await claimLive(trx, id);
  if (typeof row === "string") throw new Refused(row);
  return row;
}
type ClaimedEnrolment = Awaited<ReturnType<typeof claim>>;
