import { createHash, randomBytes } from "node:crypto";
import { mac } from "./signed";

/**
 * One-time links (reset, set-up, invite, second-step and recovery tokens; cancel and waitlist links
 * before decision 044): the database keeps only a token's SHA-256, so a copy of it opens no link
 * (decisions 013, 044, 053).
 */

/** A new single-use token for a link: 256 random bits, URL-safe. */
export const newToken = (): string => randomBytes(32).toString("base64url");

/** What the database keeps instead of a token, so a copy of the table opens no link. */
export const tokenHash = (token: string): string => createHash("sha256").update(token).digest("hex");

/**
 * A token that a queued mail rebuilds when it is sent (decision 053): the mail job keeps `seed`,
 * the link's table `tokenHash(token)`, and the token is the MAC of the seed under SESSION_SECRET,
 * so neither nor both open the link without the secret.
 */
export function newMailedToken(secret: string, purpose: string): { seed: string; token: string } {
  const seed = newToken();
  return { seed, token: mailedToken(secret, purpose, seed) };
}

/** The token of a seed `newMailedToken` gave (43 URL-safe characters, like `newToken`'s). */
export const mailedToken = (secret: string, purpose: string, seed: string): string => mac(secret, purpose, seed);
