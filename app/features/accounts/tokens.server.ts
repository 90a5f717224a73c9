import { createHash, randomBytes } from "node:crypto";

/** A new single-use token for a link: 256 random bits, URL-safe. */
export const newToken = (): string => randomBytes(32).toString("base64url");

/** What the database keeps instead of a token, so a copy of the table opens no link. */
export const tokenHash = (token: string): string => createHash("sha256").update(token).digest("hex");
