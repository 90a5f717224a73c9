import type { DB } from "~server/db/db";
import { nowIso } from "~server/db/values";
import { queueStaffNotice } from "~/features/admin-kit/staff-notice.server";
import type { SchoolEnquiry } from "./school.schema";

/** Stores a school's enquiry as a new submission for staff to follow up; returns its id. */
export async function addSchoolEnquiry(db: DB, input: SchoolEnquiry): Promise<number> {
  const now = nowIso();
  const row = await db
    .insertInto("school_enquiries")
    .values({
      name: input.name,
      email: input.email,
      contact_number: input.contactNumber,
      designation: input.designation,
      city: input.city,
      school_name: input.schoolName,
      preferred_date: input.preferredDate,
      preferred_time: input.preferredTime,
      requirements: input.requirements,
      status: "new",
      notes: "",
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** The enquiry and the staff e-mail about it, stored together (the worker sends the mail); returns its id. */
export async function addSchoolEnquiryWithNotice(db: DB, publicUrl: string, input: SchoolEnquiry): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const id = await addSchoolEnquiry(trx, input);
    await queueStaffNotice(trx, publicUrl, {
      kind: "school",
      subject: { school: input.schoolName, city: input.city },
      details: [
        ["reference", `#${id}`],
        ["name", input.name],
        ["designation", input.designation],
        ["school", input.schoolName],
        ["city", input.city],
        ["email", input.email],
        ["phone", input.contactNumber],
        ["preferred", `${input.preferredDate} ${input.preferredTime}`],
        ["requirements", input.requirements],
      ],
      path: `/admin/submissions/school/${id}`,
    });
    return id;
  });
}
