import type { Database } from "~server/db/schema";

/**
 * Tables owned by the billing context (decision 103): only modules under this folder write them (decision 145, checked by
 * scripts/check-table-ownership.ts). No import with effects here: the lint loads this module alone.
 */
export const owns = [
  "invoice_counters",
  "invoices",
  "invoice_lines",
  "invoice_instalments",
  "credit_notes",
  "payments",
  "ledger_entries",
  "payment_checkouts",
  "payment_events",
  "payment_notices",
  "promo_codes",
  "promo_family_uses",
  "promo_redemptions",
] as const satisfies readonly (keyof Database)[];

/** Where other features read them (decision 153): a module of its own in the import graph, and billing's third public module (decision 103). */
export const queries = ["queries.server.ts"];
