import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/**
 * Authenticator-app secrets are kept encrypted (decision 046): AES-256-GCM under a key derived
 * from SESSION_SECRET with HKDF, so a copy of the database alone cannot mint codes. Changing
 * SESSION_SECRET makes the stored secrets unreadable (those accounts set the app up again).
 */
const keyFor = (sessionSecret: string) => Buffer.from(hkdfSync("sha256", sessionSecret, "stem-academy", "totp-secret-v1", 32));

export function seal(sessionSecret: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyFor(sessionSecret), iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((part) => part.toString("base64url")).join(".");
}

/** The plain text, or null when the box was sealed under another secret or altered. */
export function open(sessionSecret: string, sealed: string): string | null {
  const [iv, tag, body] = sealed.split(".").map((part) => Buffer.from(part, "base64url"));
  if (!iv || !tag || !body) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", keyFor(sessionSecret), iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
