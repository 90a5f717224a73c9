import type { DB } from "~server/db/db";
import { nowIso } from "~server/db/values";
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
