import type { Config } from "~server/config";
import type { DB } from "~server/db/db";
import type { SessionUser } from "~server/security/session";
import { isStaffRole, needsSecondFactorRole } from "~/lib/roles";
import { academyTimeZone } from "~/features/site/academy-zone.server";
import { listDevices } from "~/features/accounts/devices.server";
import { staffSecondFactorRequired } from "./factors.server";
import { listPasskeys, MAX_PASSKEYS } from "./passkeys.server";
import { pendingTotp, recoveryCodesLeft, totpEnabled } from "./totp.server";

/** What /account/security and GET /api/account/security show: passkeys, and for staff the app and recovery codes. */
export async function securityOverview(deps: { db: DB; config: Config }, user: SessionUser) {
  const { db } = deps;
  const staff = needsSecondFactorRole(user.role);
  const [passkeys, totp, recoveryLeft, required, pending] = await Promise.all([
    listPasskeys(db, user.id),
    totpEnabled(db, user.id),
    recoveryCodesLeft(db, user.id),
    staff ? staffSecondFactorRequired(db) : false,
    staff ? pendingTotp(deps, user) : null,
  ]);
  return {
    passkeys: passkeys.map((row) => ({ id: row.id, name: row.name, createdAt: row.created_at, lastUsedAt: row.last_used_at })),
    maxPasskeys: MAX_PASSKEYS,
    passkeysAvailable: deps.config.webauthn !== null,
    totp: staff ? { enabled: totp, pending, recoveryCodesLeft: recoveryLeft } : null,
    required,
  };
}

/**
 * Where a member's security page lives (issue 42, step 10): staff inside the staff layout,
 * instructors inside the teaching layout, parents on /account/security in the public one.
 */
export const securityPagePath = (role: string | undefined | null): "/admin/security" | "/teaching/security" | "/account/security" =>
  isStaffRole(role) ? "/admin/security" : role === "instructor" ? "/teaching/security" : "/account/security";

/** What the staff and teaching security pages add to the overview: the password form's state and the signed-in devices. */
export async function securityExtras(deps: { db: DB }, user: SessionUser, sessionRef: string | null) {
  const [row, devices, timeZone] = await Promise.all([
    deps.db.selectFrom("users").select("password_hash").where("id", "=", user.id).executeTakeFirst(),
    listDevices(deps.db, user.id, sessionRef),
    academyTimeZone(deps.db),
  ]);
  return { hasPassword: Boolean(row?.password_hash), devices, timeZone };
}
