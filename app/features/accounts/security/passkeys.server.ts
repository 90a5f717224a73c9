import { createHmac } from "node:crypto";
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import type { Config } from "~server/config";
import type { DB } from "~server/db/db";
import { fromDbJson, nowIso } from "~server/db/values";

interface Deps {
  db: DB;
  config: Config;
}
type RelyingParty = NonNullable<Config["webauthn"]>;

/** How many passkeys one account may keep (each is a row and a line on the page). */
export const MAX_PASSKEYS = 10;

const transportsOf = (row: { transports: string }) => fromDbJson<AuthenticatorTransport[]>(row.transports, []);

/** The WebAuthn user handle: stable per account, says nothing about it (HMAC of the id). */
const userHandle = (config: Config, userId: number) =>
  new Uint8Array(createHmac("sha256", config.sessionSecret).update(`passkey-user:${userId}`).digest().subarray(0, 16));

export function listPasskeys(db: DB, userId: number) {
  return db.selectFrom("passkeys").select(["id", "name", "created_at", "last_used_at"]).where("user_id", "=", userId).orderBy("id").execute();
}

export async function passkeyCount(db: DB, userId: number): Promise<number> {
  const row = await db
    .selectFrom("passkeys")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Options for a new passkey: discoverable, user verification required, none of the account's existing ones again. */
export async function registrationOptions({ db, config }: Deps, rp: RelyingParty, user: { id: number; email: string; username: string }) {
  const existing = await db.selectFrom("passkeys").select(["credential_id", "transports"]).where("user_id", "=", user.id).execute();
  return generateRegistrationOptions({
    rpName: "STEM Academy",
    rpID: rp.rpId,
    userName: user.email,
    userDisplayName: user.username,
    userID: userHandle(config, user.id),
    attestationType: "none",
    excludeCredentials: existing.map((row) => ({ id: row.credential_id, transports: transportsOf(row) })),
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
  });
}

/** Verifies a new passkey against the step's challenge and keeps it; null when the browser's answer does not hold. */
export async function savePasskey({ db }: Deps, rp: RelyingParty, userId: number, response: RegistrationResponseJSON, challenge: string, name: string) {
  let verification;
  try {
    verification = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.rpId,
      requireUserVerification: true,
    });
  } catch {
    return null;
  }
  if (!verification.verified) return null;
  const { credential } = verification.registrationInfo;
  const row = await db
    .insertInto("passkeys")
    .values({
      user_id: userId,
      credential_id: credential.id,
      public_key: Buffer.from(credential.publicKey).toString("base64url"),
      counter: credential.counter,
      transports: JSON.stringify(credential.transports ?? []),
      name,
      created_at: nowIso(),
      last_used_at: null,
    })
    .onConflict((oc) => oc.column("credential_id").doNothing())
    .returning(["id", "name", "created_at", "last_used_at"])
    .executeTakeFirst();
  return row ?? null;
}

/** Options for a passkey sign-in: any discoverable passkey, or only `userId`'s (the second step after a password). */
export async function authenticationOptions({ db }: Deps, rp: RelyingParty, userId: number | null) {
  const allow = userId === null ? [] : await db.selectFrom("passkeys").select(["credential_id", "transports"]).where("user_id", "=", userId).execute();
  return generateAuthenticationOptions({
    rpID: rp.rpId,
    userVerification: "required",
    allowCredentials: allow.map((row) => ({ id: row.credential_id, transports: transportsOf(row) })),
  });
}

/**
 * Verifies a passkey sign-in (signature, challenge, origin, RP ID, user verification, counter)
 * and returns the account, or null. `userId`: the account a waiting sign-in belongs to.
 */
export async function verifyPasskeySignIn(
  { db }: Deps,
  rp: RelyingParty,
  response: AuthenticationResponseJSON,
  challenge: string,
  userId: number | null,
): Promise<number | null> {
  const row = await db.selectFrom("passkeys").selectAll().where("credential_id", "=", response.id).executeTakeFirst();
  if (!row || (userId !== null && row.user_id !== userId)) return null;
  let verification;
  try {
    verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.rpId,
      requireUserVerification: true,
      credential: {
        id: row.credential_id,
        publicKey: new Uint8Array(Buffer.from(row.public_key, "base64url")),
        counter: row.counter,
        transports: transportsOf(row),
      },
    });
  } catch {
    return null;
  }
  if (!verification.verified) return null;
  await db.updateTable("passkeys").set({ counter: verification.authenticationInfo.newCounter, last_used_at: nowIso() }).where("id", "=", row.id).execute();
  return row.user_id;
}

export async function renamePasskey(db: DB, userId: number, id: number, name: string): Promise<boolean> {
  const result = await db.updateTable("passkeys").set({ name }).where("id", "=", id).where("user_id", "=", userId).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deletePasskey(db: DB, userId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom("passkeys").where("id", "=", id).where("user_id", "=", userId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
