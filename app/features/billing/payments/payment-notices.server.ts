import type { DB } from "~server/db/db";
import type { PaymentNoticeKind } from "~server/db/schema";
import { nowIso } from "~server/db/values";

export interface NewPaymentNotice {
  kind: PaymentNoticeKind;
  /** One notice per key (UNIQUE): the same event or difference processed twice raises it once. */
  key: string;
  providerRef?: string | null;
  invoiceId?: number | null;
  amountMinor?: number | null;
  currency?: string | null;
  details?: string;
}

/**
 * Tells staff about money at the provider that needs a person (decision 094): shown on the /admin
 * dashboard until resolved. Pass the transaction that records what happened, so both are kept or
 * neither. Returns false when a notice with this key exists already.
 */
export async function raisePaymentNotice(trx: DB, notice: NewPaymentNotice): Promise<boolean> {
  const row = await trx
    .insertInto("payment_notices")
    .values({
      kind: notice.kind,
      notice_key: notice.key.slice(0, 300),
      provider_ref: notice.providerRef ?? null,
      invoice_id: notice.invoiceId ?? null,
      amount_minor: notice.amountMinor ?? null,
      currency: notice.currency ?? null,
      details: (notice.details ?? "").slice(0, 500),
      created_at: nowIso(),
    })
    .onConflict((oc) => oc.column("notice_key").doNothing())
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

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
  const rows = await db.selectFrom("payment_notices").selectAll().where("resolved_at", "is", null).orderBy("created_at", "desc").orderBy("id", "desc").limit(limit).execute();
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
