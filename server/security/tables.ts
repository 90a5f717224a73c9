import type { Database } from "~server/db/schema";

/**
 * Tables owned by sign-in: sessions, calendar feed URLs (credentials ended with the sessions) and rate
 * limits. Only modules under this folder write them (decision 145, checked by
 * scripts/check-table-ownership.ts). No import with effects here: the lint loads this module alone.
 */
export const owns = ["sessions", "calendar_feeds", "rate_limits"] as const satisfies readonly (keyof Database)[];
