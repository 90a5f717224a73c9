import type { DB } from "~server/db/db";
import type { Logger } from "~server/logger";
import { defineJob } from "~server/jobs/job";
import type { PaymentProvider } from "./payment-provider.server";
import { raisePaymentNotice } from "./payment-notices.server";

/** The daily comparison of the provider's records with ours (decision 094). */
export const paymentReconcileJob = defineJob("payment-reconcile");
export const PAYMENT_RECONCILE_EVERY_MS = 24 * 60 * 60_000;

/** How far back each run looks: a day and a half of overlap, so a late run misses nothing. */
const WINDOW_MS = 3 * 24 * 60 * 60_000;
/** Our own records younger than this may still be on their way (a refund being asked, an event queued). */
const SETTLING_MS = 60 * 60_000;
/** Provider records read per run at most. */
const LIMIT = 5_000;

/**
 * Reads the provider's payments and refunds of the last three days and compares them with
 * `payments` (kind payment and refund, by provider reference): a payment or refund at the provider
 * that we do not have, one whose amount differs, a refund done there that we count as failed, and an
 * online payment or refund of ours (older than an hour) that the provider does not have. Each
 * difference is a `reconcile` notice on the dashboard, raised once per difference (UNIQUE key).
 * Returns how many new differences it found.
 */
export async function reconcilePayments(deps: { db: DB; logger: Logger }, provider: PaymentProvider | null, at = new Date()): Promise<number> {
  if (!provider) return 0;
  const { db } = deps;
  const since = new Date(at.getTime() - WINDOW_MS);
  const movements = await provider.listMovements(since, LIMIT);
  const ours = await db
    .selectFrom("payments")
    .select(["id", "kind", "provider_ref", "amount_minor", "currency", "refund_state", "invoice_id", "created_at"])
    .where("method", "=", "online")
    .where("provider_ref", "is not", null)
    .where("created_at", ">=", since.toISOString())
    .execute();
  const byRef = new Map(ours.map((row) => [row.provider_ref!, row]));
  // A payment in another currency than its checkout is kept on the checkout, not in the ledger (decision 094).
  const checkouts = new Set(
    (
      await db.selectFrom("payment_checkouts").select("payment_ref").where("payment_ref", "is not", null).where("paid_at", ">=", since.toISOString()).execute()
    ).map((row) => row.payment_ref!),
  );
  let found = 0;
  const differ = async (key: string, fields: { providerRef: string; invoiceId?: number | null; amountMinor: number; currency: string; details: string }) => {
    if (await raisePaymentNotice(db, { kind: "reconcile", key: `reconcile:${key}`, ...fields, currency: fields.currency.toUpperCase() })) found++;
  };
  const seen = new Set<string>();
  for (const move of movements) {
    seen.add(move.ref);
    const row = byRef.get(move.ref);
    if (move.kind === "payment") {
      if (!row && !checkouts.has(move.ref))
        await differ(`payment-missing:${move.ref}`, {
          providerRef: move.ref,
          amountMinor: move.amountMinor,
          currency: move.currency,
          details: `payment ${move.ref} at the provider is not in the ledger`,
        });
      else if (row && row.amount_minor !== move.amountMinor)
        await differ(`payment-amount:${move.ref}`, {
          providerRef: move.ref,
          invoiceId: row.invoice_id,
          amountMinor: move.amountMinor,
          currency: move.currency,
          details: `payment ${move.ref}: ${move.amountMinor} at the provider, ${row.amount_minor} in the ledger`,
        });
      continue;
    }
    if (move.status !== "succeeded") continue;
    if (!row)
      await differ(`refund-missing:${move.ref}`, {
        providerRef: move.ref,
        amountMinor: move.amountMinor,
        currency: move.currency,
        details: `refund ${move.ref} of ${move.paymentRef} at the provider is not in the ledger`,
      });
    else if (row.refund_state === "failed")
      await differ(`refund-failed-here:${move.ref}`, {
        providerRef: move.ref,
        invoiceId: row.invoice_id,
        amountMinor: move.amountMinor,
        currency: move.currency,
        details: `refund ${move.ref} succeeded at the provider but is failed in the ledger`,
      });
    else if (row.amount_minor !== move.amountMinor)
      await differ(`refund-amount:${move.ref}`, {
        providerRef: move.ref,
        invoiceId: row.invoice_id,
        amountMinor: move.amountMinor,
        currency: move.currency,
        details: `refund ${move.ref}: ${move.amountMinor} at the provider, ${row.amount_minor} in the ledger`,
      });
  }
  // Only when the provider's list was read whole: a cut list would report our newest records as missing.
  if (movements.length < LIMIT) {
    const settled = new Date(at.getTime() - SETTLING_MS).toISOString();
    for (const row of ours) {
      if (seen.has(row.provider_ref!) || row.created_at > settled || row.refund_state !== "done" || row.provider_ref!.startsWith("session:")) continue;
      // Lost disputes are recorded with the dispute's id: not a refund the provider lists.
      if (row.provider_ref!.startsWith("dp_")) continue;
      await differ(`not-at-provider:${row.provider_ref}`, {
        providerRef: row.provider_ref!,
        invoiceId: row.invoice_id,
        amountMinor: row.amount_minor,
        currency: row.currency,
        details: `${row.kind} ${row.provider_ref} in the ledger is not at the provider`,
      });
    }
  }
  if (found > 0) deps.logger.warn({ found }, "payment reconciliation found differences with the provider");
  return found;
}
