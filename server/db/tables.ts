import type { Database } from "~server/db/schema";

/**
 * Tables owned by the database layer: the cached tables' change tokens, written only by the
 * triggers of migration 2026-12-08-10 and read through data-versions.ts (decision 158). No import
 * with effects here: the lint loads this module alone.
 */
export const owns = ["data_versions"] as const satisfies readonly (keyof Database)[];
