import type { Database } from "~server/db/schema";

/**
 * Tables owned by levels and skills: only modules under this folder write them (decision 145, checked by
 * scripts/check-table-ownership.ts). No import with effects here: the lint loads this module alone.
 */
export const owns = ["course_levels", "level_skills", "skill_marks", "level_completions"] as const satisfies readonly (keyof Database)[];
