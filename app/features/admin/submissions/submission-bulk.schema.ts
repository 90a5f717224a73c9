import { z } from "zod";
import { v } from "~/lib/validation";
import { submissionStatuses } from "./submission-kinds";
import { MAX_RECORD_ID } from "~/lib/record-id";

/** At most this many rows are changed or exported by one bulk request (a 413 names it). */
export const MAX_BULK_ROWS = 500;

/** The kinds bulk actions take: the four submission lists and demo bookings. */
export const bulkKindNames = ["school", "contact", "enrollments", "brochure-leads", "demo-bookings"] as const;
export type BulkKindName = (typeof bulkKindNames)[number];

export const demoBookingStatuses = ["booked", "attended", "no_show", "cancelled"] as const;

/** The statuses staff may set on a kind's rows in bulk. */
export function bulkStatusesOf(kind: BulkKindName): readonly string[] {
  return kind === "demo-bookings" ? demoBookingStatuses : submissionStatuses;
}

export const isBulkKind = (value: unknown): value is BulkKindName => typeof value === "string" && (bulkKindNames as readonly string[]).includes(value);

const id = z.number({ error: v.invalid }).int(v.invalid).positive(v.invalid).max(MAX_RECORD_ID, v.invalid);

/** Chosen row ids: 1 to MAX_BULK_ROWS, repeats dropped. */
export const bulkIdsSchema = z
  .array(id, { error: v.required })
  .min(1, v.required)
  .max(MAX_BULK_ROWS, v.tooLong)
  .transform((ids) => [...new Set(ids)]);

export const bulkStatusSchema = (kind: BulkKindName) =>
  z.object({
    status: z.enum(bulkStatusesOf(kind) as [string, ...string[]], { error: v.choice }),
    ids: bulkIdsSchema,
  });

export const bulkExportSchema = z.object({ ids: bulkIdsSchema });

/** Ids as a form or query string sends them (`ids=1&ids=2`): numbers where they look like one. */
export function idsFromStrings(values: unknown): unknown[] {
  const list = Array.isArray(values) ? values : values === undefined ? [] : [values];
  return list.map((value) => (typeof value === "string" && /^\d{1,10}$/.test(value) ? Number(value) : value));
}
