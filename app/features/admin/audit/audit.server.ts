import type { DB } from "~server/db/db";
import type { Database } from "~server/db/schema";
import type { CsvColumn } from "~/features/admin-kit/list/csv.server";
import { defineList } from "~/features/admin-kit/list/list-query.server";
import { auditEntries, auditFilterValues } from "~server/audit/read";

/** Reading the audit trail (server/audit/audit.ts writes it). */

interface AuditRow {
  id: number;
  created_at: string;
  user_id: number | null;
  user_email: string | null;
  action: string;
  entity: string;
  entity_id: string;
  summary: string;
}

export const auditList = defineList({
  search: ["users.email", "audit_log.action", "audit_log.entity", "audit_log.entity_id", "audit_log.summary"],
  sorts: { created: "audit_log.created_at", who: "users.email", action: "audit_log.action", entity: "audit_log.entity" },
  defaultSort: "created",
  filters: { entity: { column: "audit_log.entity" }, action: { column: "audit_log.action" }, user: { column: "users.email" } },
  idColumn: "audit_log.id",
  dateColumn: "audit_log.created_at",
});

export const auditCsv: CsvColumn<AuditRow>[] = [
  { header: "When", value: (r) => r.created_at, instant: true },
  { header: "Who", value: (r) => r.user_email ?? "" },
  { header: "Action", value: (r) => r.action },
  { header: "Record", value: (r) => r.entity },
  { header: "Record id", value: (r) => r.entity_id },
  { header: "Details", value: (r) => r.summary },
];

/** The audit screen's list and filters read the log through its owner (server/audit/read.ts, decision 153). */
export const auditBase = auditEntries;
export const auditFilterOptions = auditFilterValues;

/** Where staff open a record of each type (`:id` is its id), and the table that says whether it still exists. */
const recordPages: Record<string, { path: string; table?: keyof Database }> = {
  course: { path: "/admin/courses/edit/:id", table: "courses" },
  blog_post: { path: "/admin/blogs/edit/:id", table: "blog_posts" },
  teacher: { path: "/admin/teachers/edit/:id", table: "teachers" },
  product: { path: "/admin/products/edit/:id", table: "products" },
  testimonial: { path: "/admin/testimonials/edit/:id", table: "testimonials" },
  page_section: { path: "/admin/pages" },
  user: { path: "/admin/users/:id", table: "users" },
  camp: { path: "/admin/settings/camps/:id", table: "camps" },
  school_enquiry: { path: "/admin/submissions/school/:id", table: "school_enquiries" },
  contact_message: { path: "/admin/submissions/contact/:id", table: "contact_messages" },
  enrollment: { path: "/admin/enrollment-forms/:id", table: "camp_enrolments" },
  brochure_lead: { path: "/admin/brochure-leads/:id", table: "brochure_leads" },
  demo_slot: { path: "/admin/slots" },
  demo_booking: { path: "/admin/slots" },
  settings: { path: "/admin/settings" },
  // The library page (an image has no page of its own), while the image is still in it.
  media: { path: "/admin/media", table: "media" },
};

/**
 * The admin page of each listed record that still exists (keyed "entity:id"); a deleted record
 * gets no link, so the log never leads to a 404.
 */
export async function auditRecordLinks(db: DB, rows: readonly { entity: string; entity_id: string }[]): Promise<Record<string, string>> {
  const links: Record<string, string> = {};
  const idsByEntity = new Map<string, Set<number>>();
  for (const row of rows) {
    const page = recordPages[row.entity];
    if (!page) continue;
    if (!page.table) {
      links[`${row.entity}:${row.entity_id}`] = page.path;
      continue;
    }
    const id = Number(row.entity_id);
    if (!Number.isSafeInteger(id) || id <= 0) continue;
    idsByEntity.set(row.entity, (idsByEntity.get(row.entity) ?? new Set()).add(id));
  }
  await Promise.all(
    [...idsByEntity].map(async ([entity, ids]) => {
      const page = recordPages[entity]!;
      const found = await db
        .selectFrom(page.table as "courses")
        .select("id")
        .where("id", "in", [...ids])
        .execute();
      for (const { id } of found) links[`${entity}:${id}`] = page.path.replace(":id", String(id));
    }),
  );
  return links;
}
