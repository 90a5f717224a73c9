import type { DB } from "../../../server/db/db";
import { nowIso } from "../../../server/db/values";
import type { Lang } from "~/i18n/lang";
import { v } from "~/lib/validation";
import { batchValues, findCamp } from "./camps.server";
import type { Enrollment } from "./enroll.schema";
import type { BrochureRequest } from "./brochure.schema";

export type EnrollResult =
  | { ok: true; id: number; campTitle: string }
  /** Field name -> validation message key, for a camp or session that does not exist. */
  | { ok: false; errors: Record<string, string> };

/** Stores an enrollment when its camp exists and the session is one of that camp's batches. */
export async function addEnrollment(db: DB, input: Enrollment, lang: Lang): Promise<EnrollResult> {
  const camp = await findCamp(db, input.selectedCamp);
  if (!camp) return { ok: false, errors: { selectedCamp: v.choice } };
  if (!batchValues(camp).includes(input.selectedSession)) return { ok: false, errors: { selectedSession: v.choice } };
  const now = nowIso();
  const row = await db
    .insertInto("enrollments")
    .values({
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
      status: "new",
      notes: "",
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { ok: true, id: row.id, campTitle: lang === "ar" && camp.title_ar.trim() ? camp.title_ar : camp.title_en };
}

/** Keeps a brochure request as a lead for staff (the original site threw it away). */
export async function addBrochureLead(db: DB, input: BrochureRequest, lang: Lang): Promise<number> {
  const now = nowIso();
  const row = await db
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
  return row.id;
}
