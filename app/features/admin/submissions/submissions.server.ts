import type { SelectQueryBuilder } from "kysely";
import type { DB } from "~server/db/db";
import type { Database, SubmissionStatus } from "~server/db/schema";
import { diffFields, recordAudit } from "~server/audit/audit";
import { nowIso } from "~server/db/values";
import { defineList, type ListSpec } from "~/features/admin-kit/list/list-query.server";
import type { CsvColumn } from "~/features/admin-kit/list/csv.server";
import type { SubmissionKindName } from "./submission-kinds";
import type { SubmissionUpdate } from "./submission.schema";

/** Queries and rules of the submission lists (school enquiries, contact messages, enrolments, brochure leads). */

const statusFilter = { status: { values: ["new", "contacted", "closed"] as const } };

/** Every submission row has these; the rest are the kind's own columns. */
export interface SubmissionRow {
  id: number;
  status: SubmissionStatus;
  notes: string;
  created_at: string;
  updated_at: string;
  [column: string]: string | number | null;
}

interface KindServer {
  table: "school_enquiries" | "contact_messages" | "camp_enrolments" | "brochure_leads";
  /** The audit log's entity name. */
  entity: string;
  spec: ListSpec;
  csv: CsvColumn<SubmissionRow>[];
}

const col = (header: string, column: string): CsvColumn<SubmissionRow> => ({ header, value: (row) => row[column] });
const instant = (header: string, column: string): CsvColumn<SubmissionRow> => ({ ...col(header, column), instant: true });
const common = [col("Status", "status"), col("Notes", "notes"), instant("Received at", "created_at"), instant("Updated at", "updated_at")];

export const submissionServer: Record<SubmissionKindName, KindServer> = {
  school: {
    table: "school_enquiries",
    entity: "school_enquiry",
    spec: defineList({
      search: ["name", "email", "school_name", "city", "contact_number", "designation", "notes"],
      sorts: { created: "created_at", name: "name", school: "school_name", city: "city", date: "preferred_date", status: "status" },
      defaultSort: "created",
      filters: statusFilter,
      dateColumn: "created_at",
    }),
    csv: [
      col("Id", "id"),
      col("Name", "name"),
      col("E-mail", "email"),
      col("Contact number", "contact_number"),
      col("Designation", "designation"),
      col("City", "city"),
      col("School", "school_name"),
      col("Preferred date", "preferred_date"),
      col("Preferred time", "preferred_time"),
      col("Requirements", "requirements"),
      ...common,
    ],
  },
  contact: {
    table: "contact_messages",
    entity: "contact_message",
    spec: defineList({
      search: ["email", "description", "notes"],
      sorts: { created: "created_at", email: "email", status: "status" },
      defaultSort: "created",
      filters: statusFilter,
      dateColumn: "created_at",
    }),
    csv: [col("Id", "id"), col("E-mail", "email"), col("Message", "description"), ...common],
  },
  enrollments: {
    table: "camp_enrolments",
    entity: "enrollment",
    spec: defineList({
      search: ["student_name", "parent_name", "email", "phone_number", "camp_title", "notes"],
      sorts: { created: "created_at", student: "student_name", parent: "parent_name", camp: "camp_title", session: "session", status: "status" },
      defaultSort: "created",
      filters: statusFilter,
      dateColumn: "created_at",
    }),
    csv: [
      col("Id", "id"),
      col("Student", "student_name"),
      col("Parent", "parent_name"),
      col("E-mail", "email"),
      col("Phone", "phone_number"),
      col("Camp", "camp_title"),
      col("Session", "session"),
      col("Message", "message"),
      col("Language", "lang"),
      ...common,
    ],
  },
  "brochure-leads": {
    table: "brochure_leads",
    entity: "brochure_lead",
    spec: defineList({
      search: ["student_name", "student_email", "grade", "school", "parent_contact", "notes"],
      sorts: { created: "created_at", student: "student_name", school: "school", grade: "grade", status: "status" },
      defaultSort: "created",
      filters: statusFilter,
      dateColumn: "created_at",
    }),
    csv: [
      col("Id", "id"),
      col("Student", "student_name"),
      col("Student e-mail", "student_email"),
      col("Grade", "grade"),
      col("School", "school"),
      col("Parent contact", "parent_contact"),
      col("Language", "lang"),
      ...common,
    ],
  },
};

/** The base query of a kind's list: every column of its table. */
export function submissionBase(db: DB, kind: SubmissionKindName): SelectQueryBuilder<Database, "contact_messages", SubmissionRow> {
  // The four tables share id/status/notes/timestamps; their other columns are read by name.
  return db.selectFrom(submissionServer[kind].table as "contact_messages").selectAll() as unknown as SelectQueryBuilder<
    Database,
    "contact_messages",
    SubmissionRow
  >;
}

export async function getSubmission(db: DB, kind: SubmissionKindName, id: number): Promise<SubmissionRow | undefined> {
  return submissionBase(db, kind).where("id", "=", id).executeTakeFirst();
}

/**
 * Changes a submission's status and/or notes and records it in the audit log.
 * Returns the updated row, or undefined when there is no such submission.
 */
export async function updateSubmission(
  db: DB,
  kind: SubmissionKindName,
  id: number,
  change: SubmissionUpdate,
  userId: number,
): Promise<SubmissionRow | undefined> {
  const { table, entity } = submissionServer[kind];
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom(table as "contact_messages")
      .select(["status", "notes"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!before) return undefined;
    await trx
      .updateTable(table as "contact_messages")
      .set({
        ...(change.status !== undefined ? { status: change.status } : {}),
        ...(change.notes !== undefined ? { notes: change.notes } : {}),
        updated_at: nowIso(),
      })
      .where("id", "=", id)
      .execute();
    // No name: a submission is personal data, and the log outlives its erasure.
    await recordAudit(trx, { userId, action: "update", entity, entityId: id, changes: diffFields(before, change) });
    return (await trx
      .selectFrom(table as "contact_messages")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirst()) as SubmissionRow | undefined;
  });
}
