import type { Database } from "~server/db/schema";

/**
 * Tables owned by teaching days: only modules under this folder write them (decision 145, checked by
 * scripts/check-table-ownership.ts). No import with effects here: the lint loads this module alone.
 */
export const owns = ["meeting_attendance", "class_pickups", "pickup_photos", "late_pickup_alerts"] as const satisfies readonly (keyof Database)[];

/** Where other features read them (decision 153): a module of its own in the import graph, any feature may call it. */
export const queries = ["queries.server.ts"];
