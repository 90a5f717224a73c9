import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from "node:crypto";

/**
 * Children's data at rest (issue 39, decision 102): medical notes, allergies and pickup people's
 * names and phones are stored sealed with AES-256-GCM (authenticated: an altered or swapped value
 * does not open), under a key from DATA_ENCRYPTION_KEYS ("id:base64key,id:base64key", the first
 * seals new writes, the others still open older rows). Without it, a key derived from the session
 * secret with HKDF (decision 102 says why that is the default and not a refusal to start).
 *
 * Stored form: `enc1:<key id>:<iv>.<tag>.<cipher text>` (base64url). A value without the prefix is
 * a row written before encryption: read as it is, and sealed by the re-encryption job.
 * The column name is the additional data, so a value copied into another column does not open.
 */
export interface DataKey {
  id: string;
  key: Buffer;
}

const PREFIX = "enc1:";
const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;

/** Parses DATA_ENCRYPTION_KEYS; throws a message naming what is wrong (never the key). */
export function parseDataKeys(text: string): DataKey[] {
  const keys = text
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const at = part.indexOf(":");
      const id = part.slice(0, at);
      const key = Buffer.from(part.slice(at + 1), "base64");
      if (at < 1 || !KEY_ID.test(id)) throw new Error("each key is <id>:<base64 of 32 bytes>, the id of letters, digits, - or _ (at most 32)");
      if (key.length !== 32) throw new Error(`key "${id}" must be 32 bytes in base64 (openssl rand -base64 32)`);
      return { id, key };
    });
  if (keys.length === 0) throw new Error("names no key");
  if (new Set(keys.map((k) => k.id)).size !== keys.length) throw new Error("names a key id twice");
  return keys;
}

/** The default key when none is configured: derived from the session secret; its id names the secret's hash, so two differ. */
export function derivedDataKey(sessionSecret: string): DataKey {
  const key = Buffer.from(hkdfSync("sha256", sessionSecret, "stem-academy", "children-data-v1", 32));
  return { id: `s${createHash("sha256").update(key).digest("hex").slice(0, 10)}`, key };
}

const SHARED = Symbol.for("stem-academy.data-keys");

// The process's keys (config, not state): every app started in this process adds its own, so rows
// sealed under any of them open; the last app's first key seals. One app per process in production.
// Held on globalThis: the built pages bundle their own copy of this module, and a page loader that
// opens a pickup person's name must see the keys createApp installed (else every name is UNREADABLE).
const keys = ((globalThis as { [SHARED]?: { ring: Map<string, Buffer>; sealing: DataKey | null } })[SHARED] ??= {
  ring: new Map<string, Buffer>(),
  sealing: null,
});
const ring = keys.ring;

/** Makes these keys the process's: the first seals, all open. Called by createApp with the config's keys. */
export function installDataKeys(list: readonly DataKey[]): void {
  for (const key of list) ring.set(key.id, key.key);
  keys.sealing = list[0] ?? keys.sealing;
}

/** The id of the key new writes are sealed with. */
export function sealingKeyId(): string {
  if (!keys.sealing) throw new Error("no data encryption key installed");
  return keys.sealing.id;
}

/** Seals one value of a column ("" stays "": nothing to hide, and the forms' empty answers stay cheap). */
export function sealField(column: string, plain: string): string {
  if (plain === "") return "";
  const sealing = keys.sealing;
  if (!sealing) throw new Error("no data encryption key installed");
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", sealing.key, iv);
  cipher.setAAD(Buffer.from(column));
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return `${PREFIX}${sealing.id}:${[iv, cipher.getAuthTag(), body].map((part) => part.toString("base64url")).join(".")}`;
}

/** The key id a stored value is sealed with; null for a value from before encryption. */
export function sealedWith(stored: string): string | null {
  if (!stored.startsWith(PREFIX)) return null;
  return stored.slice(PREFIX.length, stored.indexOf(":", PREFIX.length));
}

/** Opens a stored value: plain rows from before encryption as they are; a value no known key opens → UNREADABLE. */
export function openField(column: string, stored: string): string {
  if (!stored.startsWith(PREFIX)) return stored;
  const rest = stored.slice(PREFIX.length);
  const colon = rest.indexOf(":");
  const key = ring.get(rest.slice(0, colon));
  const [iv, tag, body] = rest
    .slice(colon + 1)
    .split(".")
    .map((part) => Buffer.from(part, "base64url"));
  if (!key || !iv || !tag || !body) return UNREADABLE;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, iv);
    decipher.setAAD(Buffer.from(column));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
  } catch {
    return UNREADABLE;
  }
}

/** What a value shows when no configured key opens it (a removed key, or an altered row). */
export const UNREADABLE = "[unreadable: encryption key missing]";
