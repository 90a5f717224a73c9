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

// The read side lives at billing's top level so the billing desk shows the notices too without a feature cycle.
export { openPaymentNotices, type PaymentNoticeView } from "~/features/billing/payment-notices-view.server";
