import type { Database } from "~server/db/schema";

/**
 * Tables owned by messaging: only modules under this folder write them (decision 145, checked by
 * scripts/check-table-ownership.ts). No import with effects here: the lint loads this module alone.
 */
export const owns = [
  "messaging_preferences",
  "messaging_consents",
  "messaging_templates",
  "messages",
  "messaging_broadcasts",
  "messaging_automations",
  "messaging_automation_events",
  "messaging_automation_throttle",
] as const satisfies readonly (keyof Database)[];

/** Where other features read them (decision 153): a module of its own in the import graph, any feature may call it. */
export const queries = ["queries.server.ts"];
