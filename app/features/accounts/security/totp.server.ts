import { randomBytes } from "node:crypto";
import * as OTPAuth from "otpauth";
import QRCode from "qrcode";
import type { Config } from "~server/config";
import type { DB } from "~server/db/db";
import { nowIso } from "~server/db/values";
import { tokenHash } from "~server/security/one-time-links";
import { open, seal } from "./secret-box.server";

interface Deps {
  db: DB;
  config: Config;
}

const PERIOD = 30;
/** One step either side: a phone clock up to 30 seconds off still signs in. */
const WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;

const totp = (secret: string, label: string) =>
  new OTPAuth.TOTP({ issuer: "STEM Academy", label, algorithm: "SHA1", digits: 6, period: PERIOD, secret: OTPAuth.Secret.fromBase32(secret) });

/** The 30-second step a code was accepted for, or null. */
function acceptedStep(secret: string, code: string, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totp(secret, "check").validate({ token: code, timestamp: now, window: WINDOW });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD) + delta;
}

async function secretOf({ db, config }: Deps, userId: number) {
  const row = await db.selectFrom("totp_factors").selectAll().where("user_id", "=", userId).executeTakeFirst();
  const secret = row ? open(config.sessionSecret, row.secret) : null;
  return row && secret ? { ...row, plain: secret } : undefined;
}

/** Starts (or restarts) setting up the authenticator app: a new secret waits for its first code. */
export async function beginTotp(deps: Deps, userId: number): Promise<"started" | "enabled"> {
  const existing = await deps.db.selectFrom("totp_factors").select("enabled_at").where("user_id", "=", userId).executeTakeFirst();
  if (existing?.enabled_at) return "enabled";
  const secret = seal(deps.config.sessionSecret, new OTPAuth.Secret({ size: 20 }).base32);
  await deps.db
    .insertInto("totp_factors")
    .values({ user_id: userId, secret, enabled_at: null, last_step: 0, created_at: nowIso() })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ secret, created_at: nowIso(), last_step: 0 }))
    .execute();
  return "started";
}

/** The waiting set-up as the page shows it: the secret as text, the otpauth:// URI and its QR code (an SVG data URL). */
export async function pendingTotp(deps: Deps, user: { id: number; email: string }) {
  const row = await secretOf(deps, user.id);
  if (!row || row.enabled_at) return null;
  const uri = totp(row.plain, user.email).toString();
  const svg = await QRCode.toString(uri, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return { secret: row.plain.replace(/(.{4})/g, "$1 ").trim(), uri, qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}` };
}

/** Whether the account has a working authenticator app. */
export async function totpEnabled(db: DB, userId: number): Promise<boolean> {
  const row = await db.selectFrom("totp_factors").select("enabled_at").where("user_id", "=", userId).executeTakeFirst();
  return Boolean(row?.enabled_at);
}

/**
 * Checks a code of the app (enabled, or `pending` for the set-up's first code) and spends its
 * step: the same code, or an older one, is never taken twice (one conditional UPDATE).
 */
export async function checkTotp(deps: Deps, userId: number, code: string, state: "enabled" | "pending" = "enabled"): Promise<boolean> {
  const row = await secretOf(deps, userId);
  if (!row || (state === "enabled") !== Boolean(row.enabled_at)) return false;
  const step = acceptedStep(row.plain, code.replace(/\s/g, ""));
  if (step === null) return false;
  const spent = await deps.db
    .updateTable("totp_factors")
    .set({ last_step: step, ...(state === "pending" ? { enabled_at: nowIso() } : {}) })
    .where("user_id", "=", userId)
    .where("last_step", "<", step)
    .executeTakeFirst();
  return Number(spent.numUpdatedRows) === 1;
}

export async function removeTotp(db: DB, userId: number): Promise<void> {
  await db.deleteFrom("totp_factors").where("user_id", "=", userId).execute();
  await db.deleteFrom("recovery_codes").where("user_id", "=", userId).execute();
}

/** A recovery code as typed: case, spaces and dashes do not matter. */
const normalCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, "");

/** Ten new single-use recovery codes (the old ones stop working); only their hashes are kept. */
export async function newRecoveryCodes(db: DB, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const raw = randomBytes(8).toString("hex").slice(0, 10);
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("recovery_codes").where("user_id", "=", userId).execute();
    await trx
      .insertInto("recovery_codes")
      .values(codes.map((code) => ({ user_id: userId, code_hash: tokenHash(normalCode(code)), used_at: null })))
      .execute();
  });
  return codes;
}

/** Spends a recovery code: true once per code. */
export async function spendRecoveryCode(db: DB, userId: number, code: string): Promise<boolean> {
  const normal = normalCode(code);
  if (!/^[0-9a-f]{10}$/.test(normal)) return false;
  const spent = await db
    .updateTable("recovery_codes")
    .set({ used_at: nowIso() })
    .where("user_id", "=", userId)
    .where("code_hash", "=", tokenHash(normal))
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(spent.numUpdatedRows) === 1;
}

export async function recoveryCodesLeft(db: DB, userId: number): Promise<number> {
  const row = await db
    .selectFrom("recovery_codes")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
