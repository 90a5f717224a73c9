import type { DB } from "~server/db/db";
import { isUniqueViolation } from "~server/db/errors";
import { ownerOf } from "~/features/family/account-owner.server";
import { inBoth } from "~/features/messaging/index.server";
import { academyTimeZone } from "~/features/site/academy-zone.server";
import { formatDateTimeLabel } from "~/kernel/slot-format";
import { rowLink } from "~/kernel/row-link.server";
import { pick } from "~/i18n/localized";
import { notifyFamily } from "~/features/push/index.server";
import { releaseMakeupPlace, takeMakeupPlace } from "~/features/sections/makeup-places.server";
import { enrolmentWithCourse, ownedEnrolmentIds as enrolmentIdsOf } from "~/features/enrolments/queries.server";
import { meetingOfSection, meetingWithSection } from "~/features/sections/queries.server";

/**
 * Absences and make-up classes (issue 30 part 3, decision 076). A parent reports that a child will
 * miss a coming class of their own group; before the notice window (absenceNoticeHours before the
 * class) it earns one make-up credit, valid makeupCreditDays. A credit is spent once on a coming
 * class of another group of the same course, within that class's make-up allowance (on top of
 * the group's capacity: guests never touch seats_taken), and given back when the make-up is
 * cancelled before the notice window.
 */
export interface MakeupRules {
  absenceNoticeHours: number;
  makeupCreditDays: number;
  makeupAllowance: number;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The last moment a notice (or a make-up's cancellation) counts as in time for a class. */
export const noticeDeadline = (startsAt: string, hours: number) => new Date(new Date(startsAt).getTime() - hours * HOUR).toISOString();

// --- The absence link (the meeting reminder's), decision 044's way: nothing stored, the kernel's row link (decision 146).

const absenceLink = rowLink("absence-link", "section_enrolments", "reference");

/** The absence link's key for one enrolment: its id and a MAC over its random reference. */
export const absenceLinkToken = (secret: string, enrolment: { id: number; reference: string }) => absenceLink.token(secret, enrolment);

/** The enrolment an absence link opens, or undefined. */
export const absenceLinkedId = (db: DB, secret: string, token: string): Promise<number | undefined> => absenceLink.open(db, secret, token);

// --- Whose enrolments

/** The live enrolments the account holds (ownedBy: its id, or its proven e-mail), newest groups last. */
export async function ownedEnrolmentIds(db: DB, userId: number): Promise<number[]> {
  return enrolmentIdsOf(db, await ownerOf(db, userId), 200);
}

// --- Reporting an absence

export type AbsenceResult =
  | { ok: true; absenceId: number; credit: { id: number; expiresAt: string } | null }
  | { ok: false; reason: "notFound" | "meetingNotFound" | "started" | "already" };

/**
 * Records that the child of `enrolmentId` misses `meetingId` (a scheduled, coming meeting of the
 * child's own group, the enrolment live), and, before the notice window, its make-up credit, in
 * one transaction. The unique (meeting, enrolment) row makes a second report "already", never a
 * second credit, also when two arrive at once.
 */
export async function reportAbsence(
  db: DB,
  input: { enrolmentId: number; meetingId: number; reason: string; via: "account" | "link"; userId: number | null },
  rules: Pick<MakeupRules, "absenceNoticeHours" | "makeupCreditDays">,
  at = new Date(),
): Promise<AbsenceResult> {
  const now = at.toISOString();
  const enrolment = await enrolmentWithCourse(db, input.enrolmentId);
  if (!enrolment || enrolment.status !== "enrolled") return { ok: false, reason: "notFound" };
  const meeting = await meetingOfSection(db, input.meetingId, enrolment.section_id);
  if (!meeting || meeting.status !== "scheduled") return { ok: false, reason: "meetingNotFound" };
  if (meeting.starts_at <= now) return { ok: false, reason: "started" };
  const withNotice = now <= noticeDeadline(meeting.starts_at, rules.absenceNoticeHours);
  return db.transaction().execute(async (trx) => {
    const absence = await trx
      .insertInto("meeting_absences")
      .values({
        meeting_id: meeting.id,
        enrolment_id: enrolment.id,
        reason: input.reason,
        reported_via: input.via,
        user_id: input.userId,
        with_notice: withNotice ? 1 : 0,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.columns(["meeting_id", "enrolment_id"]).doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!absence) return { ok: false, reason: "already" } as const;
    // Acknowledged on WhatsApp or SMS and the phones, for guardians who chose them (decisions 127, 143); the page shows it either way.
    const timeZone = await academyTimeZone(trx);
    const course = inBoth("course", (lang) => pick(enrolment, "name", lang));
    await notifyFamily(trx, {
      event: `absence:${absence.id}`,
      email: enrolment.email,
      template: "absence_recorded",
      params: { child: enrolment.child_name, ...course, ...inBoth("date", (lang) => formatDateTimeLabel(meeting.starts_at, timeZone, lang)) },
      ownMail: true,
      push: { category: "absence", url: "/account/makeups" },
    });
    if (withNotice)
      await notifyFamily(trx, {
        event: `makeup-credit:${absence.id}`,
        email: enrolment.email,
        template: "makeup_credit",
        params: { child: enrolment.child_name, days: String(rules.makeupCreditDays) },
        ownMail: true,
        push: { category: "makeup", url: "/account/makeups" },
      });
    if (!withNotice) return { ok: true, absenceId: absence.id, credit: null } as const;
    const expiresAt = new Date(at.getTime() + rules.makeupCreditDays * DAY).toISOString();
    const credit = await trx
      .insertInto("makeup_credits")
      .values({
        absence_id: absence.id,
        enrolment_id: enrolment.id,
        course_id: enrolment.course_id,
        expires_at: expiresAt,
        meeting_id: null,
        booked_at: null,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { ok: true, absenceId: absence.id, credit: { id: credit.id, expiresAt } } as const;
  });
}

// --- Spending a credit

export type SpendResult =
  | { ok: true; meetingId: number; startsAt: string }
  | { ok: false; reason: "creditNotFound" | "creditUsed" | "creditExpired" | "meetingNotFound" | "ownGroup" | "full" | "alreadyGuest" };

class Refused extends Error {
  constructor(readonly reason: Extract<SpendResult, { ok: false }>["reason"]) {
    super(reason);
  }
}

/**
 * Spends credit `creditId` on a seat in `meetingId`, exactly once, in one transaction: first the
 * credit is claimed (a conditional UPDATE: still unspent and unexpired), then the meeting's guest
 * counter is raised by a conditional UPDATE the database decides under the meeting's row lock
 * (below the allowance, the meeting scheduled and ahead, before the credit's expiry, another group
 * of the credit's course). Either refuses and the whole transaction rolls back. Every spend locks
 * credit then meeting, in that order, so two spends never wait on each other in a circle.
 */
export async function spendCredit(
  db: DB,
  input: { creditId: number; meetingId: number; enrolmentIds: readonly number[] },
  allowance: number,
  at = new Date(),
): Promise<SpendResult> {
  const now = at.toISOString();
  if (input.enrolmentIds.length === 0) return { ok: false, reason: "creditNotFound" };
  const credit = await db
    .selectFrom("makeup_credits as k")
    .innerJoin("section_enrolments as e", "e.id", "k.enrolment_id")
    .select(["k.id", "k.enrolment_id", "k.course_id", "k.expires_at", "k.meeting_id", "e.section_id", "e.status"])
    .where("k.id", "=", input.creditId)
    .where("k.enrolment_id", "in", input.enrolmentIds)
    .executeTakeFirst();
  if (!credit || credit.status !== "enrolled") return { ok: false, reason: "creditNotFound" };
  const target = await meetingWithSection(db, input.meetingId);
  if (!target || target.course_id !== credit.course_id || target.status !== "scheduled" || target.section_status === "cancelled" || target.starts_at <= now)
    return { ok: false, reason: "meetingNotFound" };
  if (target.section_id === credit.section_id) return { ok: false, reason: "ownGroup" };
  if (credit.meeting_id !== null) return { ok: false, reason: "creditUsed" };
  if (credit.expires_at <= now || target.starts_at > credit.expires_at) return { ok: false, reason: "creditExpired" };
  try {
    return await db.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable("makeup_credits")
        .set({ meeting_id: target.id, booked_at: now, updated_at: now })
        .where("id", "=", credit.id)
        .where("meeting_id", "is", null)
        .where("expires_at", ">", now)
        .returning("id")
        .executeTakeFirst();
      if (!claimed) throw new Refused("creditUsed");
      const startsAt = await takeMakeupPlace(trx, target.id, allowance, now);
      if (startsAt === undefined) throw new Refused("full");
      return { ok: true, meetingId: target.id, startsAt } as const;
    });
  } catch (error) {
    if (error instanceof Refused) return { ok: false, reason: error.reason };
    // The child already holds a seat in that class with another credit (the partial unique index).
    if (isUniqueViolation(error)) return { ok: false, reason: "alreadyGuest" };
    throw error;
  }
}

export type CancelResult = { ok: true } | { ok: false; reason: "creditNotFound" | "notBooked" | "tooLate" };

/** Gives a booked make-up back before the notice window: the credit is unspent again, the guest's place freed. */
export async function cancelMakeup(
  db: DB,
  input: { creditId: number; enrolmentIds: readonly number[] },
  noticeHours: number,
  at = new Date(),
): Promise<CancelResult> {
  const now = at.toISOString();
  if (input.enrolmentIds.length === 0) return { ok: false, reason: "creditNotFound" };
  const credit = await db
    .selectFrom("makeup_credits as k")
    .leftJoin("section_meetings as m", "m.id", "k.meeting_id")
    .select(["k.id", "k.meeting_id", "m.starts_at"])
    .where("k.id", "=", input.creditId)
    .where("k.enrolment_id", "in", input.enrolmentIds)
    .executeTakeFirst();
  if (!credit) return { ok: false, reason: "creditNotFound" };
  if (credit.meeting_id === null || credit.starts_at === null) return { ok: false, reason: "notBooked" };
  if (now > noticeDeadline(credit.starts_at, noticeHours)) return { ok: false, reason: "tooLate" };
  const meetingId = credit.meeting_id;
  return db.transaction().execute(async (trx) => {
    const freed = await trx
      .updateTable("makeup_credits")
      .set({ meeting_id: null, booked_at: null, updated_at: now })
      .where("id", "=", credit.id)
      .where("meeting_id", "=", meetingId)
      .executeTakeFirst();
    if (Number(freed.numUpdatedRows) !== 1) return { ok: false, reason: "notBooked" } as const;
    await releaseMakeupPlace(trx, meetingId, now);
    return { ok: true } as const;
  });
}
