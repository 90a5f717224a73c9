import { enrolInSection } from "~/features/enrolments/enrolments.server";
import type { DB } from "~server/db/db";
import { isUniqueViolation, violatesUniqueIndex } from "~server/db/errors";
import type { WaitlistStatus } from "~server/db/schema";
import { nowIso } from "~server/db/values";
import { serverT } from "~server/i18n";
import { defineJob } from "~server/jobs/job";
import { z } from "zod";
import { mailKind, queueMail } from "~server/mail/mail-queue";
import { pick } from "~/i18n/localized";
import type { Lang } from "~/i18n/lang";
import { randomToken } from "~/lib/random-token.server";
import { bookingCode } from "~/features/booking/booking.server";
import { sectionWaitlistLink } from "./links.server";
import { lockSeatRow } from "~/kernel/seats.server";
import {
  freeSeatIn,
  leaveLine,
  positionIn,
  notifyOffer,
  sweepLine,
  whyNotAccepted,
  type LeaveResult,
  type WaitLine,
} from "~/features/booking/waitlist-offers.server";
import { childKey } from "~/lib/child-key";
import { isEnrolledInSection } from "~/features/enrolments/queries.server";

/** The periodic job that ends the sections' offers that ran out and passes their seats on. */
export const sectionWaitlistSweepJob = defineJob("section-waitlist-sweep");

/** "A seat in the group is held for you" (rendered in section-waitlist-mail.server.ts, which reads this module). */
export const sectionOfferMailKind = mailKind("section-waitlist-offer", z.object({ entryId: z.number().int(), expiresAt: z.string() }));

/**
 * The course sections' line (decision 066): the demo slots' machinery (decision 032) on
 * section_waitlist and course_sections.seats_taken. Offers stop when the term begins or the
 * section is closed or cancelled.
 */
export const SECTION_LINE: WaitLine = {
  seats: "course_sections",
  line: "section_waitlist",
  owner: "section_id",
  offersOpen: (row, now) => row.status === "open" && row.starts_at > now,
  queueOffer: async (trx, entryId, expiresAt) => {
    const entry = await trx
      .selectFrom("section_waitlist as w")
      .innerJoin("course_sections as s", "s.id", "w.section_id")
      .innerJoin("courses as c", "c.id", "s.course_id")
      .select(["w.email", "w.lang", "c.name_en", "c.name_ar"])
      .where("w.id", "=", entryId)
      .executeTakeFirstOrThrow();
    const subject = serverT(entry.lang, "sections", "offerMail.subject", { course: pick(entry, "name", entry.lang) });
    await queueMail(trx, sectionOfferMailKind, { to: entry.email, subject, data: { entryId, expiresAt } });
    await notifyOffer(trx, { line: "section", entryId, email: entry.email, expiresAt, course: { en: entry.name_en, ar: entry.name_ar } });
  },
};

export interface SectionJoinRequest {
  childName: string;
  childAge: number;
  childId: number | null;
  parentName: string;
  email: string;
  phone: string;
}

export type SectionJoinResult =
  | { ok: true; token: string; position: number }
  | { ok: false; reason: "notFound" | "notFull" | "closed" | "enrolled" | "duplicate" }
  | { ok: false; reason: "ageOutside"; minAge: number; maxAge: number };

class Refused extends Error {
  constructor(readonly reason: "notFound" | "notFull" | "closed" | "enrolled") {
    super(reason);
  }
}

/**
 * Puts a child in line for a full section, in one transaction: the section's row is written first
 * (a seat freed at that moment waits for this line, then is offered to it); the section must be
 * open, its registration open and full (a free seat is enrolled in, not waited for); the child must
 * not hold a seat in it; the partial unique index keeps one place per e-mail and section.
 */
export async function joinSectionWaitlist(
  db: DB,
  sectionId: number,
  input: SectionJoinRequest,
  options: { lang: Lang; userId: number | null; linkSecret: string },
): Promise<SectionJoinResult> {
  const seen = await db.selectFrom("course_sections").select(["status", "min_age", "max_age"]).where("id", "=", sectionId).executeTakeFirst();
  if (!seen || seen.status === "cancelled") return { ok: false, reason: "notFound" };
  if (input.childAge < seen.min_age || input.childAge > seen.max_age) return { ok: false, reason: "ageOutside", minAge: seen.min_age, maxAge: seen.max_age };
  const email = input.email.toLowerCase();
  try {
    return await db.transaction().execute(async (trx) => {
      const now = nowIso();
      const row = await lockSeatRow(trx, "course_sections", sectionId, now);
      if (!row) throw new Refused("notFound");
      const section = await trx
        .selectFrom("course_sections")
        .select(["course_id", "registration_opens_at", "registration_closes_at"])
        .where("id", "=", sectionId)
        .executeTakeFirstOrThrow();
      if (row.status !== "open" || section.registration_closes_at <= now || row.starts_at <= now) throw new Refused("closed");
      if (row.seats_taken < row.capacity) throw new Refused("notFull");
      if (await isEnrolledInSection(trx, sectionId, email, childKey(input.childName))) throw new Refused("enrolled");
      const entry = await trx
        .insertInto("section_waitlist")
        .values({
          section_id: sectionId,
          course_id: section.course_id,
          child_name: input.childName,
          child_age: input.childAge,
          child_id: input.childId,
          parent_name: input.parentName,
          email,
          phone: input.phone,
          lang: options.lang,
          user_id: options.userId,
          status: "waiting",
          created_at: now,
          updated_at: now,
        })
        .returning(["id", "created_at"])
        .executeTakeFirstOrThrow();
      return {
        ok: true as const,
        position: await positionIn(trx, SECTION_LINE, sectionId, entry.id),
        token: sectionWaitlistLink.token(options.linkSecret, entry),
      };
    });
  } catch (error) {
    if (error instanceof Refused) return { ok: false, reason: error.reason };
    if (isUniqueViolation(error)) return { ok: false, reason: "duplicate" };
    throw error;
  }
}

export type SectionAcceptResult =
  | { ok: true; reference: string; code: string; enrolmentId: number; sectionId: number }
  | { ok: false; reason: "notFound" | "accepted" | "expired" | "left" | "waiting" | "closed" | "duplicate" };

class AcceptRefused extends Error {}

/**
 * Accepts an offer: ONE transaction turns the held seat into an enrolment. The conditional UPDATE
 * of the entry (offered, not run out, its section open and not begun) is the claim, so one of any
 * number of simultaneous accepts goes through. The seat was counted when it was offered, so the
 * enrolment takes no other seat. `queue` stores the confirmation e-mail (with its .ics) in it.
 */
export async function acceptSectionOffer(
  db: DB,
  entryId: number | undefined,
  queue: (trx: DB, enrolment: { reference: string; email: string; lang: Lang; sectionId: number }) => Promise<void>,
): Promise<SectionAcceptResult> {
  if (entryId === undefined) return { ok: false, reason: "notFound" };
  const reference = randomToken();
  let code = bookingCode();
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction().execute(async (trx) => {
        const now = nowIso();
        const entry = await trx
          .updateTable("section_waitlist")
          .set({ status: "booked", updated_at: now })
          .where("id", "=", entryId)
          .where("status", "=", "offered")
          .where("offer_expires_at", ">", now)
          .where("section_id", "in", trx.selectFrom("course_sections").select("id").where("status", "=", "open").where("starts_at", ">", now))
          .returningAll()
          .executeTakeFirst();
        if (!entry) throw new AcceptRefused();
        const section = await trx.selectFrom("course_sections").select("course_id").where("id", "=", entry.section_id).executeTakeFirstOrThrow();
        // The row and its invoice at the course's price (decisions 090, 100): the enrolments feature's command.
        const { enrolment } = await enrolInSection(trx, {
          reference,
          code,
          section_id: entry.section_id,
          course_id: section.course_id,
          child_name: entry.child_name,
          child_age: entry.child_age,
          child_id: entry.child_id,
          parent_name: entry.parent_name,
          email: entry.email,
          phone: entry.phone,
          lang: entry.lang,
          user_id: entry.user_id,
          source: "direct",
        });
        await trx.updateTable("section_waitlist").set({ enrolment_id: enrolment.id }).where("id", "=", entry.id).execute();
        await queue(trx, { reference, email: entry.email, lang: entry.lang, sectionId: entry.section_id });
        return { ok: true as const, reference, code, enrolmentId: enrolment.id, sectionId: entry.section_id };
      });
    } catch (error) {
      if (attempt < 4 && violatesUniqueIndex(error, "section_enrolments_code", "section_enrolments.code")) {
        code = bookingCode();
        continue;
      }
      if (isUniqueViolation(error)) return { ok: false, reason: "duplicate" };
      if (!(error instanceof AcceptRefused)) throw error;
      return { ok: false, reason: await whyNotAccepted(db, SECTION_LINE, entryId) };
    }
  }
}

/** The parent leaves the section's line or declines its offer (the seat passes on). */
export function leaveSectionWaitlist(db: DB, entryId: number | undefined): Promise<LeaveResult> {
  return leaveLine(db, SECTION_LINE, entryId);
}

/** Ends the sections' offers that ran out (or whose term has begun), passing each seat on. */
export function sweepSectionOffers(db: DB, at = new Date()): Promise<number> {
  return sweepLine(db, SECTION_LINE, at);
}

/** A section waitlist entry as its parent sees it (its page, its e-mail, the API). */
export interface SectionWaitlistView {
  id: number;
  status: WaitlistStatus;
  position: number | null;
  sectionId: number;
  courseSlug: string;
  courseName: string;
  childName: string;
  parentName: string;
  email: string;
  lang: Lang;
  startsAt: string;
  startTime: string;
  weekdays: number[];
  offerExpiresAt: string | null;
  enrolmentReference: string | null;
  token: string;
}

/** The entry with that id, in `lang` (or the entry's own language when null), with its link token. */
export async function getSectionWaitlistEntry(db: DB, linkSecret: string, id: number | undefined, lang: Lang | null): Promise<SectionWaitlistView | undefined> {
  if (id === undefined) return undefined;
  const row = await db
    .selectFrom("section_waitlist as w")
    .innerJoin("course_sections as s", "s.id", "w.section_id")
    .innerJoin("courses as c", "c.id", "s.course_id")
    .leftJoin("section_enrolments as e", "e.id", "w.enrolment_id")
    .select([
      "w.id",
      "w.section_id",
      "w.created_at",
      "w.status",
      "w.child_name",
      "w.parent_name",
      "w.email",
      "w.lang",
      "w.offer_expires_at",
      "s.starts_at",
      "s.start_time",
      "s.weekdays",
      "c.slug",
      "c.name_en",
      "c.name_ar",
      "e.reference",
    ])
    .where("w.id", "=", id)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    status: row.status,
    position: row.status === "waiting" ? await positionIn(db, SECTION_LINE, row.section_id, row.id) : null,
    sectionId: row.section_id,
    courseSlug: row.slug,
    courseName: pick(row, "name", lang ?? row.lang),
    childName: row.child_name,
    parentName: row.parent_name,
    email: row.email,
    lang: row.lang,
    startsAt: row.starts_at,
    startTime: row.start_time,
    weekdays: row.weekdays.split(",").map(Number),
    offerExpiresAt: row.offer_expires_at,
    enrolmentReference: row.reference,
    token: sectionWaitlistLink.token(linkSecret, row),
  };
}

/**
 * Erasure with the family's account (the sections feature owns section_waitlist, decision 145):
 * each place still in a line leaves it, conditionally on its status, and an offered one passes its
 * held seat on. Returns how many left.
 */
export async function leaveSectionLinesOnErasure(
  trx: DB,
  places: readonly { id: number; status: WaitlistStatus; section_id: number }[],
  now: string,
): Promise<number> {
  let left = 0;
  for (const place of places.filter((w) => w.status === "waiting" || w.status === "offered")) {
    const done = await trx
      .updateTable("section_waitlist")
      .set({ status: "left", updated_at: now })
      .where("id", "=", place.id)
      .where("status", "=", place.status)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1) continue;
    left++;
    if (place.status === "offered") await freeSeatIn(trx, SECTION_LINE, place.section_id, now);
  }
  return left;
}

/** Erasure: the places lose the child's and the parent's data and their account. */
export async function eraseSectionWaitlistPlaces(trx: DB, ids: readonly number[], replace: { erased: string; email: string; now: string }): Promise<void> {
  if (ids.length === 0) return;
  await trx
    .updateTable("section_waitlist")
    .set({
      child_name: replace.erased,
      child_id: null,
      parent_name: replace.erased,
      email: replace.email,
      phone: replace.erased,
      user_id: null,
      updated_at: replace.now,
    })
    .where("id", "in", ids)
    .execute();
}
