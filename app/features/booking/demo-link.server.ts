import { signToken, verifyToken } from "~server/security/signed";

/**
 * The follow-up e-mail's link to a course's open sections with the child's details filled in
 * (issue 29, decision 069): `?demo={token}` carries only the demo booking's id, an expiry and a MAC
 * under SESSION_SECRET, never a name or an e-mail; the course page reads the details from the booking.
 */
const PURPOSE = "demo-enrolment-prefill";
/** A family reads a follow-up within weeks; a term's registration rarely stays open longer. */
const LIFETIME_MS = 60 * 86_400_000;

export const demoPrefillToken = (secret: string, bookingId: number, now = Date.now()) => signToken(secret, PURPOSE, [bookingId], now + LIFETIME_MS);

/** The demo booking's id a link's token names, when it is ours and not expired. */
export function demoBookingOfToken(secret: string, token: string | null): number | undefined {
  if (!token) return undefined;
  const checked = verifyToken(secret, PURPOSE, token, 1);
  if (!checked.ok || !/^\d{1,10}$/.test(checked.fields[0]!)) return undefined;
  return Number(checked.fields[0]);
}
