import type { DB, Trx } from "~server/db/db";
import type { DemoBookingStatus, SubmissionStatus } from "~server/db/schema";
import { diffFields, recordAudit } from "~server/audit/audit";
import { nowIso } from "~server/db/values";
import { setAttendance } from "~/features/booking/slots-admin.server";
import { cancelBookingsByStaff } from "~/features/booking/staff-cancel.server";
import type { BulkKindName } from "./submission-bulk.schema";
import { submissionServer } from "./submissions.server";
import { bookingStatuses } from "~/features/booking/queries.server";

/** What a bulk status change did: every chosen row changed (or already had the status), or none. */
export type BulkStatusResult =
  | { ok: true; changed: number; unchanged: number }
  | { ok: false; reason: "notFound"; missing: number[] }
  | { ok: false; reason: "bookingCancelled"; ids: number[] };

/** Thrown inside the transaction to roll every row back with the reason. */
class BulkRefusal extends Error {
  constructor(readonly result: Extract<BulkStatusResult, { ok: false }>) {
    super(result.reason);
  }
}

/**
 * Sets one status on the chosen rows of a kind, in one transaction with one audit entry per
 * changed row (`bulk_status`, before → after). All or nothing: an unknown id refuses the lot.
 * Demo bookings change through the same functions as the one-booking screens — `setAttendance`
 * (booked / attended / no show) and `cancelBookingsByStaff` (the seat returns, the parent is
 * e-mailed) — so whatever those do for one booking happens for each one here.
 */
export async function bulkChangeStatus(db: DB, input: { kind: BulkKindName; ids: number[]; status: string; userId: number }): Promise<BulkStatusResult> {
  try {
    return await db.transaction().execute(async (trx) => {
      if (input.kind === "demo-bookings") return await bulkBookings(trx, input.ids, input.status as DemoBookingStatus, input.userId);
      const { table, entity } = submissionServer[input.kind];
      const rows = await trx
        .selectFrom(table as "contact_messages")
        .select(["id", "status"])
        .where("id", "in", input.ids)
        .execute();
      refuseMissing(input.ids, rows);
      const status = input.status as SubmissionStatus;
      const changing = rows.filter((row) => row.status !== status);
      if (changing.length > 0) {
        await trx
          .updateTable(table as "contact_messages")
          .set({ status, updated_at: nowIso() })
          .where(
            "id",
            "in",
            changing.map((row) => row.id),
          )
          .execute();
      }
      // No name: a submission is personal data, and the log outlives its erasure (as updateSubmission).
      for (const row of changing) {
        await recordAudit(trx, {
          userId: input.userId,
          action: "bulk_status",
          entity,
          entityId: row.id,
          changes: diffFields({ status: row.status }, { status }),
        });
      }
      return { ok: true, changed: changing.length, unchanged: rows.length - changing.length };
    });
  } catch (error) {
    if (error instanceof BulkRefusal) return error.result;
    throw error;
  }
}

function refuseMissing(ids: number[], rows: { id: number }[]): void {
  const found = new Set(rows.map((row) => row.id));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length > 0) throw new BulkRefusal({ ok: false, reason: "notFound", missing });
}

async function bulkBookings(trx: Trx, ids: number[], status: DemoBookingStatus, userId: number): Promise<BulkStatusResult> {
  const rows = await bookingStatuses(trx, ids);
  refuseMissing(ids, rows);
  // As for one booking: a cancelled booking stays cancelled (its seat may be taken again).
  const cancelled = rows.filter((row) => row.status === "cancelled" && status !== "cancelled").map((row) => row.id);
  if (cancelled.length > 0) throw new BulkRefusal({ ok: false, reason: "bookingCancelled", ids: cancelled });
  const changing = rows.filter((row) => row.status !== status);
  const now = nowIso();
  for (const row of changing) {
    if (status === "cancelled") await cancelBookingsByStaff(trx, { bookingId: row.id }, now);
    else await setAttendance(trx, row.id, status);
    await recordAudit(trx, {
      userId,
      action: "bulk_status",
      entity: "demo_booking",
      entityId: row.id,
      changes: diffFields({ status: row.status }, { status }),
    });
  }
  return { ok: true, changed: changing.length, unchanged: rows.length - changing.length };
}
