import type { DB } from "~server/db/db";
import type { PaymentNoticeKind } from "~server/db/schema";

/**
 * The open payment notices (decision 094) as staff read them, on the /admin dashboard and the
 * billing desk. Raising one is payments' (payment-notices.server.ts); reading is here, at billing's
 * top level, so both screens import it without a cycle between features.
 */
export interface PaymentNoticeView {
  id: number;
  kind: PaymentNoticeKind;
  providerRef: string | null;
  invoiceId: number | null;
  amountMinor: number | null;
  currency: string | null;
  details: string;
  createdAt: string;
}

/** The newest open notices (the dashboard), and how many are open in all. */
export async function openPaymentNotices(db: DB, limit = 20): Promise<{ total: number; notices: PaymentNoticeView[] }> {
  const rows = await db
    .selectFrom("payment_notices")
    .selectAll()
    .where("resolved_at", "is", null)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  const { n } = await db
    .selectFrom("payment_notices")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("resolved_at", "is", null)
    .executeTakeFirstOrThrow();
  return {
    total: Number(n),
    notices: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      providerRef: row.provider_ref,
      invoiceId: row.invoice_id,
      amountMinor: row.amount_minor,
      currency: row.currency,
      details: row.details,
      createdAt: row.created_at,
    })),
  };
}
