import type { Database } from "~server/db/schema";

/**
 * Tables owned by the job queue (mail goes through it): only modules under this folder write them (decision 145, checked by
 * scripts/check-table-ownership.ts). No import with effects here: the lint loads this module alone.
 */
export const owns = ["jobs"] as const satisfies readonly (keyof Database)[];
