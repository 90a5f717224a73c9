import { sql } from "kysely";
import type { DB } from "~server/db/db";

/**
 * Every family's ledger balances: the sum of its ledger entries equals, per currency, what the
 * money tables say (invoiced − credited − paid + refunded; a failed refund moved nothing), as
 * scripts/crash-safety.ts checks each family. Returns one line per family that does not.
 */
export async function ledgerProblems(db: DB): Promise<{ families: number; problems: string[] }> {
  const add = (map: Map<string, Map<string, number>>, family: string, currency: string, amount: number) => {
    const byCurrency = map.get(family) ?? new Map<string, number>();
    byCurrency.set(currency.toUpperCase(), (byCurrency.get(currency.toUpperCase()) ?? 0) + amount);
    map.set(family, byCurrency);
  };
  const ledger = new Map<string, Map<string, number>>();
  const tables = new Map<string, Map<string, number>>();
  for (const row of await db.selectFrom("ledger_entries").select(["family_key", "currency", "amount_minor"]).execute())
    add(ledger, row.family_key, row.currency, row.amount_minor);
  for (const row of await db.selectFrom("invoices").select(["family_key", "currency", "total_minor"]).execute())
    add(tables, row.family_key, row.currency, row.total_minor);
  for (const row of await db.selectFrom("credit_notes").select(["family_key", "currency", "amount_minor"]).where("cancelled_at", "is", null).execute())
    add(tables, row.family_key, row.currency, -row.amount_minor);
  for (const row of await db.selectFrom("payments").select(["family_key", "currency", "kind", "amount_minor", "refund_state"]).execute()) {
    if (row.kind === "refund" && row.refund_state === "failed") continue;
    add(tables, row.family_key, row.currency, row.kind === "payment" ? -row.amount_minor : row.amount_minor);
  }
  const show = (map: Map<string, number> | undefined) => JSON.stringify(Object.fromEntries([...(map ?? [])].filter(([, v]) => v !== 0).sort()));
  const families = new Set([...ledger.keys(), ...tables.keys()]);
  const problems: string[] = [];
  for (const family of families) {
    if (show(ledger.get(family)) !== show(tables.get(family)))
      problems.push(`${family}: ledger ${show(ledger.get(family))}, invoiced − credited − paid + refunded ${show(tables.get(family))}`);
  }
  return { families: families.size, problems };
}

/** Row counts of every table in the database's current schema (PostgreSQL), Kysely's own included. */
export async function rowCounts(db: DB): Promise<Map<string, number>> {
  const tables = await sql<{
    name: string;
  }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(
    db,
  );
  const counts = new Map<string, number>();
  for (const { name } of tables.rows) {
    const { rows } = await sql<{ n: string }>`select count(*) as n from ${sql.id(name)}`.execute(db);
    counts.set(name, Number(rows[0]!.n));
  }
  return counts;
}
