import type { Database } from "~server/db/schema";

/**
 * Tables owned by consent and the camp checkout: only modules under this folder write them (decision 145, checked by
 * scripts/check-table-ownership.ts). No import with effects here: the lint loads this module alone.
 */
export const owns = [
  "consent_forms",
  "consent_versions",
  "consent_answers",
  "consent_pickups",
  "consent_links",
  "camp_checkouts",
] as const satisfies readonly (keyof Database)[];

/** Where other features read them (decision 153): a module of its own in the import graph, any feature may call it. */
export const queries = ["queries.server.ts"];
