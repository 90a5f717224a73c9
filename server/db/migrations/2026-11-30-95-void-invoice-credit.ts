import { sql, type Kysely } from "kysely";
import { replaceCheck } from "~server/db/portable";

/**
 * A payment notice for money that came on a void invoice (issue 38 item 6): it is kept as the
 * family's credit and staff are told to refund it or keep it. The CHECK on payment_notices.kind
 * gains the value (replaceCheck: PostgreSQL swaps the constraint, SQLite rebuilds the table).
 */
const OLD = "'amount-mismatch', 'refund-failed', 'refund-outside', 'refund-refused', 'dispute-opened', 'dispute-closed', 'reconcile'";
const NEW = `${OLD}, 'void-invoice-credit'`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await replaceCheck(db, "payment_notices", "kind", OLD, NEW);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from payment_notices where kind = 'void-invoice-credit'`.execute(db);
  await replaceCheck(db, "payment_notices", "kind", NEW, OLD);
}
