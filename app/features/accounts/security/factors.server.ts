import type { DB } from "~server/db/db";
import { needsSecondFactorRole } from "~/lib/roles";
import { getSiteSettings } from "~/features/site/site.server";
import { passkeyCount } from "./passkeys.server";
import { totpEnabled } from "./totp.server";

/** Whether an account has a second factor: a passkey or a working authenticator app. */
export async function hasSecondFactor(db: DB, userId: number): Promise<boolean> {
  const [passkeys, totp] = await Promise.all([passkeyCount(db, userId), totpEnabled(db, userId)]);
  return passkeys > 0 || totp;
}

/** Whether a sign-in of this account waits for a second factor after its first (staff or instructors with one). */
export async function secondStepNeeded(db: DB, userId: number): Promise<boolean> {
  const user = await db.selectFrom("users").select("role").where("id", "=", userId).executeTakeFirst();
  return Boolean(user && needsSecondFactorRole(user.role) && (await hasSecondFactor(db, userId)));
}

/** The academy's setting "Require a second factor for staff". */
export async function staffSecondFactorRequired(db: DB): Promise<boolean> {
  return (await getSiteSettings(db)).requireStaffSecondFactor;
}
