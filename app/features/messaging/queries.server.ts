import { sql } from "kysely";
import type { DB } from "~server/db/db";
import type { AutomationKey } from "./automations";

/**
 * Messaging's query module (decision 153): other features read messaging's tables through these
 * functions. Imports no feature: check-import-cycles.ts counts it as a node of its own.
 */

/** The events an automation recorded for the subject named by `subjectColumn` of the outer query ("a.id"): a subquery for `exists` (it was messaged). */
export const automationEventsOf = (db: DB, automation: AutomationKey, subjectColumn: string) =>
  db
    .selectFrom("messaging_automation_events as ev")
    .select("ev.id")
    .where("ev.automation", "=", automation)
    .where("ev.subject_id", "=", sql.ref<number>(subjectColumn));
