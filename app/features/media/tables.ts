import type { Database } from "~server/db/schema";

/**
 * Tables owned by the media library: only modules under this folder write them (decision 145, checked by
 * scripts/check-table-ownership.ts). No import with effects here: the lint loads this module alone.
 */
export const owns = ["media"] as const satisfies readonly (keyof Database)[];

/** Where other owners read it (decision 153): a module of its own in the import graph, any feature may call it. */
export const queries = ["queries.server.ts"];
