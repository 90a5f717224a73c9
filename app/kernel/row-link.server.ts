import { sql, type Generated, type Kysely } from "kysely";
import type { DB } from "~server/db/db";
import type { Database } from "~server/db/schema";
import { mac, sameMac } from "~server/security/signed";
import { MAX_RECORD_ID } from "~/lib/record-id";

/**
 * The one signed row link (decisions 044, 053, 146): a parent's link names a row as `"<id>_<MAC>"`,
 * the MAC the one signer's over the link's purpose, the row's id and a salt column of the row. The
 * database keeps no key a link could use, so a mail sent later (a reminder, an offer) rebuilds the
 * link from the row and SESSION_SECRET. The salt is a value of the row that never changes and no
 * other row shares (a random reference, a creation time, an invoice number), so an id reused after
 * a deletion does not open the new row with the old row's link.
 */

/** The one shape: an id of 1 to 10 digits and the 43 base64url characters of a MAC. */
const SHAPE = /^(\d{1,10})_([\w-]{43})$/;

/** Whether `token` has a row link's shape (a link made some other way never does). */
export const isRowLinkShape = (token: string): boolean => SHAPE.test(token);

/** The id and MAC a token claims: undefined when its shape is not a row link's or its id is no record id. */
export function rowLinkParts(token: string): { id: number; mac: string } | undefined {
  const match = SHAPE.exec(token);
  if (!match) return undefined;
  const id = Number(match[1]);
  return id >= 1 && id <= MAX_RECORD_ID ? { id, mac: match[2]! } : undefined;
}

/** The tables whose rows have a generated integer id: the rows a link can name. */
type IdTable = { [T in keyof Database]: Database[T] extends { id: Generated<number> } ? T : never }[keyof Database];

/** The text columns of a table's rows: the columns a link may take its salt from. */
type TextColumn<T extends keyof Database> = { [C in keyof Database[T]]: Database[T][C] extends string ? C : never }[keyof Database[T]] & string;

export interface RowLink<Salt extends string> {
  /** The link's token for a row: its id and the MAC over its salt. */
  token(secret: string, row: { id: number } & Record<Salt, string>): string;
  /** The id of the row a token opens (the row exists and the MAC is its own), or undefined. */
  open(db: DB, secret: string, token: string): Promise<number | undefined>;
}

/**
 * The link of `purpose` to rows of `table`, salted with `saltColumn`. The MAC is `mac(secret,
 * purpose, id, salt)`, byte for byte what the three copies this replaced made, so links already
 * sent keep opening.
 */
export function rowLink<T extends IdTable, S extends TextColumn<T>>(purpose: string, table: T, saltColumn: S): RowLink<S> {
  return {
    token: (secret, row) => `${row.id}_${mac(secret, purpose, row.id, row[saltColumn])}`,
    async open(db, secret, token) {
      const parts = rowLinkParts(token);
      if (!parts) return undefined;
      // Kysely cannot type a select over a table chosen by a type parameter; every table allowed
      // here has an integer id (IdTable) and the salt column is one of its text columns, which is
      // all the query reads (the SQL names the table given).
      const row = await (db as unknown as Kysely<{ linked: { id: number } }>)
        .selectFrom(table as unknown as "linked")
        .select(["id", sql.ref<string>(saltColumn).as("salt")])
        .where("id", "=", parts.id)
        .executeTakeFirst();
      return row && sameMac(parts.mac, mac(secret, purpose, parts.id, row.salt)) ? parts.id : undefined;
    },
  };
}
