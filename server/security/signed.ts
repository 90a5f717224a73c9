import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The one way the app signs what it hands out and takes back unchanged: preview links, the Google
 * sign-in flow cookie, and the parents' cancel and waitlist links (decision 053). Everything is an
 * HMAC-SHA256 under SESSION_SECRET of a purpose and the signed parts, so a value signed for one
 * purpose never passes as another, and comparisons take the same time whatever the input.
 */

type Part = string | number;

/** The MAC of `parts` for `purpose`: 43 base64url characters. */
export function mac(secret: string, purpose: string, ...parts: readonly Part[]): string {
  return createHmac("sha256", secret)
    .update([purpose, ...parts].join("\n"))
    .digest("base64url");
}

/** Whether `given` is `expected`, compared in constant time (for equal lengths). */
export function sameMac(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * A token carrying `fields` until `expiresAt`: `field.field….{expiry, Unix seconds}.{MAC}`.
 * Fields must be URL-safe and hold no dot (numbers, base64url).
 */
export function signToken(secret: string, purpose: string, fields: readonly Part[], expiresAt: Date | number): string {
  const expires = Math.floor(new Date(expiresAt).getTime() / 1000);
  if (fields.some((field) => !/^[\w-]+$/.test(String(field)))) throw new Error("signToken: fields must be URL-safe and hold no dot");
  return [...fields, expires, mac(secret, purpose, ...fields, expires)].join(".");
}

export type SignedCheck = { ok: true; fields: string[] } | { ok: false; reason: "invalid" | "expired" };

/**
 * The fields of a token `signToken` made for this purpose with `count` fields, when its MAC is
 * ours and it has not expired at `now`. A forged token is "invalid" whatever expiry it claims.
 */
export function verifyToken(secret: string, purpose: string, token: string, count: number, now = Date.now()): SignedCheck {
  if (token.length > 4000) return { ok: false, reason: "invalid" };
  const parts = token.split(".");
  if (parts.length !== count + 2 || parts.some((part) => !/^[\w-]+$/.test(part))) return { ok: false, reason: "invalid" };
  const fields = parts.slice(0, count);
  const expires = parts[count]!;
  if (!/^\d{1,12}$/.test(expires) || !sameMac(parts[count + 1]!, mac(secret, purpose, ...fields, expires))) return { ok: false, reason: "invalid" };
  if (Number(expires) * 1000 <= now) return { ok: false, reason: "expired" };
  return { ok: true, fields };
}
