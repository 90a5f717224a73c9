import type { Database } from "~server/db/schema";

/**
 * Tables owned by course groups: only modules under this folder write them (decision 145, checked by
 * scripts/check-table-ownership.ts). No import with effects here: the lint loads this module alone.
 */
export const owns = ["course_sections", "section_meetings", "section_waitlist"] as const satisfies readonly (keyof Database)[];

/**
 * Where other features read them (decision 153): a module of its own in the import graph, so the
 * features sections imports (teaching, levels, billing, booking...) may call it too.
 */
export const queries = ["queries.server.ts"];
