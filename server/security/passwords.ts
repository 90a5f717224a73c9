import { randomBytes } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";

/** argon2id with the library's defaults (19 MiB, 2 passes). */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * Checks a password against an account's hash. An account without a password (Google sign-in
 * only) or an unknown e-mail (`passwordHash` null or undefined) never matches, yet costs one
 * full argon2 verification like a wrong password, so timing does not tell the cases apart.
 */
export async function passwordMatches(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  const matches = await verifyPassword(passwordHash ?? decoyHash, password);
  return matches && Boolean(passwordHash);
}

// A hash of a random secret nobody knows, only ever used to spend the time of a verification.
const decoyHash = await hashPassword(randomBytes(32).toString("base64url"));
