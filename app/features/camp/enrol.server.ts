import { checkFamilyLimits, FamilyLimitReached } from "~/features/enrolments/family-limits.server";
import { markPublicForm } from "~server/mail/mail-budget";
import { retryDeadlock, type DB, type Trx } from "~server/db/db";
import { nowIso } from "~server/db/values";
import { queueMail } from "~server/mail/mail-queue";
import type { Lang } from "~/i18n/lang";
import { v } from "~/lib/validation";
import { randomToken } from "~/lib/random-token.server";
import { enrolInCamp, type PriceEnrolment } from "~/features/enrolments/enrolments.server";
import { campEnrolmentByReference } from "~/features/enrolments/queries.server";
import { campEnrolmentConfirmationMail } from "./camp.mails.server";
import { batchValues, findCamp, toCamp } from "./camps.server";
import type { CampEnrolmentRequest } from "./enrol.schema";
import type { BrochureRequest } from "./brochure.schema";
import { campById } from "~/features/admin/queries.server";

/** Queues what staff are told of a new record, in the transaction that stores it (staff-notice.server.ts). */
type NotifyStaff = (trx: Trx, id: number) => Promise<void>;

type CampEnrolResult =
  | { ok: true; id: number; reference: string; campTitle: string }
  /** Field name -> validation message key, for a camp or session that does not exist. */
  | { ok: false; errors: Record<string, string> }
  /** The family's cap (decision 104). */
  | { ok: false; familyCap: number };

/**
 * Stores an enrolment when its camp exists and the session is one of that camp's batches, with
 * the family's confirmation and the staff notice queued in the same transaction.
 */
export async function addCampEnrolment(
  db: DB,
  input: CampEnrolmentRequest,
  lang: Lang,
  notifyStaff?: NotifyStaff,
  /** Prices the enrolment (and uses its promo code) in the same transaction; a throw stores nothing. */
  price?: PriceEnrolment,
  /** The family's cap (site setting enrolmentsPerFamily) and, signed in, its account (decision 104). */
  family?: { userId: number | null; perFamily: number },
): Promise<CampEnrolResult> {
  const camp = await findCamp(db, input.selectedCamp);
  if (!camp) return { ok: false, errors: { selectedCamp: v.choice } };
  if (!batchValues(camp).includes(input.selectedSession)) return { ok: false, errors: { selectedSession: v.choice } };
  const reference = randomToken();
  // The family's confirmation e-mail is queued with the enrolment: both are stored, or neither.
  const row = await retryDeadlock(() =>
    db.transaction().execute(async (trx) => {
      if (family) await checkFamilyLimits(trx, { ...family, email: input.email }, nowIso());
      // A public form: its mails to the typed address (confirmation, invoice) spend that address's budget (decision 104).
      markPublicForm(trx, input.email);
      // The row, priced and invoiced: the enrolments feature's command (decision 100).
      const { enrolment } = await enrolInCamp(
        trx,
        {
          student_name: input.studentName,
          parent_name: input.parentName,
          email: input.email,
          phone_number: input.phoneNumber,
          camp_id: camp.id,
          camp_slug: camp.slug,
          camp_title: camp.title_en,
          session: input.selectedSession,
          message: input.message,
          lang,
          reference,
        },
        price,
        family?.userId ?? null,
      );
      await queueMail(trx, campEnrolmentConfirmationMail, { to: input.email, data: { reference } });
      await notifyStaff?.(trx, enrolment.id);
      return enrolment;
    }),
  ).catch((error: unknown) => {
    if (error instanceof FamilyLimitReached) return { familyCap: error.limit };
    throw error;
  });
  if ("familyCap" in row) return { ok: false, familyCap: row.familyCap };
  return { ok: true, id: row.id, reference, campTitle: lang === "ar" && camp.title_ar.trim() ? camp.title_ar : camp.title_en };
}

/** An enrolment as the family sees it (confirmation page and e-mail), texts in `lang`. */
interface CampEnrolmentView {
  /** The row's id (its invoice's key), kept out of pages. */
  id: number;
  reference: string;
  studentName: string;
  parentName: string;
  email: string;
  phoneNumber: string;
  campTitle: string;
  campSlug: string;
  session: string;
  /** The language the family enrolled in (their e-mail's language). */
  lang: Lang;
}

/** The enrolment behind an unguessable reference, or undefined. */
export async function getCampEnrolmentByReference(db: DB, reference: string, lang: Lang): Promise<CampEnrolmentView | undefined> {
  if (reference.length < 16 || reference.length > 100) return undefined;
  const row = await campEnrolmentByReference(db, reference);
  if (!row) return undefined;
  const campRow = await campById(db, row.camp_id);
  const camp = campRow ? toCamp(campRow, lang) : undefined;
  return {
    id: row.id,
    reference,
    studentName: row.student_name,
    parentName: row.parent_name,
    email: row.email,
    phoneNumber: row.phone_number,
    // The camp as it reads now in this language; its English title at enrolment if it is gone.
    campTitle: camp?.title ?? row.camp_title,
    campSlug: row.camp_slug,
    session: camp?.batches.find((batch) => batch.value === row.session)?.label ?? row.session,
    lang: row.lang,
  };
}

/** Keeps a brochure request as a lead for staff (the original site threw it away). */
export async function addBrochureLead(db: DB, input: BrochureRequest, lang: Lang, notifyStaff?: NotifyStaff): Promise<number> {
  const now = nowIso();
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("brochure_leads")
      .values({
        student_name: input.studentName,
        student_email: input.studentEmail,
        grade: input.grade,
        school: input.school,
        parent_contact: input.parentContact,
        lang,
        status: "new",
        notes: "",
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await notifyStaff?.(trx, row.id);
    return row.id;
  });
}

/** Erasure with the family's account: its brochure requests lose their personal data (the camp feature owns them, decision 145). */
export async function eraseBrochureLeads(trx: DB, ids: readonly number[], replace: { erased: string; email: string; now: string }): Promise<void> {
  if (ids.length === 0) return;
  await trx
    .updateTable("brochure_leads")
    .set({
      student_name: replace.erased,
      student_email: replace.email,
      parent_contact: replace.erased,
      school: replace.erased,
      notes: "",
      updated_at: replace.now,
    })
    .where("id", "in", ids)
    .execute();
}
