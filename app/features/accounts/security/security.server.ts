import type { Config } from "~server/config";
import type { DB } from "~server/db/db";
import type { SessionUser } from "~server/security/session";
import { needsSecondFactorRole } from "~/lib/roles";
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
