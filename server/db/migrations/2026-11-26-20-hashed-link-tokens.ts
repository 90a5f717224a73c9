import { createHash } from "node:crypto";
import { sql, type Kysely } from "kysely";

// tokenHash of server/security/one-time-links.ts, which finds these rows afterwards (a copy: a
// migration stays as it ran; link-tokens.api.test.ts checks they agree).
const tokenHash = (token: string): string => createHash("sha256").update(token).digest("hex");

const BATCH = 500;

/**
 * Cancel and waitlist link tokens are kept hashed, like reset, invite and set-up tokens (issue 25,
 * decision 044): each stored token is replaced in place by its SHA-256 (one-time-links.ts), so a
 * link already e-mailed still opens its booking or place (found by that hash) and a copy of the
 * database opens none. Rows are read in id order in batches; the hashing is done here, since
 * SQLite has no SHA-256 of its own.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [table, column] of [
    ["demo_bookings", "cancel_token"],
    ["slot_waitlist", "token"],
  ] as const) {
    for (let after = 0; ;) {
      const { rows } = await sql<{
        id: number;
        token: string;
      }>`select id, ${sql.ref(column)} as token from ${sql.table(table)} where id > ${after} order by id limit ${BATCH}`.execute(db);
      for (const row of rows) {
        await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${tokenHash(row.token)} where id = ${row.id}`.execute(db);
      }
      if (rows.length < BATCH) break;
      after = Number(rows[rows.length - 1]!.id);
    }
  }
}

/** The tokens cannot be restored from their hashes; going back leaves them hashed. */
export async function down(): Promise<void> {}
