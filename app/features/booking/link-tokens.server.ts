import type { DB } from "~server/db/db";
import { newToken, tokenHash } from "~server/security/one-time-links";
import { isRowLinkShape, rowLink } from "~/kernel/row-link.server";

/**
 * The parents' links to booking's rows that carry a key (decision 044): a booking's cancel and
 * reschedule link, a waitlist entry's page. (A course group's links are their owners': sections'
 * `links.server.ts` for a waitlist place, enrolments' `links.server.ts` for an enrolment.) The database keeps no key a link could use: a link made since issue 25 is
 * the kernel's row link, the row's id and a MAC under SESSION_SECRET ("12_<43 characters>", decision
 * 146), so e-mails sent later (reminders, offers) rebuild it from the row and the secret; a link sent
 * before (a random token) is found by the SHA-256 hash its migration left in the row.
 */
export type LinkKind = "booking" | "waitlist";

// The salt is a value of the row that never changes and no other row shares (the booking's random
// reference, the entry's creation time), so a link does not open a new row given an old row's id.
// The purpose is `${kind}-link`, as it was before the kernel's row link: links already sent still open.
const links = {
  booking: rowLink("booking-link", "demo_bookings", "reference"),
  waitlist: rowLink("waitlist-link", "slot_waitlist", "created_at"),
} as const;

/** The link token of a booking ({ id, reference }) or a waitlist entry ({ id, created_at }). */
export function linkToken(secret: string, kind: "booking", row: { id: number; reference: string }): string;
export function linkToken(secret: string, kind: "waitlist", row: { id: number; created_at: string }): string;
export function linkToken(secret: string, kind: LinkKind, row: { id: number; reference?: string; created_at?: string }): string {
  return kind === "waitlist"
    ? links.waitlist.token(secret, { id: row.id, created_at: row.created_at ?? "" })
    : links.booking.token(secret, { id: row.id, reference: row.reference ?? "" });
}

/**
 * What a new row keeps in its (NOT NULL, unique) token column: the hash of a random value nobody
 * holds. Its links are checked by their MAC; the column only finds links sent before issue 25.
 */
export const unusedTokenHash = (): string => tokenHash(newToken());

/** The id of the booking or waitlist entry a link's token opens, or undefined. */
export async function linkedId(db: DB, secret: string, kind: LinkKind, token: string): Promise<number | undefined> {
  if (token.length < 16 || token.length > 100) return undefined;
  if (isRowLinkShape(token)) return links[kind].open(db, secret, token);
  const hash = tokenHash(token);
  const row =
    kind === "booking"
      ? await db.selectFrom("demo_bookings").select("id").where("cancel_token", "=", hash).executeTakeFirst()
      : await db.selectFrom("slot_waitlist").select("id").where("token", "=", hash).executeTakeFirst();
  return row?.id;
}
