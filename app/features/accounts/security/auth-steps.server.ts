import { parse as parseCookies } from "cookie";
import type { SessionCaller } from "~server/security/session";
import type { Config } from "~server/config";
import type { DB } from "~server/db/db";
import type { AuthStepsTable } from "~server/db/schema";
import { newToken, tokenHash } from "~server/security/one-time-links";

type Purpose = AuthStepsTable["purpose"];
interface Deps {
  db: DB;
  config: Config;
}

/**
 * The short-lived steps between two requests of a passkey ceremony or a sign-in waiting for its
 * second factor (decision 046, after decision 008: no process memory). The browser keeps a random
 * token in an httpOnly cookie; the database keeps its SHA-256, the challenge and the account.
 */
const COOKIE: Record<Purpose, string> = { "passkey-login": "pk_step", "passkey-register": "pk_step", "second-factor": "sf_step" };
export const STEP_MINUTES: Record<Purpose, number> = { "passkey-login": 5, "passkey-register": 5, "second-factor": 10 };

function cookieOptions(config: Config) {
  return { httpOnly: true, sameSite: "lax" as const, secure: config.isProduction && config.publicUrl.startsWith("https:"), path: "/" };
}

function stepToken(caller: Pick<SessionCaller, "header">, purpose: Purpose): string | undefined {
  const cookie = caller.header("cookie");
  const token = cookie ? parseCookies(cookie)[COOKIE[purpose]] : undefined;
  return token && /^[\w-]{20,100}$/.test(token) ? token : undefined;
}

/** Starts a step (replacing the request's earlier one of the same cookie); expired steps of anyone are dropped. */
export async function startStep(
  { db, config }: Deps,
  caller: SessionCaller,
  purpose: Purpose,
  values: { userId: number | null; challenge: string },
): Promise<void> {
  const now = new Date();
  await db.deleteFrom("auth_steps").where("expires_at", "<=", now.toISOString()).execute();
  const previous = stepToken(caller, purpose);
  if (previous) await db.deleteFrom("auth_steps").where("id", "=", tokenHash(previous)).execute();
  const token = newToken();
  const minutes = STEP_MINUTES[purpose];
  await db
    .insertInto("auth_steps")
    .values({
      id: tokenHash(token),
      purpose,
      user_id: values.userId,
      challenge: values.challenge,
      attempts: 0,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + minutes * 60_000).toISOString(),
    })
    .execute();
  caller.cookies.set(COOKIE[purpose], token, { ...cookieOptions(config), maxAge: minutes * 60_000 });
}

/** The request's live step of that purpose, if any (not spent). */
export async function currentStep({ db }: Deps, caller: Pick<SessionCaller, "header">, purpose: Purpose) {
  const token = stepToken(caller, purpose);
  if (!token) return undefined;
  return db
    .selectFrom("auth_steps")
    .selectAll()
    .where("id", "=", tokenHash(token))
    .where("purpose", "=", purpose)
    .where("expires_at", ">", new Date().toISOString())
    .executeTakeFirst();
}

/** Spends the request's step: only one of two racing requests gets it. */
export async function takeStep(deps: Deps, caller: SessionCaller, purpose: Purpose) {
  const token = stepToken(caller, purpose);
  caller.cookies.clear(COOKIE[purpose], cookieOptions(deps.config));
  if (!token) return undefined;
  return deps.db
    .deleteFrom("auth_steps")
    .where("id", "=", tokenHash(token))
    .where("purpose", "=", purpose)
    .where("expires_at", ">", new Date().toISOString())
    .returningAll()
    .executeTakeFirst();
}

/** Counts a wrong code against a waiting sign-in; after `max` the step is gone and the password is asked again. */
export async function countFailure({ db }: Deps, id: string, max: number): Promise<void> {
  await db
    .updateTable("auth_steps")
    .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
    .where("id", "=", id)
    .execute();
  await db.deleteFrom("auth_steps").where("id", "=", id).where("attempts", ">=", max).execute();
}
