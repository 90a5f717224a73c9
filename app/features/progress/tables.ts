import type { Database } from "~server/db/schema";

/**
 * Tables owned by progress reports: only modules under this folder write them (decision 145, checked by
 * scripts/check-table-ownership.ts). No import with effects here: the lint loads this module alone.
 */
export const owns = ["progress_reports", "progress_report_versions"] as const satisfies readonly (keyof Database)[];
