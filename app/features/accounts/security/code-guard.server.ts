import type { Config } from "~server/config";
import type { DB } from "~server/db/db";
import { recordAudit } from "~server/audit/audit";
import { z } from "zod";
import { defineMail, queueMail } from "~server/mail/mail-queue";
import { addToCounter, readCounter } from "~server/security/rate-limit";
import { serverT } from "~server/i18n";
import { localizePath } from "~/i18n/lang";
import { formatMinutes } from "~/lib/duration";
import { textMail } from "~/lib/mail/html";

/**
 * Wrong second-factor codes per ACCOUNT (issue 39 finding 3), whatever client sends them: the
 * per-step (5) and per-address limits alone let thirty codes from six addresses through. After
 * WRONG_CODES_PER_ACCOUNT wrong codes in the window, codes are refused until it ends; a passkey
 * (both factors in itself) still signs in. The counter is a row of rate_limits, so every instance
 * on one PostgreSQL counts together. The wrong code that reaches the limit is audited and the owner
 * is e-mailed (English and Arabic: we do not know which the reader prefers) that someone knows the password.
 */
export const WRONG_CODES_PER_ACCOUNT = 10;
export const WRONG_CODES_WINDOW_MS = 15 * 60_000;
const COUNTER = "second-factor-account";

type Deps = { db: DB; config: Config };
const limitOf = (config: Config) => WRONG_CODES_PER_ACCOUNT * config.rateLimitMultiplier;

/** Whether the account's codes are refused now (too many wrong ones in the window). */
export async function codesLocked({ db, config }: Deps, userId: number): Promise<boolean> {
  return (await readCounter(db, { name: COUNTER, key: String(userId) })) >= limitOf(config);
}

/** Counts a wrong code; the one that reaches the limit is audited and the owner is told. */
export async function countWrongCode({ db, config }: Deps, userId: number, ip: string): Promise<void> {
  const total = await addToCounter(db, { name: COUNTER, key: String(userId), windowMs: WRONG_CODES_WINDOW_MS });
  // Exactly at the limit: the atomic counter hands this number to one request only, so one audit and one mail per window.
  if (total !== limitOf(config)) return;
  const user = await db.selectFrom("users").select(["id", "email", "username"]).where("id", "=", userId).executeTakeFirst();
  if (!user) return;
  await db.transaction().execute(async (trx) => {
    await recordAudit(trx, {
      userId: null,
      action: "second_factor_locked",
      entity: "user",
      entityId: user.id,
      name: user.email,
      summary: { wrongCodes: total, minutes: WRONG_CODES_WINDOW_MS / 60_000, lastAddress: ip },
    });
    await queueMail(trx, codesLockedMail, {
      to: user.email,
      subject: `${serverT("en", "accounts", "security.lockMail.subject")} / ${serverT("ar", "accounts", "security.lockMail.subject")}`,
      data: { userId: user.id },
    });
  });
}

/** The warning's body, both languages, made when the job runs (no code, no address in the payload). */
export const codesLockedMail = defineMail("second-factor-locked", z.object({ userId: z.number().int() }), async ({ db, config }, { userId }) => {
  const user = await db.selectFrom("users").select("username").where("id", "=", userId).executeTakeFirst();
  if (!user) return null;
  const body = (lang: "en" | "ar") =>
    serverT(lang, "accounts", "security.lockMail.body", {
      name: user.username,
      count: WRONG_CODES_PER_ACCOUNT,
      minutes: WRONG_CODES_WINDOW_MS / 60_000,
      duration: formatMinutes(WRONG_CODES_WINDOW_MS / 60_000, lang),
      link: `${config.publicUrl}${localizePath("/forgot-password", lang)}`,
    });
  return textMail([
    { lang: "en", text: body("en") },
    { lang: "ar", text: body("ar") },
  ]);
});
